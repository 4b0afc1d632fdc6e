// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<i32>;
var<workgroup> nums: array<array<i32, 2>, 2>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[3].y;
            let _e15 = amp_fault_index[0];
            let _e18 = amp_fault_index[1];
            atomicStore((&amp_faults[1]), _e12);
            atomicStore((&amp_faults[2]), _e1);
            atomicStore((&amp_faults[3]), _e15);
            atomicStore((&amp_faults[4]), _e18);
        }
    }
    return;
}

@compute @workgroup_size(2, 2, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        amp_report_fault();
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
    let _e50 = amp_params[0].w;
    let _e51 = bitcast<u32>(_e35.x);
    let _e57 = amp_params[1].x;
    let _e58 = bitcast<u32>(_e35.y);
    let _e60 = ((_e51 < _e50) && (_e58 < _e57));
    let _e64 = amp_params[1].y;
    let _e68 = amp_params[1].z;
    let _e75 = amp_params[1].w;
    let _e79 = amp_view1_[select(_e75, ((_e64 + (_e51 * _e68)) + _e58), _e60)];
    let _e86 = amp_fault_site;
    amp_fault_site = select(1u, _e86, _e60);
    let _e88 = amp_fault_index[0];
    amp_fault_index[0] = select(_e51, _e88, _e60);
    let _e90 = amp_fault_index[1];
    amp_fault_index[1] = select(_e58, _e90, _e60);
    nums[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = _e79;
    workgroupBarrier();
    let _e97 = nums[0][0];
    let _e100 = nums[0][1];
    let _e104 = nums[1][0];
    let _e108 = nums[1][1];
    let _e116 = amp_params[2].x;
    let _e117 = bitcast<u32>(_e35.x);
    let _e123 = amp_params[2].y;
    let _e124 = bitcast<u32>(_e35.y);
    let _e126 = ((_e117 < _e116) && (_e124 < _e123));
    let _e130 = amp_params[2].z;
    let _e134 = amp_params[2].w;
    if _e126 {
        amp_view2_[((_e130 + (_e117 * _e134)) + _e124)] = ((((_e97 + _e100) + _e104) + _e108) / 4i);
    }
    let _e146 = amp_fault_site;
    amp_fault_site = select(2u, _e146, _e126);
    let _e148 = amp_fault_index[0];
    amp_fault_index[0] = select(_e117, _e148, _e126);
    let _e150 = amp_fault_index[1];
    amp_fault_index[1] = select(_e124, _e150, _e126);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
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
    let _e52 = amp_params[1].y;
    let _e56 = amp_params[1].z;
    let _e62 = amp_view1_[((_e52 + (bitcast<u32>(_e35.x) * _e56)) + bitcast<u32>(_e35.y))];
    nums[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = _e62;
    workgroupBarrier();
    let _e67 = nums[0][0];
    let _e70 = nums[0][1];
    let _e74 = nums[1][0];
    let _e78 = nums[1][1];
    let _e89 = amp_params[2].z;
    let _e93 = amp_params[2].w;
    amp_view2_[((_e89 + (bitcast<u32>(_e35.x) * _e93)) + bitcast<u32>(_e35.y))] = ((((_e67 + _e70) + _e74) + _e78) / 4i);
    return;
}
