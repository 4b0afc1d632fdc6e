// checked
struct Complex {
    re: f32,
    im: f32,
}

@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn new_(param_3: f32, param_4: f32) -> Complex {
    return Complex(param_3, param_4);
}

fn norm(param_5: Complex) -> f32 {
    return ((param_5.re * param_5.re) + (param_5.im * param_5.im));
}

fn mul(param_6: Complex, param_7: Complex) -> Complex {
    let _e16 = new_(((param_6.re * param_7.re) - (param_6.im * param_7.im)), ((param_6.re * param_7.im) + (param_6.im * param_7.re)));
    return _e16;
}

fn add_assign(param_8: ptr<function, Complex>, param_9: Complex) {
    let _e4 = (*param_8).re;
    (*param_8).re = (_e4 + param_9.re);
    let _e8 = (*param_8).im;
    (*param_8).im = (_e8 + param_9.im);
    return;
}

fn step_(param_10: Complex, param_11: Complex) -> Complex {
    var p: Complex;
    var local: u32;
    var next: Complex;

    p = param_10;
    {
        local = 1u;
        loop {
            let _e6 = local;
            if (_e6 < 2u) {
            } else {
                break;
            }
            let _e9 = p;
            let _e10 = mul(_e9, param_10);
            p = _e10;
            continuing {
                let _e11 = local;
                local = (_e11 + 1u);
            }
        }
    }
    let _e14 = p;
    next = _e14;
    add_assign((&next), param_11);
    let _e16 = next;
    return _e16;
}

fn escape(param_12: Complex, param_13: i32) -> i32 {
    var z: Complex;
    var n: i32;
    var local_1: bool;

    let _e4 = new_(0f, 0f);
    z = _e4;
    n = 0i;
    loop {
        let _e8 = n;
        let _e9 = (_e8 < param_13);
        local_1 = _e9;
        if _e9 {
            let _e11 = z;
            let _e12 = norm(_e11);
            local_1 = (_e12 <= 4f);
        }
        let _e15 = local_1;
        if _e15 {
        } else {
            break;
        }
        let _e16 = z;
        let _e17 = step_(_e16, param_12);
        z = _e17;
        let _e19 = n;
        n = (_e19 + 1i);
    }
    let _e21 = n;
    return _e21;
}

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[3].x;
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

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        amp_report_fault();
        return;
    }
    let _e20 = amp_params[0].y;
    let _e26 = (((_e11 / _e20) * 16u) + param.y);
    let _e30 = amp_params[0].z;
    if (_e26 < _e30) {
    } else {
        amp_report_fault();
        return;
    }
    let _e35 = (((_e11 % _e20) * 16u) + param.x);
    let _e39 = amp_params[0].w;
    if (_e35 < _e39) {
    } else {
        amp_report_fault();
        return;
    }
    let _e42 = vec2<i32>(bitcast<i32>(_e26), bitcast<i32>(_e35));
    let _e46 = amp_params[1].x;
    let _e51 = amp_params[1].y;
    let _e56 = amp_params[2].w;
    let _e70 = new_((-(2f) + (f32(_e42.y) * bitcast<f32>(_e46))), (-(1.2f) + (f32(_e42.x) * bitcast<f32>(_e51))));
    let _e71 = escape(_e70, bitcast<i32>(_e56));
    let _e76 = amp_params[1].z;
    let _e77 = bitcast<u32>(_e42.x);
    let _e83 = amp_params[1].w;
    let _e84 = bitcast<u32>(_e42.y);
    let _e86 = ((_e77 < _e76) && (_e84 < _e83));
    let _e90 = amp_params[2].x;
    let _e94 = amp_params[2].y;
    if _e86 {
        amp_view1_[((_e90 + (_e77 * _e94)) + _e84)] = _e71;
    }
    let _e106 = amp_fault_site;
    amp_fault_site = select(1u, _e106, _e86);
    let _e108 = amp_fault_index[0];
    amp_fault_index[0] = select(_e77, _e108, _e86);
    let _e110 = amp_fault_index[1];
    amp_fault_index[1] = select(_e84, _e110, _e86);
    amp_report_fault();
    return;
}

// unchecked
struct Complex {
    re: f32,
    im: f32,
}

@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;

fn new_(param_3: f32, param_4: f32) -> Complex {
    return Complex(param_3, param_4);
}

fn norm(param_5: Complex) -> f32 {
    return ((param_5.re * param_5.re) + (param_5.im * param_5.im));
}

fn mul(param_6: Complex, param_7: Complex) -> Complex {
    let _e16 = new_(((param_6.re * param_7.re) - (param_6.im * param_7.im)), ((param_6.re * param_7.im) + (param_6.im * param_7.re)));
    return _e16;
}

fn add_assign(param_8: ptr<function, Complex>, param_9: Complex) {
    let _e4 = (*param_8).re;
    (*param_8).re = (_e4 + param_9.re);
    let _e8 = (*param_8).im;
    (*param_8).im = (_e8 + param_9.im);
    return;
}

fn step_(param_10: Complex, param_11: Complex) -> Complex {
    var p: Complex;
    var local: u32;
    var next: Complex;

    p = param_10;
    {
        local = 1u;
        loop {
            let _e6 = local;
            if (_e6 < 2u) {
            } else {
                break;
            }
            let _e9 = p;
            let _e10 = mul(_e9, param_10);
            p = _e10;
            continuing {
                let _e11 = local;
                local = (_e11 + 1u);
            }
        }
    }
    let _e14 = p;
    next = _e14;
    add_assign((&next), param_11);
    let _e16 = next;
    return _e16;
}

fn escape(param_12: Complex, param_13: i32) -> i32 {
    var z: Complex;
    var n: i32;
    var local_1: bool;

    let _e4 = new_(0f, 0f);
    z = _e4;
    n = 0i;
    loop {
        let _e8 = n;
        let _e9 = (_e8 < param_13);
        local_1 = _e9;
        if _e9 {
            let _e11 = z;
            let _e12 = norm(_e11);
            local_1 = (_e12 <= 4f);
        }
        let _e15 = local_1;
        if _e15 {
        } else {
            break;
        }
        let _e16 = z;
        let _e17 = step_(_e16, param_12);
        z = _e17;
        let _e19 = n;
        n = (_e19 + 1i);
    }
    let _e21 = n;
    return _e21;
}

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        return;
    }
    let _e20 = amp_params[0].y;
    let _e26 = (((_e11 / _e20) * 16u) + param.y);
    let _e30 = amp_params[0].z;
    if (_e26 < _e30) {
    } else {
        return;
    }
    let _e35 = (((_e11 % _e20) * 16u) + param.x);
    let _e39 = amp_params[0].w;
    if (_e35 < _e39) {
    } else {
        return;
    }
    let _e42 = vec2<i32>(bitcast<i32>(_e26), bitcast<i32>(_e35));
    let _e46 = amp_params[1].x;
    let _e51 = amp_params[1].y;
    let _e56 = amp_params[2].w;
    let _e70 = new_((-(2f) + (f32(_e42.y) * bitcast<f32>(_e46))), (-(1.2f) + (f32(_e42.x) * bitcast<f32>(_e51))));
    let _e71 = escape(_e70, bitcast<i32>(_e56));
    let _e79 = amp_params[2].x;
    let _e83 = amp_params[2].y;
    amp_view1_[((_e79 + (bitcast<u32>(_e42.x) * _e83)) + bitcast<u32>(_e42.y))] = _e71;
    return;
}
