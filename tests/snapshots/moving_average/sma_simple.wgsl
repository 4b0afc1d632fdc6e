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

fn amp_body(linear: u32) {
    var sum: f32;
    var local: i32;
    var local_1: i32;

    let _e1 = bitcast<i32>(linear);
    let _e5 = amp_params[0].z;
    let _e6 = bitcast<i32>(_e5);
    if (_e1 >= (_e6 - 1i)) {
        sum = 0f;
        let _e14 = ((_e1 - _e6) + 1i);
        let _e46 = amp_params[0].w;
        if ((_e14 >= 0i) && (bitcast<u32>(_e1) < _e46)) {
            local = _e14;
            loop {
                let _e16 = local;
                if (_e16 <= _e1) {
                } else {
                    break;
                }
                let _e18 = local;
                let _e27 = amp_params[1].x;
                let _e31 = amp_view1_[(_e27 + bitcast<u32>(_e18))];
                let _e32 = sum;
                sum = (_e32 + _e31);
                continuing {
                    let _e34 = local;
                    local = (_e34 + bitcast<i32>(1u));
                    break if (bitcast<u32>((_e1 - _e34)) < 1u);
                }
            }
        } else {
            local_1 = _e14;
            loop {
                let _e51 = local_1;
                if (_e51 <= _e1) {
                } else {
                    break;
                }
                let _e53 = local_1;
                let _e57 = amp_params[0].w;
                let _e58 = bitcast<u32>(_e53);
                let _e59 = (_e58 < _e57);
                let _e63 = amp_params[1].x;
                let _e68 = amp_params[1].y;
                let _e72 = amp_view1_[select(_e68, (_e63 + _e58), _e59)];
                let _e77 = amp_fault_site;
                amp_fault_site = select(1u, _e77, _e59);
                let _e79 = amp_fault_index[0];
                amp_fault_index[0] = select(_e58, _e79, _e59);
                let _e81 = sum;
                sum = (_e81 + _e72);
                continuing {
                    let _e83 = local_1;
                    local_1 = (_e83 + bitcast<i32>(1u));
                    break if (bitcast<u32>((_e1 - _e83)) < 1u);
                }
            }
        }
        let _e90 = sum;
        let _e96 = amp_params[1].z;
        let _e97 = bitcast<u32>(_e1);
        let _e98 = (_e97 < _e96);
        let _e102 = amp_params[1].w;
        if _e98 {
            amp_view2_[(_e102 + _e97)] = (_e90 / f32(_e6));
        }
        let _e110 = amp_fault_site;
        amp_fault_site = select(2u, _e110, _e98);
        let _e112 = amp_fault_index[0];
        amp_fault_index[0] = select(_e97, _e112, _e98);
    }
    return;
}

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
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 <= ((_e15 - 1u) >> 10u)) {
    } else {
        amp_report_fault();
        return;
    }
    let _e23 = ((_e11 * 1024u) + param);
    let _e25 = (_e23 + 256u);
    let _e27 = (_e23 + 512u);
    let _e29 = (_e23 + 768u);
    if (_e11 < (_e15 >> 10u)) {
        amp_body(_e23);
        amp_body(_e25);
        amp_body(_e27);
        amp_body(_e29);
    } else {
        if (_e23 < _e15) {
            amp_body(_e23);
        }
        if (_e25 < _e15) {
            amp_body(_e25);
        }
        if (_e27 < _e15) {
            amp_body(_e27);
        }
        if (_e29 < _e15) {
            amp_body(_e29);
        }
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

fn amp_body(linear: u32) {
    var sum: f32;
    var local: i32;

    let _e1 = bitcast<i32>(linear);
    let _e5 = amp_params[0].z;
    let _e6 = bitcast<i32>(_e5);
    if (_e1 >= (_e6 - 1i)) {
        sum = 0f;
        {
            local = ((_e1 - _e6) + 1i);
            loop {
                let _e16 = local;
                if (_e16 <= _e1) {
                } else {
                    break;
                }
                let _e18 = local;
                let _e23 = amp_params[1].x;
                let _e27 = amp_view1_[(_e23 + bitcast<u32>(_e18))];
                let _e28 = sum;
                sum = (_e28 + _e27);
                continuing {
                    let _e30 = local;
                    local = (_e30 + bitcast<i32>(1u));
                    break if (bitcast<u32>((_e1 - _e30)) < 1u);
                }
            }
        }
        let _e37 = sum;
        let _e44 = amp_params[1].w;
        amp_view2_[(_e44 + bitcast<u32>(_e1))] = (_e37 / f32(_e6));
    }
    return;
}

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_index) param: u32, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 <= ((_e15 - 1u) >> 10u)) {
    } else {
        return;
    }
    let _e23 = ((_e11 * 1024u) + param);
    let _e25 = (_e23 + 256u);
    let _e27 = (_e23 + 512u);
    let _e29 = (_e23 + 768u);
    if (_e11 < (_e15 >> 10u)) {
        amp_body(_e23);
        amp_body(_e25);
        amp_body(_e27);
        amp_body(_e29);
    } else {
        if (_e23 < _e15) {
            amp_body(_e23);
        }
        if (_e25 < _e15) {
            amp_body(_e25);
        }
        if (_e27 < _e15) {
            amp_body(_e27);
        }
        if (_e29 < _e15) {
            amp_body(_e29);
        }
    }
    return;
}
