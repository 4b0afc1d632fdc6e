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
        let _e159 = amp_params[1].y;
        let _e166 = amp_params[1].z;
        if (((_e101 >= 0i) && (bitcast<u32>(_e100) < _e159)) && (bitcast<u32>(_e102) < _e166)) {
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
                    let _e133 = pow(2.7182817f, ((-799.99994f * _e128) * _e128));
                    let _e134 = sum;
                    sum = (_e134 + _e133);
                    let _e145 = partial;
                    partial = (_e145 + (vec3<f32>(f32(_e127.x), f32(_e127.y), f32(_e127.z)) * vec3(_e133)));
                }
                continuing {
                    let _e147 = local_1;
                    local_1 = (_e147 + bitcast<i32>(1u));
                    break if (bitcast<u32>((_e102 - _e147)) < 1u);
                }
            }
        } else {
            local_3 = _e101;
            loop {
                let _e171 = local_3;
                if (_e171 <= _e102) {
                } else {
                    break;
                }
                let _e173 = local_3;
                let _e174 = (_e173 != _e51);
                local_4 = _e174;
                if _e174 {
                } else {
                    local_4 = (_e100 != _e49);
                }
                let _e177 = local_4;
                if _e177 {
                    let _e178 = vec2<i32>(_e100, _e173);
                    let _e183 = amp_params[1].y;
                    let _e184 = bitcast<u32>(_e178.x);
                    let _e190 = amp_params[1].z;
                    let _e191 = bitcast<u32>(_e178.y);
                    let _e193 = ((_e184 < _e183) && (_e191 < _e190));
                    let _e199 = textureLoad(amp_texture1_, select(vec2<u32>(), vec2<u32>(_e191, _e184), _e193), 0i);
                    let _e201 = select(vec4<u32>(), _e199, _e193);
                    let _e208 = amp_fault_site;
                    amp_fault_site = select(2u, _e208, _e193);
                    let _e210 = amp_fault_index[0];
                    amp_fault_index[0] = select(_e184, _e210, _e193);
                    let _e212 = amp_fault_index[1];
                    amp_fault_index[1] = select(_e191, _e212, _e193);
                    let _e214 = distance_(_e75, _e201);
                    let _e219 = pow(2.7182817f, ((-799.99994f * _e214) * _e214));
                    let _e220 = sum;
                    sum = (_e220 + _e219);
                    let _e231 = partial;
                    partial = (_e231 + (vec3<f32>(f32(_e201.x), f32(_e201.y), f32(_e201.z)) * vec3(_e219)));
                }
                continuing {
                    let _e233 = local_3;
                    local_3 = (_e233 + bitcast<i32>(1u));
                    break if (bitcast<u32>((_e102 - _e233)) < 1u);
                }
            }
        }
        continuing {
            let _e240 = local;
            local = (_e240 + bitcast<i32>(1u));
            break if (bitcast<u32>((_e96 - _e240)) < 1u);
        }
    }
    let _e247 = partial;
    let _e248 = sum;
    let _e259 = clamp((_e247 / vec3(_e248)), vec3<f32>(0f, 0f, 0f), vec3<f32>(255f, 255f, 255f));
    let _e260 = vec2<i32>(_e49, _e51);
    let _e273 = amp_params[1].w;
    let _e274 = bitcast<u32>(_e260.x);
    let _e280 = amp_params[2].x;
    let _e281 = bitcast<u32>(_e260.y);
    let _e283 = ((_e274 < _e273) && (_e281 < _e280));
    if _e283 {
        textureStore(amp_texture2_, vec2<u32>(_e281, _e274), vec4<u32>(u32(_e259.x), u32(_e259.y), u32(_e259.z), 255u));
    }
    let _e292 = amp_fault_site;
    amp_fault_site = select(3u, _e292, _e283);
    let _e294 = amp_fault_index[0];
    amp_fault_index[0] = select(_e274, _e294, _e283);
    let _e296 = amp_fault_index[1];
    amp_fault_index[1] = select(_e281, _e296, _e283);
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
                    let _e98 = pow(2.7182817f, ((-799.99994f * _e93) * _e93));
                    let _e99 = sum;
                    sum = (_e99 + _e98);
                    let _e110 = partial;
                    partial = (_e110 + (vec3<f32>(f32(_e92.x), f32(_e92.y), f32(_e92.z)) * vec3(_e98)));
                }
                continuing {
                    let _e112 = local_1;
                    local_1 = (_e112 + bitcast<i32>(1u));
                    break if (bitcast<u32>((_e75 - _e112)) < 1u);
                }
            }
        }
        continuing {
            let _e119 = local;
            local = (_e119 + bitcast<i32>(1u));
            break if (bitcast<u32>((_e69 - _e119)) < 1u);
        }
    }
    let _e126 = partial;
    let _e127 = sum;
    let _e138 = clamp((_e126 / vec3(_e127)), vec3<f32>(0f, 0f, 0f), vec3<f32>(255f, 255f, 255f));
    let _e139 = vec2<i32>(_e49, _e51);
    textureStore(amp_texture2_, vec2<u32>(bitcast<u32>(_e139.y), bitcast<u32>(_e139.x)), vec4<u32>(u32(_e138.x), u32(_e138.y), u32(_e138.z), 255u));
    return;
}
