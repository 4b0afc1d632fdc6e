// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<u32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<atomic<u32>>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_index) param: u32, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var local: u32;

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
    let _e42 = amp_params[1].x;
    let _e43 = bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u)));
    let _e47 = amp_params[0].w;
    let _e48 = (_e43 < _e47);
    let _e54 = amp_view1_[(_e42 + select(0u, _e43, _e48))];
    if _e48 {
    } else {
        let _e60 = atomicExchange((&amp_faults[0]), 1u);
        if (_e60 == 0u) {
            let _e66 = amp_params[1].w;
            atomicStore((&amp_faults[1]), _e66);
            atomicStore((&amp_faults[2]), 1u);
            atomicStore((&amp_faults[3]), _e43);
            atomicStore((&amp_faults[11]), _e47);
        }
    }
    let _e87 = amp_params[1].z;
    let _e88 = bitcast<u32>(bitcast<i32>(((select(u32(), _e54, _e48) >> (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)) & 255u)));
    let _e92 = amp_params[1].y;
    let _e93 = (_e88 < _e92);
    if _e93 {
        let _e100 = atomicAdd((&amp_view2_[(_e87 + select(0u, _e88, _e93))]), 1u);
        local = _e100;
    } else {
        let _e104 = atomicExchange((&amp_faults[0]), 1u);
        if (_e104 == 0u) {
            let _e110 = amp_params[1].w;
            atomicStore((&amp_faults[1]), _e110);
            atomicStore((&amp_faults[2]), 2u);
            atomicStore((&amp_faults[3]), _e88);
            atomicStore((&amp_faults[11]), _e92);
        }
    }
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<u32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<atomic<u32>>;

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
    let _e42 = amp_params[1].x;
    let _e47 = amp_view1_[(_e42 + bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u))))];
    let _e59 = amp_params[1].z;
    let _e64 = atomicAdd((&amp_view2_[(_e59 + bitcast<u32>(bitcast<i32>(((_e47 >> (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)) & 255u))))]), 1u);
    return;
}
