// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var amp_texture1_: texture_2d<f32>;
@group(0) @binding(2) 
var amp_sampler2_: sampler;
@group(0) @binding(3) 
var amp_texture3_: texture_storage_2d<rgba32float,write>;
@group(0) @binding(4) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[3].x;
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
    var local: array<f32, 3>;
    var sum: vec4<f32>;
    var local_1: i32;
    var local_2: array<f32, 3>;
    var local_3: array<f32, 3>;

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
    let _e46 = amp_params[1].z;
    let _e51 = amp_params[1].w;
    let _e53 = vec2<f32>(bitcast<f32>(_e46), bitcast<f32>(_e51));
    let _e57 = amp_params[2].x;
    let _e62 = amp_params[2].y;
    let _e73 = vec2<f32>((f32(_e42.y) + 0.5f), (f32(_e42.x) + 0.5f));
    let _e77 = textureSampleLevel(amp_texture1_, amp_sampler2_, (_e73 / _e53), 0.0);
    local = array<f32, 3>(0.2734375f, 0.328125f, 0.03515625f);
    let _e84 = local[0];
    sum = (_e77 * vec4(_e84));
    {
        local_1 = 1i;
        loop {
            let _e91 = local_1;
            if (_e91 < 3i) {
            } else {
                break;
            }
            let _e93 = local_1;
            local_2 = array<f32, 3>(0f, 1.3333334f, 3.1111112f);
            let _e102 = local_2[bitcast<u32>(_e93)];
            let _e104 = (vec2<f32>(bitcast<f32>(_e57), bitcast<f32>(_e62)) * vec2(_e102));
            let _e109 = textureSampleLevel(amp_texture1_, amp_sampler2_, ((_e73 + _e104) / _e53), 0.0);
            let _e114 = textureSampleLevel(amp_texture1_, amp_sampler2_, ((_e73 - _e104) / _e53), 0.0);
            local_3 = array<f32, 3>(0.2734375f, 0.328125f, 0.03515625f);
            let _e124 = local_3[bitcast<u32>(_e93)];
            let _e127 = sum;
            sum = (_e127 + ((_e109 + _e114) * vec4(_e124)));
            continuing {
                let _e129 = local_1;
                local_1 = (_e129 + 1i);
            }
        }
    }
    let _e132 = sum;
    let _e137 = amp_params[2].z;
    let _e138 = bitcast<u32>(_e42.x);
    let _e144 = amp_params[2].w;
    let _e145 = bitcast<u32>(_e42.y);
    let _e147 = ((_e138 < _e137) && (_e145 < _e144));
    if _e147 {
        textureStore(amp_texture3_, vec2<u32>(_e145, _e138), _e132);
    }
    let _e156 = amp_fault_site;
    amp_fault_site = select(1u, _e156, _e147);
    let _e158 = amp_fault_index[0];
    amp_fault_index[0] = select(_e138, _e158, _e147);
    let _e160 = amp_fault_index[1];
    amp_fault_index[1] = select(_e145, _e160, _e147);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 3>;
@group(0) @binding(1) 
var amp_texture1_: texture_2d<f32>;
@group(0) @binding(2) 
var amp_sampler2_: sampler;
@group(0) @binding(3) 
var amp_texture3_: texture_storage_2d<rgba32float,write>;

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var local: array<f32, 3>;
    var sum: vec4<f32>;
    var local_1: i32;
    var local_2: array<f32, 3>;
    var local_3: array<f32, 3>;

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
    let _e46 = amp_params[1].z;
    let _e51 = amp_params[1].w;
    let _e53 = vec2<f32>(bitcast<f32>(_e46), bitcast<f32>(_e51));
    let _e57 = amp_params[2].x;
    let _e62 = amp_params[2].y;
    let _e73 = vec2<f32>((f32(_e42.y) + 0.5f), (f32(_e42.x) + 0.5f));
    let _e77 = textureSampleLevel(amp_texture1_, amp_sampler2_, (_e73 / _e53), 0.0);
    local = array<f32, 3>(0.2734375f, 0.328125f, 0.03515625f);
    let _e84 = local[0];
    sum = (_e77 * vec4(_e84));
    {
        local_1 = 1i;
        loop {
            let _e91 = local_1;
            if (_e91 < 3i) {
            } else {
                break;
            }
            let _e93 = local_1;
            local_2 = array<f32, 3>(0f, 1.3333334f, 3.1111112f);
            let _e101 = local_2[bitcast<u32>(_e93)];
            let _e103 = (vec2<f32>(bitcast<f32>(_e57), bitcast<f32>(_e62)) * vec2(_e101));
            let _e108 = textureSampleLevel(amp_texture1_, amp_sampler2_, ((_e73 + _e103) / _e53), 0.0);
            let _e113 = textureSampleLevel(amp_texture1_, amp_sampler2_, ((_e73 - _e103) / _e53), 0.0);
            local_3 = array<f32, 3>(0.2734375f, 0.328125f, 0.03515625f);
            let _e122 = local_3[bitcast<u32>(_e93)];
            let _e125 = sum;
            sum = (_e125 + ((_e108 + _e113) * vec4(_e122)));
            continuing {
                let _e127 = local_1;
                local_1 = (_e127 + 1i);
            }
        }
    }
    let _e130 = sum;
    textureStore(amp_texture3_, vec2<u32>(bitcast<u32>(_e42.y), bitcast<u32>(_e42.x)), _e130);
    return;
}
