// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage> amp_view3_: array<i32>;
@group(0) @binding(4) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[3].x;
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
    let _e56 = amp_params[2].y;
    let _e57 = bitcast<u32>(_e25);
    let _e58 = (_e57 < _e56);
    let _e62 = amp_params[2].z;
    let _e67 = amp_params[2].w;
    let _e71 = amp_view3_[select(_e67, (_e62 + _e57), _e58)];
    let _e76 = amp_fault_site;
    amp_fault_site = select(2u, _e76, _e58);
    let _e78 = amp_fault_index[0];
    amp_fault_index[0] = select(_e57, _e78, _e58);
    let _e84 = amp_params[0].w;
    let _e85 = bitcast<u32>(_e25);
    let _e86 = (_e85 < _e84);
    let _e90 = amp_params[1].x;
    if _e86 {
        amp_view1_[(_e90 + _e85)] = (_e44 + _e71);
    }
    let _e98 = amp_fault_site;
    amp_fault_site = select(3u, _e98, _e86);
    let _e100 = amp_fault_index[0];
    amp_fault_index[0] = select(_e85, _e100, _e86);
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
@group(0) @binding(3) 
var<storage> amp_view3_: array<i32>;

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
    let _e39 = amp_params[2].z;
    let _e43 = amp_view3_[(_e39 + bitcast<u32>(_e25))];
    let _e49 = amp_params[1].x;
    amp_view1_[(_e49 + bitcast<u32>(_e25))] = (_e34 + _e43);
    return;
}
