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
            let _e68 = amp_params[2].w;
            let _e78 = amp_params[3].x;
            let _e90 = amp_view2_[((_e68 + (bitcast<u32>(_e64.x) * _e78)) + bitcast<u32>(_e64.y))];
            let _e91 = vec2<i32>(_e63, _e42.y);
            let _e95 = amp_params[1].z;
            let _e105 = amp_params[1].w;
            let _e117 = amp_view1_[((_e95 + (bitcast<u32>(_e91.x) * _e105)) + bitcast<u32>(_e91.y))];
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
            let _e155 = amp_params[2].w;
            let _e157 = bitcast<u32>(_e151.x);
            let _e161 = amp_params[2].y;
            let _e166 = amp_params[3].x;
            let _e170 = bitcast<u32>(_e151.y);
            let _e174 = amp_params[2].z;
            let _e176 = ((_e157 < _e161) && (_e170 < _e174));
            let _e181 = amp_params[3].y;
            let _e185 = amp_view2_[select(_e181, ((_e155 + (_e157 * _e166)) + _e170), _e176)];
            let _e192 = amp_fault_site;
            amp_fault_site = select(1u, _e192, _e176);
            let _e194 = amp_fault_index[0];
            amp_fault_index[0] = select(_e157, _e194, _e176);
            let _e196 = amp_fault_index[1];
            amp_fault_index[1] = select(_e170, _e196, _e176);
            let _e198 = vec2<i32>(_e150, _e42.y);
            let _e202 = amp_params[1].z;
            let _e204 = bitcast<u32>(_e198.x);
            let _e212 = amp_params[1].w;
            let _e216 = bitcast<u32>(_e198.y);
            let _e220 = amp_params[1].y;
            let _e221 = (_e216 < _e220);
            let _e226 = amp_params[2].x;
            let _e230 = amp_view1_[select(_e226, ((_e202 + (_e204 * _e212)) + _e216), _e221)];
            let _e237 = amp_fault_site;
            amp_fault_site = select(2u, _e237, _e221);
            let _e239 = amp_fault_index[0];
            amp_fault_index[0] = select(_e204, _e239, _e221);
            let _e241 = amp_fault_index[1];
            amp_fault_index[1] = select(_e216, _e241, _e221);
            let _e244 = sum;
            sum = (_e244 + (_e185 * _e230));
            continuing {
                let _e246 = local_1;
                local_1 = (_e246 + 1i);
            }
        }
    }
    let _e249 = sum;
    let _e253 = amp_params[4].x;
    let _e255 = bitcast<u32>(_e42.x);
    let _e259 = amp_params[3].z;
    let _e264 = amp_params[4].y;
    let _e268 = bitcast<u32>(_e42.y);
    let _e272 = amp_params[3].w;
    let _e274 = ((_e255 < _e259) && (_e268 < _e272));
    if _e274 {
        amp_view3_[((_e253 + (_e255 * _e264)) + _e268)] = _e249;
    }
    let _e284 = amp_fault_site;
    amp_fault_site = select(3u, _e284, _e274);
    let _e286 = amp_fault_index[0];
    amp_fault_index[0] = select(_e255, _e286, _e274);
    let _e288 = amp_fault_index[1];
    amp_fault_index[1] = select(_e268, _e288, _e274);
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
            let _e68 = amp_params[2].w;
            let _e74 = amp_params[3].x;
            let _e82 = amp_view2_[((_e68 + (bitcast<u32>(_e64.x) * _e74)) + bitcast<u32>(_e64.y))];
            let _e83 = vec2<i32>(_e63, _e42.y);
            let _e87 = amp_params[1].z;
            let _e93 = amp_params[1].w;
            let _e101 = amp_view1_[((_e87 + (bitcast<u32>(_e83.x) * _e93)) + bitcast<u32>(_e83.y))];
            let _e103 = sum;
            sum = (_e103 + (_e82 * _e101));
            continuing {
                let _e105 = local;
                local = (_e105 + 1i);
            }
        }
    }
    let _e108 = sum;
    let _e112 = amp_params[4].x;
    let _e118 = amp_params[4].y;
    amp_view3_[((_e112 + (bitcast<u32>(_e42.x) * _e118)) + bitcast<u32>(_e42.y))] = _e108;
    return;
}
