// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<atomic<u32>>;
@group(0) @binding(2) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[1].w;
            let _e15 = amp_fault_index[0];
            atomicStore((&amp_faults[1]), _e12);
            atomicStore((&amp_faults[2]), _e1);
            atomicStore((&amp_faults[3]), _e15);
        }
    }
    return;
}

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_index) param: u32, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var local: u32;
    var local_1: u32;
    var local_2: u32;
    var local_3: u32;

    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        amp_report_fault();
        return;
    }
    let _e19 = ((_e11 * 256u) + param);
    let _e23 = amp_params[0].y;
    if (_e19 < _e23) {
    } else {
        amp_report_fault();
        return;
    }
    let _e25 = bitcast<i32>(_e19);
    let _e29 = amp_params[1].z;
    if (bitcast<i32>((bitcast<u32>(_e25) % bitcast<u32>(2i))) == 0i) {
        let _e60 = amp_params[0].w;
        let _e61 = bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u)));
        let _e62 = (_e61 < _e60);
        let _e66 = amp_params[1].x;
        if _e62 {
            let _e71 = atomicAdd((&amp_view1_[(_e66 + _e61)]), ((1u & 255u) << (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
            local = _e71;
        }
        let _e76 = amp_fault_site;
        amp_fault_site = select(1u, _e76, _e62);
        let _e78 = amp_fault_index[0];
        amp_fault_index[0] = select(_e61, _e78, _e62);
        let _e103 = amp_params[0].w;
        let _e104 = bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u)));
        let _e105 = (_e104 < _e103);
        let _e109 = amp_params[1].x;
        if _e105 {
            let _e114 = atomicAdd((&amp_view1_[(_e109 + _e104)]), ((_e29 & 255u) << (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
            local_1 = _e114;
        }
        let _e119 = amp_fault_site;
        amp_fault_site = select(2u, _e119, _e105);
        let _e121 = amp_fault_index[0];
        amp_fault_index[0] = select(_e104, _e121, _e105);
    } else {
        let _e140 = amp_params[0].w;
        let _e141 = bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u)));
        let _e142 = (_e141 < _e140);
        let _e146 = amp_params[1].x;
        let _e151 = amp_params[1].y;
        let _e155 = atomicLoad((&amp_view1_[select(_e151, (_e146 + _e141), _e142)]));
        let _e160 = amp_fault_site;
        amp_fault_site = select(3u, _e160, _e142);
        let _e162 = amp_fault_index[0];
        amp_fault_index[0] = select(_e141, _e162, _e142);
        let _e176 = (_e25 >> (bitcast<u32>(2u) & 31u));
        let _e184 = (u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u));
        let _e188 = amp_params[0].w;
        let _e189 = bitcast<u32>(_e176);
        let _e190 = (_e189 < _e188);
        let _e194 = amp_params[1].x;
        let _e199 = amp_params[1].y;
        let _e203 = atomicLoad((&amp_view1_[select(_e199, (_e194 + _e189), _e190)]));
        let _e208 = amp_fault_site;
        amp_fault_site = select(4u, _e208, _e190);
        let _e210 = amp_fault_index[0];
        amp_fault_index[0] = select(_e189, _e210, _e190);
        let _e221 = amp_params[0].w;
        let _e222 = bitcast<u32>(_e176);
        let _e223 = (_e222 < _e221);
        let _e227 = amp_params[1].x;
        if _e223 {
            let _e232 = atomicXor((&amp_view1_[(_e227 + _e222)]), (_e203 & (255u << (bitcast<u32>(_e184) & 31u))));
            local_2 = _e232;
        }
        let _e237 = amp_fault_site;
        amp_fault_site = select(5u, _e237, _e223);
        let _e239 = amp_fault_index[0];
        amp_fault_index[0] = select(_e222, _e239, _e223);
        let _e251 = amp_params[0].w;
        let _e252 = bitcast<u32>(_e176);
        let _e253 = (_e252 < _e251);
        let _e257 = amp_params[1].x;
        if _e253 {
            let _e262 = atomicXor((&amp_view1_[(_e257 + _e252)]), (((255u - ((_e155 >> (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)) & 255u)) & 255u) << (bitcast<u32>(_e184) & 31u)));
            local_3 = _e262;
        }
        let _e267 = amp_fault_site;
        amp_fault_site = select(6u, _e267, _e253);
        let _e269 = amp_fault_index[0];
        amp_fault_index[0] = select(_e252, _e269, _e253);
    }
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<atomic<u32>>;

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_index) param: u32, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 < _e15) {
    } else {
        return;
    }
    let _e19 = ((_e11 * 256u) + param);
    let _e23 = amp_params[0].y;
    if (_e19 < _e23) {
    } else {
        return;
    }
    let _e25 = bitcast<i32>(_e19);
    let _e29 = amp_params[1].z;
    if (bitcast<i32>((bitcast<u32>(_e25) % bitcast<u32>(2i))) == 0i) {
        let _e61 = amp_params[1].x;
        let _e65 = atomicAdd((&amp_view1_[(_e61 + bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u))))]), ((1u & 255u) << (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
        let _e89 = amp_params[1].x;
        let _e93 = atomicAdd((&amp_view1_[(_e89 + bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u))))]), ((_e29 & 255u) << (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
    } else {
        let _e111 = amp_params[1].x;
        let _e115 = atomicLoad((&amp_view1_[(_e111 + bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u))))]));
        let _e128 = (_e25 >> (bitcast<u32>(2u) & 31u));
        let _e136 = (u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u));
        let _e141 = amp_params[1].x;
        let _e145 = atomicLoad((&amp_view1_[(_e141 + bitcast<u32>(_e128))]));
        let _e156 = amp_params[1].x;
        let _e160 = atomicXor((&amp_view1_[(_e156 + bitcast<u32>(_e128))]), (_e145 & (255u << (bitcast<u32>(_e136) & 31u))));
        let _e171 = amp_params[1].x;
        let _e175 = atomicXor((&amp_view1_[(_e171 + bitcast<u32>(_e128))]), (((255u - ((_e115 >> (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)) & 255u)) & 255u) << (bitcast<u32>(_e136) & 31u)));
    }
    return;
}
