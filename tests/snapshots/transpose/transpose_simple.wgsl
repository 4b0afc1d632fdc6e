// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<f32>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[3].z;
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
    let _e20 = amp_params[0].y;
    let _e26 = (((_e11 / _e20) * 16u) + param.y);
    let _e30 = amp_params[0].z;
    if (_e26 < _e30) {
    } else {
        amp_report_fault();
        return;
    }
    let _e35 = (((_e11 % _e20) * 16u) + param.x);
    let _e39 = amp_params[0].w;
    if (_e35 < _e39) {
    } else {
        amp_report_fault();
        return;
    }
    let _e42 = vec2<i32>(bitcast<i32>(_e26), bitcast<i32>(_e35));
    let _e45 = vec2<i32>(_e42.y, _e42.x);
    let _e50 = amp_params[2].y;
    let _e51 = bitcast<u32>(_e42.x);
    let _e57 = amp_params[2].z;
    let _e58 = bitcast<u32>(_e42.y);
    let _e60 = ((_e51 < _e50) && (_e58 < _e57));
    let _e64 = amp_params[2].w;
    let _e68 = amp_params[3].x;
    let _e75 = amp_params[3].y;
    let _e79 = amp_view2_[select(_e75, ((_e64 + (_e51 * _e68)) + _e58), _e60)];
    let _e86 = amp_fault_site;
    amp_fault_site = select(1u, _e86, _e60);
    let _e88 = amp_fault_index[0];
    amp_fault_index[0] = select(_e51, _e88, _e60);
    let _e90 = amp_fault_index[1];
    amp_fault_index[1] = select(_e58, _e90, _e60);
    let _e96 = amp_params[1].x;
    let _e97 = bitcast<u32>(_e45.x);
    let _e103 = amp_params[1].y;
    let _e104 = bitcast<u32>(_e45.y);
    let _e106 = ((_e97 < _e96) && (_e104 < _e103));
    let _e110 = amp_params[1].z;
    let _e114 = amp_params[1].w;
    if _e106 {
        amp_view1_[((_e110 + (_e97 * _e114)) + _e104)] = _e79;
    }
    let _e126 = amp_fault_site;
    amp_fault_site = select(2u, _e126, _e106);
    let _e128 = amp_fault_index[0];
    amp_fault_index[0] = select(_e97, _e128, _e106);
    let _e130 = amp_fault_index[1];
    amp_fault_index[1] = select(_e104, _e130, _e106);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
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
    let _e53 = amp_params[2].w;
    let _e57 = amp_params[3].x;
    let _e63 = amp_view2_[((_e53 + (bitcast<u32>(_e42.x) * _e57)) + bitcast<u32>(_e42.y))];
    let _e71 = amp_params[1].z;
    let _e75 = amp_params[1].w;
    amp_view1_[((_e71 + (bitcast<u32>(_e45.x) * _e75)) + bitcast<u32>(_e45.y))] = _e63;
    return;
}
