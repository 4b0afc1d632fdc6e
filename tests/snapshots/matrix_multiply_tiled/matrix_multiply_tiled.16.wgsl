// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
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
    let _e20 = amp_params[0].z;
    let _e23 = bitcast<i32>((_e11 / _e20));
    let _e25 = bitcast<i32>(param.y);
    let _e27 = (_e23 * 16i);
    let _e29 = bitcast<i32>((_e11 % _e20));
    let _e31 = bitcast<i32>(param.x);
    let _e33 = (_e29 * 16i);
    let _e35 = vec2<i32>((_e27 + _e25), (_e33 + _e31));
    sum = 0i;
    let _e48 = amp_params[0].w;
    let _e53 = amp_params[1].x;
    local = 0i;
    loop {
        let _e58 = local;
        if (_e58 < vec2<i32>(bitcast<i32>(_e48), bitcast<i32>(_e53)).x) {
        } else {
            break;
        }
        let _e60 = local;
        let _e61 = vec2<i32>(_e35.x, _e60);
        let _e65 = amp_params[2].y;
        let _e67 = bitcast<u32>(_e61.x);
        let _e71 = amp_params[1].w;
        let _e72 = (_e67 < _e71);
        let _e78 = amp_params[2].z;
        let _e82 = bitcast<u32>(_e61.y);
        let _e86 = amp_params[2].x;
        let _e87 = (_e82 < _e86);
        let _e88 = (_e72 && _e87);
        let _e94 = amp_view2_[((_e65 + (select(0u, _e67, _e72) * _e78)) + select(0u, _e82, _e87))];
        if _e88 {
        } else {
            let _e100 = atomicExchange((&amp_faults[0]), 1u);
            if (_e100 == 0u) {
                let _e106 = amp_params[3].w;
                atomicStore((&amp_faults[1]), _e106);
                atomicStore((&amp_faults[2]), 1u);
                atomicStore((&amp_faults[3]), _e67);
                atomicStore((&amp_faults[11]), _e71);
                atomicStore((&amp_faults[4]), _e82);
                atomicStore((&amp_faults[12]), _e86);
            }
        }
        let _e120 = vec2<i32>(_e60, _e35.y);
        let _e124 = amp_params[1].y;
        let _e126 = bitcast<u32>(_e120.x);
        let _e130 = amp_params[0].w;
        let _e131 = (_e126 < _e130);
        let _e137 = amp_params[1].z;
        let _e141 = bitcast<u32>(_e120.y);
        let _e145 = amp_params[1].x;
        let _e146 = (_e141 < _e145);
        let _e147 = (_e131 && _e146);
        let _e153 = amp_view1_[((_e124 + (select(0u, _e126, _e131) * _e137)) + select(0u, _e141, _e146))];
        if _e147 {
        } else {
            let _e159 = atomicExchange((&amp_faults[0]), 1u);
            if (_e159 == 0u) {
                let _e165 = amp_params[3].w;
                atomicStore((&amp_faults[1]), _e165);
                atomicStore((&amp_faults[2]), 2u);
                atomicStore((&amp_faults[3]), _e126);
                atomicStore((&amp_faults[11]), _e130);
                atomicStore((&amp_faults[4]), _e141);
                atomicStore((&amp_faults[12]), _e145);
            }
        }
        let _e180 = sum;
        sum = (_e180 + (select(i32(), _e94, _e88) * select(i32(), _e153, _e147)));
        continuing {
            let _e182 = local;
            local = (_e182 + 1i);
        }
    }
    let _e185 = sum;
    let _e189 = amp_params[3].y;
    let _e191 = bitcast<u32>(_e35.x);
    let _e195 = amp_params[2].w;
    let _e196 = (_e191 < _e195);
    let _e202 = amp_params[3].z;
    let _e206 = bitcast<u32>(_e35.y);
    let _e210 = amp_params[3].x;
    let _e211 = (_e206 < _e210);
    if (_e196 && _e211) {
        amp_view3_[((_e189 + (select(0u, _e191, _e196) * _e202)) + select(0u, _e206, _e211))] = _e185;
    } else {
        let _e221 = atomicExchange((&amp_faults[0]), 1u);
        if (_e221 == 0u) {
            let _e227 = amp_params[3].w;
            atomicStore((&amp_faults[1]), _e227);
            atomicStore((&amp_faults[2]), 3u);
            atomicStore((&amp_faults[3]), _e191);
            atomicStore((&amp_faults[11]), _e195);
            atomicStore((&amp_faults[4]), _e206);
            atomicStore((&amp_faults[12]), _e210);
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
    let _e20 = amp_params[0].z;
    let _e23 = bitcast<i32>((_e11 / _e20));
    let _e25 = bitcast<i32>(param.y);
    let _e27 = (_e23 * 16i);
    let _e29 = bitcast<i32>((_e11 % _e20));
    let _e31 = bitcast<i32>(param.x);
    let _e33 = (_e29 * 16i);
    let _e35 = vec2<i32>((_e27 + _e25), (_e33 + _e31));
    sum = 0i;
    let _e48 = amp_params[0].w;
    let _e53 = amp_params[1].x;
    local = 0i;
    loop {
        let _e58 = local;
        if (_e58 < vec2<i32>(bitcast<i32>(_e48), bitcast<i32>(_e53)).x) {
        } else {
            break;
        }
        let _e60 = local;
        let _e61 = vec2<i32>(_e35.x, _e60);
        let _e65 = amp_params[2].y;
        let _e71 = amp_params[2].z;
        let _e79 = amp_view2_[((_e65 + (bitcast<u32>(_e61.x) * _e71)) + bitcast<u32>(_e61.y))];
        let _e80 = vec2<i32>(_e60, _e35.y);
        let _e84 = amp_params[1].y;
        let _e90 = amp_params[1].z;
        let _e98 = amp_view1_[((_e84 + (bitcast<u32>(_e80.x) * _e90)) + bitcast<u32>(_e80.y))];
        let _e100 = sum;
        sum = (_e100 + (_e79 * _e98));
        continuing {
            let _e102 = local;
            local = (_e102 + 1i);
        }
    }
    let _e105 = sum;
    let _e109 = amp_params[3].y;
    let _e115 = amp_params[3].z;
    amp_view3_[((_e109 + (bitcast<u32>(_e35.x) * _e115)) + bitcast<u32>(_e35.y))] = _e105;
    return;
}
