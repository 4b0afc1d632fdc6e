// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var amp_texture1_: texture_2d<u32>;
@group(0) @binding(2) 
var amp_texture2_: texture_2d<u32>;
@group(0) @binding(3) 
var amp_texture3_: texture_storage_2d<rgba32uint,write>;
@group(0) @binding(4) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn rgb_to_yuv(param_3: vec4<u32>) -> vec3<f32> {
    let _e4 = (f32(param_3.x) / 255f);
    let _e12 = (f32(param_3.z) / 255f);
    let _e20 = (((0.299f * _e4) + (0.58699995f * (f32(param_3.y) / 255f))) + (0.114f * _e12));
    return vec3<f32>(_e20, ((0.436f * (_e12 - _e20)) / (1f - 0.114f)), ((0.615f * (_e4 - _e20)) / (1f - 0.299f)));
}

fn sobel(param_4: vec2<i32>) -> vec3<f32> {
    var gx: vec3<f32>;
    var gy: vec3<f32>;
    var local: i32;
    var local_1: i32;
    var local_2: array<i32, 9>;
    var local_3: array<i32, 9>;
    var local_4: i32;
    var local_5: array<i32, 9>;
    var local_6: array<i32, 9>;

    gx = vec3<f32>(0f, 0f, 0f);
    gy = vec3<f32>(0f, 0f, 0f);
    local = -(1i);
    loop {
        let _e15 = local;
        if (_e15 <= 1i) {
        } else {
            break;
        }
        let _e17 = local;
        let _e19 = -(1i);
        let _e130 = amp_params[1].z;
        if ((_e19 >= 0i) && (bitcast<u32>((param_4.y + _e17)) < _e130)) {
            local_1 = _e19;
            loop {
                let _e22 = local_1;
                if (_e22 <= 1i) {
                } else {
                    break;
                }
                let _e24 = local_1;
                local_2 = array<i32, 9>(-1i, 0i, 1i, -2i, 0i, 2i, -1i, 0i, 1i);
                let _e46 = local_2[bitcast<u32>(((((_e24 + 1i) * 3i) + _e17) + 1i))];
                local_3 = array<i32, 9>(1i, 2i, 1i, 0i, 0i, 0i, -1i, -2i, -1i);
                let _e69 = local_3[bitcast<u32>(((((_e24 + 1i) * 3i) + _e17) + 1i))];
                let _e75 = vec2<i32>((param_4.x + _e24), (param_4.y + _e17));
                let _e80 = amp_params[1].y;
                let _e81 = bitcast<u32>(_e75.x);
                let _e82 = (_e81 < _e80);
                let _e88 = bitcast<u32>(_e75.y);
                let _e94 = textureLoad(amp_texture1_, select(vec2<u32>(), vec2<u32>(_e88, _e81), _e82), 0i);
                let _e103 = amp_fault_site;
                amp_fault_site = select(1u, _e103, _e82);
                let _e105 = amp_fault_index[0];
                amp_fault_index[0] = select(_e81, _e105, _e82);
                let _e107 = amp_fault_index[1];
                amp_fault_index[1] = select(_e88, _e107, _e82);
                let _e109 = rgb_to_yuv(select(vec4<u32>(), _e94, _e82));
                let _e112 = gx;
                gx = (_e112 + (_e109 * vec3(f32(_e46))));
                let _e116 = gy;
                gy = (_e116 + (_e109 * vec3(f32(_e69))));
                continuing {
                    let _e118 = local_1;
                    local_1 = (_e118 + bitcast<i32>(1u));
                    break if (bitcast<u32>((1i - _e118)) < 1u);
                }
            }
        } else {
            local_4 = _e19;
            loop {
                let _e137 = local_4;
                if (_e137 <= 1i) {
                } else {
                    break;
                }
                let _e139 = local_4;
                local_5 = array<i32, 9>(-1i, 0i, 1i, -2i, 0i, 2i, -1i, 0i, 1i);
                let _e161 = local_5[bitcast<u32>(((((_e139 + 1i) * 3i) + _e17) + 1i))];
                local_6 = array<i32, 9>(1i, 2i, 1i, 0i, 0i, 0i, -1i, -2i, -1i);
                let _e184 = local_6[bitcast<u32>(((((_e139 + 1i) * 3i) + _e17) + 1i))];
                let _e190 = vec2<i32>((param_4.x + _e139), (param_4.y + _e17));
                let _e195 = amp_params[1].y;
                let _e196 = bitcast<u32>(_e190.x);
                let _e202 = amp_params[1].z;
                let _e203 = bitcast<u32>(_e190.y);
                let _e205 = ((_e196 < _e195) && (_e203 < _e202));
                let _e211 = textureLoad(amp_texture1_, select(vec2<u32>(), vec2<u32>(_e203, _e196), _e205), 0i);
                let _e220 = amp_fault_site;
                amp_fault_site = select(2u, _e220, _e205);
                let _e222 = amp_fault_index[0];
                amp_fault_index[0] = select(_e196, _e222, _e205);
                let _e224 = amp_fault_index[1];
                amp_fault_index[1] = select(_e203, _e224, _e205);
                let _e226 = rgb_to_yuv(select(vec4<u32>(), _e211, _e205));
                let _e229 = gx;
                gx = (_e229 + (_e226 * vec3(f32(_e161))));
                let _e233 = gy;
                gy = (_e233 + (_e226 * vec3(f32(_e184))));
                continuing {
                    let _e235 = local_4;
                    local_4 = (_e235 + bitcast<i32>(1u));
                    break if (bitcast<u32>((1i - _e235)) < 1u);
                }
            }
        }
        continuing {
            let _e242 = local;
            local = (_e242 + bitcast<i32>(1u));
            break if (bitcast<u32>((1i - _e242)) < 1u);
        }
    }
    let _e249 = gx;
    let _e251 = gx;
    let _e254 = gy;
    let _e256 = gy;
    let _e261 = gx;
    let _e263 = gx;
    let _e266 = gy;
    let _e268 = gy;
    let _e273 = gx;
    let _e275 = gx;
    let _e278 = gy;
    let _e280 = gy;
    return vec3<f32>(sqrt(((_e249.x * _e251.x) + (_e254.x * _e256.x))), sqrt(((_e261.y * _e263.y) + (_e266.y * _e268.y))), sqrt(((_e273.z * _e275.z) + (_e278.z * _e280.z))));
}

