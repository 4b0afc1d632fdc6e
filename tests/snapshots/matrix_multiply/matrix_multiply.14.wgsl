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
            let _e12 = amp_params[4].w;
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
    sum = 0i;
    let _e51 = amp_params[1].x;
    let _e56 = amp_params[1].y;
    local = 0i;
    loop {
        let _e61 = local;
        if (_e61 < vec2<i32>(bitcast<i32>(_e51), bitcast<i32>(_e56)).x) {
        } else {
            break;
        }
        let _e63 = local;
        let _e64 = vec2<i32>(_e42.x, _e63);
        let _e68 = amp_params[2].w;
        let _e70 = bitcast<u32>(_e64.x);
        let _e74 = amp_params[2].y;
        let _e79 = amp_params[3].x;
        let _e83 = bitcast<u32>(_e64.y);
        let _e87 = amp_params[2].z;
        let _e89 = ((_e70 < _e74) && (_e83 < _e87));
        let _e94 = amp_params[3].y;
        let _e98 = amp_view2_[select(_e94, ((_e68 + (_e70 * _e79)) + _e83), _e89)];
        let _e105 = amp_fault_site;
        amp_fault_site = select(1u, _e105, _e89);
        let _e107 = amp_fault_index[0];
        amp_fault_index[0] = select(_e70, _e107, _e89);
        let _e109 = amp_fault_index[1];
        amp_fault_index[1] = select(_e83, _e109, _e89);
        let _e111 = vec2<i32>(_e63, _e42.y);
        let _e115 = amp_params[1].z;
        let _e117 = bitcast<u32>(_e111.x);
        let _e121 = amp_params[1].x;
        let _e126 = amp_params[1].w;
        let _e130 = bitcast<u32>(_e111.y);
        let _e134 = amp_params[1].y;
        let _e136 = ((_e117 < _e121) && (_e130 < _e134));
        let _e141 = amp_params[2].x;
        let _e145 = amp_view1_[select(_e141, ((_e115 + (_e117 * _e126)) + _e130), _e136)];
        let _e152 = amp_fault_site;
        amp_fault_site = select(2u, _e152, _e136);
        let _e154 = amp_fault_index[0];
        amp_fault_index[0] = select(_e117, _e154, _e136);
        let _e156 = amp_fault_index[1];
        amp_fault_index[1] = select(_e130, _e156, _e136);
        let _e159 = sum;
        sum = (_e159 + (_e98 * _e145));
        continuing {
            let _e161 = local;
            local = (_e161 + 1i);
        }
    }
    let _e164 = sum;
    let _e168 = amp_params[4].x;
    let _e170 = bitcast<u32>(_e42.x);
    let _e174 = amp_params[3].z;
    let _e179 = amp_params[4].y;
    let _e183 = bitcast<u32>(_e42.y);
    let _e187 = amp_params[3].w;
    let _e189 = ((_e170 < _e174) && (_e183 < _e187));
    if _e189 {
        amp_view3_[((_e168 + (_e170 * _e179)) + _e183)] = _e164;
    }
    let _e199 = amp_fault_site;
    amp_fault_site = select(3u, _e199, _e189);
    let _e201 = amp_fault_index[0];
    amp_fault_index[0] = select(_e170, _e201, _e189);
    let _e203 = amp_fault_index[1];
    amp_fault_index[1] = select(_e183, _e203, _e189);
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
    sum = 0i;
    let _e51 = amp_params[1].x;
    let _e56 = amp_params[1].y;
    local = 0i;
    loop {
        let _e61 = local;
        if (_e61 < vec2<i32>(bitcast<i32>(_e51), bitcast<i32>(_e56)).x) {
        } else {
            break;
        }
        let _e63 = local;
        let _e64 = vec2<i32>(_e42.x, _e63);
        let _e68 = amp_params[2].w;
        let _e74 = amp_params[3].x;
        let _e82 = amp_view2_[((_e68 + (bitcast<u32>(_e64.x) * _e74)) + bitcast<u32>(_e64.y))];
        let _e83 = vec2<i32>(_e63, _e42.y);
        let _e87 = amp_params[1].z;
        let _e93 = amp_params[1].w;
        let _e101 = amp_view1_[((_e87 + (bitcast<u32>(_e83.x) * _e93)) + bitcast<u32>(_e83.y))];
        let _e103 = sum;
        sum = (_e103 + (_e82 * _e101));
        continuing {
            let _e105 = local;
            local = (_e105 + 1i);
        }
    }
    let _e108 = sum;
    let _e112 = amp_params[4].x;
    let _e118 = amp_params[4].y;
    amp_view3_[((_e112 + (bitcast<u32>(_e42.x) * _e118)) + bitcast<u32>(_e42.y))] = _e108;
    return;
}
