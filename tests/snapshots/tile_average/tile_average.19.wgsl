// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<i32>;
var<workgroup> nums: array<array<i32, 2>, 2>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;

@compute @workgroup_size(2, 2, 1) 
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
    let _e27 = (_e23 * 2i);
    let _e29 = bitcast<i32>((_e11 % _e20));
    let _e31 = bitcast<i32>(param.x);
    let _e33 = (_e29 * 2i);
    let _e35 = vec2<i32>((_e27 + _e25), (_e33 + _e31));
    let _e36 = vec2<i32>(_e25, _e31);
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
    nums[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = select(i32(), _e78, _e72);
    workgroupBarrier();
    let _e109 = nums[0][0];
    let _e112 = nums[0][1];
    let _e116 = nums[1][0];
    let _e120 = nums[1][1];
    let _e127 = amp_params[2].y;
    let _e129 = bitcast<u32>(_e35.x);
    let _e133 = amp_params[1].w;
    let _e134 = (_e129 < _e133);
    let _e140 = amp_params[2].z;
    let _e144 = bitcast<u32>(_e35.y);
    let _e148 = amp_params[2].x;
    let _e149 = (_e144 < _e148);
    if (_e134 && _e149) {
        amp_view2_[((_e127 + (select(0u, _e129, _e134) * _e140)) + select(0u, _e144, _e149))] = ((((_e109 + _e112) + _e116) + _e120) / 4i);
    } else {
        let _e159 = atomicExchange((&amp_faults[0]), 1u);
        if (_e159 == 0u) {
            let _e165 = amp_params[2].w;
            atomicStore((&amp_faults[1]), _e165);
            atomicStore((&amp_faults[2]), 2u);
            atomicStore((&amp_faults[3]), _e129);
            atomicStore((&amp_faults[11]), _e133);
            atomicStore((&amp_faults[4]), _e144);
            atomicStore((&amp_faults[12]), _e148);
        }
    }
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<i32>;
var<workgroup> nums: array<array<i32, 2>, 2>;

@compute @workgroup_size(2, 2, 1) 
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
    let _e27 = (_e23 * 2i);
    let _e29 = bitcast<i32>((_e11 % _e20));
    let _e31 = bitcast<i32>(param.x);
    let _e33 = (_e29 * 2i);
    let _e35 = vec2<i32>((_e27 + _e25), (_e33 + _e31));
    let _e36 = vec2<i32>(_e25, _e31);
    let _e48 = amp_params[1].y;
    let _e54 = amp_params[1].z;
    let _e62 = amp_view1_[((_e48 + (bitcast<u32>(_e35.x) * _e54)) + bitcast<u32>(_e35.y))];
    nums[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = _e62;
    workgroupBarrier();
    let _e67 = nums[0][0];
    let _e70 = nums[0][1];
    let _e74 = nums[1][0];
    let _e78 = nums[1][1];
    let _e85 = amp_params[2].y;
    let _e91 = amp_params[2].z;
    amp_view2_[((_e85 + (bitcast<u32>(_e35.x) * _e91)) + bitcast<u32>(_e35.y))] = ((((_e67 + _e70) + _e74) + _e78) / 4i);
    return;
}
