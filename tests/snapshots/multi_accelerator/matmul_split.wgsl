// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 6>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<f32>;
@group(0) @binding(3) 
var<storage, read_write> amp_view3_: array<f32>;
@group(0) @binding(4) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[5].x;
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
    var sum: f32;
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
    let _e46 = amp_params[1].x;
    let _e47 = bitcast<i32>(_e46);
    sum = 0f;
    let _e122 = amp_params[1].y;
    let _e129 = amp_params[1].z;
    let _e136 = amp_params[2].z;
    let _e143 = amp_params[2].w;
    if (((((0i >= 0i) && (bitcast<u32>(_e32) < _e122)) && (bitcast<u32>(_e47) <= _e129)) && (bitcast<u32>(_e47) <= _e136)) && (bitcast<u32>(_e41) < _e143)) {
        local = 0i;
        loop {
            let _e52 = local;
            if (_e52 < _e47) {
            } else {
                break;
            }
            let _e54 = local;
            let _e56 = vec2<i32>(_e42.x, _e54);
            let _e72 = amp_params[1].w;
            let _e76 = amp_params[2].x;
            let _e82 = amp_view1_[((_e72 + (bitcast<u32>(_e56.x) * _e76)) + bitcast<u32>(_e56.y))];
            let _e84 = vec2<i32>(_e54, _e42.y);
            let _e100 = amp_params[3].x;
            let _e104 = amp_params[3].y;
            let _e110 = amp_view2_[((_e100 + (bitcast<u32>(_e84.x) * _e104)) + bitcast<u32>(_e84.y))];
            let _e112 = sum;
            sum = (_e112 + (_e82 * _e110));
            continuing {
                let _e114 = local;
                local = (_e114 + 1i);
            }
        }
    } else {
        local_1 = 0i;
        loop {
            let _e148 = local_1;
            if (_e148 < _e47) {
            } else {
                break;
            }
            let _e150 = local_1;
            let _e152 = vec2<i32>(_e42.x, _e150);
            let _e157 = amp_params[1].y;
            let _e158 = bitcast<u32>(_e152.x);
            let _e164 = amp_params[1].z;
            let _e165 = bitcast<u32>(_e152.y);
            let _e167 = ((_e158 < _e157) && (_e165 < _e164));
            let _e171 = amp_params[1].w;
            let _e175 = amp_params[2].x;
            let _e182 = amp_params[2].y;
            let _e186 = amp_view1_[select(_e182, ((_e171 + (_e158 * _e175)) + _e165), _e167)];
            let _e193 = amp_fault_site;
            amp_fault_site = select(1u, _e193, _e167);
            let _e195 = amp_fault_index[0];
            amp_fault_index[0] = select(_e158, _e195, _e167);
            let _e197 = amp_fault_index[1];
            amp_fault_index[1] = select(_e165, _e197, _e167);
            let _e200 = vec2<i32>(_e150, _e42.y);
            let _e205 = amp_params[2].z;
            let _e206 = bitcast<u32>(_e200.x);
            let _e212 = amp_params[2].w;
            let _e213 = bitcast<u32>(_e200.y);
            let _e215 = ((_e206 < _e205) && (_e213 < _e212));
            let _e219 = amp_params[3].x;
            let _e223 = amp_params[3].y;
            let _e230 = amp_params[3].z;
            let _e234 = amp_view2_[select(_e230, ((_e219 + (_e206 * _e223)) + _e213), _e215)];
            let _e241 = amp_fault_site;
            amp_fault_site = select(2u, _e241, _e215);
            let _e243 = amp_fault_index[0];
            amp_fault_index[0] = select(_e206, _e243, _e215);
            let _e245 = amp_fault_index[1];
            amp_fault_index[1] = select(_e213, _e245, _e215);
            let _e248 = sum;
            sum = (_e248 + (_e186 * _e234));
            continuing {
                let _e250 = local_1;
                local_1 = (_e250 + 1i);
            }
        }
    }
    let _e253 = sum;
    let _e258 = amp_params[3].w;
    let _e259 = bitcast<u32>(_e42.x);
    let _e265 = amp_params[4].x;
    let _e266 = bitcast<u32>(_e42.y);
    let _e268 = ((_e259 < _e258) && (_e266 < _e265));
    let _e272 = amp_params[4].y;
    let _e276 = amp_params[4].z;
    if _e268 {
        amp_view3_[((_e272 + (_e259 * _e276)) + _e266)] = _e253;
    }
    let _e288 = amp_fault_site;
    amp_fault_site = select(3u, _e288, _e268);
    let _e290 = amp_fault_index[0];
    amp_fault_index[0] = select(_e259, _e290, _e268);
    let _e292 = amp_fault_index[1];
    amp_fault_index[1] = select(_e266, _e292, _e268);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 5>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<f32>;
@group(0) @binding(3) 
var<storage, read_write> amp_view3_: array<f32>;

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var sum: f32;
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
    let _e46 = amp_params[1].x;
    sum = 0f;
    {
        local = 0i;
        loop {
            let _e52 = local;
            if (_e52 < bitcast<i32>(_e46)) {
            } else {
                break;
            }
            let _e54 = local;
            let _e56 = vec2<i32>(_e42.x, _e54);
            let _e64 = amp_params[1].w;
            let _e68 = amp_params[2].x;
            let _e74 = amp_view1_[((_e64 + (bitcast<u32>(_e56.x) * _e68)) + bitcast<u32>(_e56.y))];
            let _e76 = vec2<i32>(_e54, _e42.y);
            let _e84 = amp_params[3].x;
            let _e88 = amp_params[3].y;
            let _e94 = amp_view2_[((_e84 + (bitcast<u32>(_e76.x) * _e88)) + bitcast<u32>(_e76.y))];
            let _e96 = sum;
            sum = (_e96 + (_e74 * _e94));
            continuing {
                let _e98 = local;
                local = (_e98 + 1i);
            }
        }
    }
    let _e101 = sum;
    let _e109 = amp_params[4].y;
    let _e113 = amp_params[4].z;
    amp_view3_[((_e109 + (bitcast<u32>(_e42.x) * _e113)) + bitcast<u32>(_e42.y))] = _e101;
    return;
}
