// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<i32>;
var<workgroup> sums: array<i32, 64>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();
var<private> amp_subgroup_lane: u32;
var<private> amp_subgroup_id: u32;
var<private> amp_subgroup_count: u32;
var<private> amp_subgroup_size: u32;

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
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>, @builtin(subgroup_invocation_id) param_3: u32, @builtin(subgroup_size) param_4: u32, @builtin(subgroup_id) param_5: u32, @builtin(num_subgroups) param_6: u32) {
    var local: i32;
    var total: i32;
    var first: u32;
    var local_1: i32;

    amp_subgroup_lane = param_3;
    amp_subgroup_size = param_4;
    amp_subgroup_id = param_5;
    amp_subgroup_count = param_6;
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        amp_report_fault();
        return;
    }
    let _e17 = bitcast<i32>(_e11);
    let _e19 = bitcast<i32>(param.x);
    let _e22 = ((_e17 * 256i) + _e19);
    let _e26 = amp_params[0].z;
    if (_e22 < bitcast<i32>(_e26)) {
        let _e33 = amp_params[0].w;
        let _e34 = bitcast<u32>(_e22);
        let _e35 = (_e34 < _e33);
        let _e39 = amp_params[1].x;
        let _e44 = amp_params[1].y;
        let _e48 = amp_view1_[select(_e44, (_e39 + _e34), _e35)];
        let _e53 = amp_fault_site;
        amp_fault_site = select(1u, _e53, _e35);
        let _e55 = amp_fault_index[0];
        amp_fault_index[0] = select(_e34, _e55, _e35);
        local = _e48;
    } else {
        local = 0i;
    }
    let _e59 = local;
    let _e60 = subgroupAdd(_e59);
    let _e62 = amp_subgroup_lane;
    if (_e62 == 0u) {
        let _e66 = amp_subgroup_id;
        let _e69 = bitcast<u32>(i32(_e66));
        let _e70 = (_e69 < 64u);
        if _e70 {
            sums[select(0u, _e69, _e70)] = _e60;
        }
        let _e78 = amp_fault_site;
        amp_fault_site = select(2u, _e78, _e70);
        let _e80 = amp_fault_index[0];
        amp_fault_index[0] = select(_e69, _e80, _e70);
    }
    workgroupBarrier();
    total = 0i;
    first = 0u;
    loop {
        let _e86 = first;
        let _e88 = amp_subgroup_count;
        if (_e86 < _e88) {
        } else {
            break;
        }
        let _e90 = first;
        let _e92 = amp_subgroup_lane;
        let _e93 = (_e90 + _e92);
        let _e95 = amp_subgroup_count;
        if (_e93 < _e95) {
            let _e99 = bitcast<u32>(i32(_e93));
            let _e100 = (_e99 < 64u);
            let _e104 = sums[select(0u, _e99, _e100)];
            let _e111 = amp_fault_site;
            amp_fault_site = select(3u, _e111, _e100);
            let _e113 = amp_fault_index[0];
            amp_fault_index[0] = select(_e99, _e113, _e100);
            local_1 = select(i32(), _e104, _e100);
        } else {
            local_1 = 0i;
        }
        let _e117 = local_1;
        let _e118 = subgroupAdd(_e117);
        let _e119 = total;
        total = (_e119 + _e118);
        let _e122 = amp_subgroup_size;
        let _e123 = first;
        first = (_e123 + _e122);
    }
    if (_e19 == 0i) {
        let _e127 = total;
        let _e131 = amp_params[1].z;
        let _e132 = bitcast<u32>(_e17);
        let _e133 = (_e132 < _e131);
        let _e137 = amp_params[1].w;
        if _e133 {
            amp_view2_[(_e137 + _e132)] = _e127;
        }
        let _e145 = amp_fault_site;
        amp_fault_site = select(4u, _e145, _e133);
        let _e147 = amp_fault_index[0];
        amp_fault_index[0] = select(_e132, _e147, _e133);
    }
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<i32>;
var<workgroup> sums: array<i32, 64>;
var<private> amp_subgroup_lane: u32;
var<private> amp_subgroup_id: u32;
var<private> amp_subgroup_count: u32;
var<private> amp_subgroup_size: u32;

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>, @builtin(subgroup_invocation_id) param_3: u32, @builtin(subgroup_size) param_4: u32, @builtin(subgroup_id) param_5: u32, @builtin(num_subgroups) param_6: u32) {
    var local: i32;
    var total: i32;
    var first: u32;
    var local_1: i32;

    amp_subgroup_lane = param_3;
    amp_subgroup_size = param_4;
    amp_subgroup_id = param_5;
    amp_subgroup_count = param_6;
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        return;
    }
    let _e17 = bitcast<i32>(_e11);
    let _e19 = bitcast<i32>(param.x);
    let _e22 = ((_e17 * 256i) + _e19);
    let _e26 = amp_params[0].z;
    if (_e22 < bitcast<i32>(_e26)) {
        let _e34 = amp_params[1].x;
        let _e38 = amp_view1_[(_e34 + bitcast<u32>(_e22))];
        local = _e38;
    } else {
        local = 0i;
    }
    let _e41 = local;
    let _e42 = subgroupAdd(_e41);
    let _e44 = amp_subgroup_lane;
    if (_e44 == 0u) {
        let _e48 = amp_subgroup_id;
        sums[bitcast<u32>(i32(_e48))] = _e42;
    }
    workgroupBarrier();
    total = 0i;
    first = 0u;
    loop {
        let _e56 = first;
        let _e58 = amp_subgroup_count;
        if (_e56 < _e58) {
        } else {
            break;
        }
        let _e60 = first;
        let _e62 = amp_subgroup_lane;
        let _e63 = (_e60 + _e62);
        let _e65 = amp_subgroup_count;
        if (_e63 < _e65) {
            let _e70 = sums[bitcast<u32>(i32(_e63))];
            local_1 = _e70;
        } else {
            local_1 = 0i;
        }
        let _e73 = local_1;
        let _e74 = subgroupAdd(_e73);
        let _e75 = total;
        total = (_e75 + _e74);
        let _e78 = amp_subgroup_size;
        let _e79 = first;
        first = (_e79 + _e78);
    }
    if (_e19 == 0i) {
        let _e83 = total;
        let _e88 = amp_params[1].w;
        amp_view2_[(_e88 + bitcast<u32>(_e17))] = _e83;
    }
    return;
}
