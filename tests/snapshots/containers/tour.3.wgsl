// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();
var<private> amp_fault_bound: array<u32, 8> = array<u32, 8>();

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[3].z;
            let _e15 = amp_fault_index[0];
            let _e18 = amp_fault_bound[0];
            let _e21 = amp_fault_index[1];
            let _e24 = amp_fault_bound[1];
            atomicStore((&amp_faults[1]), _e12);
            atomicStore((&amp_faults[2]), _e1);
            atomicStore((&amp_faults[3]), _e15);
            atomicStore((&amp_faults[11]), _e18);
            atomicStore((&amp_faults[4]), _e21);
            atomicStore((&amp_faults[12]), _e24);
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
    let _e49 = vec2<i32>((_e42.x * 2i), (_e42.y * 3i));
    let _e52 = vec2<i32>(2i, 3i);
    let _e56 = amp_params[1].x;
    let _e61 = amp_params[1].y;
    let _e63 = vec2<i32>(bitcast<i32>(_e56), bitcast<i32>(_e61));
    let _e72 = bitcast<u32>(_e49.x);
    let _e73 = bitcast<u32>(_e52.x);
    let _e74 = bitcast<u32>(_e63.x);
    let _e80 = bitcast<u32>(_e49.y);
    let _e81 = bitcast<u32>(_e52.y);
    let _e82 = bitcast<u32>(_e63.y);
    let _e87 = (((_e72 <= _e74) && (_e73 <= (_e74 - _e72))) && ((_e80 <= _e82) && (_e81 <= (_e82 - _e80))));
    let _e105 = amp_fault_site;
    amp_fault_site = select(1u, _e105, _e87);
    let _e107 = amp_fault_index[0];
    amp_fault_index[0] = select((_e72 + _e73), _e107, _e87);
    let _e109 = amp_fault_index[1];
    amp_fault_index[1] = select((_e80 + _e81), _e109, _e87);
    let _e111 = amp_fault_bound[0];
    amp_fault_bound[0] = select(_e74, _e111, _e87);
    let _e113 = amp_fault_bound[1];
    amp_fault_bound[1] = select(_e82, _e113, _e87);
    sum = 0i;
    local = 0i;
    loop {
        let _e120 = local;
        if (_e120 < 2i) {
        } else {
            break;
        }
        let _e122 = local;
        let _e123 = bitcast<u32>(_e122);
        let _e124 = bitcast<u32>(select(0i, _e52.x, _e87));
        let _e125 = (_e123 < _e124);
        let _e135 = amp_fault_site;
        amp_fault_site = select(2u, _e135, _e125);
        let _e137 = amp_fault_index[0];
        amp_fault_index[0] = select(_e123, _e137, _e125);
        let _e139 = amp_fault_bound[0];
        amp_fault_bound[0] = select(_e124, _e139, _e125);
        {
            local_1 = 0i;
            loop {
                let _e144 = local_1;
                if (_e144 < 3i) {
                } else {
                    break;
                }
                let _e146 = local_1;
                let _e149 = bitcast<u32>(select(0i, select(0i, _e52.y, _e87), _e125));
                let _e150 = bitcast<u32>(_e146);
                let _e151 = (_e150 < _e149);
                let _e156 = amp_params[1].z;
                let _e160 = amp_params[1].w;
                let _e167 = amp_params[2].x;
                let _e171 = amp_view1_[select(_e167, ((_e156 + (bitcast<u32>(((0i + _e49.x) + _e122)) * _e160)) + (bitcast<u32>((0i + _e49.y)) + _e150)), _e151)];
                let _e178 = amp_fault_site;
                amp_fault_site = select(3u, _e178, _e151);
                let _e180 = amp_fault_index[0];
                amp_fault_index[0] = select(_e150, _e180, _e151);
                let _e182 = amp_fault_bound[0];
                amp_fault_bound[0] = select(_e149, _e182, _e151);
                let _e184 = sum;
                sum = (_e184 + _e171);
                continuing {
                    let _e186 = local_1;
                    local_1 = (_e186 + 1i);
                }
            }
        }
        continuing {
            let _e189 = local;
            local = (_e189 + 1i);
        }
    }
    let _e192 = sum;
    let _e197 = amp_params[2].y;
    let _e198 = bitcast<u32>(_e42.x);
    let _e204 = amp_params[2].z;
    let _e205 = bitcast<u32>(_e42.y);
    let _e207 = ((_e198 < _e197) && (_e205 < _e204));
    let _e211 = amp_params[2].w;
    let _e215 = amp_params[3].x;
    if _e207 {
        amp_view2_[((_e211 + (_e198 * _e215)) + _e205)] = _e192;
    }
    let _e227 = amp_fault_site;
    amp_fault_site = select(4u, _e227, _e207);
    let _e229 = amp_fault_index[0];
    amp_fault_index[0] = select(_e198, _e229, _e207);
    let _e231 = amp_fault_index[1];
    amp_fault_index[1] = select(_e205, _e231, _e207);
    amp_report_fault();
    return;
}

// unchecked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage, read_write> amp_view2_: array<i32>;

@compute @workgroup_size(16, 16, 1) 
fn main(@builtin(local_invocation_id) param: vec3<u32>, @builtin(workgroup_id) param_1: vec3<u32>, @builtin(num_workgroups) param_2: vec3<u32>) {
    var sum: i32;
    var local: i32;
    var local_1: i32;

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
    let _e49 = vec2<i32>((_e42.x * 2i), (_e42.y * 3i));
    let _e52 = vec2<i32>(2i, 3i);
    let _e56 = amp_params[1].x;
    let _e61 = amp_params[1].y;
    let _e63 = vec2<i32>(bitcast<i32>(_e56), bitcast<i32>(_e61));
    let _e72 = bitcast<u32>(_e49.x);
    let _e73 = bitcast<u32>(_e52.x);
    let _e74 = bitcast<u32>(_e63.x);
    let _e80 = bitcast<u32>(_e49.y);
    let _e81 = bitcast<u32>(_e52.y);
    let _e82 = bitcast<u32>(_e63.y);
    let _e87 = (((_e72 <= _e74) && (_e73 <= (_e74 - _e72))) && ((_e80 <= _e82) && (_e81 <= (_e82 - _e80))));
    sum = 0i;
    local = 0i;
    loop {
        let _e100 = local;
        if (_e100 < 2i) {
        } else {
            break;
        }
        let _e102 = local;
        {
            local_1 = 0i;
            loop {
                let _e112 = local_1;
                if (_e112 < 3i) {
                } else {
                    break;
                }
                let _e114 = local_1;
                let _e123 = amp_params[1].z;
                let _e127 = amp_params[1].w;
                let _e133 = amp_view1_[((_e123 + (bitcast<u32>(((0i + _e49.x) + _e102)) * _e127)) + (bitcast<u32>((0i + _e49.y)) + bitcast<u32>(_e114)))];
                let _e134 = sum;
                sum = (_e134 + _e133);
                continuing {
                    let _e136 = local_1;
                    local_1 = (_e136 + 1i);
                }
            }
        }
        continuing {
            let _e139 = local;
            local = (_e139 + 1i);
        }
    }
    let _e142 = sum;
    let _e150 = amp_params[2].w;
    let _e154 = amp_params[3].x;
    amp_view2_[((_e150 + (bitcast<u32>(_e42.x) * _e154)) + bitcast<u32>(_e42.y))] = _e142;
    return;
}
