// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<atomic<u32>>;
@group(0) @binding(2) 
var<storage, read_write> amp_faults: array<atomic<u32>>;

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_index) param: u32, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var local: u32;
    var local_1: u32;
    var local_2: u32;
    var local_3: u32;

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
    let _e29 = amp_params[1].y;
    if ((_e25 % 2i) == 0i) {
        let _e57 = amp_params[1].x;
        let _e58 = bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u)));
        let _e62 = amp_params[0].w;
        let _e63 = (_e58 < _e62);
        if _e63 {
            let _e70 = atomicAdd((&amp_view1_[(_e57 + select(0u, _e58, _e63))]), ((1u & 255u) << (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
            local = _e70;
        } else {
            let _e74 = atomicExchange((&amp_faults[0]), 1u);
            if (_e74 == 0u) {
                let _e80 = amp_params[1].z;
                atomicStore((&amp_faults[1]), _e80);
                atomicStore((&amp_faults[2]), 1u);
                atomicStore((&amp_faults[3]), _e58);
                atomicStore((&amp_faults[11]), _e62);
            }
        }
        let _e113 = amp_params[1].x;
        let _e114 = bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u)));
        let _e118 = amp_params[0].w;
        let _e119 = (_e114 < _e118);
        if _e119 {
            let _e126 = atomicAdd((&amp_view1_[(_e113 + select(0u, _e114, _e119))]), ((_e29 & 255u) << (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
            local_1 = _e126;
        } else {
            let _e130 = atomicExchange((&amp_faults[0]), 1u);
            if (_e130 == 0u) {
                let _e136 = amp_params[1].z;
                atomicStore((&amp_faults[1]), _e136);
                atomicStore((&amp_faults[2]), 2u);
                atomicStore((&amp_faults[3]), _e114);
                atomicStore((&amp_faults[11]), _e118);
            }
        }
    } else {
        let _e163 = amp_params[1].x;
        let _e164 = bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u)));
        let _e168 = amp_params[0].w;
        let _e169 = (_e164 < _e168);
        let _e175 = atomicLoad((&amp_view1_[(_e163 + select(0u, _e164, _e169))]));
        if _e169 {
        } else {
            let _e181 = atomicExchange((&amp_faults[0]), 1u);
            if (_e181 == 0u) {
                let _e187 = amp_params[1].z;
                atomicStore((&amp_faults[1]), _e187);
                atomicStore((&amp_faults[2]), 3u);
                atomicStore((&amp_faults[3]), _e164);
                atomicStore((&amp_faults[11]), _e168);
            }
        }
        let _e209 = (_e25 >> (bitcast<u32>(2u) & 31u));
        let _e217 = (u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u));
        let _e221 = amp_params[1].x;
        let _e222 = bitcast<u32>(_e209);
        let _e226 = amp_params[0].w;
        let _e227 = (_e222 < _e226);
        let _e233 = atomicLoad((&amp_view1_[(_e221 + select(0u, _e222, _e227))]));
        if _e227 {
        } else {
            let _e239 = atomicExchange((&amp_faults[0]), 1u);
            if (_e239 == 0u) {
                let _e245 = amp_params[1].z;
                atomicStore((&amp_faults[1]), _e245);
                atomicStore((&amp_faults[2]), 4u);
                atomicStore((&amp_faults[3]), _e222);
                atomicStore((&amp_faults[11]), _e226);
            }
        }
        let _e264 = amp_params[1].x;
        let _e265 = bitcast<u32>(_e209);
        let _e269 = amp_params[0].w;
        let _e270 = (_e265 < _e269);
        if _e270 {
            let _e277 = atomicXor((&amp_view1_[(_e264 + select(0u, _e265, _e270))]), (select(u32(), _e233, _e227) & (255u << (bitcast<u32>(_e217) & 31u))));
            local_2 = _e277;
        } else {
            let _e281 = atomicExchange((&amp_faults[0]), 1u);
            if (_e281 == 0u) {
                let _e287 = amp_params[1].z;
                atomicStore((&amp_faults[1]), _e287);
                atomicStore((&amp_faults[2]), 5u);
                atomicStore((&amp_faults[3]), _e265);
                atomicStore((&amp_faults[11]), _e269);
            }
        }
        let _e307 = amp_params[1].x;
        let _e308 = bitcast<u32>(_e209);
        let _e312 = amp_params[0].w;
        let _e313 = (_e308 < _e312);
        if _e313 {
            let _e320 = atomicXor((&amp_view1_[(_e307 + select(0u, _e308, _e313))]), (((255u - ((select(u32(), _e175, _e169) >> (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)) & 255u)) & 255u) << (bitcast<u32>(_e217) & 31u)));
            local_3 = _e320;
        } else {
            let _e324 = atomicExchange((&amp_faults[0]), 1u);
            if (_e324 == 0u) {
                let _e330 = amp_params[1].z;
                atomicStore((&amp_faults[1]), _e330);
                atomicStore((&amp_faults[2]), 6u);
                atomicStore((&amp_faults[3]), _e308);
                atomicStore((&amp_faults[11]), _e312);
            }
        }
    }
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<atomic<u32>>;

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
    let _e29 = amp_params[1].y;
    if ((_e25 % 2i) == 0i) {
        let _e57 = amp_params[1].x;
        let _e62 = atomicAdd((&amp_view1_[(_e57 + bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u))))]), ((1u & 255u) << (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
        let _e85 = amp_params[1].x;
        let _e90 = atomicAdd((&amp_view1_[(_e85 + bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u))))]), ((_e29 & 255u) << (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
    } else {
        let _e107 = amp_params[1].x;
        let _e112 = atomicLoad((&amp_view1_[(_e107 + bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u))))]));
        let _e125 = (_e25 >> (bitcast<u32>(2u) & 31u));
        let _e133 = (u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u));
        let _e137 = amp_params[1].x;
        let _e142 = atomicLoad((&amp_view1_[(_e137 + bitcast<u32>(_e125))]));
        let _e152 = amp_params[1].x;
        let _e157 = atomicXor((&amp_view1_[(_e152 + bitcast<u32>(_e125))]), (_e142 & (255u << (bitcast<u32>(_e133) & 31u))));
        let _e167 = amp_params[1].x;
        let _e172 = atomicXor((&amp_view1_[(_e167 + bitcast<u32>(_e125))]), (((255u - ((_e112 >> (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)) & 255u)) & 255u) << (bitcast<u32>(_e133) & 31u)));
    }
    return;
}
