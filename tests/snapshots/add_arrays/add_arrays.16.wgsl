// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage> amp_view3_: array<i32>;
@group(0) @binding(4) 
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
    let _e29 = amp_params[1].z;
    let _e30 = bitcast<u32>(_e25);
    let _e34 = amp_params[1].y;
    let _e35 = (_e30 < _e34);
    let _e41 = amp_view2_[(_e29 + select(0u, _e30, _e35))];
    if _e35 {
    } else {
        let _e47 = atomicExchange((&amp_faults[0]), 1u);
        if (_e47 == 0u) {
            let _e53 = amp_params[2].y;
            atomicStore((&amp_faults[1]), _e53);
            atomicStore((&amp_faults[2]), 1u);
            atomicStore((&amp_faults[3]), _e30);
            atomicStore((&amp_faults[11]), _e34);
        }
    }
    let _e66 = amp_params[2].x;
    let _e67 = bitcast<u32>(_e25);
    let _e71 = amp_params[1].w;
    let _e72 = (_e67 < _e71);
    let _e78 = amp_view3_[(_e66 + select(0u, _e67, _e72))];
    if _e72 {
    } else {
        let _e84 = atomicExchange((&amp_faults[0]), 1u);
        if (_e84 == 0u) {
            let _e90 = amp_params[2].y;
            atomicStore((&amp_faults[1]), _e90);
            atomicStore((&amp_faults[2]), 2u);
            atomicStore((&amp_faults[3]), _e67);
            atomicStore((&amp_faults[11]), _e71);
        }
    }
    let _e104 = amp_params[1].x;
    let _e105 = bitcast<u32>(_e25);
    let _e109 = amp_params[0].w;
    let _e110 = (_e105 < _e109);
    if _e110 {
        amp_view1_[(_e104 + select(0u, _e105, _e110))] = (select(i32(), _e41, _e35) + select(i32(), _e78, _e72));
    } else {
        let _e119 = atomicExchange((&amp_faults[0]), 1u);
        if (_e119 == 0u) {
            let _e125 = amp_params[2].y;
            atomicStore((&amp_faults[1]), _e125);
            atomicStore((&amp_faults[2]), 3u);
            atomicStore((&amp_faults[3]), _e105);
            atomicStore((&amp_faults[11]), _e109);
        }
    }
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage> amp_view3_: array<i32>;

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
    let _e29 = amp_params[1].z;
    let _e34 = amp_view2_[(_e29 + bitcast<u32>(_e25))];
    let _e38 = amp_params[2].x;
    let _e43 = amp_view3_[(_e38 + bitcast<u32>(_e25))];
    let _e48 = amp_params[1].x;
    amp_view1_[(_e48 + bitcast<u32>(_e25))] = (_e34 + _e43);
    return;
}
