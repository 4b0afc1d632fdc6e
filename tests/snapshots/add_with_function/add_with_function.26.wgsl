// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage> amp_view3_: array<i32>;
@group(0) @binding(4) 
var<storage, read_write> amp_faults: array<atomic<u32>>;

fn add_elements(param_3: i32) {
    let _e4 = amp_params[1].z;
    let _e5 = bitcast<u32>(param_3);
    let _e9 = amp_params[1].y;
    let _e10 = (_e5 < _e9);
    let _e16 = amp_view2_[(_e4 + select(0u, _e5, _e10))];
    if _e10 {
    } else {
        let _e22 = atomicExchange((&amp_faults[0]), 1u);
        if (_e22 == 0u) {
            let _e28 = amp_params[2].y;
            atomicStore((&amp_faults[1]), _e28);
            atomicStore((&amp_faults[2]), 1u);
            atomicStore((&amp_faults[3]), _e5);
            atomicStore((&amp_faults[11]), _e9);
        }
    }
    let _e41 = amp_params[2].x;
    let _e42 = bitcast<u32>(param_3);
    let _e46 = amp_params[1].w;
    let _e47 = (_e42 < _e46);
    let _e53 = amp_view3_[(_e41 + select(0u, _e42, _e47))];
    if _e47 {
    } else {
        let _e59 = atomicExchange((&amp_faults[0]), 1u);
        if (_e59 == 0u) {
            let _e65 = amp_params[2].y;
            atomicStore((&amp_faults[1]), _e65);
            atomicStore((&amp_faults[2]), 2u);
            atomicStore((&amp_faults[3]), _e42);
            atomicStore((&amp_faults[11]), _e46);
        }
    }
    let _e79 = amp_params[1].x;
    let _e80 = bitcast<u32>(param_3);
    let _e84 = amp_params[0].w;
    let _e85 = (_e80 < _e84);
    if _e85 {
        amp_view1_[(_e79 + select(0u, _e80, _e85))] = (select(i32(), _e16, _e10) + select(i32(), _e53, _e47));
    } else {
        let _e94 = atomicExchange((&amp_faults[0]), 1u);
        if (_e94 == 0u) {
            let _e100 = amp_params[2].y;
            atomicStore((&amp_faults[1]), _e100);
            atomicStore((&amp_faults[2]), 3u);
            atomicStore((&amp_faults[3]), _e80);
            atomicStore((&amp_faults[11]), _e84);
        }
    }
    return;
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
    add_elements(bitcast<i32>(_e19));
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage> amp_view3_: array<i32>;

fn add_elements(param_3: i32) {
    let _e4 = amp_params[1].z;
    let _e9 = amp_view2_[(_e4 + bitcast<u32>(param_3))];
    let _e13 = amp_params[2].x;
    let _e18 = amp_view3_[(_e13 + bitcast<u32>(param_3))];
    let _e23 = amp_params[1].x;
    amp_view1_[(_e23 + bitcast<u32>(param_3))] = (_e9 + _e18);
    return;
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
    add_elements(bitcast<i32>(_e19));
    return;
}