fn sobel_1(param_5: vec2<i32>) -> vec3<f32> {
    var gx_1: vec3<f32>;
    var gy_1: vec3<f32>;
    var local_7: i32;
    var local_8: i32;
    var local_9: array<i32, 9>;
    var local_10: array<i32, 9>;
    var local_11: i32;
    var local_12: array<i32, 9>;
    var local_13: array<i32, 9>;

    gx_1 = vec3<f32>(0f, 0f, 0f);
    gy_1 = vec3<f32>(0f, 0f, 0f);
    local_7 = -(1i);
    loop {
        let _e15 = local_7;
        if (_e15 <= 1i) {
        } else {
            break;
        }
        let _e17 = local_7;
        let _e19 = -(1i);
        let _e130 = amp_params[2].x;
        if ((_e19 >= 0i) && (bitcast<u32>((param_5.y + _e17)) < _e130)) {
            local_8 = _e19;
            loop {
                let _e22 = local_8;
                if (_e22 <= 1i) {
                } else {
                    break;
                }
                let _e24 = local_8;
                local_9 = array<i32, 9>(-1i, 0i, 1i, -2i, 0i, 2i, -1i, 0i, 1i);
                let _e46 = local_9[bitcast<u32>(((((_e24 + 1i) * 3i) + _e17) + 1i))];
                local_10 = array<i32, 9>(1i, 2i, 1i, 0i, 0i, 0i, -1i, -2i, -1i);
                let _e69 = local_10[bitcast<u32>(((((_e24 + 1i) * 3i) + _e17) + 1i))];
                let _e75 = vec2<i32>((param_5.x + _e24), (param_5.y + _e17));
                let _e80 = amp_params[1].w;
                let _e81 = bitcast<u32>(_e75.x);
                let _e82 = (_e81 < _e80);
                let _e88 = bitcast<u32>(_e75.y);
                let _e94 = textureLoad(amp_texture2_, select(vec2<u32>(), vec2<u32>(_e88, _e81), _e82), 0i);
                let _e103 = amp_fault_site;
                amp_fault_site = select(3u, _e103, _e82);
                let _e105 = amp_fault_index[0];
                amp_fault_index[0] = select(_e81, _e105, _e82);
                let _e107 = amp_fault_index[1];
                amp_fault_index[1] = select(_e88, _e107, _e82);
                let _e109 = rgb_to_yuv(select(vec4<u32>(), _e94, _e82));
                let _e112 = gx_1;
                gx_1 = (_e112 + (_e109 * vec3(f32(_e46))));
                let _e116 = gy_1;
                gy_1 = (_e116 + (_e109 * vec3(f32(_e69))));
                continuing {
                    let _e118 = local_8;
                    local_8 = (_e118 + bitcast<i32>(1u));
                    break if (bitcast<u32>((1i - _e118)) < 1u);
                }
            }
        } else {
            local_11 = _e19;
            loop {
                let _e137 = local_11;
                if (_e137 <= 1i) {
                } else {
                    break;
                }
                let _e139 = local_11;
                local_12 = array<i32, 9>(-1i, 0i, 1i, -2i, 0i, 2i, -1i, 0i, 1i);
                let _e161 = local_12[bitcast<u32>(((((_e139 + 1i) * 3i) + _e17) + 1i))];
                local_13 = array<i32, 9>(1i, 2i, 1i, 0i, 0i, 0i, -1i, -2i, -1i);
                let _e184 = local_13[bitcast<u32>(((((_e139 + 1i) * 3i) + _e17) + 1i))];
                let _e190 = vec2<i32>((param_5.x + _e139), (param_5.y + _e17));
                let _e195 = amp_params[1].w;
                let _e196 = bitcast<u32>(_e190.x);
                let _e202 = amp_params[2].x;
                let _e203 = bitcast<u32>(_e190.y);
                let _e205 = ((_e196 < _e195) && (_e203 < _e202));
                let _e211 = textureLoad(amp_texture2_, select(vec2<u32>(), vec2<u32>(_e203, _e196), _e205), 0i);
                let _e220 = amp_fault_site;
                amp_fault_site = select(4u, _e220, _e205);
                let _e222 = amp_fault_index[0];
                amp_fault_index[0] = select(_e196, _e222, _e205);
                let _e224 = amp_fault_index[1];
                amp_fault_index[1] = select(_e203, _e224, _e205);
                let _e226 = rgb_to_yuv(select(vec4<u32>(), _e211, _e205));
                let _e229 = gx_1;
                gx_1 = (_e229 + (_e226 * vec3(f32(_e161))));
                let _e233 = gy_1;
                gy_1 = (_e233 + (_e226 * vec3(f32(_e184))));
                continuing {
                    let _e235 = local_11;
                    local_11 = (_e235 + bitcast<i32>(1u));
                    break if (bitcast<u32>((1i - _e235)) < 1u);
                }
            }
        }
        continuing {
            let _e242 = local_7;
            local_7 = (_e242 + bitcast<i32>(1u));
            break if (bitcast<u32>((1i - _e242)) < 1u);
        }
    }
    let _e249 = gx_1;
    let _e251 = gx_1;
    let _e254 = gy_1;
    let _e256 = gy_1;
    let _e261 = gx_1;
    let _e263 = gx_1;
    let _e266 = gy_1;
    let _e268 = gy_1;
    let _e273 = gx_1;
    let _e275 = gx_1;
    let _e278 = gy_1;
    let _e280 = gy_1;
    return vec3<f32>(sqrt(((_e249.x * _e251.x) + (_e254.x * _e256.x))), sqrt(((_e261.y * _e263.y) + (_e266.y * _e268.y))), sqrt(((_e273.z * _e275.z) + (_e278.z * _e280.z))));
}

