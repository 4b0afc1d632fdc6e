// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var amp_texture1_: texture_2d<u32>;
@group(0) @binding(2) 
var amp_texture2_: texture_storage_2d<rgba32uint,write>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn rgb_to_yuv(param_3: vec4<u32>) -> vec3<f32> {
    let _e4 = (f32(param_3.x) / 255f);
    let _e12 = (f32(param_3.z) / 255f);
    let _e20 = (((0.299f * _e4) + (0.58699995f * (f32(param_3.y) / 255f))) + (0.114f * _e12));
    return vec3<f32>(_e20, ((0.436f * (_e12 - _e20)) / (1f - 0.114f)), ((0.615f * (_e4 - _e20)) / (1f - 0.299f)));
}

fn distance_(param_4: vec4<u32>, param_5: vec4<u32>) -> f32 {
    let _e2 = rgb_to_yuv(param_4);
    let _e3 = rgb_to_yuv(param_5);
    let _e6 = (_e2.y - _e3.y);
    let _e9 = (_e2.z - _e3.z);
    return sqrt(((_e6 * _e6) + (_e9 * _e9)));
}

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[2].y;
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
    var sum: f32;
    var partial: vec3<f32>;
    var local: i32;
    var local_1: i32;
    var local_2: bool;
    var local_3: i32;
    var local_4: bool;

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
    let _e49 = (_e42.x + _e47);
    let _e51 = (_e42.y + _e47);
    let _e52 = vec2<i32>(_e49, _e51);
    let _e57 = amp_params[1].y;
    let _e58 = bitcast<u32>(_e52.x);
    let _e64 = amp_params[1].z;
    let _e65 = bitcast<u32>(_e52.y);
    let _e67 = ((_e58 < _e57) && (_e65 < _e64));
    let _e73 = textureLoad(amp_texture1_, select(vec2<u32>(), vec2<u32>(_e65, _e58), _e67), 0i);
    let _e75 = select(vec4<u32>(), _e73, _e67);
    let _e82 = amp_fault_site;
    amp_fault_site = select(1u, _e82, _e67);
    let _e84 = amp_fault_index[0];
    amp_fault_index[0] = select(_e58, _e84, _e67);
    let _e86 = amp_fault_index[1];
    amp_fault_index[1] = select(_e65, _e86, _e67);
    sum = 0f;
    partial = vec3<f32>(0f, 0f, 0f);
    let _e96 = (_e49 + _e47);
    local = (_e49 - _e47);
    loop {
        let _e98 = local;
        if (_e98 <= _e96) {
        } else {
            break;
        }
        let _e100 = local;
        let _e101 = (_e51 - _e47);
        let _e102 = (_e51 + _e47);
        let _e240 = amp_params[1].y;
        let _e247 = amp_params[1].z;
        if (((_e101 >= 0i) && (bitcast<u32>(_e100) < _e240)) && (bitcast<u32>(_e102) < _e247)) {
            local_1 = _e101;
            loop {
                let _e104 = local_1;
                if (_e104 <= _e102) {
                } else {
                    break;
                }
                let _e106 = local_1;
                let _e107 = (_e106 != _e51);
                local_2 = _e107;
                if _e107 {
                } else {
                    local_2 = (_e100 != _e49);
                }
                let _e110 = local_2;
                if _e110 {
                    let _e111 = vec2<i32>(_e100, _e106);
                    let _e127 = textureLoad(amp_texture1_, vec2<u32>(bitcast<u32>(_e111.y), bitcast<u32>(_e111.x)), 0i);
                    let _e128 = distance_(_e75, _e127);
                    let _e132 = ((-799.99994f * _e128) * _e128);
                    let _e133 = abs(2.7182817f);
                    let _e149 = bitcast<f32>(2139095040u);
                    let _e151 = (trunc(_e132) == _e132);
                    let _e152 = (_e132 * 0.5f);
                    let _e156 = (_e132 < 0f);
                    let _e157 = select(_e149, 0f, _e156);
                    let _e158 = select(0f, _e149, _e156);
                    let _e176 = select(select(select(select(pow(_e133, _e132), exp2((_e132 * (log2((_e133 * 16777216f)) - 24f))), (_e133 < 0.000000000000000000000000000000000000011754944f)), _e158, (_e133 == 0f)), _e157, ((bitcast<u32>(_e133) & 2147483647u) == 2139095040u)), select(select(1f, _e158, (_e133 < 1f)), _e157, (_e133 > 1f)), ((bitcast<u32>(_e132) & 2147483647u) == 2139095040u));
                    let _e214 = select(select(select(select(_e176, -(_e176), (((bitcast<u32>(2.7182817f) & 2147483648u) != 0u) && (_e151 && (trunc(_e152) != _e152)))), bitcast<f32>(2143289344u), ((((bitcast<u32>(2.7182817f) & 2147483647u) > 2139095040u) || ((bitcast<u32>(_e132) & 2147483647u) > 2139095040u)) || (((2.7182817f < 0f) && ((bitcast<u32>(2.7182817f) & 2147483647u) < 2139095040u)) && !(_e151)))), 2.7182817f, (_e132 == 1f)), 1f, ((_e132 == 0f) || (2.7182817f == 1f)));
                    let _e215 = sum;
                    sum = (_e215 + _e214);
                    let _e226 = partial;
                    partial = (_e226 + (vec3<f32>(f32(_e127.x), f32(_e127.y), f32(_e127.z)) * vec3(_e214)));
                }
                continuing {
                    let _e228 = local_1;
                    local_1 = (_e228 + bitcast<i32>(1u));
                    break if (bitcast<u32>((_e102 - _e228)) < 1u);
                }
            }
        } else {
            local_3 = _e101;
            loop {
                let _e252 = local_3;
                if (_e252 <= _e102) {
                } else {
                    break;
                }
                let _e254 = local_3;
                let _e255 = (_e254 != _e51);
                local_4 = _e255;
                if _e255 {
                } else {
                    local_4 = (_e100 != _e49);
                }
                let _e258 = local_4;
                if _e258 {
                    let _e259 = vec2<i32>(_e100, _e254);
                    let _e264 = amp_params[1].y;
                    let _e265 = bitcast<u32>(_e259.x);
                    let _e271 = amp_params[1].z;
                    let _e272 = bitcast<u32>(_e259.y);
                    let _e274 = ((_e265 < _e264) && (_e272 < _e271));
                    let _e280 = textureLoad(amp_texture1_, select(vec2<u32>(), vec2<u32>(_e272, _e265), _e274), 0i);
                    let _e282 = select(vec4<u32>(), _e280, _e274);
                    let _e289 = amp_fault_site;
                    amp_fault_site = select(2u, _e289, _e274);
                    let _e291 = amp_fault_index[0];
                    amp_fault_index[0] = select(_e265, _e291, _e274);
                    let _e293 = amp_fault_index[1];
                    amp_fault_index[1] = select(_e272, _e293, _e274);
                    let _e295 = distance_(_e75, _e282);
                    let _e299 = ((-799.99994f * _e295) * _e295);
                    let _e300 = abs(2.7182817f);
                    let _e316 = bitcast<f32>(2139095040u);
                    let _e318 = (trunc(_e299) == _e299);
                    let _e319 = (_e299 * 0.5f);
                    let _e323 = (_e299 < 0f);
                    let _e324 = select(_e316, 0f, _e323);
                    let _e325 = select(0f, _e316, _e323);
                    let _e343 = select(select(select(select(pow(_e300, _e299), exp2((_e299 * (log2((_e300 * 16777216f)) - 24f))), (_e300 < 0.000000000000000000000000000000000000011754944f)), _e325, (_e300 == 0f)), _e324, ((bitcast<u32>(_e300) & 2147483647u) == 2139095040u)), select(select(1f, _e325, (_e300 < 1f)), _e324, (_e300 > 1f)), ((bitcast<u32>(_e299) & 2147483647u) == 2139095040u));
                    let _e381 = select(select(select(select(_e343, -(_e343), (((bitcast<u32>(2.7182817f) & 2147483648u) != 0u) && (_e318 && (trunc(_e319) != _e319)))), bitcast<f32>(2143289344u), ((((bitcast<u32>(2.7182817f) & 2147483647u) > 2139095040u) || ((bitcast<u32>(_e299) & 2147483647u) > 2139095040u)) || (((2.7182817f < 0f) && ((bitcast<u32>(2.7182817f) & 2147483647u) < 2139095040u)) && !(_e318)))), 2.7182817f, (_e299 == 1f)), 1f, ((_e299 == 0f) || (2.7182817f == 1f)));
                    let _e382 = sum;
                    sum = (_e382 + _e381);
                    let _e393 = partial;
                    partial = (_e393 + (vec3<f32>(f32(_e282.x), f32(_e282.y), f32(_e282.z)) * vec3(_e381)));
                }
                continuing {
                    let _e395 = local_3;
                    local_3 = (_e395 + bitcast<i32>(1u));
                    break if (bitcast<u32>((_e102 - _e395)) < 1u);
                }
            }
        }
        continuing {
            let _e402 = local;
            local = (_e402 + bitcast<i32>(1u));
            break if (bitcast<u32>((_e96 - _e402)) < 1u);
        }
    }
    let _e409 = partial;
    let _e410 = sum;
    let _e421 = clamp((_e409 / vec3(_e410)), vec3<f32>(0f, 0f, 0f), vec3<f32>(255f, 255f, 255f));
    let _e422 = vec2<i32>(_e49, _e51);
    let _e468 = amp_params[1].w;
    let _e469 = bitcast<u32>(_e422.x);
    let _e475 = amp_params[2].x;
    let _e476 = bitcast<u32>(_e422.y);
    let _e478 = ((_e469 < _e468) && (_e476 < _e475));
    if _e478 {
        textureStore(amp_texture2_, vec2<u32>(_e476, _e469), vec4<u32>(select(select(u32(_e421.x), 4294967295u, (_e421.x >= 4294967300f)), 0u, ((bitcast<u32>(_e421.x) & 2147483647u) > 2139095040u)), select(select(u32(_e421.y), 4294967295u, (_e421.y >= 4294967300f)), 0u, ((bitcast<u32>(_e421.y) & 2147483647u) > 2139095040u)), select(select(u32(_e421.z), 4294967295u, (_e421.z >= 4294967300f)), 0u, ((bitcast<u32>(_e421.z) & 2147483647u) > 2139095040u)), 255u));
    }
    let _e487 = amp_fault_site;
    amp_fault_site = select(3u, _e487, _e478);
    let _e489 = amp_fault_index[0];
    amp_fault_index[0] = select(_e469, _e489, _e478);
    let _e491 = amp_fault_index[1];
    amp_fault_index[1] = select(_e476, _e491, _e478);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var amp_texture1_: texture_2d<u32>;
