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
    let _e43 = amp_params[2].w;
    let _e48 = amp_params[3].x;
    let _e50 = vec2<i32>(bitcast<i32>(_e43), bitcast<i32>(_e48));
    let _e60 = amp_params[1].y;
    let _e62 = bitcast<u32>(_e35.x);
    let _e66 = amp_params[0].w;
    let _e67 = (_e62 < _e66);
    let _e73 = amp_params[1].z;
    let _e77 = bitcast<u32>(_e35.y);
    let _e81 = amp_params[1].x;
    let _e82 = (_e77 < _e81);
    let _e83 = (_e67 && _e82);
    let _e89 = amp_view1_[((_e60 + (select(0u, _e62, _e67) * _e73)) + select(0u, _e77, _e82))];
    if _e83 {
    } else {
        let _e95 = atomicExchange((&amp_faults[0]), 1u);
        if (_e95 == 0u) {
            let _e101 = amp_params[3].y;
            atomicStore((&amp_faults[1]), _e101);
            atomicStore((&amp_faults[2]), 1u);
            atomicStore((&amp_faults[3]), _e62);
            atomicStore((&amp_faults[11]), _e66);
            atomicStore((&amp_faults[4]), _e77);
            atomicStore((&amp_faults[12]), _e81);
        }
    }
    t1_[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = select(f32(), _e89, _e83);
    workgroupBarrier();
    let _e121 = (vec2<i32>(_e38.y, _e38.x) + _e36);
    let _e130 = t1_[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)];
    let _e134 = amp_params[2].y;
    let _e136 = bitcast<u32>(_e121.x);
    let _e140 = amp_params[1].w;
    let _e141 = (_e136 < _e140);
    let _e147 = amp_params[2].z;
    let _e151 = bitcast<u32>(_e121.y);
    let _e155 = amp_params[2].x;
    let _e156 = (_e151 < _e155);
    if (_e141 && _e156) {
        amp_view2_[((_e134 + (select(0u, _e136, _e141) * _e147)) + select(0u, _e151, _e156))] = _e130;
    } else {
        let _e166 = atomicExchange((&amp_faults[0]), 1u);
        if (_e166 == 0u) {
            let _e172 = amp_params[3].y;
            atomicStore((&amp_faults[1]), _e172);
            atomicStore((&amp_faults[2]), 2u);
            atomicStore((&amp_faults[3]), _e136);
            atomicStore((&amp_faults[11]), _e140);
            atomicStore((&amp_faults[4]), _e151);
            atomicStore((&amp_faults[12]), _e155);
        }
    }
    let _e189 = amp_params[0].w;
    let _e194 = amp_params[1].x;
    let _e201 = amp_params[0].w;
    let _e206 = amp_params[1].x;
    let _e214 = (_e35.x == (_e50.x - 1i));
    let _e219 = (_e35.y == (_e50.y - 1i));
    if (_e219 || _e214) {
        if _e219 {
            local = _e50.y;
            loop {
                let _e224 = local;
                if (_e224 < vec2<i32>(bitcast<i32>(_e201), bitcast<i32>(_e206)).y) {
                } else {
                    break;
                }
                let _e226 = local;
                let _e227 = vec2<i32>(_e226, _e35.x);
                let _e228 = vec2<i32>(_e35.x, _e226);
                let _e232 = amp_params[1].y;
                let _e234 = bitcast<u32>(_e228.x);
                let _e238 = amp_params[0].w;
                let _e239 = (_e234 < _e238);
                let _e245 = amp_params[1].z;
                let _e249 = bitcast<u32>(_e228.y);
                let _e253 = amp_params[1].x;
                let _e254 = (_e249 < _e253);
                let _e255 = (_e239 && _e254);
                let _e261 = amp_view1_[((_e232 + (select(0u, _e234, _e239) * _e245)) + select(0u, _e249, _e254))];
                if _e255 {
                } else {
                    let _e267 = atomicExchange((&amp_faults[0]), 1u);
                    if (_e267 == 0u) {
                        let _e273 = amp_params[3].y;
                        atomicStore((&amp_faults[1]), _e273);
                        atomicStore((&amp_faults[2]), 3u);
                        atomicStore((&amp_faults[3]), _e234);
                        atomicStore((&amp_faults[11]), _e238);
                        atomicStore((&amp_faults[4]), _e249);
                        atomicStore((&amp_faults[12]), _e253);
                    }
                }
                let _e290 = amp_params[2].y;
                let _e292 = bitcast<u32>(_e227.x);
                let _e296 = amp_params[1].w;
                let _e297 = (_e292 < _e296);
                let _e303 = amp_params[2].z;
                let _e307 = bitcast<u32>(_e227.y);
                let _e311 = amp_params[2].x;
                let _e312 = (_e307 < _e311);
                if (_e297 && _e312) {
                    amp_view2_[((_e290 + (select(0u, _e292, _e297) * _e303)) + select(0u, _e307, _e312))] = select(f32(), _e261, _e255);
                } else {
                    let _e322 = atomicExchange((&amp_faults[0]), 1u);
                    if (_e322 == 0u) {
                        let _e328 = amp_params[3].y;
                        atomicStore((&amp_faults[1]), _e328);
                        atomicStore((&amp_faults[2]), 4u);
                        atomicStore((&amp_faults[3]), _e292);
                        atomicStore((&amp_faults[11]), _e296);
                        atomicStore((&amp_faults[4]), _e307);
                        atomicStore((&amp_faults[12]), _e311);
                    }
                }
                continuing {
                    let _e342 = local;
                    local = (_e342 + 1i);
                }
            }
        }
        if _e214 {
            local_1 = _e50.x;
            loop {
                let _e348 = local_1;
                if (_e348 < vec2<i32>(bitcast<i32>(_e189), bitcast<i32>(_e194)).x) {
                } else {
                    break;
                }
                let _e350 = local_1;
                let _e351 = vec2<i32>(_e35.y, _e350);
                let _e352 = vec2<i32>(_e350, _e35.y);
                let _e356 = amp_params[1].y;
                let _e358 = bitcast<u32>(_e352.x);
                let _e362 = amp_params[0].w;
                let _e363 = (_e358 < _e362);
                let _e369 = amp_params[1].z;
                let _e373 = bitcast<u32>(_e352.y);
                let _e377 = amp_params[1].x;
                let _e378 = (_e373 < _e377);
                let _e379 = (_e363 && _e378);
                let _e385 = amp_view1_[((_e356 + (select(0u, _e358, _e363) * _e369)) + select(0u, _e373, _e378))];
                if _e379 {
                } else {
                    let _e391 = atomicExchange((&amp_faults[0]), 1u);
                    if (_e391 == 0u) {
                        let _e397 = amp_params[3].y;
                        atomicStore((&amp_faults[1]), _e397);
                        atomicStore((&amp_faults[2]), 5u);
                        atomicStore((&amp_faults[3]), _e358);
                        atomicStore((&amp_faults[11]), _e362);
                        atomicStore((&amp_faults[4]), _e373);
                        atomicStore((&amp_faults[12]), _e377);
                    }
                }
                let _e414 = amp_params[2].y;
                let _e416 = bitcast<u32>(_e351.x);
                let _e420 = amp_params[1].w;
                let _e421 = (_e416 < _e420);
                let _e427 = amp_params[2].z;
                let _e431 = bitcast<u32>(_e351.y);
                let _e435 = amp_params[2].x;
                let _e436 = (_e431 < _e435);
                if (_e421 && _e436) {
                    amp_view2_[((_e414 + (select(0u, _e416, _e421) * _e427)) + select(0u, _e431, _e436))] = select(f32(), _e385, _e379);
                } else {
                    let _e446 = atomicExchange((&amp_faults[0]), 1u);
                    if (_e446 == 0u) {
                        let _e452 = amp_params[3].y;
                        atomicStore((&amp_faults[1]), _e452);
                        atomicStore((&amp_faults[2]), 6u);
                        atomicStore((&amp_faults[3]), _e416);
                        atomicStore((&amp_faults[11]), _e420);
                        atomicStore((&amp_faults[4]), _e431);
                        atomicStore((&amp_faults[12]), _e435);
                    }
                }
                continuing {
                    let _e466 = local_1;
                    local_1 = (_e466 + 1i);
                }
            }
        }
        local_2 = _e214;
        if _e214 {
            local_2 = _e219;
        }
        let _e470 = local_2;
        if _e470 {
            local_3 = _e50.x;
            loop {
                let _e473 = local_3;
                if (_e473 < vec2<i32>(bitcast<i32>(_e189), bitcast<i32>(_e194)).x) {
                } else {
                    break;
                }
                let _e475 = local_3;
                local_4 = _e50.y;
                loop {
                    let _e478 = local_4;
                    if (_e478 < vec2<i32>(bitcast<i32>(_e201), bitcast<i32>(_e206)).y) {
                    } else {
                        break;
                    }
                    let _e480 = local_4;
                    let _e481 = vec2<i32>(_e480, _e475);
                    let _e482 = vec2<i32>(_e475, _e480);
                    let _e486 = amp_params[1].y;
                    let _e488 = bitcast<u32>(_e482.x);
                    let _e492 = amp_params[0].w;
                    let _e493 = (_e488 < _e492);
                    let _e499 = amp_params[1].z;
                    let _e503 = bitcast<u32>(_e482.y);
                    let _e507 = amp_params[1].x;
                    let _e508 = (_e503 < _e507);
                    let _e509 = (_e493 && _e508);
                    let _e515 = amp_view1_[((_e486 + (select(0u, _e488, _e493) * _e499)) + select(0u, _e503, _e508))];
                    if _e509 {
                    } else {
                        let _e521 = atomicExchange((&amp_faults[0]), 1u);
                        if (_e521 == 0u) {
                            let _e527 = amp_params[3].y;
                            atomicStore((&amp_faults[1]), _e527);
                            atomicStore((&amp_faults[2]), 7u);
                            atomicStore((&amp_faults[3]), _e488);
                            atomicStore((&amp_faults[11]), _e492);
                            atomicStore((&amp_faults[4]), _e503);
                            atomicStore((&amp_faults[12]), _e507);
                        }
                    }
                    let _e544 = amp_params[2].y;
                    let _e546 = bitcast<u32>(_e481.x);
                    let _e550 = amp_params[1].w;
                    let _e551 = (_e546 < _e550);
                    let _e557 = amp_params[2].z;
                    let _e561 = bitcast<u32>(_e481.y);
                    let _e565 = amp_params[2].x;
                    let _e566 = (_e561 < _e565);
                    if (_e551 && _e566) {
                        amp_view2_[((_e544 + (select(0u, _e546, _e551) * _e557)) + select(0u, _e561, _e566))] = select(f32(), _e515, _e509);
                    } else {
                        let _e576 = atomicExchange((&amp_faults[0]), 1u);
                        if (_e576 == 0u) {
                            let _e582 = amp_params[3].y;
                            atomicStore((&amp_faults[1]), _e582);
                            atomicStore((&amp_faults[2]), 8u);
                            atomicStore((&amp_faults[3]), _e546);
                            atomicStore((&amp_faults[11]), _e550);
                            atomicStore((&amp_faults[4]), _e561);
                            atomicStore((&amp_faults[12]), _e565);
                        }
                    }
                    continuing {
                        let _e596 = local_4;
                        local_4 = (_e596 + 1i);
                    }
                }
                continuing {
                    let _e599 = local_3;
                    local_3 = (_e599 + 1i);
                }
            }
        }
    }
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
    let _e43 = amp_params[2].w;
    let _e48 = amp_params[3].x;
    let _e50 = vec2<i32>(bitcast<i32>(_e43), bitcast<i32>(_e48));
    let _e59 = amp_params[1].y;
    let _e65 = amp_params[1].z;
    let _e73 = amp_view1_[((_e59 + (bitcast<u32>(_e35.x) * _e65)) + bitcast<u32>(_e35.y))];
    t1_[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = _e73;
    workgroupBarrier();
    let _e79 = (vec2<i32>(_e38.y, _e38.x) + _e36);
    let _e86 = t1_[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)];
    let _e90 = amp_params[2].y;
    let _e96 = amp_params[2].z;
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
                let _e168 = amp_params[2].y;
                let _e174 = amp_params[2].z;
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
                let _e214 = amp_params[2].y;
                let _e220 = amp_params[2].z;
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
                    let _e266 = amp_params[2].y;
                    let _e272 = amp_params[2].z;
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