fn smoothstep_(param_6: f32, param_7: f32, param_8: f32) -> f32 {
    let _e5 = ((param_8 - param_6) / (param_7 - param_6));
    let _e9 = select(_e5, 0f, (_e5 < 0f));
    let _e17 = select(select(_e9, 1f, (_e9 > 1f)), _e5, ((bitcast<u32>(_e5) & 2147483647u) > 2139095040u));
    return ((_e17 * _e17) * (3f - (2f * _e17)));
}

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[2].w;
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
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        amp_report_fault();
        return;
    }
    let _e20 = amp_params[0].y;
    let _e26 = (((_e11 / _e20) * 16u) + param.y);
    let _e30 = amp_params[0].z;
    if (_e26 < _e30) {
    } else {
        amp_report_fault();
        return;
    }
    let _e35 = (((_e11 % _e20) * 16u) + param.x);
    let _e39 = amp_params[0].w;
    if (_e35 < _e39) {
    } else {
        amp_report_fault();
        return;
    }
    let _e42 = vec2<i32>(bitcast<i32>(_e26), bitcast<i32>(_e35));
    let _e46 = amp_params[1].x;
    let _e47 = bitcast<i32>(_e46);
    let _e52 = vec2<i32>((_e42.x + _e47), (_e42.y + _e47));
    let _e53 = sobel(_e52);
    let _e54 = sobel_1(_e52);
    let _e86 = smoothstep_(0.054f, 0.064f, (((1f - 0.3f) * _e53.x) + ((0.3f * (_e53.y + _e53.z)) / 2f)));
    let _e91 = smoothstep_(0.3f, 0.7f, (((1f - 0.3f) * _e54.x) + ((0.3f * (_e54.y + _e54.z)) / 2f)));
    let _e98 = amp_params[1].y;
    let _e99 = bitcast<u32>(_e52.x);
    let _e105 = amp_params[1].z;
    let _e106 = bitcast<u32>(_e52.y);
    let _e108 = ((_e99 < _e98) && (_e106 < _e105));
    let _e114 = textureLoad(amp_texture1_, select(vec2<u32>(), vec2<u32>(_e106, _e99), _e108), 0i);
    let _e116 = select(vec4<u32>(), _e114, _e108);
    let _e123 = amp_fault_site;
    amp_fault_site = select(5u, _e123, _e108);
    let _e125 = amp_fault_index[0];
    amp_fault_index[0] = select(_e99, _e125, _e108);
    let _e127 = amp_fault_index[1];
    amp_fault_index[1] = select(_e106, _e127, _e108);
    let _e130 = (1f - (((1f - 0.8f) * _e86) + (0.8f * _e91)));
    let _e133 = (f32(_e116.x) * _e130);
    let _e148 = (f32(_e116.y) * _e130);
    let _e163 = (f32(_e116.z) * _e130);
    let _e182 = amp_params[2].y;
    let _e183 = bitcast<u32>(_e52.x);
    let _e189 = amp_params[2].z;
    let _e190 = bitcast<u32>(_e52.y);
    let _e192 = ((_e183 < _e182) && (_e190 < _e189));
    if _e192 {
        textureStore(amp_texture3_, vec2<u32>(_e190, _e183), vec4<u32>(select(select(u32(_e133), 4294967295u, (_e133 >= 4294967300f)), 0u, ((bitcast<u32>(_e133) & 2147483647u) > 2139095040u)), select(select(u32(_e148), 4294967295u, (_e148 >= 4294967300f)), 0u, ((bitcast<u32>(_e148) & 2147483647u) > 2139095040u)), select(select(u32(_e163), 4294967295u, (_e163 >= 4294967300f)), 0u, ((bitcast<u32>(_e163) & 2147483647u) > 2139095040u)), 255u));
    }
    let _e201 = amp_fault_site;
    amp_fault_site = select(6u, _e201, _e192);
    let _e203 = amp_fault_index[0];
    amp_fault_index[0] = select(_e183, _e203, _e192);
    let _e205 = amp_fault_index[1];
    amp_fault_index[1] = select(_e190, _e205, _e192);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var amp_texture1_: texture_2d<u32>;
