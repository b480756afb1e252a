// Khronos sample models (made elsewhere) posed two ways: loaded with tinygltf and skinned by our
// skinning jobs (`creature-lab gltf-skin`), and by three.js. Every vertex must agree within 1e-4 of
// the model's size (bounding-box diagonal of the bind positions) at several animation times.
// usage: node check_samples.mjs CREATURE_LAB OUT_DIR FILE.gltf...
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { poseWithThree, maxDistance } from './three_pose.mjs';

const [lab, outDir, ...files] = process.argv.slice(2);
if (!files.length) { console.error('usage: node check_samples.mjs CREATURE_LAB OUT_DIR FILE.gltf...'); process.exit(2); }
mkdirSync(outDir, { recursive: true });
let ok = true;
for (const file of files) {
  const stem = basename(file).replace(/\.(gltf|glb)$/, '');
  const three0 = await poseWithThree(file, 0, [0]);
  const d = three0.duration;
  const times = [0, d * 0.13, d * 0.37, d * 0.5, d * 0.81, d * 0.97];
  const refFile = join(outDir, `${stem}.ours.json`);
  execFileSync(lab, ['gltf-skin', '--file', file, '--animation', '0', '--times', times.join(','), '--out', refFile]);
  const ours = JSON.parse(readFileSync(refFile, 'utf8'));
  const three = await poseWithThree(file, 0, times);
  const tol = 1e-4 * ours.size_m;
  let worst = 0, moved = 0;
  three.poses.forEach((p, i) => {
    if (p.primitives.length !== ours.poses[i].primitives.length) {
      console.error(`FAIL ${stem}: ${p.primitives.length} skinned meshes in three.js, ${ours.poses[i].primitives.length} in ours`);
      ok = false;
      return;
    }
    p.primitives.forEach((prim, k) => {
      const r = maxDistance(prim, ours.poses[i].primitives[k]);
      worst = Math.max(worst, r.distance);
      if (!(r.distance <= tol)) {
        console.error(`FAIL ${stem} t=${times[i].toFixed(4)}: vertex ${r.vertex} is ${r.distance} off (tolerance ${tol})`);
        ok = false;
      }
      moved = Math.max(moved, maxDistance(prim, three.poses[0].primitives[k]).distance);
    });
  });
  // The animation must move the mesh well beyond the tolerance, or the comparison proves nothing.
  if (!(moved > 100 * tol)) { console.error(`FAIL ${stem}: the animation barely moves the mesh (${moved})`); ok = false; }
  console.log(JSON.stringify({ sample: stem, size: ours.size_m, tolerance: tol, max_deviation: worst,
                               relative: worst / ours.size_m, moved }));
}
process.exit(ok ? 0 : 1);
