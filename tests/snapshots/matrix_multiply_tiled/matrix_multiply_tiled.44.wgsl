// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage, read_write> amp_view3_: array<i32>;
var<workgroup> loc_a: array<array<i32, 16>, 16>;
var<workgroup> loc_b: array<array<i32, 16>, 16>;
@group(0) @binding(4) 
var<storage, read_write> amp_faults: array<atomic<u32>>;

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var sum: i32;
    var local: i32;
    var local_1: i32;

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
    let _e36 = vec2<i32>(_e25, _e31);
    sum = 0i;
    let _e50 = amp_params[0].w;
    let _e55 = amp_params[1].x;
    local = 0i;
    loop {
        let _e61 = local;
        if (_e61 < vec2<i32>(bitcast<i32>(_e50), bitcast<i32>(_e55)).y) {
        } else {
            break;
        }
        let _e63 = local;
        let _e69 = vec2<i32>(_e35.x, (_e36.y + _e63));
        let _e73 = amp_params[1].y;
        let _e75 = bitcast<u32>(_e69.x);
        let _e79 = amp_params[0].w;
        let _e80 = (_e75 < _e79);
        let _e86 = amp_params[1].z;
        let _e90 = bitcast<u32>(_e69.y);
        let _e94 = amp_params[1].x;
        let _e95 = (_e90 < _e94);
        let _e96 = (_e80 && _e95);
        let _e102 = amp_view1_[((_e73 + (select(0u, _e75, _e80) * _e86)) + select(0u, _e90, _e95))];
        if _e96 {
        } else {
            let _e108 = atomicExchange((&amp_faults[0]), 1u);
            if (_e108 == 0u) {
                let _e114 = amp_params[3].w;
                atomicStore((&amp_faults[1]), _e114);
                atomicStore((&amp_faults[2]), 1u);
                atomicStore((&amp_faults[3]), _e75);
                atomicStore((&amp_faults[11]), _e79);
                atomicStore((&amp_faults[4]), _e90);
                atomicStore((&amp_faults[12]), _e94);
            }
        }
        loc_a[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)] = select(i32(), _e102, _e96);
        let _e136 = vec2<i32>((_e36.x + _e63), _e35.y);
        let _e140 = amp_params[2].y;
        let _e142 = bitcast<u32>(_e136.x);
        let _e146 = amp_params[1].w;
        let _e147 = (_e142 < _e146);
        let _e153 = amp_params[2].z;
        let _e157 = bitcast<u32>(_e136.y);
        let _e161 = amp_params[2].x;
        let _e162 = (_e157 < _e161);
        let _e163 = (_e147 && _e162);
        let _e169 = amp_view2_[((_e140 + (select(0u, _e142, _e147) * _e153)) + select(0u, _e157, _e162))];
        if _e163 {
        } else {
            let _e175 = atomicExchange((&amp_faults[0]), 1u);
            if (_e175 == 0u) {
                let _e181 = amp_params[3].w;
                atomicStore((&amp_faults[1]), _e181);
                atomicStore((&amp_faults[2]), 2u);
                atomicStore((&amp_faults[3]), _e142);
                atomicStore((&amp_faults[11]), _e146);
                atomicStore((&amp_faults[4]), _e157);
                atomicStore((&amp_faults[12]), _e161);
            }
        }
        loc_b[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)] = select(i32(), _e169, _e163);
        workgroupBarrier();
        local_1 = 0i;
        loop {
            let _e201 = local_1;
            if (_e201 < 16i) {
            } else {
                break;
            }
            let _e203 = local_1;
            let _e210 = loc_a[bitcast<u32>(_e36.x)][bitcast<u32>(_e203)];
            let _e217 = loc_b[bitcast<u32>(_e203)][bitcast<u32>(_e36.y)];
            let _e219 = sum;
            sum = (_e219 + (_e210 * _e217));
            continuing {
                let _e221 = local_1;
                local_1 = (_e221 + 1i);
            }
        }
        workgroupBarrier();
        continuing {
            let _e224 = local;
            let _e226 = max(16u, 1u);
            local = (_e224 + bitcast<i32>(_e226));
            break if (bitcast<u32>((vec2<i32>(bitcast<i32>(_e50), bitcast<i32>(_e55)).y - _e224)) <= _e226);
        }
    }
    let _e232 = sum;
    let _e236 = amp_params[3].y;
    let _e238 = bitcast<u32>(_e35.x);
    let _e242 = amp_params[2].w;
    let _e243 = (_e238 < _e242);
    let _e249 = amp_params[3].z;
    let _e253 = bitcast<u32>(_e35.y);
    let _e257 = amp_params[3].x;
    let _e258 = (_e253 < _e257);
    if (_e243 && _e258) {
        amp_view3_[((_e236 + (select(0u, _e238, _e243) * _e249)) + select(0u, _e253, _e258))] = _e232;
    } else {
        let _e268 = atomicExchange((&amp_faults[0]), 1u);
        if (_e268 == 0u) {
            let _e274 = amp_params[3].w;
            atomicStore((&amp_faults[1]), _e274);
            atomicStore((&amp_faults[2]), 3u);
            atomicStore((&amp_faults[3]), _e238);
            atomicStore((&amp_faults[11]), _e242);
            atomicStore((&amp_faults[4]), _e253);
            atomicStore((&amp_faults[12]), _e257);
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
var<workgroup> loc_a: array<array<i32, 16>, 16>;
var<workgroup> loc_b: array<array<i32, 16>, 16>;

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var sum: i32;
    var local: i32;
    var local_1: i32;

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
    let _e36 = vec2<i32>(_e25, _e31);
    sum = 0i;
    let _e50 = amp_params[0].w;
    let _e55 = amp_params[1].x;
    local = 0i;
    loop {
        let _e61 = local;
        if (_e61 < vec2<i32>(bitcast<i32>(_e50), bitcast<i32>(_e55)).y) {
        } else {
            break;
        }
        let _e63 = local;
        let _e68 = vec2<i32>(_e35.x, (_e36.y + _e63));
        let _e72 = amp_params[1].y;
        let _e78 = amp_params[1].z;
        let _e86 = amp_view1_[((_e72 + (bitcast<u32>(_e68.x) * _e78)) + bitcast<u32>(_e68.y))];
        loc_a[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)] = _e86;
        let _e93 = vec2<i32>((_e36.x + _e63), _e35.y);
        let _e97 = amp_params[2].y;
        let _e103 = amp_params[2].z;
        let _e111 = amp_view2_[((_e97 + (bitcast<u32>(_e93.x) * _e103)) + bitcast<u32>(_e93.y))];
        loc_b[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)] = _e111;
        workgroupBarrier();
        local_1 = 0i;
        loop {
            let _e117 = local_1;
            if (_e117 < 16i) {
            } else {
                break;
            }
            let _e119 = local_1;
            let _e124 = loc_a[bitcast<u32>(_e36.x)][bitcast<u32>(_e119)];
            let _e129 = loc_b[bitcast<u32>(_e119)][bitcast<u32>(_e36.y)];
            let _e131 = sum;
            sum = (_e131 + (_e124 * _e129));
            continuing {
                let _e133 = local_1;
                local_1 = (_e133 + 1i);
            }
        }
        workgroupBarrier();
        continuing {
            let _e136 = local;
            let _e138 = max(16u, 1u);
            local = (_e136 + bitcast<i32>(_e138));
            break if (bitcast<u32>((vec2<i32>(bitcast<i32>(_e50), bitcast<i32>(_e55)).y - _e136)) <= _e138);
        }
    }
    let _e144 = sum;
    let _e148 = amp_params[3].y;
    let _e154 = amp_params[3].z;
    amp_view3_[((_e148 + (bitcast<u32>(_e35.x) * _e154)) + bitcast<u32>(_e35.y))] = _e144;
    return;
}
