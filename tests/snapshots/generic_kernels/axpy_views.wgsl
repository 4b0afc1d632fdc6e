// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<f32>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn axpy(param_3: f32, param_4: f32, param_5: f32) -> f32 {
    return ((param_3 * param_4) + param_5);
}

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[2].z;
            let _e15 = amp_fault_index[0];
            atomicStore((&amp_faults[1]), _e12);
            atomicStore((&amp_faults[2]), _e1);
            atomicStore((&amp_faults[3]), _e15);
        }
    }
    return;
}

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_index) param: u32, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        amp_report_fault();
        return;
    }
    let _e19 = ((_e11 * 256u) + param);
    let _e23 = amp_params[0].y;
    if (_e19 < _e23) {
    } else {
        amp_report_fault();
        return;
    }
    let _e25 = bitcast<i32>(_e19);
    let _e29 = amp_params[1].z;
    let _e34 = amp_params[1].w;
    let _e35 = bitcast<u32>(_e25);
    let _e36 = (_e35 < _e34);
    let _e40 = amp_params[2].x;
    let _e45 = amp_params[2].y;
    let _e49 = amp_view2_[select(_e45, (_e40 + _e35), _e36)];
    let _e54 = amp_fault_site;
    amp_fault_site = select(1u, _e54, _e36);
    let _e56 = amp_fault_index[0];
    amp_fault_index[0] = select(_e35, _e56, _e36);
    let _e61 = amp_params[0].w;
    let _e62 = bitcast<u32>(_e25);
    let _e63 = (_e62 < _e61);
    let _e67 = amp_params[1].x;
    let _e72 = amp_params[1].y;
    let _e76 = amp_view1_[select(_e72, (_e67 + _e62), _e63)];
    let _e81 = amp_fault_site;
    amp_fault_site = select(2u, _e81, _e63);
    let _e83 = amp_fault_index[0];
    amp_fault_index[0] = select(_e62, _e83, _e63);
    let _e85 = axpy(bitcast<f32>(_e29), _e49, _e76);
    let _e89 = amp_params[0].w;
    let _e90 = bitcast<u32>(_e25);
    let _e91 = (_e90 < _e89);
    let _e95 = amp_params[1].x;
    if _e91 {
        amp_view1_[(_e95 + _e90)] = _e85;
    }
    let _e103 = amp_fault_site;
    amp_fault_site = select(3u, _e103, _e91);
    let _e105 = amp_fault_index[0];
    amp_fault_index[0] = select(_e90, _e105, _e91);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<f32>;

fn axpy(param_3: f32, param_4: f32, param_5: f32) -> f32 {
    return ((param_3 * param_4) + param_5);
}

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
    let _e29 = amp_params[1].z;
    let _e35 = amp_params[2].x;
    let _e39 = amp_view2_[(_e35 + bitcast<u32>(_e25))];
    let _e44 = amp_params[1].x;
    let _e48 = amp_view1_[(_e44 + bitcast<u32>(_e25))];
    let _e49 = axpy(bitcast<f32>(_e29), _e39, _e48);
    let _e54 = amp_params[1].x;
    amp_view1_[(_e54 + bitcast<u32>(_e25))] = _e49;
    return;
}
// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn axpy(param_3: i32, param_4: i32, param_5: i32) -> i32 {
    return ((param_3 * param_4) + param_5);
}

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[2].z;
            let _e15 = amp_fault_index[0];
            atomicStore((&amp_faults[1]), _e12);
            atomicStore((&amp_faults[2]), _e1);
            atomicStore((&amp_faults[3]), _e15);
        }
    }
    return;
}

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_index) param: u32, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        amp_report_fault();
        return;
    }
    let _e19 = ((_e11 * 256u) + param);
    let _e23 = amp_params[0].y;
    if (_e19 < _e23) {
    } else {
        amp_report_fault();
        return;
    }
    let _e25 = bitcast<i32>(_e19);
    let _e29 = amp_params[1].z;
    let _e34 = amp_params[1].w;
    let _e35 = bitcast<u32>(_e25);
    let _e36 = (_e35 < _e34);
    let _e40 = amp_params[2].x;
    let _e45 = amp_params[2].y;
    let _e49 = amp_view2_[select(_e45, (_e40 + _e35), _e36)];
    let _e54 = amp_fault_site;
    amp_fault_site = select(1u, _e54, _e36);
    let _e56 = amp_fault_index[0];
    amp_fault_index[0] = select(_e35, _e56, _e36);
    let _e61 = amp_params[0].w;
    let _e62 = bitcast<u32>(_e25);
    let _e63 = (_e62 < _e61);
    let _e67 = amp_params[1].x;
    let _e72 = amp_params[1].y;
    let _e76 = amp_view1_[select(_e72, (_e67 + _e62), _e63)];
    let _e81 = amp_fault_site;
    amp_fault_site = select(2u, _e81, _e63);
    let _e83 = amp_fault_index[0];
    amp_fault_index[0] = select(_e62, _e83, _e63);
    let _e85 = axpy(bitcast<i32>(_e29), _e49, _e76);
    let _e89 = amp_params[0].w;
    let _e90 = bitcast<u32>(_e25);
    let _e91 = (_e90 < _e89);
    let _e95 = amp_params[1].x;
    if _e91 {
        amp_view1_[(_e95 + _e90)] = _e85;
    }
    let _e103 = amp_fault_site;
    amp_fault_site = select(3u, _e103, _e91);
    let _e105 = amp_fault_index[0];
    amp_fault_index[0] = select(_e90, _e105, _e91);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;

fn axpy(param_3: i32, param_4: i32, param_5: i32) -> i32 {
    return ((param_3 * param_4) + param_5);
}

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
    let _e29 = amp_params[1].z;
    let _e35 = amp_params[2].x;
    let _e39 = amp_view2_[(_e35 + bitcast<u32>(_e25))];
    let _e44 = amp_params[1].x;
    let _e48 = amp_view1_[(_e44 + bitcast<u32>(_e25))];
    let _e49 = axpy(bitcast<i32>(_e29), _e39, _e48);
    let _e54 = amp_params[1].x;
    amp_view1_[(_e54 + bitcast<u32>(_e25))] = _e49;
    return;
}
