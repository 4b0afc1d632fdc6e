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
    if ((_e25 % 2i) == 0i) {
        let _e57 = amp_params[1].x;
        let _e58 = bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u)));
        let _e62 = amp_params[0].w;
        let _e63 = (_e58 < _e62);
        if _e63 {
            let _e68 = atomicAdd((&amp_view1_[(_e57 + _e58)]), ((1u & 255u) << (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
            local = _e68;
        }
        let _e73 = amp_fault_site;
        amp_fault_site = select(1u, _e73, _e63);
        let _e75 = amp_fault_index[0];
        amp_fault_index[0] = select(_e58, _e75, _e63);
        let _e100 = amp_params[1].x;
        let _e101 = bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u)));
        let _e105 = amp_params[0].w;
        let _e106 = (_e101 < _e105);
        if _e106 {
            let _e111 = atomicAdd((&amp_view1_[(_e100 + _e101)]), ((_e29 & 255u) << (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
            local_1 = _e111;
        }
        let _e116 = amp_fault_site;
        amp_fault_site = select(2u, _e116, _e106);
        let _e118 = amp_fault_index[0];
        amp_fault_index[0] = select(_e101, _e118, _e106);
    } else {
        let _e137 = amp_params[1].x;
        let _e138 = bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u)));
        let _e142 = amp_params[0].w;
        let _e143 = (_e138 < _e142);
        let _e148 = amp_params[1].y;
        let _e152 = atomicLoad((&amp_view1_[select(_e148, (_e137 + _e138), _e143)]));
        let _e157 = amp_fault_site;
        amp_fault_site = select(3u, _e157, _e143);
        let _e159 = amp_fault_index[0];
        amp_fault_index[0] = select(_e138, _e159, _e143);
        let _e173 = (_e25 >> (bitcast<u32>(2u) & 31u));
        let _e181 = (u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u));
        let _e185 = amp_params[1].x;
        let _e186 = bitcast<u32>(_e173);
        let _e190 = amp_params[0].w;
        let _e191 = (_e186 < _e190);
        let _e196 = amp_params[1].y;
        let _e200 = atomicLoad((&amp_view1_[select(_e196, (_e185 + _e186), _e191)]));
        let _e205 = amp_fault_site;
        amp_fault_site = select(4u, _e205, _e191);
        let _e207 = amp_fault_index[0];
        amp_fault_index[0] = select(_e186, _e207, _e191);
        let _e218 = amp_params[1].x;
        let _e219 = bitcast<u32>(_e173);
        let _e223 = amp_params[0].w;
        let _e224 = (_e219 < _e223);
        if _e224 {
            let _e229 = atomicXor((&amp_view1_[(_e218 + _e219)]), (_e200 & (255u << (bitcast<u32>(_e181) & 31u))));
            local_2 = _e229;
        }
        let _e234 = amp_fault_site;
        amp_fault_site = select(5u, _e234, _e224);
        let _e236 = amp_fault_index[0];
        amp_fault_index[0] = select(_e219, _e236, _e224);
        let _e248 = amp_params[1].x;
        let _e249 = bitcast<u32>(_e173);
        let _e253 = amp_params[0].w;
        let _e254 = (_e249 < _e253);
        if _e254 {
            let _e259 = atomicXor((&amp_view1_[(_e248 + _e249)]), (((255u - ((_e152 >> (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)) & 255u)) & 255u) << (bitcast<u32>(_e181) & 31u)));
            local_3 = _e259;
        }
        let _e264 = amp_fault_site;
        amp_fault_site = select(6u, _e264, _e254);
        let _e266 = amp_fault_index[0];
        amp_fault_index[0] = select(_e249, _e266, _e254);
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
    if ((_e25 % 2i) == 0i) {
        let _e57 = amp_params[1].x;
        let _e62 = atomicAdd((&amp_view1_[(_e57 + bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u))))]), ((1u & 255u) << (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
        let _e85 = amp_params[1].x;
        let _e90 = atomicAdd((&amp_view1_[(_e85 + bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u))))]), ((_e29 & 255u) << (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
    } else {
        let _e107 = amp_params[1].x;
        let _e112 = atomicLoad((&amp_view1_[(_e107 + bitcast<u32>((_e25 >> (bitcast<u32>(2u) & 31u))))]));
        let _e125 = (_e25 >> (bitcast<u32>(2u) & 31u));
        let _e133 = (u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u));
        let _e137 = amp_params[1].x;
        let _e142 = atomicLoad((&amp_view1_[(_e137 + bitcast<u32>(_e125))]));
        let _e152 = amp_params[1].x;
        let _e157 = atomicXor((&amp_view1_[(_e152 + bitcast<u32>(_e125))]), (_e142 & (255u << (bitcast<u32>(_e133) & 31u))));
        let _e167 = amp_params[1].x;
        let _e172 = atomicXor((&amp_view1_[(_e167 + bitcast<u32>(_e125))]), (((255u - ((_e112 >> (bitcast<u32>((u32((_e25 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)) & 255u)) & 255u) << (bitcast<u32>(_e133) & 31u)));
    }
    return;
}
