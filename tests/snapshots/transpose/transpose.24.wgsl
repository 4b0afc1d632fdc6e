// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<f32>;
var<workgroup> t1_: array<array<f32, 16>, 16>;
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
    let _e20 = amp_params[0].z;
    let _e23 = bitcast<i32>((_e11 / _e20));
    let _e25 = bitcast<i32>(param.y);
    let _e27 = (_e23 * 16i);
    let _e29 = bitcast<i32>((_e11 % _e20));
    let _e31 = bitcast<i32>(param.x);
    let _e33 = (_e29 * 16i);
    let _e35 = vec2<i32>((_e27 + _e25), (_e33 + _e31));
    let _e36 = vec2<i32>(_e25, _e31);
    let _e38 = vec2<i32>(_e27, _e33);
    let _e49 = amp_params[1].y;
    let _e51 = bitcast<u32>(_e35.x);
    let _e55 = amp_params[0].w;
    let _e56 = (_e51 < _e55);
    let _e62 = amp_params[1].z;
    let _e66 = bitcast<u32>(_e35.y);
    let _e70 = amp_params[1].x;
    let _e71 = (_e66 < _e70);
    let _e72 = (_e56 && _e71);
    let _e78 = amp_view1_[((_e49 + (select(0u, _e51, _e56) * _e62)) + select(0u, _e66, _e71))];
    if _e72 {
    } else {
        let _e84 = atomicExchange((&amp_faults[0]), 1u);
        if (_e84 == 0u) {
            let _e90 = amp_params[2].w;
            atomicStore((&amp_faults[1]), _e90);
            atomicStore((&amp_faults[2]), 1u);
            atomicStore((&amp_faults[3]), _e51);
            atomicStore((&amp_faults[11]), _e55);
            atomicStore((&amp_faults[4]), _e66);
            atomicStore((&amp_faults[12]), _e70);
        }
    }
    t1_[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = select(f32(), _e78, _e72);
    workgroupBarrier();
    let _e110 = (vec2<i32>(_e38.y, _e38.x) + _e36);
    let _e119 = t1_[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)];
    let _e123 = amp_params[2].y;
    let _e125 = bitcast<u32>(_e110.x);
    let _e129 = amp_params[1].w;
    let _e130 = (_e125 < _e129);
    let _e136 = amp_params[2].z;
    let _e140 = bitcast<u32>(_e110.y);
    let _e144 = amp_params[2].x;
    let _e145 = (_e140 < _e144);
    if (_e130 && _e145) {
        amp_view2_[((_e123 + (select(0u, _e125, _e130) * _e136)) + select(0u, _e140, _e145))] = _e119;
    } else {
        let _e155 = atomicExchange((&amp_faults[0]), 1u);
        if (_e155 == 0u) {
            let _e161 = amp_params[2].w;
            atomicStore((&amp_faults[1]), _e161);
            atomicStore((&amp_faults[2]), 2u);
            atomicStore((&amp_faults[3]), _e125);
            atomicStore((&amp_faults[11]), _e129);
            atomicStore((&amp_faults[4]), _e140);
            atomicStore((&amp_faults[12]), _e144);
        }
    }
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<f32>;
var<workgroup> t1_: array<array<f32, 16>, 16>;

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        return;
    }
    let _e20 = amp_params[0].z;
    let _e23 = bitcast<i32>((_e11 / _e20));
    let _e25 = bitcast<i32>(param.y);
    let _e27 = (_e23 * 16i);
    let _e29 = bitcast<i32>((_e11 % _e20));
    let _e31 = bitcast<i32>(param.x);
    let _e33 = (_e29 * 16i);
    let _e35 = vec2<i32>((_e27 + _e25), (_e33 + _e31));
    let _e36 = vec2<i32>(_e25, _e31);
    let _e38 = vec2<i32>(_e27, _e33);
    let _e48 = amp_params[1].y;
    let _e54 = amp_params[1].z;
    let _e62 = amp_view1_[((_e48 + (bitcast<u32>(_e35.x) * _e54)) + bitcast<u32>(_e35.y))];
    t1_[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = _e62;
    workgroupBarrier();
    let _e68 = (vec2<i32>(_e38.y, _e38.x) + _e36);
    let _e75 = t1_[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)];
    let _e79 = amp_params[2].y;
    let _e85 = amp_params[2].z;
    amp_view2_[((_e79 + (bitcast<u32>(_e68.x) * _e85)) + bitcast<u32>(_e68.y))] = _e75;
    return;
}
