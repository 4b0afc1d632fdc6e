// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<f32>;
var<workgroup> chunk: array<f32, 512>;
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

@compute @workgroup_size(512, 1, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var local: i32;
    var local_1: i32;
    var local_2: i32;
    var local_3: i32;
    var sum: f32;
    var local_4: i32;
    var local_5: i32;
    var local_6: i32;
    var local_7: i32;
    var local_8: bool;

    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        amp_report_fault();
        return;
    }
    let _e19 = bitcast<i32>(param.x);
    let _e21 = (bitcast<i32>(_e11) * 512i);
    let _e22 = (_e21 + _e19);
    let _e26 = amp_params[0].z;
    let _e27 = bitcast<i32>(_e26);
    let _e31 = amp_params[0].w;
    let _e32 = bitcast<i32>(_e31);
    let _e36 = ((_e21 + 512i) - 1i);
    if ((_e21 - (_e27 - 1i)) < 0i) {
        local = 0i;
    } else {
        local = (_e21 - (_e27 - 1i));
    }
    let _e47 = local;
    if (_e36 >= _e32) {
        local_1 = (_e32 - 1i);
    } else {
        local_1 = _e36;
    }
    let _e52 = local_1;
    if ((_e22 - (_e27 - 1i)) < _e47) {
        local_2 = _e47;
    } else {
        local_2 = (_e22 - (_e27 - 1i));
    }
    let _e61 = local_2;
    if (_e22 > _e52) {
        local_3 = _e52;
    } else {
        local_3 = _e22;
    }
    let _e64 = local_3;
    sum = 0f;
    local_4 = _e47;
    loop {
        let _e70 = local_4;
        if (_e70 <= _e52) {
        } else {
            break;
        }
        let _e72 = local_4;
        if ((_e72 + _e19) < _e32) {
            let _e79 = amp_params[1].x;
            let _e80 = bitcast<u32>((_e72 + _e19));
            let _e81 = (_e80 < _e79);
            let _e85 = amp_params[1].y;
            let _e90 = amp_params[1].z;
            let _e94 = amp_view1_[select(_e90, (_e85 + _e80), _e81)];
            let _e99 = amp_fault_site;
            amp_fault_site = select(1u, _e99, _e81);
            let _e101 = amp_fault_index[0];
            amp_fault_index[0] = select(_e80, _e101, _e81);
            chunk[bitcast<u32>(_e19)] = _e94;
        }
        workgroupBarrier();
        if (_e72 < _e61) {
            local_5 = _e61;
        } else {
            local_5 = _e72;
        }
        let _e108 = local_5;
        if ((_e72 + (512i - 1i)) > _e64) {
            local_6 = _e64;
        } else {
            local_6 = (_e72 + (512i - 1i));
        }
        let _e119 = local_6;
        {
            local_7 = _e108;
            loop {
                let _e121 = local_7;
                if (_e121 <= _e119) {
                } else {
                    break;
                }
                let _e123 = local_7;
                let _e126 = bitcast<u32>((_e123 - _e72));
                let _e127 = (_e126 < 512u);
                let _e131 = chunk[select(0u, _e126, _e127)];
                let _e138 = amp_fault_site;
                amp_fault_site = select(2u, _e138, _e127);
                let _e140 = amp_fault_index[0];
                amp_fault_index[0] = select(_e126, _e140, _e127);
                let _e142 = sum;
                sum = (_e142 + select(f32(), _e131, _e127));
                continuing {
                    let _e144 = local_7;
                    local_7 = (_e144 + bitcast<i32>(1u));
                    break if (bitcast<u32>((_e119 - _e144)) < 1u);
                }
            }
        }
        workgroupBarrier();
        continuing {
            let _e151 = local_4;
            let _e155 = bitcast<u32>(select(512i, 1i, (512i < 1i)));
            local_4 = (_e151 + bitcast<i32>(_e155));
            break if (bitcast<u32>((_e52 - _e151)) < _e155);
        }
    }
    let _e163 = (_e22 >= (_e27 - 1i));
    local_8 = _e163;
    if _e163 {
        local_8 = (_e22 < _e32);
    }
    let _e166 = local_8;
    if _e166 {
        let _e167 = sum;
        let _e173 = amp_params[1].w;
        let _e174 = bitcast<u32>(_e22);
        let _e175 = (_e174 < _e173);
        let _e179 = amp_params[2].x;
        if _e175 {
            amp_view2_[(_e179 + _e174)] = (_e167 / f32(_e27));
        }
        let _e187 = amp_fault_site;
        amp_fault_site = select(3u, _e187, _e175);
        let _e189 = amp_fault_index[0];
        amp_fault_index[0] = select(_e174, _e189, _e175);
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
var<workgroup> chunk: array<f32, 512>;

@compute @workgroup_size(512, 1, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var local: i32;
    var local_1: i32;
    var local_2: i32;
    var local_3: i32;
    var sum: f32;
    var local_4: i32;
    var local_5: i32;
    var local_6: i32;
    var local_7: i32;
    var local_8: bool;

    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        return;
    }
    let _e19 = bitcast<i32>(param.x);
    let _e21 = (bitcast<i32>(_e11) * 512i);
    let _e22 = (_e21 + _e19);
    let _e26 = amp_params[0].z;
    let _e27 = bitcast<i32>(_e26);
    let _e31 = amp_params[0].w;
    let _e32 = bitcast<i32>(_e31);
    let _e36 = ((_e21 + 512i) - 1i);
    if ((_e21 - (_e27 - 1i)) < 0i) {
        local = 0i;
    } else {
        local = (_e21 - (_e27 - 1i));
    }
    let _e47 = local;
    if (_e36 >= _e32) {
        local_1 = (_e32 - 1i);
    } else {
        local_1 = _e36;
    }
    let _e52 = local_1;
    if ((_e22 - (_e27 - 1i)) < _e47) {
        local_2 = _e47;
    } else {
        local_2 = (_e22 - (_e27 - 1i));
    }
    let _e61 = local_2;
    if (_e22 > _e52) {
        local_3 = _e52;
    } else {
        local_3 = _e22;
    }
    let _e64 = local_3;
    sum = 0f;
    local_4 = _e47;
    loop {
        let _e70 = local_4;
        if (_e70 <= _e52) {
        } else {
            break;
        }
        let _e72 = local_4;
        if ((_e72 + _e19) < _e32) {
            let _e80 = amp_params[1].y;
            let _e84 = amp_view1_[(_e80 + bitcast<u32>((_e72 + _e19)))];
            chunk[bitcast<u32>(_e19)] = _e84;
        }
        workgroupBarrier();
        if (_e72 < _e61) {
            local_5 = _e61;
        } else {
            local_5 = _e72;
        }
        let _e89 = local_5;
        if ((_e72 + (512i - 1i)) > _e64) {
            local_6 = _e64;
        } else {
            local_6 = (_e72 + (512i - 1i));
        }
        let _e100 = local_6;
        {
            local_7 = _e89;
            loop {
                let _e102 = local_7;
                if (_e102 <= _e100) {
                } else {
                    break;
                }
                let _e104 = local_7;
                let _e108 = chunk[bitcast<u32>((_e104 - _e72))];
                let _e109 = sum;
                sum = (_e109 + _e108);
                continuing {
                    let _e111 = local_7;
                    local_7 = (_e111 + bitcast<i32>(1u));
                    break if (bitcast<u32>((_e100 - _e111)) < 1u);
                }
            }
        }
        workgroupBarrier();
        continuing {
            let _e118 = local_4;
            let _e122 = bitcast<u32>(select(512i, 1i, (512i < 1i)));
            local_4 = (_e118 + bitcast<i32>(_e122));
            break if (bitcast<u32>((_e52 - _e118)) < _e122);
        }
    }
    let _e130 = (_e22 >= (_e27 - 1i));
    local_8 = _e130;
    if _e130 {
        local_8 = (_e22 < _e32);
    }
    let _e133 = local_8;
    if _e133 {
        let _e134 = sum;
        let _e141 = amp_params[2].x;
        amp_view2_[(_e141 + bitcast<u32>(_e22))] = (_e134 / f32(_e27));
    }
    return;
}
