// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<f32>;
var<workgroup> t1_: array<array<f32, 16>, 16>;
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

@compute @workgroup_size(16, 16, 1) 
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
    let _e27 = (_e23 * 16i);
    let _e29 = bitcast<i32>((_e11 % _e20));
    let _e31 = bitcast<i32>(param.x);
    let _e33 = (_e29 * 16i);
    let _e35 = vec2<i32>((_e27 + _e25), (_e33 + _e31));
    let _e36 = vec2<i32>(_e25, _e31);
    let _e38 = vec2<i32>(_e27, _e33);
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
    t1_[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = _e79;
    workgroupBarrier();
    let _e98 = (vec2<i32>(_e38.y, _e38.x) + _e36);
    let _e107 = t1_[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)];
    let _e112 = amp_params[2].x;
    let _e113 = bitcast<u32>(_e98.x);
    let _e119 = amp_params[2].y;
    let _e120 = bitcast<u32>(_e98.y);
    let _e122 = ((_e113 < _e112) && (_e120 < _e119));
    let _e126 = amp_params[2].z;
    let _e130 = amp_params[2].w;
    if _e122 {
        amp_view2_[((_e126 + (_e113 * _e130)) + _e120)] = _e107;
    }
    let _e142 = amp_fault_site;
    amp_fault_site = select(2u, _e142, _e122);
    let _e144 = amp_fault_index[0];
    amp_fault_index[0] = select(_e113, _e144, _e122);
    let _e146 = amp_fault_index[1];
    amp_fault_index[1] = select(_e120, _e146, _e122);
    amp_report_fault();
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
    let _e52 = amp_params[1].y;
    let _e56 = amp_params[1].z;
    let _e62 = amp_view1_[((_e52 + (bitcast<u32>(_e35.x) * _e56)) + bitcast<u32>(_e35.y))];
    t1_[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = _e62;
    workgroupBarrier();
    let _e68 = (vec2<i32>(_e38.y, _e38.x) + _e36);
    let _e75 = t1_[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)];
    let _e83 = amp_params[2].z;
    let _e87 = amp_params[2].w;
    amp_view2_[((_e83 + (bitcast<u32>(_e68.x) * _e87)) + bitcast<u32>(_e68.y))] = _e75;
    return;
}
