// One shipped creature through the glTF export, checked from outside:
//  1. `creature-lab export` writes the .glb;
//  2. the Khronos glTF-Validator reports 0 errors and 0 warnings;
//  3. three.js plays the walk at several ticks; every skinned vertex is within 1 mm of the game's
//     own skinning of the same pose (`creature-lab export-poses`);
//  4. every motion is there as a named animation, as long as its clip, doing what it is for
//     (motion_checks.mjs).
// usage: node check_export.mjs CREATURE_LAB CREATURE.json OUT_DIR ASSETS_DIR [MOTIONS_DIR]
// (MOTIONS_DIR: a folder of motion files the export's library searches first, `--library`)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { checkMotions } from './motion_checks.mjs';
import { poseWithThree, maxDistance } from './three_pose.mjs';

const [lab, creature, outDir, assets, extra] = process.argv.slice(2);
if (!assets) { console.error('usage: node check_export.mjs CREATURE_LAB CREATURE.json OUT_DIR ASSETS_DIR'); process.exit(2); }
mkdirSync(outDir, { recursive: true });
const stem = basename(creature, '.json');
const glb = join(outDir, `${stem}.glb`);
const run = (args) => JSON.parse(execFileSync(lab, args, { encoding: 'utf8' }));

const exported = run(['export', '--creature', creature, '--out', glb, ...(extra ? ['--library', extra] : [])]);
let ok = true;
const fail = (msg) => { console.error(`FAIL ${stem}: ${msg}`); ok = false; };

// 2. validator (child process keeps its report separate)
try {
  execFileSync(process.execPath, [new URL('./validate.mjs', import.meta.url).pathname, glb], { stdio: 'inherit' });
} catch { fail('glTF-Validator reported errors or warnings'); }

// 3. three.js against our skinning, at ticks spread over the walk (the game poses whole ticks)
const walk = exported.motions.find((m) => m.name === 'walk');
if (!walk) fail('no walk exported');
const last = walk.ticks - 1;
const ticks = [0, 1, Math.round(last * 0.23), Math.round(last * 0.5), Math.round(last * 0.77), last - 1];
const times = ticks.map((k) => k / 60);
const refFile = join(outDir, `${stem}.walk_poses.json`);
run(['export-poses', '--creature', creature, '--motion', 'walk', '--times', times.join(','), '--out', refFile]);
const ref = JSON.parse(readFileSync(refFile, 'utf8'));
const three = await poseWithThree(glb, 'walk', times);
for (const name of ['walk', 'stand', 'vault'])
  if (!three.names.includes(name) && exported.motions.some((m) => m.name === name)) fail(`three.js misses ${name}`);
if (three.poses[0].primitives.length !== 1) fail(`expected one skinned mesh, three.js found ${three.poses[0].primitives.length}`);
let worst = 0;
const perTime = [];
three.poses.forEach((p, i) => {
  const d = maxDistance(p.primitives[0], ref.poses[i].positions);
  perTime.push({ tick: ticks[i], max_mm: +(d.distance * 1000).toFixed(4), vertex: d.vertex });
  worst = Math.max(worst, d.distance);
  if (!(d.distance <= 0.001)) fail(`tick ${ticks[i]}: vertex ${d.vertex} is ${(d.distance * 1000).toFixed(3)} mm off`);
});
// The check must be able to fail: the walk really moves the flesh between the first and middle tick.
const moved = maxDistance(ref.poses[0].positions, ref.poses[3].positions).distance;
if (!(moved > 0.01)) fail(`walk poses barely differ (${moved} m): the comparison would prove nothing`);
// 4. every motion
const motions = await checkMotions(glb, exported, assets, fail, extra);
console.log(JSON.stringify({
  creature: stem, bytes: exported.bytes, vertices: exported.vertices, joints: exported.joints,
  keys: exported.motions.map((m) => ({ name: m.name, before: m.keys_before, after: m.keys_after,
                                       ratio: +(m.keys_after / m.keys_before).toFixed(3) })),
  three_vs_game_max_mm: +(worst * 1000).toFixed(4), per_tick: perTime, motions,
}));
process.exit(ok ? 0 : 1);
