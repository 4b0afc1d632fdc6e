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
            let _e79 = amp_params[1].y;
            let _e80 = bitcast<u32>((_e72 + _e19));
            let _e84 = amp_params[1].x;
            let _e85 = (_e80 < _e84);
            let _e91 = amp_view1_[(_e79 + select(0u, _e80, _e85))];
            if _e85 {
            } else {
                let _e97 = atomicExchange((&amp_faults[0]), 1u);
                if (_e97 == 0u) {
                    let _e103 = amp_params[2].x;
                    atomicStore((&amp_faults[1]), _e103);
                    atomicStore((&amp_faults[2]), 1u);
                    atomicStore((&amp_faults[3]), _e80);
                    atomicStore((&amp_faults[11]), _e84);
                }
            }
            chunk[bitcast<u32>(_e19)] = select(f32(), _e91, _e85);
        }
        workgroupBarrier();
        if (_e72 < _e61) {
            local_5 = _e61;
        } else {
            local_5 = _e72;
        }
        let _e118 = local_5;
        if ((_e72 + (512i - 1i)) > _e64) {
            local_6 = _e64;
        } else {
            local_6 = (_e72 + (512i - 1i));
        }
        let _e129 = local_6;
        local_7 = _e118;
        loop {
            let _e131 = local_7;
            if (_e131 <= _e129) {
            } else {
                break;
            }
            let _e133 = local_7;
            let _e135 = bitcast<u32>((_e133 - _e72));
            let _e137 = (_e135 < 512u);
            let _e141 = chunk[select(0u, _e135, _e137)];
            if _e137 {
            } else {
                let _e147 = atomicExchange((&amp_faults[0]), 1u);
                if (_e147 == 0u) {
                    let _e153 = amp_params[2].x;
                    atomicStore((&amp_faults[1]), _e153);
                    atomicStore((&amp_faults[2]), 2u);
                    atomicStore((&amp_faults[3]), _e135);
                    atomicStore((&amp_faults[11]), 512u);
                }
            }
            let _e163 = sum;
            sum = (_e163 + select(f32(), _e141, _e137));
            continuing {
                let _e165 = local_7;
                local_7 = (_e165 + bitcast<i32>(1u));
                break if (bitcast<u32>((_e129 - _e165)) < 1u);
            }
        }
        workgroupBarrier();
        continuing {
            let _e172 = local_4;
            let _e174 = max(512u, 1u);
            local_4 = (_e172 + bitcast<i32>(_e174));
            break if (bitcast<u32>((_e52 - _e172)) < _e174);
        }
    }
    let _e182 = (_e22 >= (_e27 - 1i));
    local_8 = _e182;
    if _e182 {
        local_8 = (_e22 < _e32);
    }
    let _e185 = local_8;
    if _e185 {
        let _e186 = sum;
        let _e192 = amp_params[1].w;
        let _e193 = bitcast<u32>(_e22);
        let _e197 = amp_params[1].z;
        let _e198 = (_e193 < _e197);
        if _e198 {
            amp_view2_[(_e192 + select(0u, _e193, _e198))] = (_e186 / f32(_e27));
        } else {
            let _e207 = atomicExchange((&amp_faults[0]), 1u);
            if (_e207 == 0u) {
                let _e213 = amp_params[2].x;
                atomicStore((&amp_faults[1]), _e213);
                atomicStore((&amp_faults[2]), 3u);
                atomicStore((&amp_faults[3]), _e193);
                atomicStore((&amp_faults[11]), _e197);
            }
        }
    }
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
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
            let _e79 = amp_params[1].y;
            let _e84 = amp_view1_[(_e79 + bitcast<u32>((_e72 + _e19)))];
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
        workgroupBarrier();
        continuing {
            let _e118 = local_4;
            let _e120 = max(512u, 1u);
            local_4 = (_e118 + bitcast<i32>(_e120));
            break if (bitcast<u32>((_e52 - _e118)) < _e120);
        }
    }
    let _e128 = (_e22 >= (_e27 - 1i));
    local_8 = _e128;
    if _e128 {
        local_8 = (_e22 < _e32);
    }
    let _e131 = local_8;
    if _e131 {
        let _e132 = sum;
        let _e138 = amp_params[1].w;
        amp_view2_[(_e138 + bitcast<u32>(_e22))] = (_e132 / f32(_e27));
    }
    return;
}
