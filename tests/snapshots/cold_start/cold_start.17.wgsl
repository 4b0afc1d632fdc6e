// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 5>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<f32>;
@group(0) @binding(3) 
var<storage, read_write> amp_view3_: array<f32>;
var<workgroup> sa: array<array<f32, 16>, 64>;
var<workgroup> sb: array<array<f32, 64>, 16>;
@group(0) @binding(4) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[4].w;
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
    var acc: array<array<f32, 4>, 4>;
    var k0_: i32;
    var local: i32;
    var local_1: i32;
    var local_2: i32;
    var local_3: i32;
    var local_4: i32;
    var local_5: i32;
    var local_6: i32;

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
    let _e36 = vec2<i32>(_e25, _e31);
    let _e37 = vec2<i32>(_e23, _e29);
    let _e43 = amp_params[0].w;
    acc = array<array<f32, 4>, 4>(array<f32, 4>(0f, 0f, 0f, 0f), array<f32, 4>(0f, 0f, 0f, 0f), array<f32, 4>(0f, 0f, 0f, 0f), array<f32, 4>(0f, 0f, 0f, 0f));
    let _e61 = ((_e37.x * 64i) + (_e36.x * 4i));
    let _e67 = ((_e37.y * 64i) + (_e36.y * 4i));
    k0_ = 0i;
    loop {
        let _e70 = k0_;
        if (_e70 < bitcast<i32>(_e43)) {
        } else {
            break;
        }
        {
            local = 0i;
            loop {
                let _e75 = local;
                if (_e75 < 4i) {
                } else {
                    break;
                }
                let _e77 = local;
                let _e91 = k0_;
                let _e93 = vec2<i32>((((_e37.x * 64i) + (_e36.x * 4i)) + _e77), (_e91 + _e36.y));
                let _e98 = amp_params[1].x;
                let _e99 = bitcast<u32>(_e93.x);
                let _e105 = amp_params[1].y;
                let _e106 = bitcast<u32>(_e93.y);
                let _e108 = ((_e99 < _e98) && (_e106 < _e105));
                let _e112 = amp_params[1].z;
                let _e116 = amp_params[1].w;
                let _e123 = amp_params[2].x;
                let _e127 = amp_view1_[select(_e123, ((_e112 + (_e99 * _e116)) + _e106), _e108)];
                let _e134 = amp_fault_site;
                amp_fault_site = select(1u, _e134, _e108);
                let _e136 = amp_fault_index[0];
                amp_fault_index[0] = select(_e99, _e136, _e108);
                let _e138 = amp_fault_index[1];
                amp_fault_index[1] = select(_e106, _e138, _e108);
                sa[bitcast<u32>(((_e36.x * 4i) + _e77))][bitcast<u32>(_e36.y)] = _e127;
                let _e149 = k0_;
                let _e158 = vec2<i32>((_e149 + _e36.x), (((_e37.y * 64i) + (_e36.y * 4i)) + _e77));
                let _e163 = amp_params[2].y;
                let _e164 = bitcast<u32>(_e158.x);
                let _e170 = amp_params[2].z;
                let _e171 = bitcast<u32>(_e158.y);
                let _e173 = ((_e164 < _e163) && (_e171 < _e170));
                let _e177 = amp_params[2].w;
                let _e181 = amp_params[3].x;
                let _e188 = amp_params[3].y;
                let _e192 = amp_view2_[select(_e188, ((_e177 + (_e164 * _e181)) + _e171), _e173)];
                let _e199 = amp_fault_site;
                amp_fault_site = select(2u, _e199, _e173);
                let _e201 = amp_fault_index[0];
                amp_fault_index[0] = select(_e164, _e201, _e173);
                let _e203 = amp_fault_index[1];
                amp_fault_index[1] = select(_e171, _e203, _e173);
                sb[bitcast<u32>(_e36.x)][bitcast<u32>(((_e36.y * 4i) + _e77))] = _e192;
                continuing {
                    let _e208 = local;
                    local = (_e208 + 1i);
                }
            }
        }
        workgroupBarrier();
        local_1 = 0i;
        loop {
            let _e214 = local_1;
            if (_e214 < 16i) {
            } else {
                break;
            }
            let _e216 = local_1;
            local_2 = 0i;
            loop {
                let _e220 = local_2;
                if (_e220 < 4i) {
                } else {
                    break;
                }
                let _e222 = local_2;
                let _e232 = sa[bitcast<u32>(((_e36.x * 4i) + _e222))][bitcast<u32>(_e216)];
                {
                    local_3 = 0i;
                    loop {
                        let _e236 = local_3;
                        if (_e236 < 4i) {
                        } else {
                            break;
                        }
                        let _e238 = local_3;
                        let _e251 = sb[bitcast<u32>(_e216)][bitcast<u32>(((_e36.y * 4i) + _e238))];
                        let _e256 = acc[bitcast<u32>(_e222)][bitcast<u32>(_e238)];
                        acc[bitcast<u32>(_e222)][bitcast<u32>(_e238)] = (_e256 + (_e232 * _e251));
                        continuing {
                            let _e261 = local_3;
                            local_3 = (_e261 + 1i);
                        }
                    }
                }
                continuing {
                    let _e264 = local_2;
                    local_2 = (_e264 + 1i);
                }
            }
            continuing {
                let _e267 = local_1;
                local_1 = (_e267 + 1i);
            }
        }
        workgroupBarrier();
        let _e271 = k0_;
        k0_ = (_e271 + 16i);
    }
    local_4 = 0i;
    loop {
        let _e276 = local_4;
        if (_e276 < 4i) {
        } else {
            break;
        }
        let _e278 = local_4;
        let _e341 = amp_params[3].z;
        if ((0i >= 0i) && (bitcast<u32>((_e61 + _e278)) < _e341)) {
            local_5 = 0i;
            loop {
                let _e282 = local_5;
                if (_e282 < 4i) {
                } else {
                    break;
                }
                let _e284 = local_5;
                let _e287 = vec2<i32>((_e61 + _e278), (_e67 + _e284));
                let _e294 = acc[bitcast<u32>(_e278)][bitcast<u32>(_e284)];
                let _e300 = bitcast<u32>(_e287.x);
                let _e305 = amp_params[3].w;
                let _e306 = bitcast<u32>(_e287.y);
                let _e307 = (_e306 < _e305);
                let _e311 = amp_params[4].x;
                let _e315 = amp_params[4].y;
                if _e307 {
                    amp_view3_[((_e311 + (_e300 * _e315)) + _e306)] = _e294;
                }
                let _e327 = amp_fault_site;
                amp_fault_site = select(3u, _e327, _e307);
                let _e329 = amp_fault_index[0];
                amp_fault_index[0] = select(_e300, _e329, _e307);
                let _e331 = amp_fault_index[1];
                amp_fault_index[1] = select(_e306, _e331, _e307);
                continuing {
                    let _e333 = local_5;
                    local_5 = (_e333 + 1i);
                }
            }
        } else {
            local_6 = 0i;
            loop {
                let _e347 = local_6;
                if (_e347 < 4i) {
                } else {
                    break;
                }
                let _e349 = local_6;
                let _e352 = vec2<i32>((_e61 + _e278), (_e67 + _e349));
                let _e359 = acc[bitcast<u32>(_e278)][bitcast<u32>(_e349)];
                let _e364 = amp_params[3].z;
                let _e365 = bitcast<u32>(_e352.x);
                let _e371 = amp_params[3].w;
                let _e372 = bitcast<u32>(_e352.y);
                let _e374 = ((_e365 < _e364) && (_e372 < _e371));
                let _e378 = amp_params[4].x;
                let _e382 = amp_params[4].y;
                if _e374 {
                    amp_view3_[((_e378 + (_e365 * _e382)) + _e372)] = _e359;
                }
                let _e394 = amp_fault_site;
                amp_fault_site = select(4u, _e394, _e374);
                let _e396 = amp_fault_index[0];
                amp_fault_index[0] = select(_e365, _e396, _e374);
                let _e398 = amp_fault_index[1];
                amp_fault_index[1] = select(_e372, _e398, _e374);
                continuing {
                    let _e400 = local_6;
                    local_6 = (_e400 + 1i);
                }
            }
        }
        continuing {
            let _e403 = local_4;
            local_4 = (_e403 + 1i);
        }
    }
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 5>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<f32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<f32>;
@group(0) @binding(3) 
var<storage, read_write> amp_view3_: array<f32>;
var<workgroup> sa: array<array<f32, 16>, 64>;
var<workgroup> sb: array<array<f32, 64>, 16>;

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var acc: array<array<f32, 4>, 4>;
    var k0_: i32;
    var local: i32;
    var local_1: i32;
    var local_2: i32;
    var local_3: i32;
    var local_4: i32;
    var local_5: i32;

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
    let _e36 = vec2<i32>(_e25, _e31);
    let _e37 = vec2<i32>(_e23, _e29);
    let _e43 = amp_params[0].w;
    acc = array<array<f32, 4>, 4>(array<f32, 4>(0f, 0f, 0f, 0f), array<f32, 4>(0f, 0f, 0f, 0f), array<f32, 4>(0f, 0f, 0f, 0f), array<f32, 4>(0f, 0f, 0f, 0f));
    k0_ = 0i;
    loop {
        let _e70 = k0_;
        if (_e70 < bitcast<i32>(_e43)) {
        } else {
            break;
        }
        {
            local = 0i;
            loop {
                let _e75 = local;
                if (_e75 < 4i) {
                } else {
                    break;
                }
                let _e77 = local;
                let _e90 = k0_;
                let _e92 = vec2<i32>((((_e37.x * 64i) + (_e36.x * 4i)) + _e77), (_e90 + _e36.y));
                let _e100 = amp_params[1].z;
                let _e104 = amp_params[1].w;
                let _e110 = amp_view1_[((_e100 + (bitcast<u32>(_e92.x) * _e104)) + bitcast<u32>(_e92.y))];
                sa[bitcast<u32>(((_e36.x * 4i) + _e77))][bitcast<u32>(_e36.y)] = _e110;
                let _e118 = k0_;
                let _e127 = vec2<i32>((_e118 + _e36.x), (((_e37.y * 64i) + (_e36.y * 4i)) + _e77));
                let _e135 = amp_params[2].w;
                let _e139 = amp_params[3].x;
                let _e145 = amp_view2_[((_e135 + (bitcast<u32>(_e127.x) * _e139)) + bitcast<u32>(_e127.y))];
                sb[bitcast<u32>(_e36.x)][bitcast<u32>(((_e36.y * 4i) + _e77))] = _e145;
                continuing {
                    let _e148 = local;
                    local = (_e148 + 1i);
                }
            }
        }
        workgroupBarrier();
        local_1 = 0i;
        loop {
            let _e154 = local_1;
            if (_e154 < 16i) {
            } else {
                break;
            }
            let _e156 = local_1;
            local_2 = 0i;
            loop {
                let _e160 = local_2;
                if (_e160 < 4i) {
                } else {
                    break;
                }
                let _e162 = local_2;
                let _e170 = sa[bitcast<u32>(((_e36.x * 4i) + _e162))][bitcast<u32>(_e156)];
                {
                    local_3 = 0i;
                    loop {
                        let _e174 = local_3;
                        if (_e174 < 4i) {
                        } else {
                            break;
                        }
                        let _e176 = local_3;
                        let _e186 = sb[bitcast<u32>(_e156)][bitcast<u32>(((_e36.y * 4i) + _e176))];
                        let _e190 = acc[bitcast<u32>(_e162)][bitcast<u32>(_e176)];
                        acc[bitcast<u32>(_e162)][bitcast<u32>(_e176)] = (_e190 + (_e170 * _e186));
                        continuing {
                            let _e194 = local_3;
                            local_3 = (_e194 + 1i);
                        }
                    }
                }
                continuing {
                    let _e197 = local_2;
                    local_2 = (_e197 + 1i);
                }
            }
            continuing {
                let _e200 = local_1;
                local_1 = (_e200 + 1i);
            }
        }
        workgroupBarrier();
        let _e204 = k0_;
        k0_ = (_e204 + 16i);
    }
    local_4 = 0i;
    loop {
        let _e209 = local_4;
        if (_e209 < 4i) {
        } else {
            break;
        }
        let _e211 = local_4;
        {
            local_5 = 0i;
            loop {
                let _e215 = local_5;
                if (_e215 < 4i) {
                } else {
                    break;
                }
                let _e217 = local_5;
                let _e220 = vec2<i32>((((_e37.x * 64i) + (_e36.x * 4i)) + _e211), (((_e37.y * 64i) + (_e36.y * 4i)) + _e217));
                let _e225 = acc[bitcast<u32>(_e211)][bitcast<u32>(_e217)];
                let _e233 = amp_params[4].x;
                let _e237 = amp_params[4].y;
                amp_view3_[((_e233 + (bitcast<u32>(_e220.x) * _e237)) + bitcast<u32>(_e220.y))] = _e225;
                continuing {
                    let _e243 = local_5;
                    local_5 = (_e243 + 1i);
                }
            }
        }
        continuing {
            let _e246 = local_4;
            local_4 = (_e246 + 1i);
        }
    }
    return;
}