@group(0) @binding(2) 
var amp_texture2_: texture_storage_2d<rgba32uint,write>;

fn rgb_to_yuv(param_3: vec4<u32>) -> vec3<f32> {
    let _e4 = (f32(param_3.x) / 255f);
    let _e12 = (f32(param_3.z) / 255f);
    let _e20 = (((0.299f * _e4) + (0.58699995f * (f32(param_3.y) / 255f))) + (0.114f * _e12));
    return vec3<f32>(_e20, ((0.436f * (_e12 - _e20)) / (1f - 0.114f)), ((0.615f * (_e4 - _e20)) / (1f - 0.299f)));
}

fn distance_(param_4: vec4<u32>, param_5: vec4<u32>) -> f32 {
    let _e2 = rgb_to_yuv(param_4);
    let _e3 = rgb_to_yuv(param_5);
    let _e6 = (_e2.y - _e3.y);
    let _e9 = (_e2.z - _e3.z);
    return sqrt(((_e6 * _e6) + (_e9 * _e9)));
}

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var sum: f32;
    var partial: vec3<f32>;
    var local: i32;
    var local_1: i32;
    var local_2: bool;

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
    let _e49 = (_e42.x + _e47);
    let _e51 = (_e42.y + _e47);
    let _e52 = vec2<i32>(_e49, _e51);
    let _e60 = textureLoad(amp_texture1_, vec2<u32>(bitcast<u32>(_e52.y), bitcast<u32>(_e52.x)), 0i);
    sum = 0f;
    partial = vec3<f32>(0f, 0f, 0f);
    let _e69 = (_e49 + _e47);
    local = (_e49 - _e47);
    loop {
        let _e71 = local;
        if (_e71 <= _e69) {
        } else {
            break;
        }
        let _e73 = local;
        let _e75 = (_e51 + _e47);
        {
            local_1 = (_e51 - _e47);
            loop {
                let _e77 = local_1;
                if (_e77 <= _e75) {
                } else {
                    break;
                }
                let _e79 = local_1;
                let _e80 = (_e79 != _e51);
                local_2 = _e80;
                if _e80 {
                } else {
                    local_2 = (_e73 != _e49);
                }
                let _e83 = local_2;
                if _e83 {
                    let _e84 = vec2<i32>(_e73, _e79);
                    let _e92 = textureLoad(amp_texture1_, vec2<u32>(bitcast<u32>(_e84.y), bitcast<u32>(_e84.x)), 0i);
                    let _e93 = distance_(_e60, _e92);
                    let _e97 = ((-799.99994f * _e93) * _e93);
                    let _e98 = abs(2.7182817f);
                    let _e114 = bitcast<f32>(2139095040u);
                    let _e116 = (trunc(_e97) == _e97);
                    let _e117 = (_e97 * 0.5f);
                    let _e121 = (_e97 < 0f);
                    let _e122 = select(_e114, 0f, _e121);
                    let _e123 = select(0f, _e114, _e121);
                    let _e141 = select(select(select(select(pow(_e98, _e97), exp2((_e97 * (log2((_e98 * 16777216f)) - 24f))), (_e98 < 0.000000000000000000000000000000000000011754944f)), _e123, (_e98 == 0f)), _e122, ((bitcast<u32>(_e98) & 2147483647u) == 2139095040u)), select(select(1f, _e123, (_e98 < 1f)), _e122, (_e98 > 1f)), ((bitcast<u32>(_e97) & 2147483647u) == 2139095040u));
                    let _e179 = select(select(select(select(_e141, -(_e141), (((bitcast<u32>(2.7182817f) & 2147483648u) != 0u) && (_e116 && (trunc(_e117) != _e117)))), bitcast<f32>(2143289344u), ((((bitcast<u32>(2.7182817f) & 2147483647u) > 2139095040u) || ((bitcast<u32>(_e97) & 2147483647u) > 2139095040u)) || (((2.7182817f < 0f) && ((bitcast<u32>(2.7182817f) & 2147483647u) < 2139095040u)) && !(_e116)))), 2.7182817f, (_e97 == 1f)), 1f, ((_e97 == 0f) || (2.7182817f == 1f)));
                    let _e180 = sum;
                    sum = (_e180 + _e179);
                    let _e191 = partial;
                    partial = (_e191 + (vec3<f32>(f32(_e92.x), f32(_e92.y), f32(_e92.z)) * vec3(_e179)));
                }
                continuing {
                    let _e193 = local_1;
                    local_1 = (_e193 + bitcast<i32>(1u));
                    break if (bitcast<u32>((_e75 - _e193)) < 1u);
                }
            }
        }
        continuing {
            let _e200 = local;
            local = (_e200 + bitcast<i32>(1u));
            break if (bitcast<u32>((_e69 - _e200)) < 1u);
        }
    }
    let _e207 = partial;
    let _e208 = sum;
    let _e219 = clamp((_e207 / vec3(_e208)), vec3<f32>(0f, 0f, 0f), vec3<f32>(255f, 255f, 255f));
    let _e220 = vec2<i32>(_e49, _e51);
    textureStore(amp_texture2_, vec2<u32>(bitcast<u32>(_e220.y), bitcast<u32>(_e220.x)), vec4<u32>(select(select(u32(_e219.x), 4294967295u, (_e219.x >= 4294967300f)), 0u, ((bitcast<u32>(_e219.x) & 2147483647u) > 2139095040u)), select(select(u32(_e219.y), 4294967295u, (_e219.y >= 4294967300f)), 0u, ((bitcast<u32>(_e219.y) & 2147483647u) > 2139095040u)), select(select(u32(_e219.z), 4294967295u, (_e219.z >= 4294967300f)), 0u, ((bitcast<u32>(_e219.z) & 2147483647u) > 2139095040u)), 255u));
    return;
}
