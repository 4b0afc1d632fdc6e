// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 5>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage, read_write> amp_view3_: array<i32>;
@group(0) @binding(4) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[4].w;
            let _e15 = amp_fault_index[0];
            let _e18 = amp_fault_index[1];
            atomicStore((&amp_faults[1]), _e12);
            atomicStore((&amp_faults[2]), _e1);
            atomicStore((&amp_faults[3]), _e15);
            atomicStore((&amp_faults[4]), _e18);
        }
    }
    return;
}

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var sum: i32;
    var local: i32;
    var local_1: i32;

    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        amp_report_fault();
        return;
    }
    let _e20 = amp_params[0].y;
    let _e26 = (((_e11 / _e20) * 16u) + param.y);
    let _e30 = amp_params[0].z;
    if (_e26 < _e30) {
    } else {
        amp_report_fault();
        return;
    }
    let _e32 = bitcast<i32>(_e26);
    let _e35 = (((_e11 % _e20) * 16u) + param.x);
    let _e39 = amp_params[0].w;
    if (_e35 < _e39) {
    } else {
        amp_report_fault();
        return;
    }
    let _e41 = bitcast<i32>(_e35);
    let _e42 = vec2<i32>(_e32, _e41);
    sum = 0i;
    let _e51 = amp_params[1].x;
    let _e56 = amp_params[1].y;
    let _e129 = amp_params[2].y;
    let _e136 = amp_params[2].z;
    let _e143 = amp_params[1].y;
    if ((((0i >= 0i) && (bitcast<u32>(_e32) < _e129)) && (bitcast<u32>(vec2<i32>(bitcast<i32>(_e51), bitcast<i32>(_e56)).x) <= _e136)) && (bitcast<u32>(_e41) < _e143)) {
        local = 0i;
        loop {
            let _e61 = local;
            if (_e61 < vec2<i32>(bitcast<i32>(_e51), bitcast<i32>(_e56)).x) {
            } else {
                break;
            }
            let _e63 = local;
            let _e64 = vec2<i32>(_e42.x, _e63);
            let _e80 = amp_params[2].w;
            let _e84 = amp_params[3].x;
            let _e90 = amp_view2_[((_e80 + (bitcast<u32>(_e64.x) * _e84)) + bitcast<u32>(_e64.y))];
            let _e91 = vec2<i32>(_e63, _e42.y);
            let _e107 = amp_params[1].z;
            let _e111 = amp_params[1].w;
            let _e117 = amp_view1_[((_e107 + (bitcast<u32>(_e91.x) * _e111)) + bitcast<u32>(_e91.y))];
            let _e119 = sum;
            sum = (_e119 + (_e90 * _e117));
            continuing {
                let _e121 = local;
                local = (_e121 + 1i);
            }
        }
    } else {
        local_1 = 0i;
        loop {
            let _e148 = local_1;
            if (_e148 < vec2<i32>(bitcast<i32>(_e51), bitcast<i32>(_e56)).x) {
            } else {
                break;
            }
            let _e150 = local_1;
            let _e151 = vec2<i32>(_e42.x, _e150);
            let _e156 = amp_params[2].y;
            let _e157 = bitcast<u32>(_e151.x);
            let _e163 = amp_params[2].z;
            let _e164 = bitcast<u32>(_e151.y);
            let _e166 = ((_e157 < _e156) && (_e164 < _e163));
            let _e170 = amp_params[2].w;
            let _e174 = amp_params[3].x;
            let _e181 = amp_params[3].y;
            let _e185 = amp_view2_[select(_e181, ((_e170 + (_e157 * _e174)) + _e164), _e166)];
            let _e192 = amp_fault_site;
            amp_fault_site = select(1u, _e192, _e166);
            let _e194 = amp_fault_index[0];
            amp_fault_index[0] = select(_e157, _e194, _e166);
            let _e196 = amp_fault_index[1];
            amp_fault_index[1] = select(_e164, _e196, _e166);
            let _e198 = vec2<i32>(_e150, _e42.y);
            let _e204 = bitcast<u32>(_e198.x);
            let _e209 = amp_params[1].y;
            let _e210 = bitcast<u32>(_e198.y);
            let _e211 = (_e210 < _e209);
            let _e215 = amp_params[1].z;
            let _e219 = amp_params[1].w;
            let _e226 = amp_params[2].x;
            let _e230 = amp_view1_[select(_e226, ((_e215 + (_e204 * _e219)) + _e210), _e211)];
            let _e237 = amp_fault_site;
            amp_fault_site = select(2u, _e237, _e211);
            let _e239 = amp_fault_index[0];
            amp_fault_index[0] = select(_e204, _e239, _e211);
            let _e241 = amp_fault_index[1];
            amp_fault_index[1] = select(_e210, _e241, _e211);
            let _e244 = sum;
            sum = (_e244 + (_e185 * _e230));
            continuing {
                let _e246 = local_1;
                local_1 = (_e246 + 1i);
            }
        }
    }
    let _e249 = sum;
    let _e254 = amp_params[3].z;
    let _e255 = bitcast<u32>(_e42.x);
    let _e261 = amp_params[3].w;
    let _e262 = bitcast<u32>(_e42.y);
    let _e264 = ((_e255 < _e254) && (_e262 < _e261));
    let _e268 = amp_params[4].x;
    let _e272 = amp_params[4].y;
    if _e264 {
        amp_view3_[((_e268 + (_e255 * _e272)) + _e262)] = _e249;
    }
    let _e284 = amp_fault_site;
    amp_fault_site = select(3u, _e284, _e264);
    let _e286 = amp_fault_index[0];
    amp_fault_index[0] = select(_e255, _e286, _e264);
    let _e288 = amp_fault_index[1];
    amp_fault_index[1] = select(_e262, _e288, _e264);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 5>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage, read_write> amp_view3_: array<i32>;

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var sum: i32;
    var local: i32;

    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        return;
    }
    let _e20 = amp_params[0].y;
    let _e26 = (((_e11 / _e20) * 16u) + param.y);
    let _e30 = amp_params[0].z;
    if (_e26 < _e30) {
    } else {
        return;
    }
    let _e35 = (((_e11 % _e20) * 16u) + param.x);
    let _e39 = amp_params[0].w;
    if (_e35 < _e39) {
    } else {
        return;
    }
    let _e42 = vec2<i32>(bitcast<i32>(_e26), bitcast<i32>(_e35));
    sum = 0i;
    let _e51 = amp_params[1].x;
    let _e56 = amp_params[1].y;
    {
        local = 0i;
        loop {
            let _e61 = local;
            if (_e61 < vec2<i32>(bitcast<i32>(_e51), bitcast<i32>(_e56)).x) {
            } else {
                break;
            }
            let _e63 = local;
            let _e64 = vec2<i32>(_e42.x, _e63);
            let _e72 = amp_params[2].w;
            let _e76 = amp_params[3].x;
            let _e82 = amp_view2_[((_e72 + (bitcast<u32>(_e64.x) * _e76)) + bitcast<u32>(_e64.y))];
            let _e83 = vec2<i32>(_e63, _e42.y);
            let _e91 = amp_params[1].z;
            let _e95 = amp_params[1].w;
            let _e101 = amp_view1_[((_e91 + (bitcast<u32>(_e83.x) * _e95)) + bitcast<u32>(_e83.y))];
            let _e103 = sum;
            sum = (_e103 + (_e82 * _e101));
            continuing {
                let _e105 = local;
                local = (_e105 + 1i);
            }
        }
    }
    let _e108 = sum;
    let _e116 = amp_params[4].x;
    let _e120 = amp_params[4].y;
    amp_view3_[((_e116 + (bitcast<u32>(_e42.x) * _e120)) + bitcast<u32>(_e42.y))] = _e108;
    return;
}
