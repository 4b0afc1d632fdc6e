// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<f32>;
@group(0) @binding(3) 
var<storage, read_write> amp_view3_: array<f32>;
@group(0) @binding(4) 
var<storage, read_write> amp_view4_: array<f32>;
@group(0) @binding(5) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn polar(param_3: f32, param_4: f32, param_5: ptr<function, f32>, param_6: ptr<function, f32>) {
    (*param_5) = sqrt(((param_3 * param_3) + (param_4 * param_4)));
    let _e11 = (param_3 > 0f);
    let _e25 = ((bitcast<u32>(param_3) & 2147483647u) == 2139095040u);
    (*param_6) = select(select(select(select(atan2(param_4, param_3), bitcast<f32>(((bitcast<u32>(select(3.1415927f, 0f, _e11)) & 2147483647u) | (bitcast<u32>(param_4) & 2147483648u))), _e25), bitcast<f32>(((bitcast<u32>(select(2.3561945f, 0.7853982f, _e11)) & 2147483647u) | (bitcast<u32>(param_4) & 2147483648u))), (_e25 && ((bitcast<u32>(param_4) & 2147483647u) == 2139095040u))), bitcast<f32>(((bitcast<u32>(select(0f, 3.1415927f, ((bitcast<u32>(param_3) & 2147483648u) != 0u))) & 2147483647u) | (bitcast<u32>(param_4) & 2147483648u))), (param_4 == 0f)), bitcast<f32>(2143289344u), (((bitcast<u32>(param_3) & 2147483647u) > 2139095040u) || ((bitcast<u32>(param_4) & 2147483647u) > 2139095040u)));
    return;
}

fn amp_body(linear: u32) {
    var m: f32;
    var t: f32;

    let _e1 = bitcast<i32>(linear);
    m = 0f;
    t = 0f;
    let _e9 = amp_params[0].z;
    let _e10 = bitcast<u32>(_e1);
    let _e11 = (_e10 < _e9);
    let _e15 = amp_params[0].w;
    let _e20 = amp_params[1].x;
    let _e24 = amp_view1_[select(_e20, (_e15 + _e10), _e11)];
    let _e29 = amp_fault_site;
    amp_fault_site = select(1u, _e29, _e11);
    let _e31 = amp_fault_index[0];
    amp_fault_index[0] = select(_e10, _e31, _e11);
    let _e36 = amp_params[1].y;
    let _e37 = bitcast<u32>(_e1);
    let _e38 = (_e37 < _e36);
    let _e42 = amp_params[1].z;
    let _e47 = amp_params[1].w;
    let _e51 = amp_view2_[select(_e47, (_e42 + _e37), _e38)];
    let _e56 = amp_fault_site;
    amp_fault_site = select(2u, _e56, _e38);
    let _e58 = amp_fault_index[0];
    amp_fault_index[0] = select(_e37, _e58, _e38);
    polar(_e24, _e51, (&m), (&t));
    let _e60 = m;
    let _e64 = amp_params[2].x;
    let _e65 = bitcast<u32>(_e1);
    let _e66 = (_e65 < _e64);
    let _e70 = amp_params[2].y;
    if _e66 {
        amp_view3_[(_e70 + _e65)] = _e60;
    }
    let _e78 = amp_fault_site;
    amp_fault_site = select(3u, _e78, _e66);
    let _e80 = amp_fault_index[0];
    amp_fault_index[0] = select(_e65, _e80, _e66);
    let _e82 = t;
    let _e86 = amp_params[2].w;
    let _e87 = bitcast<u32>(_e1);
    let _e88 = (_e87 < _e86);
    let _e92 = amp_params[3].x;
    if _e88 {
        amp_view4_[(_e92 + _e87)] = _e82;
    }
    let _e100 = amp_fault_site;
    amp_fault_site = select(4u, _e100, _e88);
    let _e102 = amp_fault_index[0];
    amp_fault_index[0] = select(_e87, _e102, _e88);
    return;
}

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[3].z;
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
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<f32>;
@group(0) @binding(3) 
var<storage, read_write> amp_view3_: array<f32>;
@group(0) @binding(4) 
var<storage, read_write> amp_view4_: array<f32>;

fn polar(param_3: f32, param_4: f32, param_5: ptr<function, f32>, param_6: ptr<function, f32>) {
    (*param_5) = sqrt(((param_3 * param_3) + (param_4 * param_4)));
    let _e11 = (param_3 > 0f);
    let _e25 = ((bitcast<u32>(param_3) & 2147483647u) == 2139095040u);
    (*param_6) = select(select(select(select(atan2(param_4, param_3), bitcast<f32>(((bitcast<u32>(select(3.1415927f, 0f, _e11)) & 2147483647u) | (bitcast<u32>(param_4) & 2147483648u))), _e25), bitcast<f32>(((bitcast<u32>(select(2.3561945f, 0.7853982f, _e11)) & 2147483647u) | (bitcast<u32>(param_4) & 2147483648u))), (_e25 && ((bitcast<u32>(param_4) & 2147483647u) == 2139095040u))), bitcast<f32>(((bitcast<u32>(select(0f, 3.1415927f, ((bitcast<u32>(param_3) & 2147483648u) != 0u))) & 2147483647u) | (bitcast<u32>(param_4) & 2147483648u))), (param_4 == 0f)), bitcast<f32>(2143289344u), (((bitcast<u32>(param_3) & 2147483647u) > 2139095040u) || ((bitcast<u32>(param_4) & 2147483647u) > 2139095040u)));
    return;
}

fn amp_body(linear: u32) {
    var m: f32;
    var t: f32;

    let _e1 = bitcast<i32>(linear);
    m = 0f;
    t = 0f;
    let _e10 = amp_params[0].w;
    let _e14 = amp_view1_[(_e10 + bitcast<u32>(_e1))];
    let _e19 = amp_params[1].z;
    let _e23 = amp_view2_[(_e19 + bitcast<u32>(_e1))];
    polar(_e14, _e23, (&m), (&t));
    let _e24 = m;
    let _e29 = amp_params[2].y;
    amp_view3_[(_e29 + bitcast<u32>(_e1))] = _e24;
    let _e33 = t;
    let _e38 = amp_params[3].x;
    amp_view4_[(_e38 + bitcast<u32>(_e1))] = _e33;
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
