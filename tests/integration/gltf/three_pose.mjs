// Poses a glTF file with three.js in node (no browser): GLTFLoader parses the bytes, an
// AnimationMixer plays one animation to each time, and every skinned vertex is computed on the CPU
// by SkinnedMesh.getVertexPosition (which applies the bone transform in three >= r151), then taken
// to world space. Used by check_export.mjs and check_samples.mjs.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// node has no ProgressEvent (GLTFLoader's buffer loading needs one) and no `self` (its embedded
// image path reads self.URL; the image then fails to decode without a DOM and is skipped).
if (typeof globalThis.self === 'undefined') globalThis.self = globalThis;
if (typeof globalThis.ProgressEvent === 'undefined') {
  globalThis.ProgressEvent = class ProgressEvent extends Event {
    constructor(type, init = {}) {
      super(type);
      Object.assign(this, init);
    }
  };
}

// Images cannot be decoded without a DOM; GLTFLoader reports each one (with its whole data URI).
for (const level of ['warn', 'error']) {
  const print = console[level];
  console[level] = (...args) => {
    if (typeof args[0] === 'string' && args[0].startsWith("THREE.GLTFLoader: Couldn't load texture")) return;
    print(...args);
  };
}

async function loadThree() {
  try {
    const THREE = await import('three');
    const { GLTFLoader } = await import('three/examples/jsm/loaders/GLTFLoader.js');
    return { THREE, GLTFLoader };
  } catch (e) {
    console.error(`three.js is not installed (${e.message}); run tools/setup (npm ci in tests/integration/gltf)`);
    process.exit(2);
  }
}

// Parses a .gltf or .glb file with three.js: { THREE, gltf }.
async function loadGltf(file) {
  const { THREE, GLTFLoader } = await loadThree();
  const bytes = readFileSync(file);
  let data;
  if (file.endsWith('.glb')) {
    data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  } else {
    // node's fetch cannot read file: URLs, so external buffers are inlined as data: URIs.
    const json = JSON.parse(bytes.toString('utf8'));
    for (const b of json.buffers || []) {
      if (b.uri && !b.uri.startsWith('data:')) {
        const bin = readFileSync(new URL(decodeURIComponent(b.uri), pathToFileURL(file)));
        b.uri = `data:application/octet-stream;base64,${bin.toString('base64')}`;
      }
    }
    data = JSON.stringify(json);
  }
  const base = pathToFileURL(file).href.replace(/[^/]*$/, '');
  const loader = new GLTFLoader();
  const gltf = await new Promise((resolve, reject) => loader.parse(data, base, resolve, reject));
  return { THREE, gltf };
}

function findClip(file, gltf, animation) {
  const clip = typeof animation === 'number' ? gltf.animations[animation]
                                             : gltf.animations.find((a) => a.name === animation);
  if (!clip) throw new Error(`${file}: no animation ${animation} (has ${gltf.animations.map((a) => a.name)})`);
  return clip;
}

// Returns { names, poses: [{ time, primitives: [Float64Array of xyz] }] } for the animation
// named (or numbered) 'animation' at each time, skinned meshes in scene traversal order.
export async function poseWithThree(file, animation, times) {
  const { THREE, gltf } = await loadGltf(file);
  const clip = findClip(file, gltf, animation);
  const meshes = [];
  gltf.scene.traverse((o) => { if (o.isSkinnedMesh) meshes.push(o); });
  const poses = [];
  const v = new THREE.Vector3();
  for (const time of times) {
    const mixer = new THREE.AnimationMixer(gltf.scene);
    mixer.clipAction(clip).play();
    mixer.setTime(time);
    gltf.scene.updateMatrixWorld(true);
    const primitives = meshes.map((mesh) => {
      const n = mesh.geometry.attributes.position.count;
      const out = new Float64Array(3 * n);
      for (let i = 0; i < n; ++i) {
        mesh.getVertexPosition(i, v);
        v.applyMatrix4(mesh.matrixWorld);  // bone transforms end in the mesh's space
        out[3 * i] = v.x; out[3 * i + 1] = v.y; out[3 * i + 2] = v.z;
      }
      return out;
    });
    mixer.stopAllAction();
    mixer.uncacheRoot(gltf.scene);
    poses.push({ time, primitives });
  }
  return { names: gltf.animations.map((a) => a.name), duration: clip.duration, poses };
}

// Largest distance between two flat xyz arrays, and the vertex where it is.
export function maxDistance(a, b) {
  if (a.length !== b.length) throw new Error(`vertex counts differ: ${a.length / 3} vs ${b.length / 3}`);
  let worst = 0, at = -1;
  for (let i = 0; i < a.length; i += 3) {
    const d = Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]);
    if (!(d <= worst)) { worst = d; at = i / 3; }  // NaN counts as worst
  }
  return { distance: worst, vertex: at };
}

// Every animation of a file played by three.js: { root, rest, animations: { name: { duration, joints:
// { node name: [[x, y, z] per tick] } } } }: world positions of the skin's joints at every tick from 0 to
// the clip's end (the last sample at the end itself), at rest (the nodes' own transforms), and the
// skin's skeleton root.
export async function jointTracksWithThree(file, tick_s) {
  const { THREE, gltf } = await loadGltf(file);
  const json = gltf.parser.json;
  const skin = json.skins[0];
  const names = skin.joints.map((j) => json.nodes[j].name);
  const objects = names.map((n) => gltf.scene.getObjectByName(THREE.PropertyBinding.sanitizeNodeName(n)));
  const out = { root: json.nodes[skin.skeleton].name, rest: {}, animations: {} };
  const v = new THREE.Vector3();
  gltf.scene.updateMatrixWorld(true);
  objects.forEach((o, i) => { o.getWorldPosition(v); out.rest[names[i]] = [v.x, v.y, v.z]; });
  const mixer = new THREE.AnimationMixer(gltf.scene);
  for (const clip of gltf.animations) {
    const action = mixer.clipAction(clip);
    action.setLoop(THREE.LoopOnce);
    action.clampWhenFinished = true;  // the end itself is the last pose, not the first again
    const joints = Object.fromEntries(names.map((n) => [n, []]));
    const n = Math.round(clip.duration / tick_s);
    for (let k = 0; k <= n; ++k) {
      action.reset().play();
      mixer.setTime(Math.min(k * tick_s, clip.duration));
      gltf.scene.updateMatrixWorld(true);
      objects.forEach((o, i) => { o.getWorldPosition(v); joints[names[i]].push([v.x, v.y, v.z]); });
    }
    action.stop();
    out.animations[clip.name] = { duration: clip.duration, joints };
  }
  return out;
}
