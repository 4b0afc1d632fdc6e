// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<atomic<u32>>;
@group(0) @binding(2) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_body(linear: u32) {
    var local: u32;
    var local_1: u32;
    var local_2: u32;
    var local_3: u32;

    let _e1 = bitcast<i32>(linear);
    let _e5 = amp_params[1].y;
    if (bitcast<i32>((bitcast<u32>(_e1) % bitcast<u32>(2i))) == 0i) {
        let _e36 = amp_params[0].z;
        let _e37 = bitcast<u32>((_e1 >> (bitcast<u32>(2u) & 31u)));
        let _e38 = (_e37 < _e36);
        let _e42 = amp_params[0].w;
        if _e38 {
            let _e47 = atomicAdd((&amp_view1_[(_e42 + _e37)]), ((1u & 255u) << (bitcast<u32>((u32((_e1 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
            local = _e47;
        }
        let _e52 = amp_fault_site;
        amp_fault_site = select(1u, _e52, _e38);
        let _e54 = amp_fault_index[0];
        amp_fault_index[0] = select(_e37, _e54, _e38);
        let _e79 = amp_params[0].z;
        let _e80 = bitcast<u32>((_e1 >> (bitcast<u32>(2u) & 31u)));
        let _e81 = (_e80 < _e79);
        let _e85 = amp_params[0].w;
        if _e81 {
            let _e90 = atomicAdd((&amp_view1_[(_e85 + _e80)]), ((_e5 & 255u) << (bitcast<u32>((u32((_e1 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
            local_1 = _e90;
        }
        let _e95 = amp_fault_site;
        amp_fault_site = select(2u, _e95, _e81);
        let _e97 = amp_fault_index[0];
        amp_fault_index[0] = select(_e80, _e97, _e81);
    } else {
        let _e116 = amp_params[0].z;
        let _e117 = bitcast<u32>((_e1 >> (bitcast<u32>(2u) & 31u)));
        let _e118 = (_e117 < _e116);
        let _e122 = amp_params[0].w;
        let _e127 = amp_params[1].x;
        let _e131 = atomicLoad((&amp_view1_[select(_e127, (_e122 + _e117), _e118)]));
        let _e136 = amp_fault_site;
        amp_fault_site = select(3u, _e136, _e118);
        let _e138 = amp_fault_index[0];
        amp_fault_index[0] = select(_e117, _e138, _e118);
        let _e152 = (_e1 >> (bitcast<u32>(2u) & 31u));
        let _e160 = (u32((_e1 & 3i)) << (bitcast<u32>(3u) & 31u));
        let _e164 = amp_params[0].z;
        let _e165 = bitcast<u32>(_e152);
        let _e166 = (_e165 < _e164);
        let _e170 = amp_params[0].w;
        let _e175 = amp_params[1].x;
        let _e179 = atomicLoad((&amp_view1_[select(_e175, (_e170 + _e165), _e166)]));
        let _e184 = amp_fault_site;
        amp_fault_site = select(4u, _e184, _e166);
        let _e186 = amp_fault_index[0];
        amp_fault_index[0] = select(_e165, _e186, _e166);
        let _e197 = amp_params[0].z;
        let _e198 = bitcast<u32>(_e152);
        let _e199 = (_e198 < _e197);
        let _e203 = amp_params[0].w;
        if _e199 {
            let _e208 = atomicXor((&amp_view1_[(_e203 + _e198)]), (_e179 & (255u << (bitcast<u32>(_e160) & 31u))));
            local_2 = _e208;
        }
        let _e213 = amp_fault_site;
        amp_fault_site = select(5u, _e213, _e199);
        let _e215 = amp_fault_index[0];
        amp_fault_index[0] = select(_e198, _e215, _e199);
        let _e227 = amp_params[0].z;
        let _e228 = bitcast<u32>(_e152);
        let _e229 = (_e228 < _e227);
        let _e233 = amp_params[0].w;
        if _e229 {
            let _e238 = atomicXor((&amp_view1_[(_e233 + _e228)]), (((255u - ((_e131 >> (bitcast<u32>((u32((_e1 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)) & 255u)) & 255u) << (bitcast<u32>(_e160) & 31u)));
            local_3 = _e238;
        }
        let _e243 = amp_fault_site;
        amp_fault_site = select(6u, _e243, _e229);
        let _e245 = amp_fault_index[0];
        amp_fault_index[0] = select(_e228, _e245, _e229);
    }
    return;
}

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[1].z;
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
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 <= ((_e15 - 1u) >> 10u)) {
    } else {
        amp_report_fault();
        return;
    }
    let _e23 = ((_e11 * 1024u) + param);
    let _e25 = (_e23 + 256u);
    let _e27 = (_e23 + 512u);
    let _e29 = (_e23 + 768u);
    if (_e11 < (_e15 >> 10u)) {
        amp_body(_e23);
        amp_body(_e25);
        amp_body(_e27);
        amp_body(_e29);
    } else {
        if (_e23 < _e15) {
            amp_body(_e23);
        }
        if (_e25 < _e15) {
            amp_body(_e25);
        }
        if (_e27 < _e15) {
            amp_body(_e27);
        }
        if (_e29 < _e15) {
            amp_body(_e29);
        }
    }
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<atomic<u32>>;

fn amp_body(linear: u32) {
    let _e1 = bitcast<i32>(linear);
    let _e5 = amp_params[1].y;
    if (bitcast<i32>((bitcast<u32>(_e1) % bitcast<u32>(2i))) == 0i) {
        let _e37 = amp_params[0].w;
        let _e41 = atomicAdd((&amp_view1_[(_e37 + bitcast<u32>((_e1 >> (bitcast<u32>(2u) & 31u))))]), ((1u & 255u) << (bitcast<u32>((u32((_e1 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
        let _e65 = amp_params[0].w;
        let _e69 = atomicAdd((&amp_view1_[(_e65 + bitcast<u32>((_e1 >> (bitcast<u32>(2u) & 31u))))]), ((_e5 & 255u) << (bitcast<u32>((u32((_e1 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)));
    } else {
        let _e87 = amp_params[0].w;
        let _e91 = atomicLoad((&amp_view1_[(_e87 + bitcast<u32>((_e1 >> (bitcast<u32>(2u) & 31u))))]));
        let _e104 = (_e1 >> (bitcast<u32>(2u) & 31u));
        let _e112 = (u32((_e1 & 3i)) << (bitcast<u32>(3u) & 31u));
        let _e117 = amp_params[0].w;
        let _e121 = atomicLoad((&amp_view1_[(_e117 + bitcast<u32>(_e104))]));
        let _e132 = amp_params[0].w;
        let _e136 = atomicXor((&amp_view1_[(_e132 + bitcast<u32>(_e104))]), (_e121 & (255u << (bitcast<u32>(_e112) & 31u))));
        let _e147 = amp_params[0].w;
        let _e151 = atomicXor((&amp_view1_[(_e147 + bitcast<u32>(_e104))]), (((255u - ((_e91 >> (bitcast<u32>((u32((_e1 & 3i)) << (bitcast<u32>(3u) & 31u))) & 31u)) & 255u)) & 255u) << (bitcast<u32>(_e112) & 31u)));
    }
    return;
}

@compute @workgroup_size(256, 1, 1) 
fn main(@builtin(local_invocation_index) param: u32, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    let _e11 = ((((param_1.z * param_2.y) + param_1.y) * param_2.x) + param_1.x);
    let _e15 = amp_params[0].x;
    if (_e11 <= ((_e15 - 1u) >> 10u)) {
    } else {
        return;
    }
    let _e23 = ((_e11 * 1024u) + param);
    let _e25 = (_e23 + 256u);
    let _e27 = (_e23 + 512u);
    let _e29 = (_e23 + 768u);
    if (_e11 < (_e15 >> 10u)) {
        amp_body(_e23);
        amp_body(_e25);
        amp_body(_e27);
        amp_body(_e29);
    } else {
        if (_e23 < _e15) {
            amp_body(_e23);
        }
        if (_e25 < _e15) {
            amp_body(_e25);
        }
        if (_e27 < _e15) {
            amp_body(_e27);
        }
        if (_e29 < _e15) {
            amp_body(_e29);
        }
    }
    return;
}
