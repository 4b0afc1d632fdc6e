// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 5>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage, read_write> amp_view3_: array<i32>;
@group(0) @binding(4) 
var<storage, read_write> amp_faults: array<atomic<u32>>;

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var sum: i32;
    var local: i32;

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
    sum = 0i;
    let _e51 = amp_params[1].x;
    let _e56 = amp_params[1].y;
    local = 0i;
    loop {
        let _e61 = local;
        if (_e61 < vec2<i32>(bitcast<i32>(_e51), bitcast<i32>(_e56)).x) {
        } else {
            break;
        }
        let _e63 = local;
        let _e64 = vec2<i32>(_e42.x, _e63);
        let _e68 = amp_params[2].z;
        let _e70 = bitcast<u32>(_e64.x);
        let _e74 = amp_params[2].x;
        let _e75 = (_e70 < _e74);
        let _e81 = amp_params[2].w;
        let _e85 = bitcast<u32>(_e64.y);
        let _e89 = amp_params[2].y;
        let _e90 = (_e85 < _e89);
        let _e91 = (_e75 && _e90);
        let _e97 = amp_view2_[((_e68 + (select(0u, _e70, _e75) * _e81)) + select(0u, _e85, _e90))];
        if _e91 {
        } else {
            let _e103 = atomicExchange((&amp_faults[0]), 1u);
            if (_e103 == 0u) {
                let _e109 = amp_params[4].x;
                atomicStore((&amp_faults[1]), _e109);
                atomicStore((&amp_faults[2]), 1u);
                atomicStore((&amp_faults[3]), _e70);
                atomicStore((&amp_faults[11]), _e74);
                atomicStore((&amp_faults[4]), _e85);
                atomicStore((&amp_faults[12]), _e89);
            }
        }
        let _e123 = vec2<i32>(_e63, _e42.y);
        let _e127 = amp_params[1].z;
        let _e129 = bitcast<u32>(_e123.x);
        let _e133 = amp_params[1].x;
        let _e134 = (_e129 < _e133);
        let _e140 = amp_params[1].w;
        let _e144 = bitcast<u32>(_e123.y);
        let _e148 = amp_params[1].y;
        let _e149 = (_e144 < _e148);
        let _e150 = (_e134 && _e149);
        let _e156 = amp_view1_[((_e127 + (select(0u, _e129, _e134) * _e140)) + select(0u, _e144, _e149))];
        if _e150 {
        } else {
            let _e162 = atomicExchange((&amp_faults[0]), 1u);
            if (_e162 == 0u) {
                let _e168 = amp_params[4].x;
                atomicStore((&amp_faults[1]), _e168);
                atomicStore((&amp_faults[2]), 2u);
                atomicStore((&amp_faults[3]), _e129);
                atomicStore((&amp_faults[11]), _e133);
                atomicStore((&amp_faults[4]), _e144);
                atomicStore((&amp_faults[12]), _e148);
            }
        }
        let _e183 = sum;
        sum = (_e183 + (select(i32(), _e97, _e91) * select(i32(), _e156, _e150)));
        continuing {
            let _e185 = local;
            local = (_e185 + 1i);
        }
    }
    let _e188 = sum;
    let _e192 = amp_params[3].z;
    let _e194 = bitcast<u32>(_e42.x);
    let _e198 = amp_params[3].x;
    let _e199 = (_e194 < _e198);
    let _e205 = amp_params[3].w;
    let _e209 = bitcast<u32>(_e42.y);
    let _e213 = amp_params[3].y;
    let _e214 = (_e209 < _e213);
    if (_e199 && _e214) {
        amp_view3_[((_e192 + (select(0u, _e194, _e199) * _e205)) + select(0u, _e209, _e214))] = _e188;
    } else {
        let _e224 = atomicExchange((&amp_faults[0]), 1u);
        if (_e224 == 0u) {
            let _e230 = amp_params[4].x;
            atomicStore((&amp_faults[1]), _e230);
            atomicStore((&amp_faults[2]), 3u);
            atomicStore((&amp_faults[3]), _e194);
            atomicStore((&amp_faults[11]), _e198);
            atomicStore((&amp_faults[4]), _e209);
            atomicStore((&amp_faults[12]), _e213);
        }
    }
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage, read_write> amp_view3_: array<i32>;

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var sum: i32;
    var local: i32;

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
    sum = 0i;
    let _e51 = amp_params[1].x;
    let _e56 = amp_params[1].y;
    local = 0i;
    loop {
        let _e61 = local;
        if (_e61 < vec2<i32>(bitcast<i32>(_e51), bitcast<i32>(_e56)).x) {
        } else {
            break;
        }
        let _e63 = local;
        let _e64 = vec2<i32>(_e42.x, _e63);
        let _e68 = amp_params[2].z;
        let _e74 = amp_params[2].w;
        let _e82 = amp_view2_[((_e68 + (bitcast<u32>(_e64.x) * _e74)) + bitcast<u32>(_e64.y))];
        let _e83 = vec2<i32>(_e63, _e42.y);
        let _e87 = amp_params[1].z;
        let _e93 = amp_params[1].w;
        let _e101 = amp_view1_[((_e87 + (bitcast<u32>(_e83.x) * _e93)) + bitcast<u32>(_e83.y))];
        let _e103 = sum;
        sum = (_e103 + (_e82 * _e101));
        continuing {
            let _e105 = local;
            local = (_e105 + 1i);
        }
    }
    let _e108 = sum;
    let _e112 = amp_params[3].z;
    let _e118 = amp_params[3].w;
    amp_view3_[((_e112 + (bitcast<u32>(_e42.x) * _e118)) + bitcast<u32>(_e42.y))] = _e108;
    return;
}
