// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 5>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage, read_write> amp_view3_: array<i32>;
@group(0) @binding(4) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[4].z;
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
    var sum: i32;
    var local: i32;

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
    let _e35 = vec2<i32>((_e27 + _e25), (_e33 + _e31));
    sum = 0i;
    let _e48 = amp_params[0].w;
    let _e53 = amp_params[1].x;
    local = 0i;
    loop {
        let _e58 = local;
        if (_e58 < vec2<i32>(bitcast<i32>(_e48), bitcast<i32>(_e53)).x) {
        } else {
            break;
        }
        let _e60 = local;
        let _e61 = vec2<i32>(_e35.x, _e60);
        let _e65 = amp_params[2].z;
        let _e67 = bitcast<u32>(_e61.x);
        let _e71 = amp_params[2].x;
        let _e76 = amp_params[2].w;
        let _e80 = bitcast<u32>(_e61.y);
        let _e84 = amp_params[2].y;
        let _e86 = ((_e67 < _e71) && (_e80 < _e84));
        let _e91 = amp_params[3].x;
        let _e95 = amp_view2_[select(_e91, ((_e65 + (_e67 * _e76)) + _e80), _e86)];
        let _e102 = amp_fault_site;
        amp_fault_site = select(1u, _e102, _e86);
        let _e104 = amp_fault_index[0];
        amp_fault_index[0] = select(_e67, _e104, _e86);
        let _e106 = amp_fault_index[1];
        amp_fault_index[1] = select(_e80, _e106, _e86);
        let _e108 = vec2<i32>(_e60, _e35.y);
        let _e112 = amp_params[1].y;
        let _e114 = bitcast<u32>(_e108.x);
        let _e118 = amp_params[0].w;
        let _e123 = amp_params[1].z;
        let _e127 = bitcast<u32>(_e108.y);
        let _e131 = amp_params[1].x;
        let _e133 = ((_e114 < _e118) && (_e127 < _e131));
        let _e138 = amp_params[1].w;
        let _e142 = amp_view1_[select(_e138, ((_e112 + (_e114 * _e123)) + _e127), _e133)];
        let _e149 = amp_fault_site;
        amp_fault_site = select(2u, _e149, _e133);
        let _e151 = amp_fault_index[0];
        amp_fault_index[0] = select(_e114, _e151, _e133);
        let _e153 = amp_fault_index[1];
        amp_fault_index[1] = select(_e127, _e153, _e133);
        let _e156 = sum;
        sum = (_e156 + (_e95 * _e142));
        continuing {
            let _e158 = local;
            local = (_e158 + 1i);
        }
    }
    let _e161 = sum;
    let _e165 = amp_params[3].w;
    let _e167 = bitcast<u32>(_e35.x);
    let _e171 = amp_params[3].y;
    let _e176 = amp_params[4].x;
    let _e180 = bitcast<u32>(_e35.y);
    let _e184 = amp_params[3].z;
    let _e186 = ((_e167 < _e171) && (_e180 < _e184));
    if _e186 {
        amp_view3_[((_e165 + (_e167 * _e176)) + _e180)] = _e161;
    }
    let _e196 = amp_fault_site;
    amp_fault_site = select(3u, _e196, _e186);
    let _e198 = amp_fault_index[0];
    amp_fault_index[0] = select(_e167, _e198, _e186);
    let _e200 = amp_fault_index[1];
    amp_fault_index[1] = select(_e180, _e200, _e186);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 5>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage, read_write> amp_view3_: array<i32>;

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var sum: i32;
    var local: i32;

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
    let _e35 = vec2<i32>((_e27 + _e25), (_e33 + _e31));
    sum = 0i;
    let _e48 = amp_params[0].w;
    let _e53 = amp_params[1].x;
    local = 0i;
    loop {
        let _e58 = local;
        if (_e58 < vec2<i32>(bitcast<i32>(_e48), bitcast<i32>(_e53)).x) {
        } else {
            break;
        }
        let _e60 = local;
        let _e61 = vec2<i32>(_e35.x, _e60);
        let _e65 = amp_params[2].z;
        let _e71 = amp_params[2].w;
        let _e79 = amp_view2_[((_e65 + (bitcast<u32>(_e61.x) * _e71)) + bitcast<u32>(_e61.y))];
        let _e80 = vec2<i32>(_e60, _e35.y);
        let _e84 = amp_params[1].y;
        let _e90 = amp_params[1].z;
        let _e98 = amp_view1_[((_e84 + (bitcast<u32>(_e80.x) * _e90)) + bitcast<u32>(_e80.y))];
        let _e100 = sum;
        sum = (_e100 + (_e79 * _e98));
        continuing {
            let _e102 = local;
            local = (_e102 + 1i);
        }
    }
    let _e105 = sum;
    let _e109 = amp_params[3].w;
    let _e115 = amp_params[4].x;
    amp_view3_[((_e109 + (bitcast<u32>(_e35.x) * _e115)) + bitcast<u32>(_e35.y))] = _e105;
    return;
}
