// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<vec4<f32>>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<vec4<f32>>;
var<workgroup> block: array<vec4<f32>, 128>;
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

@compute @workgroup_size(128, 1, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var a: vec3<f32>;
    var start: i32;
    var local: i32;

    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        amp_report_fault();
        return;
    }
    let _e19 = bitcast<i32>(param.x);
    let _e22 = ((bitcast<i32>(_e11) * 128i) + _e19);
    let _e26 = amp_params[1].y;
    let _e32 = amp_params[0].z;
    let _e33 = bitcast<u32>(_e22);
    let _e34 = (_e33 < _e32);
    let _e38 = amp_params[0].w;
    let _e43 = amp_params[1].x;
    let _e47 = amp_view1_[select(_e43, (_e38 + _e33), _e34)];
    let _e52 = amp_fault_site;
    amp_fault_site = select(1u, _e52, _e34);
    let _e54 = amp_fault_index[0];
    amp_fault_index[0] = select(_e33, _e54, _e34);
    a = vec3<f32>(0f, 0f, 0f);
    start = 0i;
    loop {
        let _e63 = start;
        if (_e63 < bitcast<i32>(_e26)) {
        } else {
            break;
        }
        let _e65 = start;
        let _e70 = amp_params[0].z;
        let _e71 = bitcast<u32>((_e65 + _e19));
        let _e72 = (_e71 < _e70);
        let _e76 = amp_params[0].w;
        let _e81 = amp_params[1].x;
        let _e85 = amp_view1_[select(_e81, (_e76 + _e71), _e72)];
        let _e90 = amp_fault_site;
        amp_fault_site = select(2u, _e90, _e72);
        let _e92 = amp_fault_index[0];
        amp_fault_index[0] = select(_e71, _e92, _e72);
        block[bitcast<u32>(_e19)] = _e85;
        workgroupBarrier();
        {
            local = 0i;
            loop {
                let _e101 = local;
                if (_e101 < i32(128u)) {
                } else {
                    break;
                }
                let _e103 = local;
                let _e107 = block[bitcast<u32>(_e103)];
                let _e117 = vec3<f32>((_e107.x - _e47.x), (_e107.y - _e47.y), (_e107.z - _e47.z));
                let _e121 = inverseSqrt((dot(_e117, _e117) + 0.01f));
                let _e128 = a;
                a = (_e128 + (_e117 * vec3((((_e107.w * _e121) * _e121) * _e121))));
                continuing {
                    let _e130 = local;
                    local = (_e130 + 1i);
                }
            }
        }
        workgroupBarrier();
        let _e135 = start;
        start = (_e135 + i32(128u));
    }
    let _e137 = a;
    let _e139 = a;
    let _e141 = a;
    let _e148 = amp_params[1].z;
    let _e149 = bitcast<u32>(_e22);
    let _e150 = (_e149 < _e148);
    let _e154 = amp_params[1].w;
    if _e150 {
        amp_view2_[(_e154 + _e149)] = vec4<f32>(_e137.x, _e139.y, _e141.z, 0f);
    }
    let _e162 = amp_fault_site;
    amp_fault_site = select(3u, _e162, _e150);
    let _e164 = amp_fault_index[0];
    amp_fault_index[0] = select(_e149, _e164, _e150);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<vec4<f32>>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<vec4<f32>>;
var<workgroup> block: array<vec4<f32>, 128>;

@compute @workgroup_size(128, 1, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var a: vec3<f32>;
    var start: i32;
    var local: i32;

    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        return;
    }
    let _e19 = bitcast<i32>(param.x);
    let _e22 = ((bitcast<i32>(_e11) * 128i) + _e19);
    let _e26 = amp_params[1].y;
    let _e33 = amp_params[0].w;
    let _e37 = amp_view1_[(_e33 + bitcast<u32>(_e22))];
    a = vec3<f32>(0f, 0f, 0f);
    start = 0i;
    loop {
        let _e45 = start;
        if (_e45 < bitcast<i32>(_e26)) {
        } else {
            break;
        }
        let _e47 = start;
        let _e53 = amp_params[0].w;
        let _e57 = amp_view1_[(_e53 + bitcast<u32>((_e47 + _e19)))];
        block[bitcast<u32>(_e19)] = _e57;
        workgroupBarrier();
        {
            local = 0i;
            loop {
                let _e64 = local;
                if (_e64 < i32(128u)) {
                } else {
                    break;
                }
                let _e66 = local;
                let _e69 = block[bitcast<u32>(_e66)];
                let _e79 = vec3<f32>((_e69.x - _e37.x), (_e69.y - _e37.y), (_e69.z - _e37.z));
                let _e83 = inverseSqrt((dot(_e79, _e79) + 0.01f));
                let _e90 = a;
                a = (_e90 + (_e79 * vec3((((_e69.w * _e83) * _e83) * _e83))));
                continuing {
                    let _e92 = local;
                    local = (_e92 + 1i);
                }
            }
        }
        workgroupBarrier();
        let _e97 = start;
        start = (_e97 + i32(128u));
    }
    let _e99 = a;
    let _e101 = a;
    let _e103 = a;
    let _e111 = amp_params[1].w;
    amp_view2_[(_e111 + bitcast<u32>(_e22))] = vec4<f32>(_e99.x, _e101.y, _e103.z, 0f);
    return;
}