@group(0) @binding(2) 
var amp_texture2_: texture_2d<u32>;
@group(0) @binding(3) 
var amp_texture3_: texture_storage_2d<rgba32uint,write>;

fn rgb_to_yuv(param_3: vec4<u32>) -> vec3<f32> {
    let _e4 = (f32(param_3.x) / 255f);
    let _e12 = (f32(param_3.z) / 255f);
    let _e20 = (((0.299f * _e4) + (0.58699995f * (f32(param_3.y) / 255f))) + (0.114f * _e12));
    return vec3<f32>(_e20, ((0.436f * (_e12 - _e20)) / (1f - 0.114f)), ((0.615f * (_e4 - _e20)) / (1f - 0.299f)));
}

fn sobel(param_4: vec2<i32>) -> vec3<f32> {
    var gx: vec3<f32>;
    var gy: vec3<f32>;
    var local: i32;
    var local_1: i32;
    var local_2: array<i32, 9>;
    var local_3: array<i32, 9>;

    gx = vec3<f32>(0f, 0f, 0f);
    gy = vec3<f32>(0f, 0f, 0f);
    local = -(1i);
    loop {
        let _e15 = local;
        if (_e15 <= 1i) {
        } else {
            break;
        }
        let _e17 = local;
        {
            local_1 = -(1i);
            loop {
                let _e22 = local_1;
                if (_e22 <= 1i) {
                } else {
                    break;
                }
                let _e24 = local_1;
                local_2 = array<i32, 9>(-1i, 0i, 1i, -2i, 0i, 2i, -1i, 0i, 1i);
                let _e45 = local_2[bitcast<u32>(((((_e24 + 1i) * 3i) + _e17) + 1i))];
                local_3 = array<i32, 9>(1i, 2i, 1i, 0i, 0i, 0i, -1i, -2i, -1i);
                let _e67 = local_3[bitcast<u32>(((((_e24 + 1i) * 3i) + _e17) + 1i))];
                let _e73 = vec2<i32>((param_4.x + _e24), (param_4.y + _e17));
                let _e81 = textureLoad(amp_texture1_, vec2<u32>(bitcast<u32>(_e73.y), bitcast<u32>(_e73.x)), 0i);
                let _e82 = rgb_to_yuv(_e81);
                let _e85 = gx;
                gx = (_e85 + (_e82 * vec3(f32(_e45))));
                let _e89 = gy;
                gy = (_e89 + (_e82 * vec3(f32(_e67))));
                continuing {
                    let _e91 = local_1;
                    local_1 = (_e91 + bitcast<i32>(1u));
                    break if (bitcast<u32>((1i - _e91)) < 1u);
                }
            }
        }
        continuing {
            let _e98 = local;
            local = (_e98 + bitcast<i32>(1u));
            break if (bitcast<u32>((1i - _e98)) < 1u);
        }
    }
    let _e105 = gx;
    let _e107 = gx;
    let _e110 = gy;
    let _e112 = gy;
    let _e117 = gx;
    let _e119 = gx;
    let _e122 = gy;
    let _e124 = gy;
    let _e129 = gx;
    let _e131 = gx;
    let _e134 = gy;
    let _e136 = gy;
    return vec3<f32>(sqrt(((_e105.x * _e107.x) + (_e110.x * _e112.x))), sqrt(((_e117.y * _e119.y) + (_e122.y * _e124.y))), sqrt(((_e129.z * _e131.z) + (_e134.z * _e136.z))));
}

