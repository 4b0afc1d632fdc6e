// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<u32>;
var<workgroup> shared_: array<u32, 64>;
@group(0) @binding(2) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn reverse_tile(param_3: i32, param_4: i32, param_5: i32, param_6: i32, param_7: i32) {
    let _e9 = amp_params[0].z;
    let _e10 = bitcast<u32>(param_3);
    let _e11 = (_e10 < _e9);
    let _e15 = amp_params[0].w;
    let _e20 = amp_params[1].x;
    let _e24 = amp_view1_[select(_e20, (_e15 + _e10), _e11)];
    let _e29 = amp_fault_site;
    amp_fault_site = select(1u, _e29, _e11);
    let _e31 = amp_fault_index[0];
    amp_fault_index[0] = select(_e10, _e31, _e11);
    let _e34 = bitcast<u32>(param_4);
    let _e35 = (_e34 < 64u);
    if _e35 {
        shared_[select(0u, _e34, _e35)] = _e24;
    }
    let _e43 = amp_fault_site;
    amp_fault_site = select(2u, _e43, _e35);
    let _e45 = amp_fault_index[0];
    amp_fault_index[0] = select(_e34, _e45, _e35);
    storageBarrier();
    workgroupBarrier();
    let _e53 = bitcast<u32>(((i32(64u) - 1i) - param_4));
    let _e54 = (_e53 < 64u);
    let _e58 = shared_[select(0u, _e53, _e54)];
    let _e65 = amp_fault_site;
    amp_fault_site = select(3u, _e65, _e54);
    let _e67 = amp_fault_index[0];
    amp_fault_index[0] = select(_e53, _e67, _e54);
    let _e72 = amp_params[0].z;
    let _e73 = bitcast<u32>(param_3);
    let _e74 = (_e73 < _e72);
    let _e78 = amp_params[0].w;
    if _e74 {
        amp_view1_[(_e78 + _e73)] = select(u32(), _e58, _e54);
    }
    let _e86 = amp_fault_site;
    amp_fault_site = select(4u, _e86, _e74);
    let _e88 = amp_fault_index[0];
    amp_fault_index[0] = select(_e73, _e88, _e74);
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

@compute @workgroup_size(64, 1, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        amp_report_fault();
        return;
    }
    let _e17 = bitcast<i32>(_e11);
    let _e19 = bitcast<i32>(param.x);
    let _e21 = (_e17 * 64i);
    reverse_tile((_e21 + _e19), _e19, _e17, _e21, 64i);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<u32>;
var<workgroup> shared_: array<u32, 64>;

fn reverse_tile(param_3: i32, param_4: i32, param_5: i32, param_6: i32, param_7: i32) {
    let _e10 = amp_params[0].w;
    let _e14 = amp_view1_[(_e10 + bitcast<u32>(param_3))];
    shared_[bitcast<u32>(param_4)] = _e14;
    storageBarrier();
    workgroupBarrier();
    let _e24 = shared_[bitcast<u32>(((i32(64u) - 1i) - param_4))];
    let _e29 = amp_params[0].w;
    amp_view1_[(_e29 + bitcast<u32>(param_3))] = _e24;
    return;
}

@compute @workgroup_size(64, 1, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        return;
    }
    let _e17 = bitcast<i32>(_e11);
    let _e19 = bitcast<i32>(param.x);
    let _e21 = (_e17 * 64i);
    reverse_tile((_e21 + _e19), _e19, _e17, _e21, 64i);
    return;
}
// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<vec4<f32>>;
var<workgroup> shared_: array<vec4<f32>, 64>;
@group(0) @binding(2) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn reverse_tile(param_3: i32, param_4: i32, param_5: i32, param_6: i32, param_7: i32) {
    let _e9 = amp_params[0].z;
    let _e10 = bitcast<u32>(param_3);
    let _e11 = (_e10 < _e9);
    let _e15 = amp_params[0].w;
    let _e20 = amp_params[1].x;
    let _e24 = amp_view1_[select(_e20, (_e15 + _e10), _e11)];
    let _e29 = amp_fault_site;
    amp_fault_site = select(1u, _e29, _e11);
    let _e31 = amp_fault_index[0];
    amp_fault_index[0] = select(_e10, _e31, _e11);
    let _e34 = bitcast<u32>(param_4);
    let _e35 = (_e34 < 64u);
    if _e35 {
        shared_[select(0u, _e34, _e35)] = _e24;
    }
    let _e43 = amp_fault_site;
    amp_fault_site = select(2u, _e43, _e35);
    let _e45 = amp_fault_index[0];
    amp_fault_index[0] = select(_e34, _e45, _e35);
    storageBarrier();
    workgroupBarrier();
    let _e53 = bitcast<u32>(((i32(64u) - 1i) - param_4));
    let _e54 = (_e53 < 64u);
    let _e58 = shared_[select(0u, _e53, _e54)];
    let _e65 = amp_fault_site;
    amp_fault_site = select(3u, _e65, _e54);
    let _e67 = amp_fault_index[0];
    amp_fault_index[0] = select(_e53, _e67, _e54);
    let _e72 = amp_params[0].z;
    let _e73 = bitcast<u32>(param_3);
    let _e74 = (_e73 < _e72);
    let _e78 = amp_params[0].w;
    if _e74 {
        amp_view1_[(_e78 + _e73)] = select(vec4<f32>(), _e58, _e54);
    }
    let _e86 = amp_fault_site;
    amp_fault_site = select(4u, _e86, _e74);
    let _e88 = amp_fault_index[0];
    amp_fault_index[0] = select(_e73, _e88, _e74);
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

@compute @workgroup_size(64, 1, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        amp_report_fault();
        return;
    }
    let _e17 = bitcast<i32>(_e11);
    let _e19 = bitcast<i32>(param.x);
    let _e21 = (_e17 * 64i);
    reverse_tile((_e21 + _e19), _e19, _e17, _e21, 64i);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<vec4<f32>>;
var<workgroup> shared_: array<vec4<f32>, 64>;

fn reverse_tile(param_3: i32, param_4: i32, param_5: i32, param_6: i32, param_7: i32) {
    let _e10 = amp_params[0].w;
    let _e14 = amp_view1_[(_e10 + bitcast<u32>(param_3))];
    shared_[bitcast<u32>(param_4)] = _e14;
    storageBarrier();
    workgroupBarrier();
    let _e24 = shared_[bitcast<u32>(((i32(64u) - 1i) - param_4))];
    let _e29 = amp_params[0].w;
    amp_view1_[(_e29 + bitcast<u32>(param_3))] = _e24;
    return;
}

@compute @workgroup_size(64, 1, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        return;
    }
    let _e17 = bitcast<i32>(_e11);
    let _e19 = bitcast<i32>(param.x);
    let _e21 = (_e17 * 64i);
    reverse_tile((_e21 + _e19), _e19, _e17, _e21, 64i);
    return;
}
// checked
struct Entry {
    key: u32,
    value: f32,
}

