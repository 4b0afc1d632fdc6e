// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage, read_write> amp_faults: array<atomic<u32>>;

fn square(param_3: i32) -> i32 {
    return (param_3 * param_3);
}

fn square_plus_one(param_4: i32) -> i32 {
    let _e1 = square(param_4);
    return (_e1 + 1i);
}

fn twice_square_plus_one(param_5: i32) -> i32 {
    let _e1 = square_plus_one(param_5);
    return (_e1 * 2i);
}

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_index) param: u32, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
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
    let _e26 = twice_square_plus_one(_e25);
    let _e30 = amp_params[1].x;
    let _e31 = bitcast<u32>(_e25);
    let _e35 = amp_params[0].w;
    let _e36 = (_e31 < _e35);
    if _e36 {
        amp_view1_[(_e30 + select(0u, _e31, _e36))] = _e26;
    } else {
        let _e45 = atomicExchange((&amp_faults[0]), 1u);
        if (_e45 == 0u) {
            let _e51 = amp_params[1].y;
            atomicStore((&amp_faults[1]), _e51);
            atomicStore((&amp_faults[2]), 1u);
            atomicStore((&amp_faults[3]), _e31);
            atomicStore((&amp_faults[11]), _e35);
        }
    }
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;

fn square(param_3: i32) -> i32 {
    return (param_3 * param_3);
}

fn square_plus_one(param_4: i32) -> i32 {
    let _e1 = square(param_4);
    return (_e1 + 1i);
}

fn twice_square_plus_one(param_5: i32) -> i32 {
    let _e1 = square_plus_one(param_5);
    return (_e1 * 2i);
}

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_index) param: u32, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
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
    let _e26 = twice_square_plus_one(_e25);
    let _e30 = amp_params[1].x;
    amp_view1_[(_e30 + bitcast<u32>(_e25))] = _e26;
    return;
}
