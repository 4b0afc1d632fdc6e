// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<f32>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;

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
        local = ((_e25 - _e30) + 1i);
        loop {
            let _e40 = local;
            if (_e40 <= _e25) {
            } else {
                break;
            }
            let _e42 = local;
            let _e46 = amp_params[1].y;
            let _e47 = bitcast<u32>(_e42);
            let _e51 = amp_params[1].x;
            let _e52 = (_e47 < _e51);
            let _e58 = amp_view1_[(_e46 + select(0u, _e47, _e52))];
            if _e52 {
            } else {
                let _e64 = atomicExchange((&amp_faults[0]), 1u);
                if (_e64 == 0u) {
                    let _e70 = amp_params[2].x;
                    atomicStore((&amp_faults[1]), _e70);
                    atomicStore((&amp_faults[2]), 1u);
                    atomicStore((&amp_faults[3]), _e47);
                    atomicStore((&amp_faults[11]), _e51);
                }
            }
            let _e80 = sum;
            sum = (_e80 + select(f32(), _e58, _e52));
            continuing {
                let _e82 = local;
                local = (_e82 + bitcast<i32>(1u));
                break if (bitcast<u32>((_e25 - _e82)) < 1u);
            }
        }
        let _e89 = sum;
        let _e95 = amp_params[1].w;
        let _e96 = bitcast<u32>(_e25);
        let _e100 = amp_params[1].z;
        let _e101 = (_e96 < _e100);
        if _e101 {
            amp_view2_[(_e95 + select(0u, _e96, _e101))] = (_e89 / f32(_e30));
        } else {
            let _e110 = atomicExchange((&amp_faults[0]), 1u);
            if (_e110 == 0u) {
                let _e116 = amp_params[2].x;
                atomicStore((&amp_faults[1]), _e116);
                atomicStore((&amp_faults[2]), 2u);
                atomicStore((&amp_faults[3]), _e96);
                atomicStore((&amp_faults[11]), _e100);
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
        local = ((_e25 - _e30) + 1i);
        loop {
            let _e40 = local;
            if (_e40 <= _e25) {
            } else {
                break;
            }
            let _e42 = local;
            let _e46 = amp_params[1].y;
            let _e51 = amp_view1_[(_e46 + bitcast<u32>(_e42))];
            let _e52 = sum;
            sum = (_e52 + _e51);
            continuing {
                let _e54 = local;
                local = (_e54 + bitcast<i32>(1u));
                break if (bitcast<u32>((_e25 - _e54)) < 1u);
            }
        }
        let _e61 = sum;
        let _e67 = amp_params[1].w;
        amp_view2_[(_e67 + bitcast<u32>(_e25))] = (_e61 / f32(_e30));
    }
    return;
}
