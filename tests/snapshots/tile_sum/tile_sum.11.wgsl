// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
var<workgroup> t: array<array<i32, 2>, 2>;
@group(0) @binding(2) 
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
            let _e90 = amp_params[1].w;
            atomicStore((&amp_faults[1]), _e90);
            atomicStore((&amp_faults[2]), 1u);
            atomicStore((&amp_faults[3]), _e51);
            atomicStore((&amp_faults[11]), _e55);
            atomicStore((&amp_faults[4]), _e66);
            atomicStore((&amp_faults[12]), _e70);
        }
    }
    t[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)] = select(i32(), _e78, _e72);
    storageBarrier();
    workgroupBarrier();
    if all((_e36 == vec2<i32>(0i, 0i))) {
        let _e116 = t[0][0];
        let _e119 = t[0][1];
        let _e123 = t[1][0];
        let _e127 = t[1][1];
        t[0][bitcast<u32>(0i)] = (((_e116 + _e119) + _e123) + _e127);
        let _e134 = t[0][0];
        let _e138 = amp_params[1].y;
        let _e140 = bitcast<u32>(_e38.x);
        let _e144 = amp_params[0].w;
        let _e145 = (_e140 < _e144);
        let _e151 = amp_params[1].z;
        let _e155 = bitcast<u32>(_e38.y);
        let _e159 = amp_params[1].x;
        let _e160 = (_e155 < _e159);
        if (_e145 && _e160) {
            amp_view1_[((_e138 + (select(0u, _e140, _e145) * _e151)) + select(0u, _e155, _e160))] = _e134;
        } else {
            let _e170 = atomicExchange((&amp_faults[0]), 1u);
            if (_e170 == 0u) {
                let _e176 = amp_params[1].w;
                atomicStore((&amp_faults[1]), _e176);
                atomicStore((&amp_faults[2]), 2u);
                atomicStore((&amp_faults[3]), _e140);
                atomicStore((&amp_faults[11]), _e144);
                atomicStore((&amp_faults[4]), _e155);
                atomicStore((&amp_faults[12]), _e159);
            }
        }
    }
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
var<workgroup> t: array<array<i32, 2>, 2>;

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
    let _e38 = vec2<i32>(_e27, _e33);
    let _e48 = amp_params[1].y;
    let _e54 = amp_params[1].z;
    let _e62 = amp_view1_[((_e48 + (bitcast<u32>(_e35.x) * _e54)) + bitcast<u32>(_e35.y))];
    t[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)] = _e62;
    storageBarrier();
    workgroupBarrier();
    if all((_e36 == vec2<i32>(0i, 0i))) {
        let _e74 = t[0][0];
        let _e77 = t[0][1];
        let _e81 = t[1][0];
        let _e85 = t[1][1];
        t[0][bitcast<u32>(0i)] = (((_e74 + _e77) + _e81) + _e85);
        let _e91 = t[0][0];
        let _e95 = amp_params[1].y;
        let _e101 = amp_params[1].z;
        amp_view1_[((_e95 + (bitcast<u32>(_e38.x) * _e101)) + bitcast<u32>(_e38.y))] = _e91;
    }
    return;
}
