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
    let _e48 = array<f32, 4>(0f, 0f, 0f, 0f);
    acc = array<array<f32, 4>, 4>(_e48, _e48, _e48, _e48);
    let _e58 = ((_e37.x * 64i) + (_e36.x * 4i));
    let _e64 = ((_e37.y * 64i) + (_e36.y * 4i));
    k0_ = 0i;
    loop {
        let _e67 = k0_;
        if (_e67 < bitcast<i32>(_e43)) {
        } else {
            break;
        }
        {
            local = 0i;
            loop {
                let _e72 = local;
                if (_e72 < 4i) {
                } else {
                    break;
                }
                let _e74 = local;
                let _e88 = k0_;
                let _e90 = vec2<i32>((((_e37.x * 64i) + (_e36.x * 4i)) + _e74), (_e88 + _e36.y));
                let _e95 = amp_params[1].x;
                let _e96 = bitcast<u32>(_e90.x);
                let _e102 = amp_params[1].y;
                let _e103 = bitcast<u32>(_e90.y);
                let _e105 = ((_e96 < _e95) && (_e103 < _e102));
                let _e109 = amp_params[1].z;
                let _e113 = amp_params[1].w;
                let _e120 = amp_params[2].x;
                let _e124 = amp_view1_[select(_e120, ((_e109 + (_e96 * _e113)) + _e103), _e105)];
                let _e131 = amp_fault_site;
                amp_fault_site = select(1u, _e131, _e105);
                let _e133 = amp_fault_index[0];
                amp_fault_index[0] = select(_e96, _e133, _e105);
                let _e135 = amp_fault_index[1];
                amp_fault_index[1] = select(_e103, _e135, _e105);
                sa[bitcast<u32>(((_e36.x * 4i) + _e74))][bitcast<u32>(_e36.y)] = _e124;
                let _e146 = k0_;
                let _e155 = vec2<i32>((_e146 + _e36.x), (((_e37.y * 64i) + (_e36.y * 4i)) + _e74));
                let _e160 = amp_params[2].y;
                let _e161 = bitcast<u32>(_e155.x);
                let _e167 = amp_params[2].z;
                let _e168 = bitcast<u32>(_e155.y);
                let _e170 = ((_e161 < _e160) && (_e168 < _e167));
                let _e174 = amp_params[2].w;
                let _e178 = amp_params[3].x;
                let _e185 = amp_params[3].y;
                let _e189 = amp_view2_[select(_e185, ((_e174 + (_e161 * _e178)) + _e168), _e170)];
                let _e196 = amp_fault_site;
                amp_fault_site = select(2u, _e196, _e170);
                let _e198 = amp_fault_index[0];
                amp_fault_index[0] = select(_e161, _e198, _e170);
                let _e200 = amp_fault_index[1];
                amp_fault_index[1] = select(_e168, _e200, _e170);
                sb[bitcast<u32>(_e36.x)][bitcast<u32>(((_e36.y * 4i) + _e74))] = _e189;
                continuing {
                    let _e205 = local;
                    local = (_e205 + 1i);
                }
            }
        }
        workgroupBarrier();
        local_1 = 0i;
        loop {
            let _e211 = local_1;
            if (_e211 < 16i) {
            } else {
                break;
            }
            let _e213 = local_1;
            local_2 = 0i;
            loop {
                let _e217 = local_2;
                if (_e217 < 4i) {
                } else {
                    break;
                }
                let _e219 = local_2;
                let _e229 = sa[bitcast<u32>(((_e36.x * 4i) + _e219))][bitcast<u32>(_e213)];
                {
                    local_3 = 0i;
                    loop {
                        let _e233 = local_3;
                        if (_e233 < 4i) {
                        } else {
                            break;
                        }
                        let _e235 = local_3;
                        let _e248 = sb[bitcast<u32>(_e213)][bitcast<u32>(((_e36.y * 4i) + _e235))];
                        let _e253 = acc[bitcast<u32>(_e219)][bitcast<u32>(_e235)];
                        acc[bitcast<u32>(_e219)][bitcast<u32>(_e235)] = (_e253 + (_e229 * _e248));
                        continuing {
                            let _e258 = local_3;
                            local_3 = (_e258 + 1i);
                        }
                    }
                }
                continuing {
                    let _e261 = local_2;
                    local_2 = (_e261 + 1i);
                }
            }
            continuing {
                let _e264 = local_1;
                local_1 = (_e264 + 1i);
            }
        }
        workgroupBarrier();
        let _e268 = k0_;
        k0_ = (_e268 + 16i);
    }
    local_4 = 0i;
    loop {
        let _e273 = local_4;
        if (_e273 < 4i) {
        } else {
            break;
        }
        let _e275 = local_4;
        let _e338 = amp_params[3].z;
        if ((0i >= 0i) && (bitcast<u32>((_e58 + _e275)) < _e338)) {
            local_5 = 0i;
            loop {
                let _e279 = local_5;
                if (_e279 < 4i) {
                } else {
                    break;
                }
                let _e281 = local_5;
                let _e284 = vec2<i32>((_e58 + _e275), (_e64 + _e281));
                let _e291 = acc[bitcast<u32>(_e275)][bitcast<u32>(_e281)];
                let _e297 = bitcast<u32>(_e284.x);
                let _e302 = amp_params[3].w;
                let _e303 = bitcast<u32>(_e284.y);
                let _e304 = (_e303 < _e302);
                let _e308 = amp_params[4].x;
                let _e312 = amp_params[4].y;
                if _e304 {
                    amp_view3_[((_e308 + (_e297 * _e312)) + _e303)] = _e291;
                }
                let _e324 = amp_fault_site;
                amp_fault_site = select(3u, _e324, _e304);
                let _e326 = amp_fault_index[0];
                amp_fault_index[0] = select(_e297, _e326, _e304);
                let _e328 = amp_fault_index[1];
                amp_fault_index[1] = select(_e303, _e328, _e304);
                continuing {
                    let _e330 = local_5;
                    local_5 = (_e330 + 1i);
                }
            }
        } else {
            local_6 = 0i;
            loop {
                let _e344 = local_6;
                if (_e344 < 4i) {
                } else {
                    break;
                }
                let _e346 = local_6;
                let _e349 = vec2<i32>((_e58 + _e275), (_e64 + _e346));
                let _e356 = acc[bitcast<u32>(_e275)][bitcast<u32>(_e346)];
                let _e361 = amp_params[3].z;
                let _e362 = bitcast<u32>(_e349.x);
                let _e368 = amp_params[3].w;
                let _e369 = bitcast<u32>(_e349.y);
                let _e371 = ((_e362 < _e361) && (_e369 < _e368));
                let _e375 = amp_params[4].x;
                let _e379 = amp_params[4].y;
                if _e371 {
                    amp_view3_[((_e375 + (_e362 * _e379)) + _e369)] = _e356;
                }
                let _e391 = amp_fault_site;
                amp_fault_site = select(4u, _e391, _e371);
                let _e393 = amp_fault_index[0];
                amp_fault_index[0] = select(_e362, _e393, _e371);
                let _e395 = amp_fault_index[1];
                amp_fault_index[1] = select(_e369, _e395, _e371);
                continuing {
                    let _e397 = local_6;
                    local_6 = (_e397 + 1i);
                }
            }
        }
        continuing {
            let _e400 = local_4;
            local_4 = (_e400 + 1i);
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
    let _e48 = array<f32, 4>(0f, 0f, 0f, 0f);
    acc = array<array<f32, 4>, 4>(_e48, _e48, _e48, _e48);
    k0_ = 0i;
    loop {
        let _e67 = k0_;
        if (_e67 < bitcast<i32>(_e43)) {
        } else {
            break;
        }
        {
            local = 0i;
            loop {
                let _e72 = local;
                if (_e72 < 4i) {
                } else {
                    break;
                }
                let _e74 = local;
                let _e87 = k0_;
                let _e89 = vec2<i32>((((_e37.x * 64i) + (_e36.x * 4i)) + _e74), (_e87 + _e36.y));
                let _e97 = amp_params[1].z;
                let _e101 = amp_params[1].w;
                let _e107 = amp_view1_[((_e97 + (bitcast<u32>(_e89.x) * _e101)) + bitcast<u32>(_e89.y))];
                sa[bitcast<u32>(((_e36.x * 4i) + _e74))][bitcast<u32>(_e36.y)] = _e107;
                let _e115 = k0_;
                let _e124 = vec2<i32>((_e115 + _e36.x), (((_e37.y * 64i) + (_e36.y * 4i)) + _e74));
                let _e132 = amp_params[2].w;
                let _e136 = amp_params[3].x;
                let _e142 = amp_view2_[((_e132 + (bitcast<u32>(_e124.x) * _e136)) + bitcast<u32>(_e124.y))];
                sb[bitcast<u32>(_e36.x)][bitcast<u32>(((_e36.y * 4i) + _e74))] = _e142;
                continuing {
                    let _e145 = local;
                    local = (_e145 + 1i);
                }
            }
        }
        workgroupBarrier();
        local_1 = 0i;
        loop {
            let _e151 = local_1;
            if (_e151 < 16i) {
            } else {
                break;
            }
            let _e153 = local_1;
            local_2 = 0i;
            loop {
                let _e157 = local_2;
                if (_e157 < 4i) {
                } else {
                    break;
                }
                let _e159 = local_2;
                let _e167 = sa[bitcast<u32>(((_e36.x * 4i) + _e159))][bitcast<u32>(_e153)];
                {
                    local_3 = 0i;
                    loop {
                        let _e171 = local_3;
                        if (_e171 < 4i) {
                        } else {
                            break;
                        }
                        let _e173 = local_3;
                        let _e183 = sb[bitcast<u32>(_e153)][bitcast<u32>(((_e36.y * 4i) + _e173))];
                        let _e187 = acc[bitcast<u32>(_e159)][bitcast<u32>(_e173)];
                        acc[bitcast<u32>(_e159)][bitcast<u32>(_e173)] = (_e187 + (_e167 * _e183));
                        continuing {
                            let _e191 = local_3;
                            local_3 = (_e191 + 1i);
                        }
                    }
                }
                continuing {
                    let _e194 = local_2;
                    local_2 = (_e194 + 1i);
                }
            }
            continuing {
                let _e197 = local_1;
                local_1 = (_e197 + 1i);
            }
        }
        workgroupBarrier();
        let _e201 = k0_;
        k0_ = (_e201 + 16i);
    }
    local_4 = 0i;
    loop {
        let _e206 = local_4;
        if (_e206 < 4i) {
        } else {
            break;
        }
        let _e208 = local_4;
        {
            local_5 = 0i;
            loop {
                let _e212 = local_5;
                if (_e212 < 4i) {
                } else {
                    break;
                }
                let _e214 = local_5;
                let _e217 = vec2<i32>((((_e37.x * 64i) + (_e36.x * 4i)) + _e208), (((_e37.y * 64i) + (_e36.y * 4i)) + _e214));
                let _e222 = acc[bitcast<u32>(_e208)][bitcast<u32>(_e214)];
                let _e230 = amp_params[4].x;
                let _e234 = amp_params[4].y;
                amp_view3_[((_e230 + (bitcast<u32>(_e217.x) * _e234)) + bitcast<u32>(_e217.y))] = _e222;
                continuing {
                    let _e240 = local_5;
                    local_5 = (_e240 + 1i);
                }
            }
        }
        continuing {
            let _e243 = local_4;
            local_4 = (_e243 + 1i);
        }
    }
    return;
}
