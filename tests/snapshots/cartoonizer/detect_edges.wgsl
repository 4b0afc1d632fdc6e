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
        let _e156 = amp_params[1].z;
        if ((_e19 >= 0i) && (bitcast<u32>((param_4.y + _e17)) < _e156)) {
            local_1 = _e19;
            loop {
                let _e22 = local_1;
                if (_e22 <= 1i) {
                } else {
                    break;
                }
                let _e24 = local_1;
                local_2 = array<i32, 9>(-1i, 0i, 1i, -2i, 0i, 2i, -1i, 0i, 1i);
                let _e44 = bitcast<u32>(((((_e24 + 1i) * 3i) + _e17) + 1i));
                let _e45 = (_e44 < 9u);
                let _e49 = local_2[select(0u, _e44, _e45)];
                let _e56 = amp_fault_site;
                amp_fault_site = select(1u, _e56, _e45);
                let _e58 = amp_fault_index[0];
                amp_fault_index[0] = select(_e44, _e58, _e45);
                local_3 = array<i32, 9>(1i, 2i, 1i, 0i, 0i, 0i, -1i, -2i, -1i);
                let _e80 = bitcast<u32>(((((_e24 + 1i) * 3i) + _e17) + 1i));
                let _e81 = (_e80 < 9u);
                let _e85 = local_3[select(0u, _e80, _e81)];
                let _e92 = amp_fault_site;
                amp_fault_site = select(2u, _e92, _e81);
                let _e94 = amp_fault_index[0];
                amp_fault_index[0] = select(_e80, _e94, _e81);
                let _e101 = vec2<i32>((param_4.x + _e24), (param_4.y + _e17));
                let _e106 = amp_params[1].y;
                let _e107 = bitcast<u32>(_e101.x);
                let _e108 = (_e107 < _e106);
                let _e114 = bitcast<u32>(_e101.y);
                let _e120 = textureLoad(amp_texture1_, select(vec2<u32>(), vec2<u32>(_e114, _e107), _e108), 0i);
                let _e129 = amp_fault_site;
                amp_fault_site = select(3u, _e129, _e108);
                let _e131 = amp_fault_index[0];
                amp_fault_index[0] = select(_e107, _e131, _e108);
                let _e133 = amp_fault_index[1];
                amp_fault_index[1] = select(_e114, _e133, _e108);
                let _e135 = rgb_to_yuv(select(vec4<u32>(), _e120, _e108));
                let _e138 = gx;
                gx = (_e138 + (_e135 * vec3(f32(select(i32(), _e49, _e45)))));
                let _e142 = gy;
                gy = (_e142 + (_e135 * vec3(f32(select(i32(), _e85, _e81)))));
                continuing {
                    let _e144 = local_1;
                    local_1 = (_e144 + bitcast<i32>(1u));
                    break if (bitcast<u32>((1i - _e144)) < 1u);
                }
            }
        } else {
            local_4 = _e19;
            loop {
                let _e163 = local_4;
                if (_e163 <= 1i) {
                } else {
                    break;
                }
                let _e165 = local_4;
                local_5 = array<i32, 9>(-1i, 0i, 1i, -2i, 0i, 2i, -1i, 0i, 1i);
                let _e185 = bitcast<u32>(((((_e165 + 1i) * 3i) + _e17) + 1i));
                let _e186 = (_e185 < 9u);
                let _e190 = local_5[select(0u, _e185, _e186)];
                let _e197 = amp_fault_site;
                amp_fault_site = select(4u, _e197, _e186);
                let _e199 = amp_fault_index[0];
                amp_fault_index[0] = select(_e185, _e199, _e186);
                local_6 = array<i32, 9>(1i, 2i, 1i, 0i, 0i, 0i, -1i, -2i, -1i);
                let _e221 = bitcast<u32>(((((_e165 + 1i) * 3i) + _e17) + 1i));
                let _e222 = (_e221 < 9u);
                let _e226 = local_6[select(0u, _e221, _e222)];
                let _e233 = amp_fault_site;
                amp_fault_site = select(5u, _e233, _e222);
                let _e235 = amp_fault_index[0];
                amp_fault_index[0] = select(_e221, _e235, _e222);
                let _e242 = vec2<i32>((param_4.x + _e165), (param_4.y + _e17));
                let _e247 = amp_params[1].y;
                let _e248 = bitcast<u32>(_e242.x);
                let _e254 = amp_params[1].z;
                let _e255 = bitcast<u32>(_e242.y);
                let _e257 = ((_e248 < _e247) && (_e255 < _e254));
                let _e263 = textureLoad(amp_texture1_, select(vec2<u32>(), vec2<u32>(_e255, _e248), _e257), 0i);
                let _e272 = amp_fault_site;
                amp_fault_site = select(6u, _e272, _e257);
                let _e274 = amp_fault_index[0];
                amp_fault_index[0] = select(_e248, _e274, _e257);
                let _e276 = amp_fault_index[1];
                amp_fault_index[1] = select(_e255, _e276, _e257);
                let _e278 = rgb_to_yuv(select(vec4<u32>(), _e263, _e257));
                let _e281 = gx;
                gx = (_e281 + (_e278 * vec3(f32(select(i32(), _e190, _e186)))));
                let _e285 = gy;
                gy = (_e285 + (_e278 * vec3(f32(select(i32(), _e226, _e222)))));
                continuing {
                    let _e287 = local_4;
                    local_4 = (_e287 + bitcast<i32>(1u));
                    break if (bitcast<u32>((1i - _e287)) < 1u);
                }
            }
        }
        continuing {
            let _e294 = local;
            local = (_e294 + bitcast<i32>(1u));
            break if (bitcast<u32>((1i - _e294)) < 1u);
        }
    }
    let _e301 = gx;
    let _e303 = gx;
    let _e306 = gy;
    let _e308 = gy;
    let _e313 = gx;
    let _e315 = gx;
    let _e318 = gy;
    let _e320 = gy;
    let _e325 = gx;
    let _e327 = gx;
    let _e330 = gy;
    let _e332 = gy;
    return vec3<f32>(sqrt(((_e301.x * _e303.x) + (_e306.x * _e308.x))), sqrt(((_e313.y * _e315.y) + (_e318.y * _e320.y))), sqrt(((_e325.z * _e327.z) + (_e330.z * _e332.z))));
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
        let _e156 = amp_params[2].x;
        if ((_e19 >= 0i) && (bitcast<u32>((param_5.y + _e17)) < _e156)) {
            local_8 = _e19;
            loop {
                let _e22 = local_8;
                if (_e22 <= 1i) {
                } else {
                    break;
                }
                let _e24 = local_8;
                local_9 = array<i32, 9>(-1i, 0i, 1i, -2i, 0i, 2i, -1i, 0i, 1i);
                let _e44 = bitcast<u32>(((((_e24 + 1i) * 3i) + _e17) + 1i));
                let _e45 = (_e44 < 9u);
                let _e49 = local_9[select(0u, _e44, _e45)];
                let _e56 = amp_fault_site;
                amp_fault_site = select(7u, _e56, _e45);
                let _e58 = amp_fault_index[0];
                amp_fault_index[0] = select(_e44, _e58, _e45);
                local_10 = array<i32, 9>(1i, 2i, 1i, 0i, 0i, 0i, -1i, -2i, -1i);
                let _e80 = bitcast<u32>(((((_e24 + 1i) * 3i) + _e17) + 1i));
                let _e81 = (_e80 < 9u);
                let _e85 = local_10[select(0u, _e80, _e81)];
                let _e92 = amp_fault_site;
                amp_fault_site = select(8u, _e92, _e81);
                let _e94 = amp_fault_index[0];
                amp_fault_index[0] = select(_e80, _e94, _e81);
                let _e101 = vec2<i32>((param_5.x + _e24), (param_5.y + _e17));
                let _e106 = amp_params[1].w;
                let _e107 = bitcast<u32>(_e101.x);
                let _e108 = (_e107 < _e106);
                let _e114 = bitcast<u32>(_e101.y);
                let _e120 = textureLoad(amp_texture2_, select(vec2<u32>(), vec2<u32>(_e114, _e107), _e108), 0i);
                let _e129 = amp_fault_site;
                amp_fault_site = select(9u, _e129, _e108);
                let _e131 = amp_fault_index[0];
                amp_fault_index[0] = select(_e107, _e131, _e108);
                let _e133 = amp_fault_index[1];
                amp_fault_index[1] = select(_e114, _e133, _e108);
                let _e135 = rgb_to_yuv(select(vec4<u32>(), _e120, _e108));
                let _e138 = gx_1;
                gx_1 = (_e138 + (_e135 * vec3(f32(select(i32(), _e49, _e45)))));
                let _e142 = gy_1;
                gy_1 = (_e142 + (_e135 * vec3(f32(select(i32(), _e85, _e81)))));
                continuing {
                    let _e144 = local_8;
                    local_8 = (_e144 + bitcast<i32>(1u));
                    break if (bitcast<u32>((1i - _e144)) < 1u);
                }
            }
        } else {
            local_11 = _e19;
            loop {
                let _e163 = local_11;
                if (_e163 <= 1i) {
                } else {
                    break;
                }
                let _e165 = local_11;
                local_12 = array<i32, 9>(-1i, 0i, 1i, -2i, 0i, 2i, -1i, 0i, 1i);
                let _e185 = bitcast<u32>(((((_e165 + 1i) * 3i) + _e17) + 1i));
                let _e186 = (_e185 < 9u);
                let _e190 = local_12[select(0u, _e185, _e186)];
                let _e197 = amp_fault_site;
                amp_fault_site = select(10u, _e197, _e186);
                let _e199 = amp_fault_index[0];
                amp_fault_index[0] = select(_e185, _e199, _e186);
                local_13 = array<i32, 9>(1i, 2i, 1i, 0i, 0i, 0i, -1i, -2i, -1i);
                let _e221 = bitcast<u32>(((((_e165 + 1i) * 3i) + _e17) + 1i));
                let _e222 = (_e221 < 9u);
                let _e226 = local_13[select(0u, _e221, _e222)];
                let _e233 = amp_fault_site;
                amp_fault_site = select(11u, _e233, _e222);
                let _e235 = amp_fault_index[0];
                amp_fault_index[0] = select(_e221, _e235, _e222);
                let _e242 = vec2<i32>((param_5.x + _e165), (param_5.y + _e17));
                let _e247 = amp_params[1].w;
                let _e248 = bitcast<u32>(_e242.x);
                let _e254 = amp_params[2].x;
                let _e255 = bitcast<u32>(_e242.y);
                let _e257 = ((_e248 < _e247) && (_e255 < _e254));
                let _e263 = textureLoad(amp_texture2_, select(vec2<u32>(), vec2<u32>(_e255, _e248), _e257), 0i);
                let _e272 = amp_fault_site;
                amp_fault_site = select(12u, _e272, _e257);
                let _e274 = amp_fault_index[0];
                amp_fault_index[0] = select(_e248, _e274, _e257);
                let _e276 = amp_fault_index[1];
                amp_fault_index[1] = select(_e255, _e276, _e257);
                let _e278 = rgb_to_yuv(select(vec4<u32>(), _e263, _e257));
                let _e281 = gx_1;
                gx_1 = (_e281 + (_e278 * vec3(f32(select(i32(), _e190, _e186)))));
                let _e285 = gy_1;
                gy_1 = (_e285 + (_e278 * vec3(f32(select(i32(), _e226, _e222)))));
                continuing {
                    let _e287 = local_11;
                    local_11 = (_e287 + bitcast<i32>(1u));
                    break if (bitcast<u32>((1i - _e287)) < 1u);
                }
            }
        }
        continuing {
            let _e294 = local_7;
            local_7 = (_e294 + bitcast<i32>(1u));
            break if (bitcast<u32>((1i - _e294)) < 1u);
        }
    }
    let _e301 = gx_1;
    let _e303 = gx_1;
    let _e306 = gy_1;
    let _e308 = gy_1;
    let _e313 = gx_1;
    let _e315 = gx_1;
    let _e318 = gy_1;
    let _e320 = gy_1;
    let _e325 = gx_1;
    let _e327 = gx_1;
    let _e330 = gy_1;
    let _e332 = gy_1;
    return vec3<f32>(sqrt(((_e301.x * _e303.x) + (_e306.x * _e308.x))), sqrt(((_e313.y * _e315.y) + (_e318.y * _e320.y))), sqrt(((_e325.z * _e327.z) + (_e330.z * _e332.z))));
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
    amp_fault_site = select(13u, _e123, _e108);
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
    amp_fault_site = select(14u, _e201, _e192);
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
