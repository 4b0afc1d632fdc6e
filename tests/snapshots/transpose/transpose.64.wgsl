// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<f32>;
var<workgroup> t1_: array<array<f32, 16>, 16>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[3].w;
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
    var local: i32;
    var local_1: i32;
    var local_2: bool;
    var local_3: i32;
    var local_4: i32;

    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        amp_report_fault();
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
    let _e38 = vec2<i32>(_e27, _e33);
    let _e43 = amp_params[3].y;
    let _e48 = amp_params[3].z;
    let _e50 = vec2<i32>(bitcast<i32>(_e43), bitcast<i32>(_e48));
    let _e60 = amp_params[1].y;
    let _e62 = bitcast<u32>(_e35.x);
    let _e66 = amp_params[0].w;
    let _e71 = amp_params[1].z;
    let _e75 = bitcast<u32>(_e35.y);
    let _e79 = amp_params[1].x;
    let _e81 = ((_e62 < _e66) && (_e75 < _e79));
    let _e86 = amp_params[1].w;
    let _e90 = amp_view1_[select(_e86, ((_e60 + (_e62 * _e71)) + _e75), _e81)];
    let _e97 = amp_fault_site;
    amp_fault_site = select(1u, _e97, _e81);
    let _e99 = amp_fault_index[0];
    amp_fault_index[0] = select(_e62, _e99, _e81);
    let _e101 = amp_fault_index[1];
    amp_fault_index[1] = select(_e75, _e101, _e81);
    t1_[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = _e90;
    workgroupBarrier();
    let _e109 = (vec2<i32>(_e38.y, _e38.x) + _e36);
    let _e118 = t1_[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)];
    let _e122 = amp_params[2].z;
    let _e124 = bitcast<u32>(_e109.x);
    let _e128 = amp_params[2].x;
    let _e133 = amp_params[2].w;
    let _e137 = bitcast<u32>(_e109.y);
    let _e141 = amp_params[2].y;
    let _e143 = ((_e124 < _e128) && (_e137 < _e141));
    if _e143 {
        amp_view2_[((_e122 + (_e124 * _e133)) + _e137)] = _e118;
    }
    let _e153 = amp_fault_site;
    amp_fault_site = select(2u, _e153, _e143);
    let _e155 = amp_fault_index[0];
    amp_fault_index[0] = select(_e124, _e155, _e143);
    let _e157 = amp_fault_index[1];
    amp_fault_index[1] = select(_e137, _e157, _e143);
    let _e162 = amp_params[0].w;
    let _e167 = amp_params[1].x;
    let _e174 = amp_params[0].w;
    let _e179 = amp_params[1].x;
    let _e187 = (_e35.x == (_e50.x - 1i));
    let _e192 = (_e35.y == (_e50.y - 1i));
    if (_e192 || _e187) {
        if _e192 {
            local = _e50.y;
            loop {
                let _e197 = local;
                if (_e197 < vec2<i32>(bitcast<i32>(_e174), bitcast<i32>(_e179)).y) {
                } else {
                    break;
                }
                let _e199 = local;
                let _e200 = vec2<i32>(_e199, _e35.x);
                let _e201 = vec2<i32>(_e35.x, _e199);
                let _e205 = amp_params[1].y;
                let _e207 = bitcast<u32>(_e201.x);
                let _e211 = amp_params[0].w;
                let _e216 = amp_params[1].z;
                let _e220 = bitcast<u32>(_e201.y);
                let _e224 = amp_params[1].x;
                let _e226 = ((_e207 < _e211) && (_e220 < _e224));
                let _e231 = amp_params[1].w;
                let _e235 = amp_view1_[select(_e231, ((_e205 + (_e207 * _e216)) + _e220), _e226)];
                let _e242 = amp_fault_site;
                amp_fault_site = select(3u, _e242, _e226);
                let _e244 = amp_fault_index[0];
                amp_fault_index[0] = select(_e207, _e244, _e226);
                let _e246 = amp_fault_index[1];
                amp_fault_index[1] = select(_e220, _e246, _e226);
                let _e251 = amp_params[2].z;
                let _e253 = bitcast<u32>(_e200.x);
                let _e257 = amp_params[2].x;
                let _e262 = amp_params[2].w;
                let _e266 = bitcast<u32>(_e200.y);
                let _e270 = amp_params[2].y;
                let _e272 = ((_e253 < _e257) && (_e266 < _e270));
                if _e272 {
                    amp_view2_[((_e251 + (_e253 * _e262)) + _e266)] = _e235;
                }
                let _e282 = amp_fault_site;
                amp_fault_site = select(4u, _e282, _e272);
                let _e284 = amp_fault_index[0];
                amp_fault_index[0] = select(_e253, _e284, _e272);
                let _e286 = amp_fault_index[1];
                amp_fault_index[1] = select(_e266, _e286, _e272);
                continuing {
                    let _e288 = local;
                    local = (_e288 + 1i);
                }
            }
        }
        if _e187 {
            local_1 = _e50.x;
            loop {
                let _e294 = local_1;
                if (_e294 < vec2<i32>(bitcast<i32>(_e162), bitcast<i32>(_e167)).x) {
                } else {
                    break;
                }
                let _e296 = local_1;
                let _e297 = vec2<i32>(_e35.y, _e296);
                let _e298 = vec2<i32>(_e296, _e35.y);
                let _e302 = amp_params[1].y;
                let _e304 = bitcast<u32>(_e298.x);
                let _e308 = amp_params[0].w;
                let _e313 = amp_params[1].z;
                let _e317 = bitcast<u32>(_e298.y);
                let _e321 = amp_params[1].x;
                let _e323 = ((_e304 < _e308) && (_e317 < _e321));
                let _e328 = amp_params[1].w;
                let _e332 = amp_view1_[select(_e328, ((_e302 + (_e304 * _e313)) + _e317), _e323)];
                let _e339 = amp_fault_site;
                amp_fault_site = select(5u, _e339, _e323);
                let _e341 = amp_fault_index[0];
                amp_fault_index[0] = select(_e304, _e341, _e323);
                let _e343 = amp_fault_index[1];
                amp_fault_index[1] = select(_e317, _e343, _e323);
                let _e348 = amp_params[2].z;
                let _e350 = bitcast<u32>(_e297.x);
                let _e354 = amp_params[2].x;
                let _e359 = amp_params[2].w;
                let _e363 = bitcast<u32>(_e297.y);
                let _e367 = amp_params[2].y;
                let _e369 = ((_e350 < _e354) && (_e363 < _e367));
                if _e369 {
                    amp_view2_[((_e348 + (_e350 * _e359)) + _e363)] = _e332;
                }
                let _e379 = amp_fault_site;
                amp_fault_site = select(6u, _e379, _e369);
                let _e381 = amp_fault_index[0];
                amp_fault_index[0] = select(_e350, _e381, _e369);
                let _e383 = amp_fault_index[1];
                amp_fault_index[1] = select(_e363, _e383, _e369);
                continuing {
                    let _e385 = local_1;
                    local_1 = (_e385 + 1i);
                }
            }
        }
        local_2 = _e187;
        if _e187 {
            local_2 = _e192;
        }
        let _e389 = local_2;
        if _e389 {
            local_3 = _e50.x;
            loop {
                let _e392 = local_3;
                if (_e392 < vec2<i32>(bitcast<i32>(_e162), bitcast<i32>(_e167)).x) {
                } else {
                    break;
                }
                let _e394 = local_3;
                local_4 = _e50.y;
                loop {
                    let _e397 = local_4;
                    if (_e397 < vec2<i32>(bitcast<i32>(_e174), bitcast<i32>(_e179)).y) {
                    } else {
                        break;
                    }
                    let _e399 = local_4;
                    let _e400 = vec2<i32>(_e399, _e394);
                    let _e401 = vec2<i32>(_e394, _e399);
                    let _e405 = amp_params[1].y;
                    let _e407 = bitcast<u32>(_e401.x);
                    let _e411 = amp_params[0].w;
                    let _e416 = amp_params[1].z;
                    let _e420 = bitcast<u32>(_e401.y);
                    let _e424 = amp_params[1].x;
                    let _e426 = ((_e407 < _e411) && (_e420 < _e424));
                    let _e431 = amp_params[1].w;
                    let _e435 = amp_view1_[select(_e431, ((_e405 + (_e407 * _e416)) + _e420), _e426)];
                    let _e442 = amp_fault_site;
                    amp_fault_site = select(7u, _e442, _e426);
                    let _e444 = amp_fault_index[0];
                    amp_fault_index[0] = select(_e407, _e444, _e426);
                    let _e446 = amp_fault_index[1];
                    amp_fault_index[1] = select(_e420, _e446, _e426);
                    let _e451 = amp_params[2].z;
                    let _e453 = bitcast<u32>(_e400.x);
                    let _e457 = amp_params[2].x;
                    let _e462 = amp_params[2].w;
                    let _e466 = bitcast<u32>(_e400.y);
                    let _e470 = amp_params[2].y;
                    let _e472 = ((_e453 < _e457) && (_e466 < _e470));
                    if _e472 {
                        amp_view2_[((_e451 + (_e453 * _e462)) + _e466)] = _e435;
                    }
                    let _e482 = amp_fault_site;
                    amp_fault_site = select(8u, _e482, _e472);
                    let _e484 = amp_fault_index[0];
                    amp_fault_index[0] = select(_e453, _e484, _e472);
                    let _e486 = amp_fault_index[1];
                    amp_fault_index[1] = select(_e466, _e486, _e472);
                    continuing {
                        let _e488 = local_4;
                        local_4 = (_e488 + 1i);
                    }
                }
                continuing {
                    let _e491 = local_3;
                    local_3 = (_e491 + 1i);
                }
            }
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
var<storage, read_write> amp_view2_: array<f32>;
var<workgroup> t1_: array<array<f32, 16>, 16>;

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var local: i32;
    var local_1: i32;
    var local_2: bool;
    var local_3: i32;
    var local_4: i32;

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
    let _e38 = vec2<i32>(_e27, _e33);
    let _e43 = amp_params[3].y;
    let _e48 = amp_params[3].z;
    let _e50 = vec2<i32>(bitcast<i32>(_e43), bitcast<i32>(_e48));
    let _e59 = amp_params[1].y;
    let _e65 = amp_params[1].z;
    let _e73 = amp_view1_[((_e59 + (bitcast<u32>(_e35.x) * _e65)) + bitcast<u32>(_e35.y))];
    t1_[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = _e73;
    workgroupBarrier();
    let _e79 = (vec2<i32>(_e38.y, _e38.x) + _e36);
    let _e86 = t1_[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)];
    let _e90 = amp_params[2].z;
    let _e96 = amp_params[2].w;
    amp_view2_[((_e90 + (bitcast<u32>(_e79.x) * _e96)) + bitcast<u32>(_e79.y))] = _e86;
    let _e107 = amp_params[0].w;
    let _e112 = amp_params[1].x;
    let _e119 = amp_params[0].w;
    let _e124 = amp_params[1].x;
    let _e132 = (_e35.x == (_e50.x - 1i));
    let _e137 = (_e35.y == (_e50.y - 1i));
    if (_e137 || _e132) {
        if _e137 {
            local = _e50.y;
            loop {
                let _e142 = local;
                if (_e142 < vec2<i32>(bitcast<i32>(_e119), bitcast<i32>(_e124)).y) {
                } else {
                    break;
                }
                let _e144 = local;
                let _e145 = vec2<i32>(_e144, _e35.x);
                let _e146 = vec2<i32>(_e35.x, _e144);
                let _e150 = amp_params[1].y;
                let _e156 = amp_params[1].z;
                let _e164 = amp_view1_[((_e150 + (bitcast<u32>(_e146.x) * _e156)) + bitcast<u32>(_e146.y))];
                let _e168 = amp_params[2].z;
                let _e174 = amp_params[2].w;
                amp_view2_[((_e168 + (bitcast<u32>(_e145.x) * _e174)) + bitcast<u32>(_e145.y))] = _e164;
                continuing {
                    let _e182 = local;
                    local = (_e182 + 1i);
                }
            }
        }
        if _e132 {
            local_1 = _e50.x;
            loop {
                let _e188 = local_1;
                if (_e188 < vec2<i32>(bitcast<i32>(_e107), bitcast<i32>(_e112)).x) {
                } else {
                    break;
                }
                let _e190 = local_1;
                let _e191 = vec2<i32>(_e35.y, _e190);
                let _e192 = vec2<i32>(_e190, _e35.y);
                let _e196 = amp_params[1].y;
                let _e202 = amp_params[1].z;
                let _e210 = amp_view1_[((_e196 + (bitcast<u32>(_e192.x) * _e202)) + bitcast<u32>(_e192.y))];
                let _e214 = amp_params[2].z;
                let _e220 = amp_params[2].w;
                amp_view2_[((_e214 + (bitcast<u32>(_e191.x) * _e220)) + bitcast<u32>(_e191.y))] = _e210;
                continuing {
                    let _e228 = local_1;
                    local_1 = (_e228 + 1i);
                }
            }
        }
        local_2 = _e132;
        if _e132 {
            local_2 = _e137;
        }
        let _e232 = local_2;
        if _e232 {
            local_3 = _e50.x;
            loop {
                let _e235 = local_3;
                if (_e235 < vec2<i32>(bitcast<i32>(_e107), bitcast<i32>(_e112)).x) {
                } else {
                    break;
                }
                let _e237 = local_3;
                local_4 = _e50.y;
                loop {
                    let _e240 = local_4;
                    if (_e240 < vec2<i32>(bitcast<i32>(_e119), bitcast<i32>(_e124)).y) {
                    } else {
                        break;
                    }
                    let _e242 = local_4;
                    let _e243 = vec2<i32>(_e242, _e237);
                    let _e244 = vec2<i32>(_e237, _e242);
                    let _e248 = amp_params[1].y;
                    let _e254 = amp_params[1].z;
                    let _e262 = amp_view1_[((_e248 + (bitcast<u32>(_e244.x) * _e254)) + bitcast<u32>(_e244.y))];
                    let _e266 = amp_params[2].z;
                    let _e272 = amp_params[2].w;
                    amp_view2_[((_e266 + (bitcast<u32>(_e243.x) * _e272)) + bitcast<u32>(_e243.y))] = _e262;
                    continuing {
                        let _e280 = local_4;
                        local_4 = (_e280 + 1i);
                    }
                }
                continuing {
                    let _e283 = local_3;
                    local_3 = (_e283 + 1i);
                }
            }
        }
    }
    return;
}
