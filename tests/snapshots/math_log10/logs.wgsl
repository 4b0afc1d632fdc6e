// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_body(linear: u32) {
    let _e1 = bitcast<i32>(linear);
    let _e5 = amp_params[0].z;
    let _e6 = bitcast<u32>(_e1);
    let _e7 = (_e6 < _e5);
    let _e11 = amp_params[0].w;
    let _e16 = amp_params[1].x;
    let _e20 = amp_view1_[select(_e16, (_e11 + _e6), _e7)];
    let _e25 = amp_fault_site;
    amp_fault_site = select(1u, _e25, _e7);
    let _e27 = amp_fault_index[0];
    amp_fault_index[0] = select(_e6, _e27, _e7);
    let _e31 = (abs(_e20) < 0.000000000000000000000000000000000000011754944f);
    let _e35 = log2(select(_e20, (_e20 * 16777216f), _e31));
    let _e44 = amp_params[0].z;
    let _e45 = bitcast<u32>(_e1);
    let _e46 = (_e45 < _e44);
    let _e50 = amp_params[0].w;
    if _e46 {
        amp_view1_[(_e50 + _e45)] = (select(_e35, (_e35 - 24f), _e31) * 0.30103f);
    }
    let _e58 = amp_fault_site;
    amp_fault_site = select(2u, _e58, _e46);
    let _e60 = amp_fault_index[0];
    amp_fault_index[0] = select(_e45, _e60, _e46);
    return;
}

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[1].y;
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
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<f32>;

fn amp_body(linear: u32) {
    let _e1 = bitcast<i32>(linear);
    let _e6 = amp_params[0].w;
    let _e10 = amp_view1_[(_e6 + bitcast<u32>(_e1))];
    let _e13 = (abs(_e10) < 0.000000000000000000000000000000000000011754944f);
    let _e17 = log2(select(_e10, (_e10 * 16777216f), _e13));
    let _e27 = amp_params[0].w;
    amp_view1_[(_e27 + bitcast<u32>(_e1))] = (select(_e17, (_e17 - 24f), _e13) * 0.30103f);
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
