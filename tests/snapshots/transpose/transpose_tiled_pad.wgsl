// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
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
    let _e44 = amp_params[0].w;
    let _e49 = amp_params[1].x;
    let _e51 = vec2<i32>(bitcast<i32>(_e44), bitcast<i32>(_e49));
    if (((_e35.x >= 0i) && (_e35.x < _e51.x)) && ((_e35.y >= 0i) && (_e35.y < _e51.y))) {
        let _e85 = amp_params[1].y;
        let _e89 = amp_params[1].z;
        let _e95 = amp_view1_[((_e85 + (bitcast<u32>(_e35.x) * _e89)) + bitcast<u32>(_e35.y))];
        t1_[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = _e95;
    }
    workgroupBarrier();
    let _e102 = (vec2<i32>(_e38.y, _e38.x) + _e36);
    let _e106 = amp_params[2].x;
    let _e111 = amp_params[2].y;
    let _e113 = vec2<i32>(bitcast<i32>(_e106), bitcast<i32>(_e111));
    if (((_e102.x >= 0i) && (_e102.x < _e113.x)) && ((_e102.y >= 0i) && (_e102.y < _e113.y))) {
        let _e135 = t1_[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)];
        let _e151 = amp_params[2].z;
        let _e155 = amp_params[2].w;
        amp_view2_[((_e151 + (bitcast<u32>(_e102.x) * _e155)) + bitcast<u32>(_e102.y))] = _e135;
    }
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
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
    let _e44 = amp_params[0].w;
    let _e49 = amp_params[1].x;
    let _e51 = vec2<i32>(bitcast<i32>(_e44), bitcast<i32>(_e49));
    if (((_e35.x >= 0i) && (_e35.x < _e51.x)) && ((_e35.y >= 0i) && (_e35.y < _e51.y))) {
        let _e76 = amp_params[1].y;
        let _e80 = amp_params[1].z;
        let _e86 = amp_view1_[((_e76 + (bitcast<u32>(_e35.x) * _e80)) + bitcast<u32>(_e35.y))];
        t1_[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = _e86;
    }
    workgroupBarrier();
    let _e92 = (vec2<i32>(_e38.y, _e38.x) + _e36);
    let _e96 = amp_params[2].x;
    let _e101 = amp_params[2].y;
    let _e103 = vec2<i32>(bitcast<i32>(_e96), bitcast<i32>(_e101));
    if (((_e92.x >= 0i) && (_e92.x < _e103.x)) && ((_e92.y >= 0i) && (_e92.y < _e103.y))) {
        let _e123 = t1_[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)];
        let _e131 = amp_params[2].z;
        let _e135 = amp_params[2].w;
        amp_view2_[((_e131 + (bitcast<u32>(_e92.x) * _e135)) + bitcast<u32>(_e92.y))] = _e123;
    }
    return;
}
