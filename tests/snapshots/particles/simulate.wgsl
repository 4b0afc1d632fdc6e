// checked
struct Particle {
    pos: vec3<f32>,
    mass: f32,
    vel: vec3<f32>,
    bounces: u32,
}

struct World {
    gravity: vec3<f32>,
    dt: f32,
    drag: f32,
    floor: f32,
    _pad: array<f32, 2>,
}

@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<Particle>;
@group(0) @binding(2) 
var<storage, read_write> amp_faults: array<atomic<u32>>;
var<private> amp_fault_site: u32 = 0u;
var<private> amp_fault_index: array<u32, 8> = array<u32, 8>();

fn advance(param_3: Particle, param_4: World) -> Particle {
    var q: Particle;

    q = param_3;
    let _e3 = q;
    let _e16 = q.vel;
    q.vel = (_e16 + ((param_4.gravity * vec3(param_4.dt)) - (_e3.vel * vec3((param_4.drag / param_3.mass)))));
    let _e19 = q;
    let _e24 = q.pos;
    q.pos = (_e24 + (_e19.vel * vec3(param_4.dt)));
    let _e26 = q;
    if (_e26.pos.y < param_4.floor) {
        q.pos[bitcast<u32>(1i)] = param_4.floor;
        let _e39 = q;
        q.vel[bitcast<u32>(1i)] = (-(_e39.vel.y) * 0.5f);
        let _e50 = q.bounces;
        q.bounces = (_e50 + 1u);
    }
    let _e52 = q;
    return _e52;
}

fn amp_body(linear: u32) {
    let _e1 = bitcast<i32>(linear);
    let _e5 = amp_params[1].y;
    let _e10 = amp_params[1].z;
    let _e15 = amp_params[1].w;
    let _e21 = amp_params[2].x;
    let _e26 = amp_params[2].y;
    let _e31 = amp_params[2].z;
    let _e36 = amp_params[2].w;
    let _e41 = amp_params[3].x;
    let _e48 = amp_params[0].z;
    let _e49 = bitcast<u32>(_e1);
    let _e50 = (_e49 < _e48);
    let _e54 = amp_params[0].w;
    let _e59 = amp_params[1].x;
    let _e63 = amp_view1_[select(_e59, (_e54 + _e49), _e50)];
    let _e68 = amp_fault_site;
    amp_fault_site = select(1u, _e68, _e50);
    let _e70 = amp_fault_index[0];
    amp_fault_index[0] = select(_e49, _e70, _e50);
    let _e72 = advance(_e63, World(vec3<f32>(bitcast<f32>(_e5), bitcast<f32>(_e10), bitcast<f32>(_e15)), bitcast<f32>(_e21), bitcast<f32>(_e26), bitcast<f32>(_e31), array<f32, 2>(bitcast<f32>(_e36), bitcast<f32>(_e41))));
    let _e76 = amp_params[0].z;
    let _e77 = bitcast<u32>(_e1);
    let _e78 = (_e77 < _e76);
    let _e82 = amp_params[0].w;
    if _e78 {
        amp_view1_[(_e82 + _e77)] = _e72;
    }
    let _e90 = amp_fault_site;
    amp_fault_site = select(2u, _e90, _e78);
    let _e92 = amp_fault_index[0];
    amp_fault_index[0] = select(_e77, _e92, _e78);
    return;
}

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[3].y;
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
struct Particle {
    pos: vec3<f32>,
    mass: f32,
    vel: vec3<f32>,
    bounces: u32,
}

struct World {
    gravity: vec3<f32>,
    dt: f32,
    drag: f32,
    floor: f32,
    _pad: array<f32, 2>,
}

@group(0) @binding(0) 
var<uniform> amp_params: array<vec4<u32>, 4>;
@group(0) @binding(1) 
var<storage, read_write> amp_view1_: array<Particle>;

fn advance(param_3: Particle, param_4: World) -> Particle {
    var q: Particle;

    q = param_3;
    let _e3 = q;
    let _e16 = q.vel;
    q.vel = (_e16 + ((param_4.gravity * vec3(param_4.dt)) - (_e3.vel * vec3((param_4.drag / param_3.mass)))));
    let _e19 = q;
    let _e24 = q.pos;
    q.pos = (_e24 + (_e19.vel * vec3(param_4.dt)));
    let _e26 = q;
    if (_e26.pos.y < param_4.floor) {
        q.pos[bitcast<u32>(1i)] = param_4.floor;
        let _e38 = q;
        q.vel[bitcast<u32>(1i)] = (-(_e38.vel.y) * 0.5f);
        let _e48 = q.bounces;
        q.bounces = (_e48 + 1u);
    }
    let _e50 = q;
    return _e50;
}

fn amp_body(linear: u32) {
    let _e1 = bitcast<i32>(linear);
    let _e5 = amp_params[1].y;
    let _e10 = amp_params[1].z;
    let _e15 = amp_params[1].w;
    let _e21 = amp_params[2].x;
    let _e26 = amp_params[2].y;
    let _e31 = amp_params[2].z;
    let _e36 = amp_params[2].w;
    let _e41 = amp_params[3].x;
    let _e49 = amp_params[0].w;
    let _e53 = amp_view1_[(_e49 + bitcast<u32>(_e1))];
    let _e54 = advance(_e53, World(vec3<f32>(bitcast<f32>(_e5), bitcast<f32>(_e10), bitcast<f32>(_e15)), bitcast<f32>(_e21), bitcast<f32>(_e26), bitcast<f32>(_e31), array<f32, 2>(bitcast<f32>(_e36), bitcast<f32>(_e41))));
    let _e59 = amp_params[0].w;
    amp_view1_[(_e59 + bitcast<u32>(_e1))] = _e54;
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