fn sobel_1(param_5: vec2<i32>) -> vec3<f32> {
    var gx_1: vec3<f32>;
    var gy_1: vec3<f32>;
    var local_4: i32;
    var local_5: i32;
    var local_6: array<i32, 9>;
    var local_7: array<i32, 9>;

    gx_1 = vec3<f32>(0f, 0f, 0f);
    gy_1 = vec3<f32>(0f, 0f, 0f);
    local_4 = -(1i);
    loop {
        let _e15 = local_4;
        if (_e15 <= 1i) {
        } else {
            break;
        }
        let _e17 = local_4;
        {
            local_5 = -(1i);
            loop {
                let _e22 = local_5;
                if (_e22 <= 1i) {
                } else {
                    break;
                }
                let _e24 = local_5;
                local_6 = array<i32, 9>(-1i, 0i, 1i, -2i, 0i, 2i, -1i, 0i, 1i);
                let _e45 = local_6[bitcast<u32>(((((_e24 + 1i) * 3i) + _e17) + 1i))];
                local_7 = array<i32, 9>(1i, 2i, 1i, 0i, 0i, 0i, -1i, -2i, -1i);
                let _e67 = local_7[bitcast<u32>(((((_e24 + 1i) * 3i) + _e17) + 1i))];
                let _e73 = vec2<i32>((param_5.x + _e24), (param_5.y + _e17));
                let _e81 = textureLoad(amp_texture2_, vec2<u32>(bitcast<u32>(_e73.y), bitcast<u32>(_e73.x)), 0i);
                let _e82 = rgb_to_yuv(_e81);
                let _e85 = gx_1;
                gx_1 = (_e85 + (_e82 * vec3(f32(_e45))));
                let _e89 = gy_1;
                gy_1 = (_e89 + (_e82 * vec3(f32(_e67))));
                continuing {
                    let _e91 = local_5;
                    local_5 = (_e91 + bitcast<i32>(1u));
                    break if (bitcast<u32>((1i - _e91)) < 1u);
                }
            }
        }
        continuing {
            let _e98 = local_4;
            local_4 = (_e98 + bitcast<i32>(1u));
            break if (bitcast<u32>((1i - _e98)) < 1u);
        }
    }
    let _e105 = gx_1;
    let _e107 = gx_1;
    let _e110 = gy_1;
    let _e112 = gy_1;
    let _e117 = gx_1;
    let _e119 = gx_1;
    let _e122 = gy_1;
    let _e124 = gy_1;
    let _e129 = gx_1;
    let _e131 = gx_1;
    let _e134 = gy_1;
    let _e136 = gy_1;
    return vec3<f32>(sqrt(((_e105.x * _e107.x) + (_e110.x * _e112.x))), sqrt(((_e117.y * _e119.y) + (_e122.y * _e124.y))), sqrt(((_e129.z * _e131.z) + (_e134.z * _e136.z))));
}

