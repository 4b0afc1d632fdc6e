// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<f32>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[2].y;
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
    let _e30 = bitcast<u32>(_e25);
    let _e31 = (_e30 < _e29);
    let _e35 = amp_params[1].w;
    let _e40 = amp_params[2].x;
    let _e44 = amp_view2_[select(_e40, (_e35 + _e30), _e31)];
    let _e49 = amp_fault_site;
    amp_fault_site = select(1u, _e49, _e31);
    let _e51 = amp_fault_index[0];
    amp_fault_index[0] = select(_e30, _e51, _e31);
    let _e60 = amp_params[0].w;
    let _e61 = bitcast<u32>(_e25);
    let _e62 = (_e61 < _e60);
    let _e66 = amp_params[1].x;
    if _e62 {
        amp_view1_[(_e66 + _e61)] = ((_e44 * 2.5f) + 1f);
    }
    let _e74 = amp_fault_site;
    amp_fault_site = select(2u, _e74, _e62);
    let _e76 = amp_fault_index[0];
    amp_fault_index[0] = select(_e61, _e76, _e62);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<f32>;

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
    let _e30 = amp_params[1].w;
    let _e34 = amp_view2_[(_e30 + bitcast<u32>(_e25))];
    let _e43 = amp_params[1].x;
    amp_view1_[(_e43 + bitcast<u32>(_e25))] = ((_e34 * 2.5f) + 1f);
    return;
}
