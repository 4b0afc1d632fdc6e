// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<f32>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[2].z;
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
    var sum: f32;
    var local: i32;
    var local_1: i32;

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
    let _e29 = amp_params[0].w;
    let _e30 = bitcast<i32>(_e29);
    if (_e25 >= (_e30 - 1i)) {
        sum = 0f;
        let _e38 = ((_e25 - _e30) + 1i);
        let _e70 = amp_params[1].x;
        if ((_e38 >= 0i) && (bitcast<u32>(_e25) < _e70)) {
            local = _e38;
            loop {
                let _e40 = local;
                if (_e40 <= _e25) {
                } else {
                    break;
                }
                let _e42 = local;
                let _e51 = amp_params[1].y;
                let _e55 = amp_view1_[(_e51 + bitcast<u32>(_e42))];
                let _e56 = sum;
                sum = (_e56 + _e55);
                continuing {
                    let _e58 = local;
                    local = (_e58 + bitcast<i32>(1u));
                    break if (bitcast<u32>((_e25 - _e58)) < 1u);
                }
            }
        } else {
            local_1 = _e38;
            loop {
                let _e75 = local_1;
                if (_e75 <= _e25) {
                } else {
                    break;
                }
                let _e77 = local_1;
                let _e81 = amp_params[1].x;
                let _e82 = bitcast<u32>(_e77);
                let _e83 = (_e82 < _e81);
                let _e87 = amp_params[1].y;
                let _e92 = amp_params[1].z;
                let _e96 = amp_view1_[select(_e92, (_e87 + _e82), _e83)];
                let _e101 = amp_fault_site;
                amp_fault_site = select(1u, _e101, _e83);
                let _e103 = amp_fault_index[0];
                amp_fault_index[0] = select(_e82, _e103, _e83);
                let _e105 = sum;
                sum = (_e105 + _e96);
                continuing {
                    let _e107 = local_1;
                    local_1 = (_e107 + bitcast<i32>(1u));
                    break if (bitcast<u32>((_e25 - _e107)) < 1u);
                }
            }
        }
        let _e114 = sum;
        let _e120 = amp_params[1].w;
        let _e121 = bitcast<u32>(_e25);
        let _e122 = (_e121 < _e120);
        let _e126 = amp_params[2].x;
        if _e122 {
            amp_view2_[(_e126 + _e121)] = (_e114 / f32(_e30));
        }
        let _e134 = amp_fault_site;
        amp_fault_site = select(2u, _e134, _e122);
        let _e136 = amp_fault_index[0];
        amp_fault_index[0] = select(_e121, _e136, _e122);
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

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_index) param: u32, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var sum: f32;
    var local: i32;

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
    let _e29 = amp_params[0].w;
    let _e30 = bitcast<i32>(_e29);
    if (_e25 >= (_e30 - 1i)) {
        sum = 0f;
        {
            local = ((_e25 - _e30) + 1i);
            loop {
                let _e40 = local;
                if (_e40 <= _e25) {
                } else {
                    break;
                }
                let _e42 = local;
                let _e47 = amp_params[1].y;
                let _e51 = amp_view1_[(_e47 + bitcast<u32>(_e42))];
                let _e52 = sum;
                sum = (_e52 + _e51);
                continuing {
                    let _e54 = local;
                    local = (_e54 + bitcast<i32>(1u));
                    break if (bitcast<u32>((_e25 - _e54)) < 1u);
                }
            }
        }
        let _e61 = sum;
        let _e68 = amp_params[2].x;
        amp_view2_[(_e68 + bitcast<u32>(_e25))] = (_e61 / f32(_e30));
    }
    return;
}