fn smoothstep_(param_6: f32, param_7: f32, param_8: f32) -> f32 {
    let _e5 = ((param_8 - param_6) / (param_7 - param_6));
    let _e9 = select(_e5, 0f, (_e5 < 0f));
    let _e17 = select(select(_e9, 1f, (_e9 > 1f)), _e5, ((bitcast<u32>(_e5) & 2147483647u) > 2139095040u));
    return ((_e17 * _e17) * (3f - (2f * _e17)));
}

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
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
    let _e46 = amp_params[1].x;
    let _e47 = bitcast<i32>(_e46);
    let _e52 = vec2<i32>((_e42.x + _e47), (_e42.y + _e47));
    let _e53 = sobel(_e52);
    let _e54 = sobel_1(_e52);
    let _e86 = smoothstep_(0.054f, 0.064f, (((1f - 0.3f) * _e53.x) + ((0.3f * (_e53.y + _e53.z)) / 2f)));
    let _e91 = smoothstep_(0.3f, 0.7f, (((1f - 0.3f) * _e54.x) + ((0.3f * (_e54.y + _e54.z)) / 2f)));
    let _e101 = textureLoad(amp_texture1_, vec2<u32>(bitcast<u32>(_e52.y), bitcast<u32>(_e52.x)), 0i);
    let _e103 = (1f - (((1f - 0.8f) * _e86) + (0.8f * _e91)));
    let _e106 = (f32(_e101.x) * _e103);
    let _e121 = (f32(_e101.y) * _e103);
    let _e136 = (f32(_e101.z) * _e103);
    textureStore(amp_texture3_, vec2<u32>(bitcast<u32>(_e52.y), bitcast<u32>(_e52.x)), vec4<u32>(select(select(u32(_e106), 4294967295u, (_e106 >= 4294967300f)), 0u, ((bitcast<u32>(_e106) & 2147483647u) > 2139095040u)), select(select(u32(_e121), 4294967295u, (_e121 >= 4294967300f)), 0u, ((bitcast<u32>(_e121) & 2147483647u) > 2139095040u)), select(select(u32(_e136), 4294967295u, (_e136 >= 4294967300f)), 0u, ((bitcast<u32>(_e136) & 2147483647u) > 2139095040u)), 255u));
    return;
}
