// replay.html#row=N: a row's run in 3-D (three.js r111, Debian's libjs-three): the body (sphere,
// box or ellipsoid, coloured so that its rotation shows) at each recorded frame, the planes, the
// contact points, the slip velocity at each contact and the contact's friction force (as the
// solver reports it; where it reports none, the force the motion needed: m dv/dt - m g - F),
// with a timeline to play, pause and scrub. Frames: the report's thinned samples (series.js).
'use strict';
const COLOURS = {slip: 0xD55E00, force: 0x0072B2, contact: 0x000000, body: [0xE69F00, 0xf0f0f0],
                 plane: 0x9db7c9};
const V = (a) => new THREE.Vector3(a[0], a[1], a[2]);

function octantColours(geometry) {
  const p = geometry.attributes.position, colours = [];
  const a = new THREE.Color(COLOURS.body[0]), b = new THREE.Color(COLOURS.body[1]);
  for (let k = 0; k < p.count; ++k) {
    const c = (p.getX(k) * p.getY(k) * p.getZ(k) >= 0) ? a : b;
    colours.push(c.r, c.g, c.b);
  }
  geometry.setAttribute('color', new THREE.Float32BufferAttribute(colours, 3));
  return geometry;
}
function bodyMesh(scene) {
  let geometry, material;
  if (scene.shape === 'box') {
    const h = scene.half_extents_m;
    geometry = new THREE.BoxBufferGeometry(2 * h[0], 2 * h[1], 2 * h[2]);
    material = [0xE69F00, 0xE69F00, 0x56B4E9, 0x56B4E9, 0xf0f0f0, 0xf0f0f0].map(c =>
      new THREE.MeshLambertMaterial({color: c}));
  } else {
    geometry = octantColours(new THREE.SphereBufferGeometry(1, 48, 24));
    material = new THREE.MeshLambertMaterial({vertexColors: THREE.VertexColors});
  }
  const mesh = new THREE.Mesh(geometry, material);
  if (scene.shape === 'sphere') mesh.scale.setScalar(scene.radius_m);
  if (scene.shape === 'ellipsoid') mesh.scale.set(...scene.half_extents_m);
  mesh.position.copy(V(scene.shape_offset_m || [0, 0, 0]));
  const group = new THREE.Group();
  group.add(mesh);
  return group;
}
function sizeOf(scene) {
  return scene.shape === 'sphere' ? scene.radius_m : Math.max(...scene.half_extents_m);
}
function planeMeshes(scene, centre, extent) {
  return scene.planes.map(p => {
    const n = V(p.normal).normalize();
    const onPlane = centre.clone().sub(n.clone().multiplyScalar(n.dot(centre) - p.offset_m));
    const group = new THREE.Group();
    const geometry = new THREE.PlaneBufferGeometry(extent, extent, 8, 8);
    group.add(new THREE.Mesh(geometry, new THREE.MeshLambertMaterial({color: COLOURS.plane,
      side: THREE.DoubleSide, transparent: true, opacity: 0.55})));
    group.add(new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({color: 0x7d97a8,
      wireframe: true, transparent: true, opacity: 0.5})));
    group.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), n);
    group.position.copy(onPlane);
    return group;
  });
}
// The friction force per contact per frame [N]: the solver's where it reports one, else the
// contact force the motion needed (m dv/dt - m g - F applied; one contact: its tangential part).
function frictionForces(run, scene) {
  const F = run.frames, m = scene.mass_kg, g = V(scene.gravity_m_s2), applied = V(scene.force_N);
  const reported = [];
  let any = false;
  for (let c = 0; c < run.contacts; ++c) {
    const f = ['ftx_N', 'fty_N', 'ftz_N'].map(n => run.channel(n, c));
    reported.push(Array.from({length: F}, (_, k) => new THREE.Vector3(f[0][k], f[1][k], f[2][k])));
    any = any || reported[c].some(v => v.lengthSq() > 0);
  }
  if (any) return {perContact: reported, source: 'as the solver reports it'};
  const t = run.channel('t_s'), v = ['vx_m_s', 'vy_m_s', 'vz_m_s'].map(n => run.channel(n));
  const total = Array.from({length: F}, (_, k) => {
    const a = Math.max(k - 1, 0), b = Math.min(k + 1, F - 1);
    if (b === a || !(t[b] > t[a])) return new THREE.Vector3();
    const dv = new THREE.Vector3(v[0][b] - v[0][a], v[1][b] - v[1][a], v[2][b] - v[2][a]);
    return dv.multiplyScalar(m / (t[b] - t[a])).sub(g.clone().multiplyScalar(m)).sub(applied);
  });
  if (run.contacts === 1) {
    const n = V(scene.planes[0].normal).normalize();
    return {perContact: [total.map(f => f.clone().sub(n.clone().multiplyScalar(f.dot(n))))],
            source: 'needed by the motion (m dv/dt - m g - F), tangential part'};
  }
  return {atCentre: total, perContact: [],
          source: 'total contact force needed by the motion (m dv/dt - m g - F), at the centre'};
}
function maxLength(list) {
  return list.reduce((m, v) => Math.max(m, Number.isFinite(v.length()) ? v.length() : 0), 0);
}
function arrow(colour) {
  const a = new THREE.ArrowHelper(new THREE.Vector3(1, 0, 0), new THREE.Vector3(), 1, colour);
  [a.line, a.cone].forEach(part => {  // drawn over the planes and the body they start in
    part.material.depthTest = false;
    part.renderOrder = 10;
  });
  a.visible = false;
  return a;
}
function setArrow(a, origin, vector, scale, size) {
  const length = vector.length() * scale;
  a.visible = Number.isFinite(length) && length > 1e-4 * size;
  if (!a.visible) return;
  a.position.copy(origin);
  a.setDirection(vector.clone().normalize());
  a.setLength(length, Math.min(0.35 * length, 0.3 * size), Math.min(0.2 * length, 0.15 * size));
}
function cameraFor(scene, positions, size) {
  const box = new THREE.Box3().setFromPoints(positions);
  const centre = box.getCenter(new THREE.Vector3());
  const extent = Math.max(box.getSize(new THREE.Vector3()).length(), 8 * size);
  const up = V(scene.gravity_m_s2).normalize().negate();
  if (!(up.lengthSq() > 0)) up.set(0, 0, 1);
  // Looking down on the body from above its planes: along a trough's axis (n+ x n-), else
  // from a side; the planes are seen from the body's side.
  let side = new THREE.Vector3(1, 0.35, 0.2);
  if (scene.planes.length >= 2) {
    const axis = V(scene.planes[0].normal).cross(V(scene.planes[1].normal));
    if (axis.lengthSq() > 1e-12) side = axis.normalize().add(new THREE.Vector3(0.1, 0.2, 0.05));
  }
  side.sub(up.clone().multiplyScalar(side.dot(up))).normalize();
  const camera = new THREE.PerspectiveCamera(40, 1, extent / 100, extent * 100);
  camera.up.copy(up);
  camera.position.copy(centre).add(side.multiplyScalar(1.3 * extent))
    .add(up.clone().multiplyScalar(1.1 * extent));
  camera.lookAt(centre);
  return {camera, centre, extent};
}
function buildView(run, holder) {
  const scene = run.scene, size = sizeOf(scene), F = run.frames;
  const ch = (n, c) => run.channel(n, c);
  const x = ['x_m', 'y_m', 'z_m'].map(n => ch(n)), q = ['qx', 'qy', 'qz', 'qw'].map(n => ch(n));
  const positions = Array.from({length: F}, (_, k) => new THREE.Vector3(x[0][k], x[1][k], x[2][k]));
  const view = cameraFor(scene, positions, size);
  const world = new THREE.Scene();
  world.background = new THREE.Color(0xf4f4f4);
  world.add(new THREE.AmbientLight(0xffffff, 0.55));
  const light = new THREE.DirectionalLight(0xffffff, 0.6);
  light.position.copy(view.camera.position);
  world.add(light);
  planeMeshes(scene, view.centre, Math.max(2.5 * view.extent, 10 * size)).forEach(p => world.add(p));
  const body = bodyMesh(scene);
  world.add(body);
  const forces = frictionForces(run, scene);
  const points = [], slips = [], frictions = [];
  for (let c = 0; c < run.contacts; ++c) {
    const marker = new THREE.Mesh(new THREE.SphereBufferGeometry(0.07 * size, 12, 8),
                                  new THREE.MeshBasicMaterial({color: COLOURS.contact,
                                                               depthTest: false}));
    marker.renderOrder = 9;
    points.push(marker); world.add(marker);
    slips.push(arrow(COLOURS.slip)); world.add(slips[c]);
    frictions.push(arrow(COLOURS.force)); world.add(frictions[c]);
  }
  const centreForce = arrow(COLOURS.force);
  world.add(centreForce);
  const slipVectors = Array.from({length: run.contacts}, (_, c) => {
    const s = ['slip_x_m_s', 'slip_y_m_s', 'slip_z_m_s'].map(n => ch(n, c));
    return Array.from({length: F}, (_, k) => new THREE.Vector3(s[0][k], s[1][k], s[2][k]));
  });
  const maxSlip = Math.max(...slipVectors.map(maxLength), 1e-12);
  const maxForce = Math.max(...forces.perContact.map(maxLength),
                            forces.atCentre ? maxLength(forces.atCentre) : 0, 1e-12);
  const renderer = new THREE.WebGLRenderer({antialias: true, preserveDrawingBuffer: true});
  renderer.setSize(holder.clientWidth, holder.clientHeight);
  view.camera.aspect = holder.clientWidth / Math.max(holder.clientHeight, 1);
  view.camera.updateProjectionMatrix();
  holder.appendChild(renderer.domElement);
  const controls = new THREE.OrbitControls(view.camera, renderer.domElement);
  controls.target.copy(view.centre);
  controls.update();
  const show = (k) => {
    body.position.copy(positions[k]);
    body.quaternion.set(q[0][k], q[1][k], q[2][k], q[3][k]).normalize();
    let visible = 0;
    for (let c = 0; c < run.contacts; ++c) {
      const p = new THREE.Vector3(ch('px_m', c)[k], ch('py_m', c)[k], ch('pz_m', c)[k]);
      points[c].visible = Number.isFinite(p.x);
      if (!points[c].visible) continue;
      points[c].position.copy(p);
      setArrow(slips[c], p, slipVectors[c][k], 2 * size / maxSlip, size);
      if (forces.perContact[c]) setArrow(frictions[c], p, forces.perContact[c][k], 2 * size / maxForce, size);
      visible += slips[c].visible + frictions[c].visible;
    }
    if (forces.atCentre) {
      setArrow(centreForce, positions[k], forces.atCentre[k], 2 * size / maxForce, size);
      visible += centreForce.visible;
    }
    renderer.render(world, view.camera);
    return visible;
  };
  controls.addEventListener('change', () => renderer.render(world, view.camera));
  return {show, maxSlip, maxForce, forceSource: forces.source};
}
function readout(run, k) {
  const t = run.channel('t_s')[k];
  const v = nsdNorm3(run, ['vx_m_s', 'vy_m_s', 'vz_m_s'])[k];
  const w = nsdNorm3(run, ['wx_rad_s', 'wy_rad_s', 'wz_rad_s'])[k];
  const ref = run.channel('reference_speed_m_s')[k], refw = run.channel('reference_spin_rad_s')[k];
  const num = (a) => Number.isFinite(a) ? a.toPrecision(4) : '-';
  let text = 't = ' + num(t) + ' s   |v_C| = ' + num(v) + ' m/s (analytic ' + num(ref) +
             ')   |Ω| = ' + num(w) + ' rad/s (analytic ' + num(refw) + ')';
  for (let c = 0; c < run.contacts; ++c) {
    text += '\ncontact ' + (c + 1) + ': slip ' +
      num(nsdNorm3(run, ['slip_x_m_s', 'slip_y_m_s', 'slip_z_m_s'], c)[k]) + ' m/s, normal force ' +
      (run.channel('normal_force_N', c).some(v => v !== 0)
        ? num(run.channel('normal_force_N', c)[k]) + ' N (as reported)' : 'not reported');
  }
  return text;
}
async function startReplay() {
  const state = window.NSD_REPLAY_STATE = {ready: false, frame: 0, frames: 0, arrows: 0};
  const status = document.getElementById('replay-status');
  const row = parseInt((location.hash.match(/row=(\d+)/) || [])[1], 10);
  if (!(row >= 0 && row < NSD_SERIES.rows.length)) {
    status.textContent = 'No such row: give replay.html#row=N, N from 0 to ' +
      (NSD_SERIES.rows.length - 1) + '.';
    return;
  }
  if (window.NSD_MISSING) {
    status.textContent = 'The replay needs ' + window.NSD_MISSING.join(' and ') +
      ', which was not installed when the report was written.';
    state.ready = true;
    return;
  }
  const run = await nsdLoadRun(row);
  const r = run.details;
  document.getElementById('replay-title').textContent = 'row ' + row + ': ' + r.case + ' / ' +
    r.solver + ' — ' + r.status + (r.reason ? ' (' + r.reason + ')' : '');
  if (!run.frames || !run.scene) {
    status.textContent = run.frames ? 'This case has no scene to draw (a body that is not a ' +
      'sphere on planes).' : 'No recorded motion: ' + (r.reason || r.status) + '.';
    state.ready = true;
    return;
  }
  const view = buildView(run, document.getElementById('replay-view'));
  document.getElementById('replay-legend').innerHTML =
    '<span><i style="background:#D55E00"></i>slip velocity (longest ' +
    view.maxSlip.toPrecision(3) + ' m/s)</span><span><i style="background:#0072B2"></i>' +
    'friction force, ' + nsdEscape(view.forceSource) + ' (longest ' +
    view.maxForce.toPrecision(3) + ' N)</span><span><i style="background:#000"></i>' +
    'contact point</span><span><i style="background:#9db7c9"></i>planes</span>';
  const slider = document.getElementById('timeline'), button = document.getElementById('play');
  slider.max = String(run.frames - 1);
  const t = run.channel('t_s'), duration = t[run.frames - 1] - t[0];
  const go = (k) => {
    state.frame = k;
    slider.value = String(k);
    state.arrows = view.show(k);
    document.getElementById('clock').textContent = 't = ' + t[k].toFixed(4) + ' s';
    document.getElementById('replay-readout').textContent = readout(run, k);
  };
  slider.oninput = () => { pause(); go(+slider.value); };
  let playing = false, startWall = 0, startSim = 0;
  const seconds = 6;  // a run plays in 6 s of wall time
  const tick = (now) => {
    if (!playing) return;
    const sim = startSim + (now - startWall) / 1000 * duration / seconds;
    let k = state.frame;
    while (k + 1 < run.frames && t[k + 1] <= sim) ++k;
    go(k);
    if (k + 1 >= run.frames) { pause(); return; }
    requestAnimationFrame(tick);
  };
  const pause = () => { playing = false; button.textContent = 'play'; };
  button.onclick = () => {
    if (playing) { pause(); return; }
    if (state.frame + 1 >= run.frames) go(0);
    playing = true; button.textContent = 'pause';
    startWall = performance.now(); startSim = t[state.frame];
    requestAnimationFrame(tick);
  };
  state.go = go;
  state.frames = run.frames;
  go(0);
  state.ready = true;
}
document.addEventListener('DOMContentLoaded', () => {
  startReplay().catch(e => {
    document.getElementById('replay-status').textContent = 'Cannot replay: ' + e.message;
    throw e;
  });
});
window.addEventListener('hashchange', () => location.reload());
