// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<f32>;
var<workgroup> sums: array<f32, 256>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var local: f32;
    var stride: i32;

    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        return;
    }
    let _e17 = bitcast<i32>(_e11);
    let _e19 = bitcast<i32>(param.x);
    let _e22 = ((_e17 * 256i) + _e19);
    let _e26 = amp_params[0].z;
    if (_e22 < bitcast<i32>(_e26)) {
        let _e33 = amp_params[1].x;
        let _e34 = bitcast<u32>(_e22);
        let _e38 = amp_params[0].w;
        let _e39 = (_e34 < _e38);
        let _e45 = amp_view1_[(_e33 + select(0u, _e34, _e39))];
        if _e39 {
        } else {
            let _e51 = atomicExchange((&amp_faults[0]), 1u);
            if (_e51 == 0u) {
                let _e57 = amp_params[1].w;
                atomicStore((&amp_faults[1]), _e57);
                atomicStore((&amp_faults[2]), 1u);
                atomicStore((&amp_faults[3]), _e34);
                atomicStore((&amp_faults[11]), _e38);
            }
        }
        local = select(f32(), _e45, _e39);
    } else {
        local = 0f;
    }
    let _e69 = local;
    sums[bitcast<u32>(_e19)] = _e69;
    workgroupBarrier();
    stride = bitcast<i32>((bitcast<u32>(256i) / bitcast<u32>(2i)));
    loop {
        let _e80 = stride;
        if (_e80 > 0i) {
        } else {
            break;
        }
        let _e83 = stride;
        if (_e19 < _e83) {
            let _e88 = sums[bitcast<u32>(_e19)];
            let _e89 = stride;
            let _e91 = bitcast<u32>((_e19 + _e89));
            let _e93 = (_e91 < 256u);
            let _e97 = sums[select(0u, _e91, _e93)];
            if _e93 {
            } else {
                let _e103 = atomicExchange((&amp_faults[0]), 1u);
                if (_e103 == 0u) {
                    let _e109 = amp_params[1].w;
                    atomicStore((&amp_faults[1]), _e109);
                    atomicStore((&amp_faults[2]), 2u);
                    atomicStore((&amp_faults[3]), _e91);
                    atomicStore((&amp_faults[11]), 256u);
                }
            }
            sums[bitcast<u32>(_e19)] = (_e88 + select(f32(), _e97, _e93));
        }
        workgroupBarrier();
        let _e124 = stride;
        stride = (_e124 / 2i);
    }
    if (_e19 == 0i) {
        let _e129 = sums[0];
        let _e133 = amp_params[1].z;
        let _e134 = bitcast<u32>(_e17);
        let _e138 = amp_params[1].y;
        let _e139 = (_e134 < _e138);
        if _e139 {
            amp_view2_[(_e133 + select(0u, _e134, _e139))] = _e129;
        } else {
            let _e148 = atomicExchange((&amp_faults[0]), 1u);
            if (_e148 == 0u) {
                let _e154 = amp_params[1].w;
                atomicStore((&amp_faults[1]), _e154);
                atomicStore((&amp_faults[2]), 3u);
                atomicStore((&amp_faults[3]), _e134);
                atomicStore((&amp_faults[11]), _e138);
            }
        }
    }
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<f32>;
var<workgroup> sums: array<f32, 256>;

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var local: f32;
    var stride: i32;

    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        return;
    }
    let _e17 = bitcast<i32>(_e11);
    let _e19 = bitcast<i32>(param.x);
    let _e22 = ((_e17 * 256i) + _e19);
    let _e26 = amp_params[0].z;
    if (_e22 < bitcast<i32>(_e26)) {
        let _e33 = amp_params[1].x;
        let _e38 = amp_view1_[(_e33 + bitcast<u32>(_e22))];
        local = _e38;
    } else {
        local = 0f;
    }
    let _e41 = local;
    sums[bitcast<u32>(_e19)] = _e41;
    workgroupBarrier();
    stride = bitcast<i32>((bitcast<u32>(256i) / bitcast<u32>(2i)));
    loop {
        let _e51 = stride;
        if (_e51 > 0i) {
        } else {
            break;
        }
        let _e54 = stride;
        if (_e19 < _e54) {
            let _e58 = sums[bitcast<u32>(_e19)];
            let _e59 = stride;
            let _e63 = sums[bitcast<u32>((_e19 + _e59))];
            sums[bitcast<u32>(_e19)] = (_e58 + _e63);
        }
        workgroupBarrier();
        let _e68 = stride;
        stride = (_e68 / 2i);
    }
    if (_e19 == 0i) {
        let _e73 = sums[0];
        let _e77 = amp_params[1].z;
        amp_view2_[(_e77 + bitcast<u32>(_e17))] = _e73;
    }
    return;
}
