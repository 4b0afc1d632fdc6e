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
    let _e68 = amp_params[1].x;
    let _e69 = bitcast<u32>(_e25);
    let _e73 = amp_params[0].w;
    let _e74 = (_e69 < _e73);
    if _e74 {
        amp_view1_[(_e68 + select(0u, _e69, _e74))] = (select(f32(), _e41, _e35) + 1f);
    } else {
        let _e83 = atomicExchange((&amp_faults[0]), 1u);
        if (_e83 == 0u) {
            let _e89 = amp_params[1].y;
            atomicStore((&amp_faults[1]), _e89);
            atomicStore((&amp_faults[2]), 2u);
            atomicStore((&amp_faults[3]), _e69);
            atomicStore((&amp_faults[11]), _e73);
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
    let _e40 = amp_params[1].x;
    amp_view1_[(_e40 + bitcast<u32>(_e25))] = (_e34 + 1f);
    return;
}
