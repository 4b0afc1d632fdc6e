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
    var local_2: i32;
    var local_3: i32;
    var local_4: bool;
    var local_5: i32;
    var local_6: i32;
    var local_7: i32;

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
    let _e28 = (_e27 + _e25);
    let _e29 = bitcast<i32>((_e11 % _e20));
    let _e31 = bitcast<i32>(param.x);
    let _e33 = (_e29 * 16i);
    let _e34 = (_e33 + _e31);
    let _e35 = vec2<i32>(_e28, _e34);
    let _e36 = vec2<i32>(_e25, _e31);
    let _e38 = vec2<i32>(_e27, _e33);
    let _e43 = amp_params[3].y;
    let _e48 = amp_params[3].z;
    let _e50 = vec2<i32>(bitcast<i32>(_e43), bitcast<i32>(_e48));
    let _e61 = amp_params[0].w;
    let _e62 = bitcast<u32>(_e35.x);
    let _e68 = amp_params[1].x;
    let _e69 = bitcast<u32>(_e35.y);
    let _e71 = ((_e62 < _e61) && (_e69 < _e68));
    let _e75 = amp_params[1].y;
    let _e79 = amp_params[1].z;
    let _e86 = amp_params[1].w;
    let _e90 = amp_view1_[select(_e86, ((_e75 + (_e62 * _e79)) + _e69), _e71)];
    let _e97 = amp_fault_site;
    amp_fault_site = select(1u, _e97, _e71);
    let _e99 = amp_fault_index[0];
    amp_fault_index[0] = select(_e62, _e99, _e71);
    let _e101 = amp_fault_index[1];
    amp_fault_index[1] = select(_e69, _e101, _e71);
    t1_[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = _e90;
    workgroupBarrier();
    let _e109 = (vec2<i32>(_e38.y, _e38.x) + _e36);
    let _e118 = t1_[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)];
    let _e123 = amp_params[2].x;
    let _e124 = bitcast<u32>(_e109.x);
    let _e130 = amp_params[2].y;
    let _e131 = bitcast<u32>(_e109.y);
    let _e133 = ((_e124 < _e123) && (_e131 < _e130));
    let _e137 = amp_params[2].z;
    let _e141 = amp_params[2].w;
    if _e133 {
        amp_view2_[((_e137 + (_e124 * _e141)) + _e131)] = _e118;
    }
    let _e153 = amp_fault_site;
    amp_fault_site = select(2u, _e153, _e133);
    let _e155 = amp_fault_index[0];
    amp_fault_index[0] = select(_e124, _e155, _e133);
    let _e157 = amp_fault_index[1];
    amp_fault_index[1] = select(_e131, _e157, _e133);
    let _e162 = amp_params[0].w;
    let _e167 = amp_params[1].x;
    let _e174 = amp_params[0].w;
    let _e179 = amp_params[1].x;
    let _e187 = (_e35.x == (_e50.x - 1i));
    let _e192 = (_e35.y == (_e50.y - 1i));
    if (_e192 || _e187) {
        if _e192 {
            let _e261 = amp_params[0].w;
            let _e268 = amp_params[1].x;
            let _e275 = amp_params[2].x;
            let _e282 = amp_params[2].y;
            if (((((_e50.y >= 0i) && (bitcast<u32>(_e28) < _e261)) && (bitcast<u32>(vec2<i32>(bitcast<i32>(_e174), bitcast<i32>(_e179)).y) <= _e268)) && (bitcast<u32>(vec2<i32>(bitcast<i32>(_e174), bitcast<i32>(_e179)).y) <= _e275)) && (bitcast<u32>(_e28) < _e282)) {
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
                    let _e217 = amp_params[1].y;
                    let _e221 = amp_params[1].z;
                    let _e227 = amp_view1_[((_e217 + (bitcast<u32>(_e201.x) * _e221)) + bitcast<u32>(_e201.y))];
                    let _e243 = amp_params[2].z;
                    let _e247 = amp_params[2].w;
                    amp_view2_[((_e243 + (bitcast<u32>(_e200.x) * _e247)) + bitcast<u32>(_e200.y))] = _e227;
                    continuing {
                        let _e253 = local;
                        local = (_e253 + 1i);
                    }
                }
            } else {
                local_1 = _e50.y;
                loop {
                    let _e287 = local_1;
                    if (_e287 < vec2<i32>(bitcast<i32>(_e174), bitcast<i32>(_e179)).y) {
                    } else {
                        break;
                    }
                    let _e289 = local_1;
                    let _e290 = vec2<i32>(_e289, _e35.x);
                    let _e291 = vec2<i32>(_e35.x, _e289);
                    let _e296 = amp_params[0].w;
                    let _e297 = bitcast<u32>(_e291.x);
                    let _e303 = amp_params[1].x;
                    let _e304 = bitcast<u32>(_e291.y);
                    let _e306 = ((_e297 < _e296) && (_e304 < _e303));
                    let _e310 = amp_params[1].y;
                    let _e314 = amp_params[1].z;
                    let _e321 = amp_params[1].w;
                    let _e325 = amp_view1_[select(_e321, ((_e310 + (_e297 * _e314)) + _e304), _e306)];
                    let _e332 = amp_fault_site;
                    amp_fault_site = select(3u, _e332, _e306);
                    let _e334 = amp_fault_index[0];
                    amp_fault_index[0] = select(_e297, _e334, _e306);
                    let _e336 = amp_fault_index[1];
                    amp_fault_index[1] = select(_e304, _e336, _e306);
                    let _e342 = amp_params[2].x;
                    let _e343 = bitcast<u32>(_e290.x);
                    let _e349 = amp_params[2].y;
                    let _e350 = bitcast<u32>(_e290.y);
                    let _e352 = ((_e343 < _e342) && (_e350 < _e349));
                    let _e356 = amp_params[2].z;
                    let _e360 = amp_params[2].w;
                    if _e352 {
                        amp_view2_[((_e356 + (_e343 * _e360)) + _e350)] = _e325;
                    }
                    let _e372 = amp_fault_site;
                    amp_fault_site = select(4u, _e372, _e352);
                    let _e374 = amp_fault_index[0];
                    amp_fault_index[0] = select(_e343, _e374, _e352);
                    let _e376 = amp_fault_index[1];
                    amp_fault_index[1] = select(_e350, _e376, _e352);
                    continuing {
                        let _e378 = local_1;
                        local_1 = (_e378 + 1i);
                    }
                }
            }
        }
        if _e187 {
            let _e448 = amp_params[0].w;
            let _e455 = amp_params[1].x;
            let _e462 = amp_params[2].x;
            let _e469 = amp_params[2].y;
            if (((((_e50.x >= 0i) && (bitcast<u32>(vec2<i32>(bitcast<i32>(_e162), bitcast<i32>(_e167)).x) <= _e448)) && (bitcast<u32>(_e34) < _e455)) && (bitcast<u32>(_e34) < _e462)) && (bitcast<u32>(vec2<i32>(bitcast<i32>(_e162), bitcast<i32>(_e167)).x) <= _e469)) {
                local_2 = _e50.x;
                loop {
                    let _e384 = local_2;
                    if (_e384 < vec2<i32>(bitcast<i32>(_e162), bitcast<i32>(_e167)).x) {
                    } else {
                        break;
                    }
                    let _e386 = local_2;
                    let _e387 = vec2<i32>(_e35.y, _e386);
                    let _e388 = vec2<i32>(_e386, _e35.y);
                    let _e404 = amp_params[1].y;
                    let _e408 = amp_params[1].z;
                    let _e414 = amp_view1_[((_e404 + (bitcast<u32>(_e388.x) * _e408)) + bitcast<u32>(_e388.y))];
                    let _e430 = amp_params[2].z;
                    let _e434 = amp_params[2].w;
                    amp_view2_[((_e430 + (bitcast<u32>(_e387.x) * _e434)) + bitcast<u32>(_e387.y))] = _e414;
                    continuing {
                        let _e440 = local_2;
                        local_2 = (_e440 + 1i);
                    }
                }
            } else {
                local_3 = _e50.x;
                loop {
                    let _e474 = local_3;
                    if (_e474 < vec2<i32>(bitcast<i32>(_e162), bitcast<i32>(_e167)).x) {
                    } else {
                        break;
                    }
                    let _e476 = local_3;
                    let _e477 = vec2<i32>(_e35.y, _e476);
                    let _e478 = vec2<i32>(_e476, _e35.y);
                    let _e483 = amp_params[0].w;
                    let _e484 = bitcast<u32>(_e478.x);
                    let _e490 = amp_params[1].x;
                    let _e491 = bitcast<u32>(_e478.y);
                    let _e493 = ((_e484 < _e483) && (_e491 < _e490));
                    let _e497 = amp_params[1].y;
                    let _e501 = amp_params[1].z;
                    let _e508 = amp_params[1].w;
                    let _e512 = amp_view1_[select(_e508, ((_e497 + (_e484 * _e501)) + _e491), _e493)];
                    let _e519 = amp_fault_site;
                    amp_fault_site = select(5u, _e519, _e493);
                    let _e521 = amp_fault_index[0];
                    amp_fault_index[0] = select(_e484, _e521, _e493);
                    let _e523 = amp_fault_index[1];
                    amp_fault_index[1] = select(_e491, _e523, _e493);
                    let _e529 = amp_params[2].x;
                    let _e530 = bitcast<u32>(_e477.x);
                    let _e536 = amp_params[2].y;
                    let _e537 = bitcast<u32>(_e477.y);
                    let _e539 = ((_e530 < _e529) && (_e537 < _e536));
                    let _e543 = amp_params[2].z;
                    let _e547 = amp_params[2].w;
                    if _e539 {
                        amp_view2_[((_e543 + (_e530 * _e547)) + _e537)] = _e512;
                    }
                    let _e559 = amp_fault_site;
                    amp_fault_site = select(6u, _e559, _e539);
                    let _e561 = amp_fault_index[0];
                    amp_fault_index[0] = select(_e530, _e561, _e539);
                    let _e563 = amp_fault_index[1];
                    amp_fault_index[1] = select(_e537, _e563, _e539);
                    continuing {
                        let _e565 = local_3;
                        local_3 = (_e565 + 1i);
                    }
                }
            }
        }
        local_4 = _e187;
        if _e187 {
            local_4 = _e192;
        }
        let _e569 = local_4;
        if _e569 {
            local_5 = _e50.x;
            loop {
                let _e572 = local_5;
                if (_e572 < vec2<i32>(bitcast<i32>(_e162), bitcast<i32>(_e167)).x) {
                } else {
                    break;
                }
                let _e574 = local_5;
                let _e641 = amp_params[0].w;
                let _e648 = amp_params[1].x;
                let _e655 = amp_params[2].x;
                let _e662 = amp_params[2].y;
                if (((((_e50.y >= 0i) && (bitcast<u32>(_e574) < _e641)) && (bitcast<u32>(vec2<i32>(bitcast<i32>(_e174), bitcast<i32>(_e179)).y) <= _e648)) && (bitcast<u32>(vec2<i32>(bitcast<i32>(_e174), bitcast<i32>(_e179)).y) <= _e655)) && (bitcast<u32>(_e574) < _e662)) {
                    local_6 = _e50.y;
                    loop {
                        let _e577 = local_6;
                        if (_e577 < vec2<i32>(bitcast<i32>(_e174), bitcast<i32>(_e179)).y) {
                        } else {
                            break;
                        }
                        let _e579 = local_6;
                        let _e580 = vec2<i32>(_e579, _e574);
                        let _e581 = vec2<i32>(_e574, _e579);
                        let _e597 = amp_params[1].y;
                        let _e601 = amp_params[1].z;
                        let _e607 = amp_view1_[((_e597 + (bitcast<u32>(_e581.x) * _e601)) + bitcast<u32>(_e581.y))];
                        let _e623 = amp_params[2].z;
                        let _e627 = amp_params[2].w;
                        amp_view2_[((_e623 + (bitcast<u32>(_e580.x) * _e627)) + bitcast<u32>(_e580.y))] = _e607;
                        continuing {
                            let _e633 = local_6;
                            local_6 = (_e633 + 1i);
                        }
                    }
                } else {
                    local_7 = _e50.y;
                    loop {
                        let _e667 = local_7;
                        if (_e667 < vec2<i32>(bitcast<i32>(_e174), bitcast<i32>(_e179)).y) {
                        } else {
                            break;
                        }
                        let _e669 = local_7;
                        let _e670 = vec2<i32>(_e669, _e574);
                        let _e671 = vec2<i32>(_e574, _e669);
                        let _e676 = amp_params[0].w;
                        let _e677 = bitcast<u32>(_e671.x);
                        let _e683 = amp_params[1].x;
                        let _e684 = bitcast<u32>(_e671.y);
                        let _e686 = ((_e677 < _e676) && (_e684 < _e683));
                        let _e690 = amp_params[1].y;
                        let _e694 = amp_params[1].z;
                        let _e701 = amp_params[1].w;
                        let _e705 = amp_view1_[select(_e701, ((_e690 + (_e677 * _e694)) + _e684), _e686)];
                        let _e712 = amp_fault_site;
                        amp_fault_site = select(7u, _e712, _e686);
                        let _e714 = amp_fault_index[0];
                        amp_fault_index[0] = select(_e677, _e714, _e686);
                        let _e716 = amp_fault_index[1];
                        amp_fault_index[1] = select(_e684, _e716, _e686);
                        let _e722 = amp_params[2].x;
                        let _e723 = bitcast<u32>(_e670.x);
                        let _e729 = amp_params[2].y;
                        let _e730 = bitcast<u32>(_e670.y);
                        let _e732 = ((_e723 < _e722) && (_e730 < _e729));
                        let _e736 = amp_params[2].z;
                        let _e740 = amp_params[2].w;
                        if _e732 {
                            amp_view2_[((_e736 + (_e723 * _e740)) + _e730)] = _e705;
                        }
                        let _e752 = amp_fault_site;
                        amp_fault_site = select(8u, _e752, _e732);
                        let _e754 = amp_fault_index[0];
                        amp_fault_index[0] = select(_e723, _e754, _e732);
                        let _e756 = amp_fault_index[1];
                        amp_fault_index[1] = select(_e730, _e756, _e732);
                        continuing {
                            let _e758 = local_7;
                            local_7 = (_e758 + 1i);
                        }
                    }
                }
                continuing {
                    let _e761 = local_5;
                    local_5 = (_e761 + 1i);
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
    let _e63 = amp_params[1].y;
    let _e67 = amp_params[1].z;
    let _e73 = amp_view1_[((_e63 + (bitcast<u32>(_e35.x) * _e67)) + bitcast<u32>(_e35.y))];
    t1_[bitcast<u32>(_e36.y)][bitcast<u32>(_e36.x)] = _e73;
    workgroupBarrier();
    let _e79 = (vec2<i32>(_e38.y, _e38.x) + _e36);
    let _e86 = t1_[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)];
    let _e94 = amp_params[2].z;
    let _e98 = amp_params[2].w;
    amp_view2_[((_e94 + (bitcast<u32>(_e79.x) * _e98)) + bitcast<u32>(_e79.y))] = _e86;
    let _e107 = amp_params[0].w;
    let _e112 = amp_params[1].x;
    let _e119 = amp_params[0].w;
    let _e124 = amp_params[1].x;
    let _e132 = (_e35.x == (_e50.x - 1i));
    let _e137 = (_e35.y == (_e50.y - 1i));
    if (_e137 || _e132) {
        if _e137 {
            {
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
                    let _e154 = amp_params[1].y;
                    let _e158 = amp_params[1].z;
                    let _e164 = amp_view1_[((_e154 + (bitcast<u32>(_e146.x) * _e158)) + bitcast<u32>(_e146.y))];
                    let _e172 = amp_params[2].z;
                    let _e176 = amp_params[2].w;
                    amp_view2_[((_e172 + (bitcast<u32>(_e145.x) * _e176)) + bitcast<u32>(_e145.y))] = _e164;
                    continuing {
                        let _e182 = local;
                        local = (_e182 + 1i);
                    }
                }
            }
        }
        if _e132 {
            {
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
                    let _e200 = amp_params[1].y;
                    let _e204 = amp_params[1].z;
                    let _e210 = amp_view1_[((_e200 + (bitcast<u32>(_e192.x) * _e204)) + bitcast<u32>(_e192.y))];
                    let _e218 = amp_params[2].z;
                    let _e222 = amp_params[2].w;
                    amp_view2_[((_e218 + (bitcast<u32>(_e191.x) * _e222)) + bitcast<u32>(_e191.y))] = _e210;
                    continuing {
                        let _e228 = local_1;
                        local_1 = (_e228 + 1i);
                    }
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
                {
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
                        let _e252 = amp_params[1].y;
                        let _e256 = amp_params[1].z;
                        let _e262 = amp_view1_[((_e252 + (bitcast<u32>(_e244.x) * _e256)) + bitcast<u32>(_e244.y))];
                        let _e270 = amp_params[2].z;
                        let _e274 = amp_params[2].w;
                        amp_view2_[((_e270 + (bitcast<u32>(_e243.x) * _e274)) + bitcast<u32>(_e243.y))] = _e262;
                        continuing {
                            let _e280 = local_4;
                            local_4 = (_e280 + 1i);
                        }
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
