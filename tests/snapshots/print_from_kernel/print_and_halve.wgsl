// checked
struct AmpPrints {
    cursor: atomic<u32>,
    dropped: atomic<u32>,
    data: array<u32>,
}

@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();
@group(0) @binding(3) 
var<storage, read_write> amp_prints: AmpPrints;
var<private> amp_thread: u32;

fn half_of_even(param_3: i32) -> i32 {
    if !(((param_3 % 2i) == 0i)) {
        let _e7 = amp_thread;
        let _e12 = atomicAdd((&amp_prints.cursor), 4u);
        let _e14 = arrayLength((&amp_prints.data));
        if ((_e12 < _e14) && ((_e14 - _e12) >= 4u)) {
            amp_prints.data[(_e12 + 0u)] = 4u;
            amp_prints.data[(_e12 + 1u)] = 1u;
            amp_prints.data[(_e12 + 2u)] = _e7;
            amp_prints.data[(_e12 + 3u)] = bitcast<u32>(param_3);
        } else {
            let _e34 = atomicAdd((&amp_prints.dropped), 1u);
        }
    }
    return (param_3 / 2i);
}

fn amp_body(linear: u32) {
    let _e1 = bitcast<i32>(linear);
    let _e5 = amp_params[0].z;
    let _e6 = bitcast<u32>(_e1);
    let _e7 = (_e6 < _e5);
    let _e11 = amp_params[0].w;
    let _e16 = amp_params[1].x;
    let _e20 = amp_view1_[select(_e16, (_e11 + _e6), _e7)];
    let _e25 = amp_fault_site;
    amp_fault_site = select(1u, _e25, _e7);
    let _e27 = amp_fault_index[0];
    amp_fault_index[0] = select(_e6, _e27, _e7);
    let _e34 = atomicAdd((&amp_prints.cursor), 5u);
    let _e36 = arrayLength((&amp_prints.data));
    if ((_e34 < _e36) && ((_e36 - _e34) >= 5u)) {
        amp_prints.data[(_e34 + 0u)] = 5u;
        amp_prints.data[(_e34 + 1u)] = 0u;
        amp_prints.data[(_e34 + 2u)] = linear;
        amp_prints.data[(_e34 + 3u)] = bitcast<u32>(_e1);
        amp_prints.data[(_e34 + 4u)] = bitcast<u32>(_e20);
    } else {
        let _e59 = atomicAdd((&amp_prints.dropped), 1u);
    }
    let _e63 = amp_params[0].z;
    let _e64 = bitcast<u32>(_e1);
    let _e65 = (_e64 < _e63);
    let _e69 = amp_params[0].w;
    let _e74 = amp_params[1].x;
    let _e78 = amp_view1_[select(_e74, (_e69 + _e64), _e65)];
    let _e83 = amp_fault_site;
    amp_fault_site = select(2u, _e83, _e65);
    let _e85 = amp_fault_index[0];
    amp_fault_index[0] = select(_e64, _e85, _e65);
    amp_thread = linear;
    let _e88 = half_of_even(_e78);
    let _e92 = amp_params[0].z;
    let _e93 = bitcast<u32>(_e1);
    let _e94 = (_e93 < _e92);
    let _e98 = amp_params[0].w;
    if _e94 {
        amp_view1_[(_e98 + _e93)] = _e88;
    }
    let _e106 = amp_fault_site;
    amp_fault_site = select(3u, _e106, _e94);
    let _e108 = amp_fault_index[0];
    amp_fault_index[0] = select(_e93, _e108, _e94);
    return;
}

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[1].y;
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
struct AmpPrints {
    cursor: atomic<u32>,
    dropped: atomic<u32>,
    data: array<u32>,
}

@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 2>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage, read_write> amp_prints: AmpPrints;
var<private> amp_thread: u32;

fn half_of_even(param_3: i32) -> i32 {
    if !(((param_3 % 2i) == 0i)) {
        let _e7 = amp_thread;
        let _e12 = atomicAdd((&amp_prints.cursor), 4u);
        let _e14 = arrayLength((&amp_prints.data));
        if ((_e12 < _e14) && ((_e14 - _e12) >= 4u)) {
            amp_prints.data[(_e12 + 0u)] = 4u;
            amp_prints.data[(_e12 + 1u)] = 1u;
            amp_prints.data[(_e12 + 2u)] = _e7;
            amp_prints.data[(_e12 + 3u)] = bitcast<u32>(param_3);
        } else {
            let _e34 = atomicAdd((&amp_prints.dropped), 1u);
        }
    }
    return (param_3 / 2i);
}

fn amp_body(linear: u32) {
    let _e1 = bitcast<i32>(linear);
    let _e6 = amp_params[0].w;
    let _e10 = amp_view1_[(_e6 + bitcast<u32>(_e1))];
    let _e16 = atomicAdd((&amp_prints.cursor), 5u);
    let _e18 = arrayLength((&amp_prints.data));
    if ((_e16 < _e18) && ((_e18 - _e16) >= 5u)) {
        amp_prints.data[(_e16 + 0u)] = 5u;
        amp_prints.data[(_e16 + 1u)] = 0u;
        amp_prints.data[(_e16 + 2u)] = linear;
        amp_prints.data[(_e16 + 3u)] = bitcast<u32>(_e1);
        amp_prints.data[(_e16 + 4u)] = bitcast<u32>(_e10);
    } else {
        let _e41 = atomicAdd((&amp_prints.dropped), 1u);
    }
    let _e46 = amp_params[0].w;
    let _e50 = amp_view1_[(_e46 + bitcast<u32>(_e1))];
    amp_thread = linear;
    let _e52 = half_of_even(_e50);
    let _e57 = amp_params[0].w;
    amp_view1_[(_e57 + bitcast<u32>(_e1))] = _e52;
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
