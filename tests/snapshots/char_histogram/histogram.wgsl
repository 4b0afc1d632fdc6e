// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<u32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<atomic<u32>>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_body(linear: u32) {
    var local: u32;

    let _e1 = bitcast<i32>(linear);
    let _e18 = amp_params[0].z;
    let _e19 = bitcast<u32>((_e1 >> (bitcast<u32>(2u) & 31u)));
    let _e20 = (_e19 < _e18);
    let _e24 = amp_params[0].w;
    let _e29 = amp_params[1].x;
    let _e33 = amp_view1_[select(_e29, (_e24 + _e19), _e20)];
    let _e38 = amp_fault_site;
    amp_fault_site = select(1u, _e38, _e20);
    let _e40 = amp_fault_index[0];
    amp_fault_index[0] = select(_e19, _e40, _e20);
    let _e53 = amp_params[1].y;
    let _e54 = bitcast<u32>(bitcast<i32>(((_e33 >> (bitcast<u32>((u32((_e1 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)) & 255u)));
    let _e55 = (_e54 < _e53);
    let _e59 = amp_params[1].z;
    if _e55 {
        let _e64 = atomicAdd((&amp_view2_[(_e59 + _e54)]), 1u);
        local = _e64;
    }
    let _e69 = amp_fault_site;
    amp_fault_site = select(2u, _e69, _e55);
    let _e71 = amp_fault_index[0];
    amp_fault_index[0] = select(_e54, _e71, _e55);
    return;
}

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[2].x;
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
var<storage> amp_view1_: array<u32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<atomic<u32>>;

fn amp_body(linear: u32) {
    let _e1 = bitcast<i32>(linear);
    let _e19 = amp_params[0].w;
    let _e23 = amp_view1_[(_e19 + bitcast<u32>((_e1 >> (bitcast<u32>(2u) & 31u))))];
    let _e36 = amp_params[1].z;
    let _e40 = atomicAdd((&amp_view2_[(_e36 + bitcast<u32>(bitcast<i32>(((_e23 >> (bitcast<u32>((u32((_e1 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)) & 255u))))]), 1u);
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
