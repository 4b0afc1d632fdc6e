// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<f32>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
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
    let _e45 = vec2<i32>(_e42.y, _e42.x);
    let _e49 = amp_params[2].z;
    let _e51 = bitcast<u32>(_e42.x);
    let _e55 = amp_params[2].x;
    let _e56 = (_e51 < _e55);
    let _e62 = amp_params[2].w;
    let _e66 = bitcast<u32>(_e42.y);
    let _e70 = amp_params[2].y;
    let _e71 = (_e66 < _e70);
    let _e72 = (_e56 && _e71);
    let _e78 = amp_view2_[((_e49 + (select(0u, _e51, _e56) * _e62)) + select(0u, _e66, _e71))];
    if _e72 {
    } else {
        let _e84 = atomicExchange((&amp_faults[0]), 1u);
        if (_e84 == 0u) {
            let _e90 = amp_params[3].x;
            atomicStore((&amp_faults[1]), _e90);
            atomicStore((&amp_faults[2]), 1u);
            atomicStore((&amp_faults[3]), _e51);
            atomicStore((&amp_faults[11]), _e55);
            atomicStore((&amp_faults[4]), _e66);
            atomicStore((&amp_faults[12]), _e70);
        }
    }
    let _e107 = amp_params[1].z;
    let _e109 = bitcast<u32>(_e45.x);
    let _e113 = amp_params[1].x;
    let _e114 = (_e109 < _e113);
    let _e120 = amp_params[1].w;
    let _e124 = bitcast<u32>(_e45.y);
    let _e128 = amp_params[1].y;
    let _e129 = (_e124 < _e128);
    if (_e114 && _e129) {
        amp_view1_[((_e107 + (select(0u, _e109, _e114) * _e120)) + select(0u, _e124, _e129))] = select(f32(), _e78, _e72);
    } else {
        let _e139 = atomicExchange((&amp_faults[0]), 1u);
        if (_e139 == 0u) {
            let _e145 = amp_params[3].x;
            atomicStore((&amp_faults[1]), _e145);
            atomicStore((&amp_faults[2]), 2u);
            atomicStore((&amp_faults[3]), _e109);
            atomicStore((&amp_faults[11]), _e113);
            atomicStore((&amp_faults[4]), _e124);
            atomicStore((&amp_faults[12]), _e128);
        }
    }
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<f32>;

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
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
    let _e45 = vec2<i32>(_e42.y, _e42.x);
    let _e49 = amp_params[2].z;
    let _e55 = amp_params[2].w;
    let _e63 = amp_view2_[((_e49 + (bitcast<u32>(_e42.x) * _e55)) + bitcast<u32>(_e42.y))];
    let _e67 = amp_params[1].z;
    let _e73 = amp_params[1].w;
    amp_view1_[((_e67 + (bitcast<u32>(_e45.x) * _e73)) + bitcast<u32>(_e45.y))] = _e63;
    return;
}
