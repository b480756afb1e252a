#!/usr/bin/env python3
"""Writes the glTF animation reader's seed corpus (corpus/): small rigs with clips, and damaged files.

Run from this folder: python3 make_corpus.py. Every file is a few kilobytes so the corpus test runs
quickly under ASan; the fuzzer grows the rest from them."""
import base64, copy, json, math, struct

def quat_x(a):
    return [math.sin(a / 2), 0.0, 0.0, math.cos(a / 2)]

def quat_y(a):
    return [0.0, math.sin(a / 2), 0.0, math.cos(a / 2)]

class Doc:
    def __init__(self):
        self.nodes, self.bin = [], bytearray()
        self.accessors, self.views, self.animations = [], [], []

    def node(self, name, t, parent=None):
        self.nodes.append({"name": name, "translation": t})
        i = len(self.nodes) - 1
        if parent is not None:
            self.nodes[parent].setdefault("children", []).append(i)
        return i

    def floats(self, values, kind):
        n = {"SCALAR": 1, "VEC3": 3, "VEC4": 4}[kind]
        flat = [x for v in values for x in (v if isinstance(v, list) else [v])]
        off = len(self.bin)
        self.bin += struct.pack("<%df" % len(flat), *flat)
        self.views.append({"buffer": 0, "byteOffset": off, "byteLength": 4 * len(flat)})
        acc = {"bufferView": len(self.views) - 1, "componentType": 5126, "count": len(flat) // n, "type": kind}
        if kind == "SCALAR":
            acc["min"], acc["max"] = [min(flat)], [max(flat)]
        self.accessors.append(acc)
        return len(self.accessors) - 1

    def animation(self, name, channels, interpolation="LINEAR"):
        """channels: (node, path, times, values)."""
        a = {"name": name, "samplers": [], "channels": []}
        for node, path, times, values in channels:
            kind = "VEC4" if path == "rotation" else "VEC3"
            if interpolation == "CUBICSPLINE":  # in-tangent, value, out-tangent per key
                zero = [0.0] * (4 if kind == "VEC4" else 3)
                values = [v for value in values for v in (zero, value, zero)]
            a["samplers"].append({"input": self.floats(times, "SCALAR"), "output": self.floats(values, kind),
                                  "interpolation": interpolation})
            a["channels"].append({"sampler": len(a["samplers"]) - 1, "target": {"node": node, "path": path}})
        self.animations.append(a)

    def gltf(self, embed):
        j = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": self.nodes,
             "skins": [{"joints": list(range(len(self.nodes)))}], "accessors": self.accessors,
             "bufferViews": self.views, "animations": self.animations,
             "buffers": [{"byteLength": len(self.bin)}]}
        if embed:
            j["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64.b64encode(bytes(self.bin)).decode()
        return copy.deepcopy(j)  # the caller may damage it

    def glb(self):
        js = json.dumps(self.gltf(False), separators=(",", ":")).encode()
        js += b" " * (-len(js) % 4)
        bn = bytes(self.bin) + b"\0" * (-len(self.bin) % 4)
        body = struct.pack("<II", len(js), 0x4E4F534A) + js + struct.pack("<II", len(bn), 0x004E4942) + bn
        return struct.pack("<III", 0x46546C67, 2, 12 + len(body)) + body

def quadruped(interpolation="LINEAR"):
    d = Doc()
    hips = d.node("hips", [0, 0.6, 0])
    chest = d.node("spine", [0, 0.02, 0.3], hips)
    neck = d.node("neck", [0, 0.08, 0.15], chest)
    head = d.node("head", [0, 0.1, 0.1], neck)
    d.node("head_end", [0, 0.0, 0.12], head)
    tail = d.node("tail", [0, 0.0, -0.1], hips)
    d.node("tail_end", [0, 0.05, -0.3], tail)
    tops = []
    for parent, z, side in ((chest, 0.0, "front"), (hips, 0.0, "back")):
        for x, lr in ((0.12, "L"), (-0.12, "R")):
            top = d.node("%s_leg_%s" % (side, lr), [x, -0.05, z], parent)
            knee = d.node("%s_knee_%s" % (side, lr), [0, -0.25, 0.02], top)
            ankle = d.node("%s_ankle_%s" % (side, lr), [0, -0.25, -0.02], knee)
            d.node("%s_toe_%s" % (side, lr), [0, -0.05, 0.05], ankle)
            tops.append(top)
    times = [0.0, 0.25, 0.5, 0.75, 1.0]
    swing = [0.0, 0.35, 0.0, -0.35, 0.0]
    chans = []
    for k, top in enumerate(tops):
        sign = 1 if k in (0, 3) else -1  # a trot: diagonal pairs together
        chans.append((top, "rotation", times, [quat_x(sign * a) for a in swing]))
    chans.append((hips, "translation", times, [[0, 0.6 + 0.02 * math.cos(4 * math.pi * t), 0] for t in times]))
    d.animation("Trot", chans, interpolation)
    d.animation("Rest Pose", [(hips, "translation", [0.0], [[0, 0.6, 0]])])
    d.animation("Nod", [(neck, "rotation", [0.0, 0.5, 1.0], [quat_x(0), quat_x(0.5), quat_x(0)])], "STEP")
    return d

def snake():
    d = Doc()
    prev = d.node("root", [0, 0.05, 0.4])
    joints = [prev]
    for i in range(6):
        prev = d.node("spine%d" % i, [0, 0, -0.15], prev)
        joints.append(prev)
    head = d.node("head", [0, 0.02, 0.1], joints[0])
    d.node("head_end", [0, 0, 0.08], head)
    times = [0.0, 0.5, 1.0]
    d.animation("Slither", [(j, "rotation", times, [quat_y(0.3 * math.sin(i + 3 * t)) for t in times])
                            for i, j in enumerate(joints)])
    return d

def write(name, data):
    with open("corpus/" + name, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())

q = quadruped()
write("quadruped.glb", q.glb())
write("quadruped_embedded.gltf", json.dumps(q.gltf(True)))
write("quadruped_cubic.glb", quadruped("CUBICSPLINE").glb())
write("snake.glb", snake().glb())
write("truncated.glb", q.glb()[:300])
j = q.gltf(True)
j["nodes"][3]["children"] = [0]  # the head holds the hips: a cycle
write("cycle.gltf", json.dumps(j))
j = q.gltf(False)
j["buffers"][0]["uri"] = "secret.bin"  # a path from the file's content: never opened
write("external_buffer.gltf", json.dumps(j))
j = q.gltf(True)
j["animations"][0]["samplers"][0]["input"] = 99
write("bad_accessor.gltf", json.dumps(j))
nan = bytearray(q.glb())
first_key = nan.find(struct.pack("<f", 0.25))
nan[first_key:first_key + 4] = struct.pack("<f", float("nan"))
write("nan_key.glb", bytes(nan))
