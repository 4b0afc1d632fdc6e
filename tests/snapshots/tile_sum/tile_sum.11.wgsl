// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
var<workgroup> t: array<array<i32, 2>, 2>;
@group(0) @binding(2) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[2].x;
            let _e15 = amp_fault_index[0];
            let _e18 = amp_fault_index[1];
            atomicStore((&amp_faults[1]), _e12);
            atomicStore((&amp_faults[2]), _e1);
            atomicStore((&amp_faults[3]), _e15);
            atomicStore((&amp_faults[4]), _e18);
        }
    }
    return;
}

@compute @workgroup_size(2, 2, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        amp_report_fault();
        return;
    }
    let _e20 = amp_params[0].z;
    let _e23 = bitcast<i32>((_e11 / _e20));
    let _e25 = bitcast<i32>(param.y);
    let _e27 = (_e23 * 2i);
    let _e29 = bitcast<i32>((_e11 % _e20));
    let _e31 = bitcast<i32>(param.x);
    let _e33 = (_e29 * 2i);
    let _e35 = vec2<i32>((_e27 + _e25), (_e33 + _e31));
    let _e36 = vec2<i32>(_e25, _e31);
    let _e38 = vec2<i32>(_e27, _e33);
    let _e49 = amp_params[1].y;
    let _e51 = bitcast<u32>(_e35.x);
    let _e55 = amp_params[0].w;
    let _e60 = amp_params[1].z;
    let _e64 = bitcast<u32>(_e35.y);
    let _e68 = amp_params[1].x;
    let _e70 = ((_e51 < _e55) && (_e64 < _e68));
    let _e75 = amp_params[1].w;
    let _e79 = amp_view1_[select(_e75, ((_e49 + (_e51 * _e60)) + _e64), _e70)];
    let _e86 = amp_fault_site;
    amp_fault_site = select(1u, _e86, _e70);
    let _e88 = amp_fault_index[0];
    amp_fault_index[0] = select(_e51, _e88, _e70);
    let _e90 = amp_fault_index[1];
    amp_fault_index[1] = select(_e64, _e90, _e70);
    t[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)] = _e79;
    storageBarrier();
    workgroupBarrier();
    if all((_e36 == vec2<i32>(0i, 0i))) {
        let _e104 = t[0][0];
        let _e107 = t[0][1];
        let _e111 = t[1][0];
        let _e115 = t[1][1];
        t[0][bitcast<u32>(0i)] = (((_e104 + _e107) + _e111) + _e115);
        let _e122 = t[0][0];
        let _e126 = amp_params[1].y;
        let _e128 = bitcast<u32>(_e38.x);
        let _e132 = amp_params[0].w;
        let _e137 = amp_params[1].z;
        let _e141 = bitcast<u32>(_e38.y);
        let _e145 = amp_params[1].x;
        let _e147 = ((_e128 < _e132) && (_e141 < _e145));
        if _e147 {
            amp_view1_[((_e126 + (_e128 * _e137)) + _e141)] = _e122;
        }
        let _e157 = amp_fault_site;
        amp_fault_site = select(2u, _e157, _e147);
        let _e159 = amp_fault_index[0];
        amp_fault_index[0] = select(_e128, _e159, _e147);
        let _e161 = amp_fault_index[1];
        amp_fault_index[1] = select(_e141, _e161, _e147);
    }
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
var<workgroup> t: array<array<i32, 2>, 2>;

@compute @workgroup_size(2, 2, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        return;
    }
    let _e20 = amp_params[0].z;
    let _e23 = bitcast<i32>((_e11 / _e20));
    let _e25 = bitcast<i32>(param.y);
    let _e27 = (_e23 * 2i);
    let _e29 = bitcast<i32>((_e11 % _e20));
    let _e31 = bitcast<i32>(param.x);
    let _e33 = (_e29 * 2i);
    let _e35 = vec2<i32>((_e27 + _e25), (_e33 + _e31));
    let _e36 = vec2<i32>(_e25, _e31);
    let _e38 = vec2<i32>(_e27, _e33);
    let _e48 = amp_params[1].y;
    let _e54 = amp_params[1].z;
    let _e62 = amp_view1_[((_e48 + (bitcast<u32>(_e35.x) * _e54)) + bitcast<u32>(_e35.y))];
    t[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)] = _e62;
    storageBarrier();
    workgroupBarrier();
    if all((_e36 == vec2<i32>(0i, 0i))) {
        let _e74 = t[0][0];
        let _e77 = t[0][1];
        let _e81 = t[1][0];
        let _e85 = t[1][1];
        t[0][bitcast<u32>(0i)] = (((_e74 + _e77) + _e81) + _e85);
        let _e91 = t[0][0];
        let _e95 = amp_params[1].y;
        let _e101 = amp_params[1].z;
        amp_view1_[((_e95 + (bitcast<u32>(_e38.x) * _e101)) + bitcast<u32>(_e38.y))] = _e91;
    }
    return;
}