@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<Entry>;
var<workgroup> shared_: array<Entry, 64>;
@group(0) @binding(2) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn reverse_tile(param_3: i32, param_4: i32, param_5: i32, param_6: i32, param_7: i32) {
    let _e9 = amp_params[0].z;
    let _e10 = bitcast<u32>(param_3);
    let _e11 = (_e10 < _e9);
    let _e15 = amp_params[0].w;
    let _e20 = amp_params[1].x;
    let _e24 = amp_view1_[select(_e20, (_e15 + _e10), _e11)];
    let _e29 = amp_fault_site;
    amp_fault_site = select(1u, _e29, _e11);
    let _e31 = amp_fault_index[0];
    amp_fault_index[0] = select(_e10, _e31, _e11);
    let _e34 = bitcast<u32>(param_4);
    let _e35 = (_e34 < 64u);
    if _e35 {
        shared_[select(0u, _e34, _e35)] = _e24;
    }
    let _e43 = amp_fault_site;
    amp_fault_site = select(2u, _e43, _e35);
    let _e45 = amp_fault_index[0];
    amp_fault_index[0] = select(_e34, _e45, _e35);
    storageBarrier();
    workgroupBarrier();
    let _e53 = bitcast<u32>(((i32(64u) - 1i) - param_4));
    let _e54 = (_e53 < 64u);
    let _e58 = shared_[select(0u, _e53, _e54)];
    let _e63 = amp_fault_site;
    amp_fault_site = select(3u, _e63, _e54);
    let _e65 = amp_fault_index[0];
    amp_fault_index[0] = select(_e53, _e65, _e54);
    let _e70 = amp_params[0].z;
    let _e71 = bitcast<u32>(param_3);
    let _e72 = (_e71 < _e70);
    let _e76 = amp_params[0].w;
    if _e72 {
        amp_view1_[(_e76 + _e71)] = _e58;
    }
    let _e84 = amp_fault_site;
    amp_fault_site = select(4u, _e84, _e72);
    let _e86 = amp_fault_index[0];
    amp_fault_index[0] = select(_e71, _e86, _e72);
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

@compute @workgroup_size(64, 1, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        amp_report_fault();
        return;
    }
    let _e17 = bitcast<i32>(_e11);
    let _e19 = bitcast<i32>(param.x);
    let _e21 = (_e17 * 64i);
    reverse_tile((_e21 + _e19), _e19, _e17, _e21, 64i);
    amp_report_fault();
    return;
}

// unchecked
struct Entry {
    key: u32,
    value: f32,
}

@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<Entry>;
var<workgroup> shared_: array<Entry, 64>;

fn reverse_tile(param_3: i32, param_4: i32, param_5: i32, param_6: i32, param_7: i32) {
    let _e10 = amp_params[0].w;
    let _e14 = amp_view1_[(_e10 + bitcast<u32>(param_3))];
    shared_[bitcast<u32>(param_4)] = _e14;
    storageBarrier();
    workgroupBarrier();
    let _e24 = shared_[bitcast<u32>(((i32(64u) - 1i) - param_4))];
    let _e29 = amp_params[0].w;
    amp_view1_[(_e29 + bitcast<u32>(param_3))] = _e24;
    return;
}

@compute @workgroup_size(64, 1, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        return;
    }
    let _e17 = bitcast<i32>(_e11);
    let _e19 = bitcast<i32>(param.x);
    let _e21 = (_e17 * 64i);
    reverse_tile((_e21 + _e19), _e19, _e17, _e21, 64i);
    return;
}
