// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<i32>;
var<workgroup> shared_: array<i32, 64>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn tile_sum(param_3: i32, param_4: i32, param_5: i32, param_6: i32, param_7: i32) -> i32 {
    var stride: i32;

    stride = 32i;
    loop {
        let _e8 = stride;
        if (_e8 > 0i) {
        } else {
            break;
        }
        let _e11 = stride;
        if (param_4 < _e11) {
            let _e13 = stride;
            let _e16 = bitcast<u32>((param_4 + _e13));
            let _e17 = (_e16 < 64u);
            let _e21 = shared_[select(0u, _e16, _e17)];
            let _e28 = amp_fault_site;
            amp_fault_site = select(2u, _e28, _e17);
            let _e30 = amp_fault_index[0];
            amp_fault_index[0] = select(_e16, _e30, _e17);
            let _e33 = bitcast<u32>(param_4);
            let _e34 = (_e33 < 64u);
            let _e38 = shared_[select(0u, _e33, _e34)];
            let _e45 = amp_fault_site;
            amp_fault_site = select(3u, _e45, _e34);
            let _e47 = amp_fault_index[0];
            amp_fault_index[0] = select(_e33, _e47, _e34);
            let _e51 = bitcast<u32>(param_4);
            let _e52 = (_e51 < 64u);
            if _e52 {
                shared_[select(0u, _e51, _e52)] = (select(i32(), _e38, _e34) + select(i32(), _e21, _e17));
            }
            let _e60 = amp_fault_site;
            amp_fault_site = select(4u, _e60, _e52);
            let _e62 = amp_fault_index[0];
            amp_fault_index[0] = select(_e51, _e62, _e52);
        }
        workgroupBarrier();
        let _e65 = stride;
        stride = (_e65 / 2i);
    }
    let _e68 = shared_[0];
    return _e68;
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
    let _e22 = (_e21 + _e19);
    let _e27 = amp_params[0].z;
    let _e28 = bitcast<u32>(_e22);
    let _e29 = (_e28 < _e27);
    let _e33 = amp_params[0].w;
    let _e38 = amp_params[1].x;
    let _e42 = amp_view1_[select(_e38, (_e33 + _e28), _e29)];
    let _e47 = amp_fault_site;
    amp_fault_site = select(1u, _e47, _e29);
    let _e49 = amp_fault_index[0];
    amp_fault_index[0] = select(_e28, _e49, _e29);
    shared_[bitcast<u32>(_e19)] = _e42;
    workgroupBarrier();
    let _e54 = tile_sum(_e22, _e19, _e17, _e21, 64i);
    if (_e19 == 0i) {
        let _e60 = amp_params[1].y;
        let _e61 = bitcast<u32>(_e17);
        let _e62 = (_e61 < _e60);
        let _e66 = amp_params[1].z;
        if _e62 {
            amp_view2_[(_e66 + _e61)] = _e54;
        }
        let _e74 = amp_fault_site;
        amp_fault_site = select(5u, _e74, _e62);
        let _e76 = amp_fault_index[0];
        amp_fault_index[0] = select(_e61, _e76, _e62);
    }
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<i32>;
var<workgroup> shared_: array<i32, 64>;

fn tile_sum(param_3: i32, param_4: i32, param_5: i32, param_6: i32, param_7: i32) -> i32 {
    var stride: i32;

    stride = 32i;
    loop {
        let _e8 = stride;
        if (_e8 > 0i) {
        } else {
            break;
        }
        let _e11 = stride;
        if (param_4 < _e11) {
            let _e13 = stride;
            let _e17 = shared_[bitcast<u32>((param_4 + _e13))];
            let _e20 = shared_[bitcast<u32>(param_4)];
            shared_[bitcast<u32>(param_4)] = (_e20 + _e17);
        }
        workgroupBarrier();
        let _e25 = stride;
        stride = (_e25 / 2i);
    }
    let _e28 = shared_[0];
    return _e28;
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
    let _e22 = (_e21 + _e19);
    let _e28 = amp_params[0].w;
    let _e32 = amp_view1_[(_e28 + bitcast<u32>(_e22))];
    shared_[bitcast<u32>(_e19)] = _e32;
    workgroupBarrier();
    let _e35 = tile_sum(_e22, _e19, _e17, _e21, 64i);
    if (_e19 == 0i) {
        let _e42 = amp_params[1].z;
        amp_view2_[(_e42 + bitcast<u32>(_e17))] = _e35;
    }
    return;
}
