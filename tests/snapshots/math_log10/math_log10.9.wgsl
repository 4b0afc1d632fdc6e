// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_faults: array<atomic<u32>>;

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_index) param: u32, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        return;
    }
    let _e19 = ((_e11 * 256u) + param);
    let _e23 = amp_params[0].y;
    if (_e19 < _e23) {
    } else {
        return;
    }
    let _e25 = bitcast<i32>(_e19);
    let _e29 = amp_params[1].x;
    let _e30 = bitcast<u32>(_e25);
    let _e34 = amp_params[0].w;
    let _e35 = (_e30 < _e34);
    let _e41 = amp_view1_[(_e29 + select(0u, _e30, _e35))];
    if _e35 {
    } else {
        let _e47 = atomicExchange((&amp_faults[0]), 1u);
        if (_e47 == 0u) {
            let _e53 = amp_params[1].y;
            atomicStore((&amp_faults[1]), _e53);
            atomicStore((&amp_faults[2]), 1u);
            atomicStore((&amp_faults[3]), _e30);
            atomicStore((&amp_faults[11]), _e34);
        }
    }
    let _e69 = amp_params[1].x;
    let _e70 = bitcast<u32>(_e25);
    let _e74 = amp_params[0].w;
    let _e75 = (_e70 < _e74);
    if _e75 {
        amp_view1_[(_e69 + select(0u, _e70, _e75))] = (log2(select(f32(), _e41, _e35)) * 0.30103f);
    } else {
        let _e84 = atomicExchange((&amp_faults[0]), 1u);
        if (_e84 == 0u) {
            let _e90 = amp_params[1].y;
            atomicStore((&amp_faults[1]), _e90);
            atomicStore((&amp_faults[2]), 2u);
            atomicStore((&amp_faults[3]), _e70);
            atomicStore((&amp_faults[11]), _e74);
        }
    }
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<f32>;

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_index) param: u32, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        return;
    }
    let _e19 = ((_e11 * 256u) + param);
    let _e23 = amp_params[0].y;
    if (_e19 < _e23) {
    } else {
        return;
    }
    let _e25 = bitcast<i32>(_e19);
    let _e29 = amp_params[1].x;
    let _e34 = amp_view1_[(_e29 + bitcast<u32>(_e25))];
    let _e41 = amp_params[1].x;
    amp_view1_[(_e41 + bitcast<u32>(_e25))] = (log2(_e34) * 0.30103f);
    return;
}
