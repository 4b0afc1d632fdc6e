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
    var local: u32;

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
    let _e42 = amp_params[0].w;
    let _e43 = bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u)));
    let _e44 = (_e43 < _e42);
    let _e48 = amp_params[1].x;
    let _e53 = amp_params[1].y;
    let _e57 = amp_view1_[select(_e53, (_e48 + _e43), _e44)];
    let _e62 = amp_fault_site;
    amp_fault_site = select(1u, _e62, _e44);
    let _e64 = amp_fault_index[0];
    amp_fault_index[0] = select(_e43, _e64, _e44);
    let _e77 = amp_params[1].z;
    let _e78 = bitcast<u32>(bitcast<i32>(((_e57 >> (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)) & 255u)));
    let _e79 = (_e78 < _e77);
    let _e83 = amp_params[1].w;
    if _e79 {
        let _e88 = atomicAdd((&amp_view2_[(_e83 + _e78)]), 1u);
        local = _e88;
    }
    let _e93 = amp_fault_site;
    amp_fault_site = select(2u, _e93, _e79);
    let _e95 = amp_fault_index[0];
    amp_fault_index[0] = select(_e78, _e95, _e79);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
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
    let _e43 = amp_params[1].x;
    let _e47 = amp_view1_[(_e43 + bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u))))];
    let _e60 = amp_params[1].w;
    let _e64 = atomicAdd((&amp_view2_[(_e60 + bitcast<u32>(bitcast<i32>(((_e47 >> (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)) & 255u))))]), 1u);
    return;
}
