// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<f32>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;

fn axpy(param_3: f32, param_4: f32, param_5: f32) -> f32 {
    return ((param_3 * param_4) + param_5);
}

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
    let _e29 = amp_params[1].y;
    let _e34 = amp_params[1].w;
    let _e35 = bitcast<u32>(_e25);
    let _e39 = amp_params[1].z;
    let _e40 = (_e35 < _e39);
    let _e46 = amp_view2_[(_e34 + select(0u, _e35, _e40))];
    if _e40 {
    } else {
        let _e52 = atomicExchange((&amp_faults[0]), 1u);
        if (_e52 == 0u) {
            let _e58 = amp_params[2].x;
            atomicStore((&amp_faults[1]), _e58);
            atomicStore((&amp_faults[2]), 1u);
            atomicStore((&amp_faults[3]), _e35);
            atomicStore((&amp_faults[11]), _e39);
        }
    }
    let _e71 = amp_params[1].x;
    let _e72 = bitcast<u32>(_e25);
    let _e76 = amp_params[0].w;
    let _e77 = (_e72 < _e76);
    let _e83 = amp_view1_[(_e71 + select(0u, _e72, _e77))];
    if _e77 {
    } else {
        let _e89 = atomicExchange((&amp_faults[0]), 1u);
        if (_e89 == 0u) {
            let _e95 = amp_params[2].x;
            atomicStore((&amp_faults[1]), _e95);
            atomicStore((&amp_faults[2]), 2u);
            atomicStore((&amp_faults[3]), _e72);
            atomicStore((&amp_faults[11]), _e76);
        }
    }
    let _e105 = axpy(bitcast<f32>(_e29), select(f32(), _e46, _e40), select(f32(), _e83, _e77));
    let _e109 = amp_params[1].x;
    let _e110 = bitcast<u32>(_e25);
    let _e114 = amp_params[0].w;
    let _e115 = (_e110 < _e114);
    if _e115 {
        amp_view1_[(_e109 + select(0u, _e110, _e115))] = _e105;
    } else {
        let _e124 = atomicExchange((&amp_faults[0]), 1u);
        if (_e124 == 0u) {
            let _e130 = amp_params[2].x;
            atomicStore((&amp_faults[1]), _e130);
            atomicStore((&amp_faults[2]), 3u);
            atomicStore((&amp_faults[3]), _e110);
            atomicStore((&amp_faults[11]), _e114);
        }
    }
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<f32>;

fn axpy(param_3: f32, param_4: f32, param_5: f32) -> f32 {
    return ((param_3 * param_4) + param_5);
}

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
    let _e29 = amp_params[1].y;
    let _e34 = amp_params[1].w;
    let _e39 = amp_view2_[(_e34 + bitcast<u32>(_e25))];
    let _e43 = amp_params[1].x;
    let _e48 = amp_view1_[(_e43 + bitcast<u32>(_e25))];
    let _e49 = axpy(bitcast<f32>(_e29), _e39, _e48);
    let _e53 = amp_params[1].x;
    amp_view1_[(_e53 + bitcast<u32>(_e25))] = _e49;
    return;
}
// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;

fn axpy(param_3: i32, param_4: i32, param_5: i32) -> i32 {
    return ((param_3 * param_4) + param_5);
}

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
    let _e29 = amp_params[1].y;
    let _e34 = amp_params[1].w;
    let _e35 = bitcast<u32>(_e25);
    let _e39 = amp_params[1].z;
    let _e40 = (_e35 < _e39);
    let _e46 = amp_view2_[(_e34 + select(0u, _e35, _e40))];
    if _e40 {
    } else {
        let _e52 = atomicExchange((&amp_faults[0]), 1u);
        if (_e52 == 0u) {
            let _e58 = amp_params[2].x;
            atomicStore((&amp_faults[1]), _e58);
            atomicStore((&amp_faults[2]), 1u);
            atomicStore((&amp_faults[3]), _e35);
            atomicStore((&amp_faults[11]), _e39);
        }
    }
    let _e71 = amp_params[1].x;
    let _e72 = bitcast<u32>(_e25);
    let _e76 = amp_params[0].w;
    let _e77 = (_e72 < _e76);
    let _e83 = amp_view1_[(_e71 + select(0u, _e72, _e77))];
    if _e77 {
    } else {
        let _e89 = atomicExchange((&amp_faults[0]), 1u);
        if (_e89 == 0u) {
            let _e95 = amp_params[2].x;
            atomicStore((&amp_faults[1]), _e95);
            atomicStore((&amp_faults[2]), 2u);
            atomicStore((&amp_faults[3]), _e72);
            atomicStore((&amp_faults[11]), _e76);
        }
    }
    let _e105 = axpy(bitcast<i32>(_e29), select(i32(), _e46, _e40), select(i32(), _e83, _e77));
    let _e109 = amp_params[1].x;
    let _e110 = bitcast<u32>(_e25);
    let _e114 = amp_params[0].w;
    let _e115 = (_e110 < _e114);
    if _e115 {
        amp_view1_[(_e109 + select(0u, _e110, _e115))] = _e105;
    } else {
        let _e124 = atomicExchange((&amp_faults[0]), 1u);
        if (_e124 == 0u) {
            let _e130 = amp_params[2].x;
            atomicStore((&amp_faults[1]), _e130);
            atomicStore((&amp_faults[2]), 3u);
            atomicStore((&amp_faults[3]), _e110);
            atomicStore((&amp_faults[11]), _e114);
        }
    }
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;

fn axpy(param_3: i32, param_4: i32, param_5: i32) -> i32 {
    return ((param_3 * param_4) + param_5);
}

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
    let _e29 = amp_params[1].y;
    let _e34 = amp_params[1].w;
    let _e39 = amp_view2_[(_e34 + bitcast<u32>(_e25))];
    let _e43 = amp_params[1].x;
    let _e48 = amp_view1_[(_e43 + bitcast<u32>(_e25))];
    let _e49 = axpy(bitcast<i32>(_e29), _e39, _e48);
    let _e53 = amp_params[1].x;
    amp_view1_[(_e53 + bitcast<u32>(_e25))] = _e49;
    return;
}
