// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<f32>;
var<workgroup> sums: array<f32, 256>;
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
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var local: f32;
    var stride: i32;

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
        local = 0f;
    }
    let _e59 = local;
    sums[bitcast<u32>(_e19)] = _e59;
    workgroupBarrier();
    stride = bitcast<i32>((bitcast<u32>(256i) / bitcast<u32>(2i)));
    loop {
        let _e70 = stride;
        if (_e70 > 0i) {
        } else {
            break;
        }
        let _e73 = stride;
        if (_e19 < _e73) {
            let _e78 = sums[bitcast<u32>(_e19)];
            let _e79 = stride;
            let _e82 = bitcast<u32>((_e19 + _e79));
            let _e83 = (_e82 < 256u);
            let _e87 = sums[select(0u, _e82, _e83)];
            let _e94 = amp_fault_site;
            amp_fault_site = select(2u, _e94, _e83);
            let _e96 = amp_fault_index[0];
            amp_fault_index[0] = select(_e82, _e96, _e83);
            sums[bitcast<u32>(_e19)] = (_e78 + select(f32(), _e87, _e83));
        }
        workgroupBarrier();
        let _e103 = stride;
        stride = (_e103 / 2i);
    }
    if (_e19 == 0i) {
        let _e108 = sums[0];
        let _e112 = amp_params[1].z;
        let _e113 = bitcast<u32>(_e17);
        let _e114 = (_e113 < _e112);
        let _e118 = amp_params[1].w;
        if _e114 {
            amp_view2_[(_e118 + _e113)] = _e108;
        }
        let _e126 = amp_fault_site;
        amp_fault_site = select(3u, _e126, _e114);
        let _e128 = amp_fault_index[0];
        amp_fault_index[0] = select(_e113, _e128, _e114);
    }
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<f32>;
var<workgroup> sums: array<f32, 256>;

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var local: f32;
    var stride: i32;

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
        local = 0f;
    }
    let _e41 = local;
    sums[bitcast<u32>(_e19)] = _e41;
    workgroupBarrier();
    stride = bitcast<i32>((bitcast<u32>(256i) / bitcast<u32>(2i)));
    loop {
        let _e51 = stride;
        if (_e51 > 0i) {
        } else {
            break;
        }
        let _e54 = stride;
        if (_e19 < _e54) {
            let _e58 = sums[bitcast<u32>(_e19)];
            let _e59 = stride;
            let _e63 = sums[bitcast<u32>((_e19 + _e59))];
            sums[bitcast<u32>(_e19)] = (_e58 + _e63);
        }
        workgroupBarrier();
        let _e68 = stride;
        stride = (_e68 / 2i);
    }
    if (_e19 == 0i) {
        let _e73 = sums[0];
        let _e78 = amp_params[1].w;
        amp_view2_[(_e78 + bitcast<u32>(_e17))] = _e73;
    }
    return;
}
