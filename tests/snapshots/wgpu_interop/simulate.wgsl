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

fn amp_body(linear: u32) {
    let _e1 = bitcast<i32>(linear);
    let _e5 = amp_params[2].x;
    let _e10 = amp_params[1].y;
    let _e11 = bitcast<u32>(_e1);
    let _e12 = (_e11 < _e10);
    let _e16 = amp_params[1].z;
    let _e21 = amp_params[1].w;
    let _e25 = amp_view2_[select(_e21, (_e16 + _e11), _e12)];
    let _e30 = amp_fault_site;
    amp_fault_site = select(1u, _e30, _e12);
    let _e32 = amp_fault_index[0];
    amp_fault_index[0] = select(_e11, _e32, _e12);
    let _e38 = amp_params[0].z;
    let _e39 = bitcast<u32>(_e1);
    let _e40 = (_e39 < _e38);
    let _e44 = amp_params[0].w;
    let _e49 = amp_params[1].x;
    let _e53 = amp_view1_[select(_e49, (_e44 + _e39), _e40)];
    let _e58 = amp_fault_site;
    amp_fault_site = select(2u, _e58, _e40);
    let _e60 = amp_fault_index[0];
    amp_fault_index[0] = select(_e39, _e60, _e40);
    let _e66 = amp_params[0].z;
    let _e67 = bitcast<u32>(_e1);
    let _e68 = (_e67 < _e66);
    let _e72 = amp_params[0].w;
    if _e68 {
        amp_view1_[(_e72 + _e67)] = (_e53 + (_e25 * bitcast<f32>(_e5)));
    }
    let _e80 = amp_fault_site;
    amp_fault_site = select(3u, _e80, _e68);
    let _e82 = amp_fault_index[0];
    amp_fault_index[0] = select(_e67, _e82, _e68);
    return;
}

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
    if (_e11 <= ((_e15 - 1u) >> 10u)) {
    } else {
        amp_report_fault();
        return;
    }
    let _e23 = ((_e11 * 1024u) + param);
    let _e25 = (_e23 + 256u);
    let _e27 = (_e23 + 512u);
    let _e29 = (_e23 + 768u);
    if (_e11 < (_e15 >> 10u)) {
        amp_body(_e23);
        amp_body(_e25);
        amp_body(_e27);
        amp_body(_e29);
    } else {
        if (_e23 < _e15) {
            amp_body(_e23);
        }
        if (_e25 < _e15) {
            amp_body(_e25);
        }
        if (_e27 < _e15) {
            amp_body(_e27);
        }
        if (_e29 < _e15) {
            amp_body(_e29);
        }
    }
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

fn amp_body(linear: u32) {
    let _e1 = bitcast<i32>(linear);
    let _e5 = amp_params[2].x;
    let _e11 = amp_params[1].z;
    let _e15 = amp_view2_[(_e11 + bitcast<u32>(_e1))];
    let _e21 = amp_params[0].w;
    let _e25 = amp_view1_[(_e21 + bitcast<u32>(_e1))];
    let _e31 = amp_params[0].w;
    amp_view1_[(_e31 + bitcast<u32>(_e1))] = (_e25 + (_e15 * bitcast<f32>(_e5)));
    return;
}

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_index) param: u32, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 <= ((_e15 - 1u) >> 10u)) {
    } else {
        return;
    }
    let _e23 = ((_e11 * 1024u) + param);
    let _e25 = (_e23 + 256u);
    let _e27 = (_e23 + 512u);
    let _e29 = (_e23 + 768u);
    if (_e11 < (_e15 >> 10u)) {
        amp_body(_e23);
        amp_body(_e25);
        amp_body(_e27);
        amp_body(_e29);
    } else {
        if (_e23 < _e15) {
            amp_body(_e23);
        }
        if (_e25 < _e15) {
            amp_body(_e25);
        }
        if (_e27 < _e15) {
            amp_body(_e27);
        }
        if (_e29 < _e15) {
            amp_body(_e29);
        }
    }
    return;
}
