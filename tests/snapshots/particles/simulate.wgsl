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

fn amp_report_fault() {
    let _e1 = amp_fault_site;
    if (_e1 != 0u) {
        let _e7 = atomicExchange((&amp_faults[0]), 1u);
        if (_e7 == 0u) {
            let _e12 = amp_params[3].z;
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
    let _e34 = amp_params[1].w;
    let _e39 = amp_params[2].x;
    let _e45 = amp_params[2].y;
    let _e50 = amp_params[2].z;
    let _e55 = amp_params[2].w;
    let _e60 = amp_params[3].x;
    let _e65 = amp_params[3].y;
    let _e72 = amp_params[0].w;
    let _e73 = bitcast<u32>(_e25);
    let _e74 = (_e73 < _e72);
    let _e78 = amp_params[1].x;
    let _e83 = amp_params[1].y;
    let _e87 = amp_view1_[select(_e83, (_e78 + _e73), _e74)];
    let _e92 = amp_fault_site;
    amp_fault_site = select(1u, _e92, _e74);
    let _e94 = amp_fault_index[0];
    amp_fault_index[0] = select(_e73, _e94, _e74);
    let _e96 = advance(_e87, World(vec3<f32>(bitcast<f32>(_e29), bitcast<f32>(_e34), bitcast<f32>(_e39)), bitcast<f32>(_e45), bitcast<f32>(_e50), bitcast<f32>(_e55), array<f32, 2>(bitcast<f32>(_e60), bitcast<f32>(_e65))));
    let _e100 = amp_params[0].w;
    let _e101 = bitcast<u32>(_e25);
    let _e102 = (_e101 < _e100);
    let _e106 = amp_params[1].x;
    if _e102 {
        amp_view1_[(_e106 + _e101)] = _e96;
    }
    let _e114 = amp_fault_site;
    amp_fault_site = select(2u, _e114, _e102);
    let _e116 = amp_fault_index[0];
    amp_fault_index[0] = select(_e101, _e116, _e102);
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
    let _e34 = amp_params[1].w;
    let _e39 = amp_params[2].x;
    let _e45 = amp_params[2].y;
    let _e50 = amp_params[2].z;
    let _e55 = amp_params[2].w;
    let _e60 = amp_params[3].x;
    let _e65 = amp_params[3].y;
    let _e73 = amp_params[1].x;
    let _e77 = amp_view1_[(_e73 + bitcast<u32>(_e25))];
    let _e78 = advance(_e77, World(vec3<f32>(bitcast<f32>(_e29), bitcast<f32>(_e34), bitcast<f32>(_e39)), bitcast<f32>(_e45), bitcast<f32>(_e50), bitcast<f32>(_e55), array<f32, 2>(bitcast<f32>(_e60), bitcast<f32>(_e65))));
    let _e83 = amp_params[1].x;
    amp_view1_[(_e83 + bitcast<u32>(_e25))] = _e78;
    return;
}
