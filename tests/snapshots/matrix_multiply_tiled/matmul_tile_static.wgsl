// checked
@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 5>;
@group(0) @binding(1) 
var<storage> amp_view1_: array<i32>;
@group(0) @binding(2) 
var<storage> amp_view2_: array<i32>;
@group(0) @binding(3) 
var<storage, read_write> amp_view3_: array<i32>;
var<workgroup> loc_a: array<array<i32, 16>, 16>;
var<workgroup> loc_b: array<array<i32, 16>, 16>;
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
    let _e29 = bitcast<i32>((_e11 % _e20));
    let _e31 = bitcast<i32>(param.x);
    let _e33 = (_e29 * 16i);
    let _e35 = vec2<i32>((_e27 + _e25), (_e33 + _e31));
    let _e36 = vec2<i32>(_e25, _e31);
    sum = 0i;
    let _e50 = amp_params[0].w;
    let _e55 = amp_params[1].x;
    local = 0i;
    loop {
        let _e61 = local;
        if (_e61 < vec2<i32>(bitcast<i32>(_e50), bitcast<i32>(_e55)).y) {
        } else {
            break;
        }
        let _e63 = local;
        let _e69 = vec2<i32>(_e35.x, (_e36.y + _e63));
        let _e74 = amp_params[0].w;
        let _e75 = bitcast<u32>(_e69.x);
        let _e81 = amp_params[1].x;
        let _e82 = bitcast<u32>(_e69.y);
        let _e84 = ((_e75 < _e74) && (_e82 < _e81));
        let _e88 = amp_params[1].y;
        let _e92 = amp_params[1].z;
        let _e99 = amp_params[1].w;
        let _e103 = amp_view1_[select(_e99, ((_e88 + (_e75 * _e92)) + _e82), _e84)];
        let _e110 = amp_fault_site;
        amp_fault_site = select(1u, _e110, _e84);
        let _e112 = amp_fault_index[0];
        amp_fault_index[0] = select(_e75, _e112, _e84);
        let _e114 = amp_fault_index[1];
        amp_fault_index[1] = select(_e82, _e114, _e84);
        loc_a[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)] = _e103;
        let _e124 = vec2<i32>((_e36.x + _e63), _e35.y);
        let _e129 = amp_params[2].x;
        let _e130 = bitcast<u32>(_e124.x);
        let _e136 = amp_params[2].y;
        let _e137 = bitcast<u32>(_e124.y);
        let _e139 = ((_e130 < _e129) && (_e137 < _e136));
        let _e143 = amp_params[2].z;
        let _e147 = amp_params[2].w;
        let _e154 = amp_params[3].x;
        let _e158 = amp_view2_[select(_e154, ((_e143 + (_e130 * _e147)) + _e137), _e139)];
        let _e165 = amp_fault_site;
        amp_fault_site = select(2u, _e165, _e139);
        let _e167 = amp_fault_index[0];
        amp_fault_index[0] = select(_e130, _e167, _e139);
        let _e169 = amp_fault_index[1];
        amp_fault_index[1] = select(_e137, _e169, _e139);
        loc_b[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)] = _e158;
        workgroupBarrier();
        {
            local_1 = 0i;
            loop {
                let _e177 = local_1;
                if (_e177 < 16i) {
                } else {
                    break;
                }
                let _e179 = local_1;
                let _e186 = loc_a[bitcast<u32>(_e36.x)][bitcast<u32>(_e179)];
                let _e193 = loc_b[bitcast<u32>(_e179)][bitcast<u32>(_e36.y)];
                let _e195 = sum;
                sum = (_e195 + (_e186 * _e193));
                continuing {
                    let _e197 = local_1;
                    local_1 = (_e197 + 1i);
                }
            }
        }
        workgroupBarrier();
        continuing {
            let _e200 = local;
            let _e204 = bitcast<u32>(select(16i, 1i, (16i < 1i)));
            local = (_e200 + bitcast<i32>(_e204));
            break if (bitcast<u32>((vec2<i32>(bitcast<i32>(_e50), bitcast<i32>(_e55)).y - _e200)) <= _e204);
        }
    }
    let _e210 = sum;
    let _e215 = amp_params[3].y;
    let _e216 = bitcast<u32>(_e35.x);
    let _e222 = amp_params[3].z;
    let _e223 = bitcast<u32>(_e35.y);
    let _e225 = ((_e216 < _e215) && (_e223 < _e222));
    let _e229 = amp_params[3].w;
    let _e233 = amp_params[4].x;
    if _e225 {
        amp_view3_[((_e229 + (_e216 * _e233)) + _e223)] = _e210;
    }
    let _e245 = amp_fault_site;
    amp_fault_site = select(3u, _e245, _e225);
    let _e247 = amp_fault_index[0];
    amp_fault_index[0] = select(_e216, _e247, _e225);
    let _e249 = amp_fault_index[1];
    amp_fault_index[1] = select(_e223, _e249, _e225);
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
var<workgroup> loc_a: array<array<i32, 16>, 16>;
var<workgroup> loc_b: array<array<i32, 16>, 16>;

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
    let _e20 = amp_params[0].z;
    let _e23 = bitcast<i32>((_e11 / _e20));
    let _e25 = bitcast<i32>(param.y);
    let _e27 = (_e23 * 16i);
    let _e29 = bitcast<i32>((_e11 % _e20));
    let _e31 = bitcast<i32>(param.x);
    let _e33 = (_e29 * 16i);
    let _e35 = vec2<i32>((_e27 + _e25), (_e33 + _e31));
    let _e36 = vec2<i32>(_e25, _e31);
    sum = 0i;
    let _e50 = amp_params[0].w;
    let _e55 = amp_params[1].x;
    local = 0i;
    loop {
        let _e61 = local;
        if (_e61 < vec2<i32>(bitcast<i32>(_e50), bitcast<i32>(_e55)).y) {
        } else {
            break;
        }
        let _e63 = local;
        let _e68 = vec2<i32>(_e35.x, (_e36.y + _e63));
        let _e76 = amp_params[1].y;
        let _e80 = amp_params[1].z;
        let _e86 = amp_view1_[((_e76 + (bitcast<u32>(_e68.x) * _e80)) + bitcast<u32>(_e68.y))];
        loc_a[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)] = _e86;
        let _e93 = vec2<i32>((_e36.x + _e63), _e35.y);
        let _e101 = amp_params[2].z;
        let _e105 = amp_params[2].w;
        let _e111 = amp_view2_[((_e101 + (bitcast<u32>(_e93.x) * _e105)) + bitcast<u32>(_e93.y))];
        loc_b[bitcast<u32>(_e36.x)][bitcast<u32>(_e36.y)] = _e111;
        workgroupBarrier();
        {
            local_1 = 0i;
            loop {
                let _e117 = local_1;
                if (_e117 < 16i) {
                } else {
                    break;
                }
                let _e119 = local_1;
                let _e124 = loc_a[bitcast<u32>(_e36.x)][bitcast<u32>(_e119)];
                let _e129 = loc_b[bitcast<u32>(_e119)][bitcast<u32>(_e36.y)];
                let _e131 = sum;
                sum = (_e131 + (_e124 * _e129));
                continuing {
                    let _e133 = local_1;
                    local_1 = (_e133 + 1i);
                }
            }
        }
        workgroupBarrier();
        continuing {
            let _e136 = local;
            let _e140 = bitcast<u32>(select(16i, 1i, (16i < 1i)));
            local = (_e136 + bitcast<i32>(_e140));
            break if (bitcast<u32>((vec2<i32>(bitcast<i32>(_e50), bitcast<i32>(_e55)).y - _e136)) <= _e140);
        }
    }
    let _e146 = sum;
    let _e154 = amp_params[3].w;
    let _e158 = amp_params[4].x;
    amp_view3_[((_e154 + (bitcast<u32>(_e35.x) * _e158)) + bitcast<u32>(_e35.y))] = _e146;
    return;
}
