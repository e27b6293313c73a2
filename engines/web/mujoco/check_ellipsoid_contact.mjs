// Checks that MuJoCo 3.3.8 (WebAssembly) represents the rattleback case exactly: the model this
// folder's runner builds from a case file has the case's inertia, and the ellipsoid meets the
// plane at its exact support point.
//
//   node check_ellipsoid_contact.mjs CASE_JSON     (e.g. the rattleback's 187.json)
//
// For the case's initial pose and for 200 seeded random orientations of the same body it compares
// MuJoCo's contact (mjc_PlaneConvex: position, signed distance, normal) with the analytic support
// point of the ellipsoid x^T S^-2 x = 1 in the direction -n, c + R S^2 R^T (-n) / |S R^T n|, and
// its height above the plane. Exit status 0 when every error is below 1e-12 m (relative 1e-12
// for the inertia), 1 otherwise.
import fs from 'node:fs';
import loadMujoco from 'mujoco-js';
import {
  bodyFrameInertia, principalInertia, product, rotation, times, transpose,
} from '../common/runner_common.mjs';

const scene = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')).scene;
if (scene.shape !== 'ellipsoid' || scene.planes.length !== 1) {
  console.error('check_ellipsoid_contact: the case must be an ellipsoid on one plane');
  process.exit(2);
}
const text = (v) => v.map((x) => x.toPrecision(17)).join(' ');
const principal = principalInertia(bodyFrameInertia(scene));
const plane = scene.planes[0];
const xml = `<mujoco><compiler angle="radian" inertiafromgeom="false"/><worldbody>
  <geom type="plane" size="0 0 1" pos="${text(plane.normal.map((n) => n * plane.offset_m))}" zaxis="${text(plane.normal)}"/>
  <body pos="${text(scene.initial_state.position_m)}" quat="${text(scene.initial_state.orientation_wxyz)}"><freejoint/>
    <inertial pos="0 0 0" mass="${scene.mass_kg}" diaginertia="${text(principal.moments)}" quat="${text(principal.axes_wxyz)}"/>
    <geom type="ellipsoid" size="${text(scene.half_extents_m)}" pos="${text(scene.shape_offset_m)}"/>
  </body></worldbody></mujoco>`;
const mujoco = await loadMujoco();
mujoco.FS.mkdir('/work');
mujoco.FS.writeFile('/work/e.xml', xml);
const model = mujoco.MjModel.loadFromXML('/work/e.xml');
const data = new mujoco.MjData(model);

// The inertia MuJoCo holds (principal moments, axes in the body frame), turned back into W.
const iq = [model.body_iquat[4], model.body_iquat[5], model.body_iquat[6], model.body_iquat[7]];
const A = product(rotation(scene.initial_state.orientation_wxyz), rotation(iq));
const D = [[model.body_inertia[3], 0, 0], [0, model.body_inertia[4], 0], [0, 0, model.body_inertia[5]]];
const IW = product(product(A, D), transpose(A));
let inertiaError = 0;
for (let i = 0; i < 3; ++i) {
  for (let j = 0; j < 3; ++j) inertiaError = Math.max(inertiaError, Math.abs(IW[i][j] - scene.inertia_kg_m2[i][j]));
}
inertiaError /= Math.abs(scene.inertia_kg_m2[2][2]);
console.log(`inertia in W at t = 0, MuJoCo's vs the case's: largest difference ${inertiaError.toExponential(2)} (relative)`);

/** The analytic lowest point of the ellipsoid (semi-axes S, centre c, orientation R) along n. */
function supportPoint(R, centre, n) {
  const S = scene.half_extents_m;
  const d = times(transpose(R), n.map((x) => -x));  // the direction -n in S
  const sd = Math.hypot(S[0] * d[0], S[1] * d[1], S[2] * d[2]);
  return times(R, [0, 1, 2].map((k) => S[k] * S[k] * d[k] / sd)).map((x, k) => x + centre[k]);
}

let seed = 12345;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
let worst = 0;
for (let trial = 0; trial <= 200; ++trial) {
  let q = scene.initial_state.orientation_wxyz;
  let x = scene.initial_state.position_m;
  if (trial > 0) {  // a random orientation, the body lowered to touch the plane within 1 mm
    const u = [random(), random(), random(), random()].map((v) => 2 * v - 1);
    q = u.map((v) => v / Math.hypot(...u));
    x = [random() - 0.5, random() - 0.5, 0.05];
  }
  for (let k = 0; k < 7; ++k) data.qpos[k] = [...x, ...q][k];
  const R = rotation(q);
  const centre = times(R, scene.shape_offset_m).map((v, k) => v + x[k]);
  const p = supportPoint(R, centre, plane.normal);
  const height = p[0] * plane.normal[0] + p[1] * plane.normal[1] + p[2] * plane.normal[2] - plane.offset_m;
  if (trial === 0) console.log(`case pose: the ellipsoid's lowest point is ${height.toExponential(2)} m above the plane (analytic)`);
  // Lower the body so that its lowest point is 0.5 mm below the plane (one contact).
  for (let k = 0; k < 3; ++k) data.qpos[k] -= (height + 5e-4) * plane.normal[k];
  mujoco.mj_forward(model, data);
  const xs = [data.qpos[0], data.qpos[1], data.qpos[2]];
  const c2 = times(R, scene.shape_offset_m).map((v, k) => v + xs[k]);
  const lowest = supportPoint(R, c2, plane.normal);
  const depth = lowest[0] * plane.normal[0] + lowest[1] * plane.normal[1] + lowest[2] * plane.normal[2] - plane.offset_m;
  if (data.ncon !== 1) { console.log(`trial ${trial}: ${data.ncon} contacts, expected 1`); worst = Infinity; continue; }
  const con = data.contact.get(0);
  // MuJoCo's contact point is midway between the ellipsoid's point and its projection.
  const pos = [0, 1, 2].map((k) => lowest[k] - 0.5 * depth * plane.normal[k]);
  const err = Math.max(Math.abs(con.dist - depth), ...[0, 1, 2].map((k) => Math.abs(con.pos[k] - pos[k])),
    ...[0, 1, 2].map((k) => Math.abs(con.frame[k] - plane.normal[k])));
  if (trial === 0) {
    console.log(`case pose lowered 0.5 mm: MuJoCo contact at (${[...con.pos].map((v) => v.toExponential(3))}) m, distance ${con.dist.toExponential(3)} m; ` +
      `analytic (${pos.map((v) => v.toExponential(3))}) m, ${depth.toExponential(3)} m`);
  }
  worst = Math.max(worst, err);
  con.delete();
}
console.log(`201 poses: largest difference of MuJoCo's contact (point, distance, normal) from the analytic support point: ${worst.toExponential(2)} m`);
process.exit(worst < 1e-12 && inertiaError < 1e-12 ? 0 : 1);
