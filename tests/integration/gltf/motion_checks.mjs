// Every motion of an export checked from outside, in three.js's playback of the file: the named
// animations are all there, each lasts as long as its clip (read from the clip files; a loop one
// whole cycle), and each does what the motion is for, measured on the joints' world positions.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { jointTracksWithThree } from './three_pose.mjs';

const kTick = 1 / 60;

// The library's files by motion name (a file's name need not be its motion's): an extra folder's
// first, as the game searches them (--motions / --library).
function library(assets, extra) {
  const out = new Map();
  for (const dir of [extra, join(assets, 'motions')].filter(Boolean))
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
      const clip = JSON.parse(readFileSync(join(dir, f), 'utf8'));
      if (!out.has(clip.name)) out.set(clip.name, clip);
    }
  return out;
}
// The clip motions the game's clip action plays, in the library's order (description order, then name).
const kClipKinds = ['one_shot', 'held_loop', 'held_pose'];
function clipMotions(lib) {
  const order = (c) => c.description?.order ?? 1000;
  return [...lib.values()].filter((c) => kClipKinds.includes(c.description?.kind ?? (c.loop ? 'gait' : 'one_shot')))
    .sort((a, b) => order(a) - order(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
// The export's motions in file order: the walk, run, stand, idle and jump, the library's clip motions, the vault.
export const exportedMotionNames = (assets, extra) =>
  ['walk', 'run', 'stand', 'idle', 'jump', ...clipMotions(library(assets, extra)).map((c) => c.name), 'vault'];
const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const len = (v) => Math.hypot(v[0], v[1], v[2]);
const flat = (v) => Math.hypot(v[0], v[2]);

// Times a foot lifts over a cycle, read cyclically (a loop's last sample is its first again).
function swings(ys) {
  const lo = Math.min(...ys), hi = Math.max(...ys);
  const lifted = ys.slice(0, -1).map((y) => y > lo + Math.max(0.01, 0.3 * (hi - lo)));
  return lifted.filter((l, i) => l && !lifted[(i + lifted.length - 1) % lifted.length]).length;
}

// Worst horizontal slide of a foot in one tick while it is down (within 3 mm of its lowest).
function skate(track) {
  const lo = Math.min(...track.map((p) => p[1]));
  let worst = 0;
  for (let k = 1; k < track.length; ++k)
    if (track[k][1] < lo + 0.003 && track[k - 1][1] < lo + 0.003) worst = Math.max(worst, flat(sub(track[k], track[k - 1])));
  return worst;
}

export async function checkMotions(glb, exported, assets, fail, extra) {
  // A motion none of whose variants fits this body (an imported snake's on legs) is left out, as the
  // game's menu leaves it out; only a motion imported from capture may be, and for no other reason.
  const unfitReason = 'no variant fits this body';
  const unfit = exported.skipped.filter((s) => s.endsWith(unfitReason)).map((s) => s.slice(0, s.indexOf(':')));
  for (const name of unfit)
    if (!library(assets, extra).get(name)?.description?.source) fail(`${name} is not offered to this body, yet it is not an imported motion`);
  const kMotions = exportedMotionNames(assets, extra).filter((n) => !unfit.includes(n));
  const clipOf = (_, name) => library(assets, extra).get(name === 'run' ? 'walk' : name);
  const t = await jointTracksWithThree(glb, kTick);
  const A = t.animations;
  const names = Object.keys(A);
  if (JSON.stringify(names) !== JSON.stringify(kMotions)) fail(`animations are [${names}], want [${kMotions}]`);
  const otherSkips = exported.skipped.filter((s) => !s.endsWith(unfitReason));
  if (otherSkips.length) fail(`skipped: ${otherSkips}`);
  for (const name of kMotions) if (!A[name]) return { missing: name };
  const root = (m) => A[m].joints[t.root];
  const last = (m) => root(m).length - 1;
  const feet = Object.keys(A.walk.joints).filter((n) => /^leg_.*_foot$/.test(n));
  const heads = Object.keys(A.walk.joints).filter((n) => /^head/.test(n));
  const report = { durations: {}, measures: {} };

  // Durations against the clip files. The jump's flight is slowed by sqrt(s), s the leg scale (the rig's
  // mean leg length, hip to ankle at rest, over the clip's reference body's), so it stays ballistic.
  // The walk and run last one cycle of their cadence (checked by their loops below).
  const walkClip = clipOf(assets, 'walk');
  const ref = walkClip.reference_body;
  const refLeg = (ref.left_leg.upper + ref.left_leg.lower + ref.right_leg.upper + ref.right_leg.lower) / 2;
  const legLength = (f) => {
    const base = f.slice(0, -'foot'.length);
    return len(sub(t.rest[`${base}lower`], t.rest[`${base}upper`])) + len(sub(t.rest[f], t.rest[`${base}lower`]));
  };
  const s = feet.reduce((a, f) => a + legLength(f), 0) / feet.length / refLeg;
  for (const name of kMotions) {
    const d = A[name].duration, clip = clipOf(assets, name);
    report.durations[name] = +d.toFixed(4);
    const e = exported.motions.find((m) => m.name === name);
    if (!(Math.abs(e.duration_s - d) < 1e-4)) fail(`${name}: three.js plays ${d} s, the export says ${e.duration_s}`);
    // The game plays a library clip motion once or holds it (a capture's cyclic data included): only the
    // gaits loop.
    const gait = !kClipKinds.includes(clip.description?.kind ?? (clip.loop ? 'gait' : 'one_shot'));
    if (e.loop !== (name === 'run' || (gait && clip.loop))) fail(`${name}: loop is ${e.loop}`);
    if (name === 'walk' || name === 'run') continue;
    // The jump's push from its dip plays in 5 ticks at every size; from lift-off it runs at
    // 1/sqrt(s w), w the share of its body motion a low body plays (0.35 to 1); then the landing hands
    // over to the stand in 8 ticks and a ninth is the stand.
    let want = clip.duration, least = clip.duration;
    if (name === 'jump') {
      const takeoff = clip.contacts.left_foot[1][0];
      want = (5.5 + 9) * kTick + (clip.duration - takeoff) * Math.sqrt(s);
      least = (5.5 + 9) * kTick + (clip.duration - takeoff) * Math.sqrt(0.35 * s);
    }
    if (!(d > least - kTick / 2 - 1e-3 && d < want + kTick + 1e-3))
      fail(`${name} lasts ${d.toFixed(4)} s, its clip ${want.toFixed(4)} s`);
  }

  // Loops: a cycle later every joint is where it was (walk and run: one stride on), and in one cycle
  // every foot steps exactly once.
  for (const name of ['walk', 'run', 'stand', 'idle']) {
    const j = A[name].joints, n = last(name);
    const travel = sub(root(name)[n], root(name)[0]);
    let worst = 0;
    for (const b of Object.keys(j)) worst = Math.max(worst, len(sub(sub(j[b][n], j[b][0]), travel)));
    if (!(worst < 0.005)) fail(`${name} does not loop: a joint is ${(worst * 1000).toFixed(1)} mm off a cycle later`);
    if (name === 'walk' || name === 'run')
      for (const f of feet) {
        const k = swings(j[f].map((p) => p[1]));
        if (k !== 1) fail(`${name}: ${f} lifts ${k} times in the cycle, want once`);
      }
  }
  // Run: the feet's stride longer than the walk's, the body faster, planted feet still.
  const stride = (m, f) => flat(sub(A[m].joints[f][last(m)], A[m].joints[f][0]));
  for (const f of feet)
    if (!(stride('run', f) > 1.1 * stride('walk', f))) fail(`run: ${f}'s stride ${stride('run', f).toFixed(3)} m is not longer than the walk's ${stride('walk', f).toFixed(3)} m`);
  const speed = (m) => flat(sub(root(m)[last(m)], root(m)[0])) / A[m].duration;
  if (!(speed('run') > 1.3 * speed('walk'))) fail(`run: ${speed('run')} m/s is not faster than the walk's ${speed('walk')}`);
  const runSkate = Math.max(...feet.map((f) => skate(A.run.joints[f])));
  if (!(runSkate < 0.003)) fail(`run: a planted foot slides ${(runSkate * 1000).toFixed(1)} mm in a tick`);
  // Idle: the body stays over its feet (in place) but breathes and shifts.
  const idleDrift = Math.max(...root('idle').map((p) => flat(sub(p, root('idle')[0]))));
  if (!(idleDrift < 0.05)) fail(`idle: the body wanders ${idleDrift} m`);

  // Jump: the root rises, then falls back to within 1 cm of where it started.
  const y = (m) => root(m).map((p) => p[1]);
  const jy = y('jump'), top = Math.max(...jy), topAt = jy.indexOf(top);
  if (!(top - jy[0] > 0.02)) fail(`jump: the root rises only ${(top - jy[0]).toFixed(3)} m`);
  if (!(topAt > 0 && topAt < jy.length - 1)) fail('jump: the highest point is not inside the jump');
  if (!(Math.abs(jy[jy.length - 1] - jy[0]) < 0.01)) fail(`jump: lands ${(jy[jy.length - 1] - jy[0]).toFixed(3)} m off its start height`);
  // Sit: the hips end lower than anywhere in the idle.
  const sitEnd = y('sit')[last('sit')], idleLow = Math.min(...y('idle'));
  if (!(sitEnd < idleLow - 0.02)) fail(`sit: the hips end at ${sitEnd.toFixed(3)} m, the idle's lowest is ${idleLow.toFixed(3)} m`);
  // Every one-shot of the library: from the stand back to it, moving something on the way.
  // (A capture's one-shot may be subtle, a breath or a glance: it moves something by 1% of the body's legs.)
  for (const c of clipMotions(library(assets, extra)).filter((c) => c.description?.kind === 'one_shot' && kMotions.includes(c.name))) {
    const name = c.name, least = c.description?.source ? 0.01 * s * refLeg : 0.03;
    const j = A[name].joints, n = last(name);
    let moved = 0, back = 0;
    for (const b of Object.keys(j)) {
      back = Math.max(back, len(sub(j[b][n], j[b][0])));
      for (const p of j[b]) moved = Math.max(moved, len(sub(p, j[b][0])));
    }
    if (!(moved > least)) fail(`${name}: nothing moves more than ${(moved * 1000).toFixed(1)} mm`);
    if (!(back < 0.01)) fail(`${name}: ends ${(back * 1000).toFixed(1)} mm from where it started`);
    report.measures[`${name}_moved_m`] = +moved.toFixed(3);
  }
  // Roar raises the head: its first-to-last joint pitches up (headless: the root's front rises).
  const pitch = (a, b) => Math.atan2(b[1] - a[1], Math.hypot(b[0] - a[0], b[2] - a[2])) * 180 / Math.PI;
  const R = A.roar.joints;
  const roarRise = heads.length >= 2
    ? Math.max(...R[heads[0]].map((p, k) => pitch(p, R[heads[heads.length - 1]][k]))) - pitch(R[heads[0]][0], R[heads[heads.length - 1]][0])
    : Math.max(...y('roar')) - y('roar')[0];
  if (!(roarRise > (heads.length >= 2 ? 5 : 0.01))) fail(`roar: the head pitches up only ${roarRise.toFixed(2)}`);
  const dy = y('dance');
  let bobs = 0;
  for (let k = 1; k + 1 < dy.length; ++k) if (dy[k] > dy[k - 1] && dy[k] >= dy[k + 1] && dy[k] > Math.min(...dy) + 0.005) ++bobs;
  if (!(bobs >= 4)) fail(`dance: the body bobs ${bobs} times`);
  Object.assign(report.measures, {
    leg_scale: +s.toFixed(3), run_stride_m: +stride('run', feet[0]).toFixed(3), walk_stride_m: +stride('walk', feet[0]).toFixed(3),
    run_skate_mm: +(runSkate * 1000).toFixed(2), jump_rise_m: +(top - jy[0]).toFixed(3),
    sit_end_m: +sitEnd.toFixed(3), idle_low_m: +idleLow.toFixed(3), roar_head_pitch_deg: +roarRise.toFixed(1), dance_bobs: bobs,
  });
  return report;
}
