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
    var local_1: i32;

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
    let _e28 = (_e27 + _e25);
    let _e29 = bitcast<i32>((_e11 % _e20));
    let _e31 = bitcast<i32>(param.x);
    let _e33 = (_e29 * 16i);
    let _e34 = (_e33 + _e31);
    let _e35 = vec2<i32>(_e28, _e34);
    sum = 0i;
    let _e48 = amp_params[0].w;
    let _e53 = amp_params[1].x;
    let _e126 = amp_params[2].x;
    let _e133 = amp_params[2].y;
    let _e140 = amp_params[1].x;
    if ((((0i >= 0i) && (bitcast<u32>(_e28) < _e126)) && (bitcast<u32>(vec2<i32>(bitcast<i32>(_e48), bitcast<i32>(_e53)).x) <= _e133)) && (bitcast<u32>(_e34) < _e140)) {
        local = 0i;
        loop {
            let _e58 = local;
            if (_e58 < vec2<i32>(bitcast<i32>(_e48), bitcast<i32>(_e53)).x) {
            } else {
                break;
            }
            let _e60 = local;
            let _e61 = vec2<i32>(_e35.x, _e60);
            let _e77 = amp_params[2].z;
            let _e81 = amp_params[2].w;
            let _e87 = amp_view2_[((_e77 + (bitcast<u32>(_e61.x) * _e81)) + bitcast<u32>(_e61.y))];
            let _e88 = vec2<i32>(_e60, _e35.y);
            let _e104 = amp_params[1].y;
            let _e108 = amp_params[1].z;
            let _e114 = amp_view1_[((_e104 + (bitcast<u32>(_e88.x) * _e108)) + bitcast<u32>(_e88.y))];
            let _e116 = sum;
            sum = (_e116 + (_e87 * _e114));
            continuing {
                let _e118 = local;
                local = (_e118 + 1i);
            }
        }
    } else {
        local_1 = 0i;
        loop {
            let _e145 = local_1;
            if (_e145 < vec2<i32>(bitcast<i32>(_e48), bitcast<i32>(_e53)).x) {
            } else {
                break;
            }
            let _e147 = local_1;
            let _e148 = vec2<i32>(_e35.x, _e147);
            let _e153 = amp_params[2].x;
            let _e154 = bitcast<u32>(_e148.x);
            let _e160 = amp_params[2].y;
            let _e161 = bitcast<u32>(_e148.y);
            let _e163 = ((_e154 < _e153) && (_e161 < _e160));
            let _e167 = amp_params[2].z;
            let _e171 = amp_params[2].w;
            let _e178 = amp_params[3].x;
            let _e182 = amp_view2_[select(_e178, ((_e167 + (_e154 * _e171)) + _e161), _e163)];
            let _e189 = amp_fault_site;
            amp_fault_site = select(1u, _e189, _e163);
            let _e191 = amp_fault_index[0];
            amp_fault_index[0] = select(_e154, _e191, _e163);
            let _e193 = amp_fault_index[1];
            amp_fault_index[1] = select(_e161, _e193, _e163);
            let _e195 = vec2<i32>(_e147, _e35.y);
            let _e201 = bitcast<u32>(_e195.x);
            let _e206 = amp_params[1].x;
            let _e207 = bitcast<u32>(_e195.y);
            let _e208 = (_e207 < _e206);
            let _e212 = amp_params[1].y;
            let _e216 = amp_params[1].z;
            let _e223 = amp_params[1].w;
            let _e227 = amp_view1_[select(_e223, ((_e212 + (_e201 * _e216)) + _e207), _e208)];
            let _e234 = amp_fault_site;
            amp_fault_site = select(2u, _e234, _e208);
            let _e236 = amp_fault_index[0];
            amp_fault_index[0] = select(_e201, _e236, _e208);
            let _e238 = amp_fault_index[1];
            amp_fault_index[1] = select(_e207, _e238, _e208);
            let _e241 = sum;
            sum = (_e241 + (_e182 * _e227));
            continuing {
                let _e243 = local_1;
                local_1 = (_e243 + 1i);
            }
        }
    }
    let _e246 = sum;
    let _e251 = amp_params[3].y;
    let _e252 = bitcast<u32>(_e35.x);
    let _e258 = amp_params[3].z;
    let _e259 = bitcast<u32>(_e35.y);
    let _e261 = ((_e252 < _e251) && (_e259 < _e258));
    let _e265 = amp_params[3].w;
    let _e269 = amp_params[4].x;
    if _e261 {
        amp_view3_[((_e265 + (_e252 * _e269)) + _e259)] = _e246;
    }
    let _e281 = amp_fault_site;
    amp_fault_site = select(3u, _e281, _e261);
    let _e283 = amp_fault_index[0];
    amp_fault_index[0] = select(_e252, _e283, _e261);
    let _e285 = amp_fault_index[1];
    amp_fault_index[1] = select(_e259, _e285, _e261);
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
    {
        local = 0i;
        loop {
            let _e58 = local;
            if (_e58 < vec2<i32>(bitcast<i32>(_e48), bitcast<i32>(_e53)).x) {
            } else {
                break;
            }
            let _e60 = local;
            let _e61 = vec2<i32>(_e35.x, _e60);
            let _e69 = amp_params[2].z;
            let _e73 = amp_params[2].w;
            let _e79 = amp_view2_[((_e69 + (bitcast<u32>(_e61.x) * _e73)) + bitcast<u32>(_e61.y))];
            let _e80 = vec2<i32>(_e60, _e35.y);
            let _e88 = amp_params[1].y;
            let _e92 = amp_params[1].z;
            let _e98 = amp_view1_[((_e88 + (bitcast<u32>(_e80.x) * _e92)) + bitcast<u32>(_e80.y))];
            let _e100 = sum;
            sum = (_e100 + (_e79 * _e98));
            continuing {
                let _e102 = local;
                local = (_e102 + 1i);
            }
        }
    }
    let _e105 = sum;
    let _e113 = amp_params[3].w;
    let _e117 = amp_params[4].x;
    amp_view3_[((_e113 + (bitcast<u32>(_e35.x) * _e117)) + bitcast<u32>(_e35.y))] = _e105;
    return;
}
