#!/usr/bin/env python3
"""Authors the hand-keyed clips walk.json and stand.json (run from anywhere; writes next to itself).

Stance positions and the stride are multiples of 1/64 m so that key + cycle_offset is exact in float:
a planted foot is then bit-for-bit still, also across the loop wrap.
"""
import json, math, os

HERE = os.path.dirname(os.path.abspath(__file__))

BODY = {
    "left_leg": {"upper": 0.47, "lower": 0.45, "foot": 0.14},
    "right_leg": {"upper": 0.47, "lower": 0.45, "foot": 0.14},
    "left_arm": {"upper": 0.3, "lower": 0.27, "hand": 0.08},
    "right_arm": {"upper": 0.3, "lower": 0.27, "hand": 0.08},
    "hip_height": 0.88, "hip_width": 0.2, "shoulder_height": 1.42, "shoulder_width": 0.38,
}
HIP_X = 0.1          # hip joints at +-x in the waist frame
SHOULDER = (0.19, 0.54, 0.0)   # shoulder joints in the waist frame
CHEST_REF = (0.0, 0.1, 0.0)    # chest base in the waist frame
HEAD_REF = (0.0, 0.6, 0.02)    # neck in the waist frame


def r(x):
    return round(x, 5)


def key(t, *v):
    return [r(t)] + [r(c) for c in v]


def quat_yaw_roll(yaw, roll):
    """q = Ry(yaw) * Rz(roll) as [w, x, y, z]."""
    cy, sy = math.cos(yaw / 2), math.sin(yaw / 2)
    cr, sr = math.cos(roll / 2), math.sin(roll / 2)
    # (cy + sy j)(cr + sr k) = cy cr + cy sr k + sy cr j + sy sr (j k = i)
    return [cy * cr, sy * sr, sy * cr, cy * sr]


def rotate(q, v):
    w, x, y, z = q
    # v' = v + 2 w (u x v) + 2 u x (u x v), u = (x, y, z)
    ux = (y * v[2] - z * v[1], z * v[0] - x * v[2], x * v[1] - y * v[0])
    uux = (y * ux[2] - z * ux[1], z * ux[0] - x * ux[2], x * ux[1] - y * ux[0])
    return tuple(v[i] + 2 * w * ux[i] + 2 * uux[i] for i in range(3))


def walk():
    D = 1.15                # seconds per cycle (two steps)
    STRIDE = 1.25           # metres per cycle (dyadic)
    FOOT = 0.3125           # stance foot z relative to the waist at heel strike (dyadic)
    DUTY = 0.58             # stance fraction of the cycle
    speed = STRIDE / D
    n = 8                   # waist/arm keys per cycle
    waist_pos, waist_rot, chest_c, head_c, arm_c = [], [], [], [], ([], [])
    for i in range(n):
        t = D * i / n
        ph = 2 * math.pi * i / n
        # lowest in double support (phase 0, 1/2), highest at mid-stance
        y = 0.825 - 0.02 * math.cos(2 * ph)
        x = 0.025 * math.sin(ph)          # sway over the stance foot (left stance first: +X)
        z = speed * t
        waist_pos.append((t, x, y, z))
        yaw = -math.radians(4) * math.cos(ph)   # left hip forward at left heel strike
        roll = math.radians(3) * math.sin(ph)   # swing side drops
        q = quat_yaw_roll(yaw, roll)
        waist_rot.append(key(t, *q))
        base = (x, y, z)
        fwd = rotate(q, (0, 0, 1))
        chest_c.append(key(t, x + 0.03 * fwd[0], y + 0.6, z + 0.03))
        head_c.append(key(t, x, y + 0.84 + 0.005 * math.cos(2 * ph), z + 0.04))
        for s, sign in ((0, 1), (1, -1)):
            sh = rotate(q, (sign * SHOULDER[0], SHOULDER[1], SHOULDER[2]))
            swing = -sign * 0.18 * math.cos(ph)  # arms opposite the legs: left arm back at left heel strike
            arm_c[s].append(key(t, base[0] + sh[0] + sign * 0.03, base[1] + sh[1] - 0.53 + 0.04 * abs(math.cos(ph)),
                                base[2] + sh[2] + swing))

    def foot(sign, strike_t, strike_z):
        """Stance from strike_t for DUTY*D, then swing to strike_z + STRIDE. Keys in [0, D)."""
        x = sign * HIP_X
        off_t = strike_t + DUTY * D
        sw = D - DUTY * D
        keys = [(strike_t, x, 0.0, strike_z), (off_t, x, 0.0, strike_z)]
        for f, h, zf in ((0.25, 0.07, 0.15), (0.5, 0.11, 0.5), (0.75, 0.06, 0.86)):
            keys.append((off_t + f * sw, x - sign * 0.01 * math.sin(math.pi * f), h, strike_z + zf * STRIDE))
        out = []
        for (t, kx, ky, kz) in keys:   # fold into [0, D): shift by whole cycles, moving z by the stride
            c = math.floor(t / D + 1e-9)
            out.append((t - c * D, kx, ky, kz - c * STRIDE))
        out.sort()
        return [key(*k) for k in out]

    left_foot = foot(1, 0.0, FOOT)
    # the right foot lands half a cycle later, one step ahead; its stance runs across the wrap
    right_foot = foot(-1, D / 2, FOOT + STRIDE / 2)
    contacts = {
        "left_foot": [[0.0, 1], [r(DUTY * D), 0]],
        "right_foot": [[0.0, 1], [r(DUTY * D - D / 2), 0], [r(D / 2), 1]],
    }
    const = lambda v: [key(0.0, *v)]
    clip = {
        "format": "critterforge.motion/1",
        "name": "walk",
        "notes": "Hand-keyed walk cycle for the reference body (assets/motions/make_motions.py). Starts at the left "
                 "heel strike; feet planted exactly still while contact = 1 (stance values and stride are multiples "
                 "of 1/64 m). Leg control point = ankle = ground contact (y = 0 while planted).",
        "time_unit": "seconds",
        "duration": D,
        "loop": True,
        "cycle_offset": [0.0, 0.0, STRIDE],
        "reference_body": BODY,
        "channels": {
            "waist": {"reference": [key(*k) for k in waist_pos], "orientation": waist_rot,
                      "control": [key(t, x, y + 0.1, z) for (t, x, y, z) in waist_pos]},
            "chest": {"reference": const(CHEST_REF), "control": chest_c},
            "head": {"reference": const(HEAD_REF), "control": head_c},
            "left_arm": {"reference": const(SHOULDER), "control": arm_c[0],
                         "pole": const((0.2, 0.0, -1.0))},
            "right_arm": {"reference": const((-SHOULDER[0], SHOULDER[1], SHOULDER[2])), "control": arm_c[1],
                          "pole": const((-0.2, 0.0, -1.0))},
            "left_leg": {"reference": const((HIP_X, 0.0, 0.0)), "control": left_foot,
                         "pole": const((0.1, 0.0, 1.0))},
            "right_leg": {"reference": const((-HIP_X, 0.0, 0.0)), "control": right_foot,
                          "pole": const((-0.1, 0.0, 1.0))},
        },
        "contacts": contacts,
    }
    return clip


def body_channels(wk, qk, ck, hk):
    """The waist, chest and head channels from their keys (waist position and orientation, chest and
    head tops)."""
    return {
        "waist": {"reference": wk, "orientation": qk, "control": [[k[0], k[1], k[2] + 0.1, k[3]] for k in wk]},
        "chest": {"reference": [key(0.0, *CHEST_REF)], "control": ck},
        "head": {"reference": [key(0.0, *HEAD_REF)], "control": hk},
    }


def standing_limbs(arms):
    """Arm channels from the hand keys arms = (left, right), and both feet planted under the hips."""
    return {
        "left_arm": {"reference": [key(0.0, *SHOULDER)], "control": arms[0], "pole": [key(0.0, 0.2, 0, -1)]},
        "right_arm": {"reference": [key(0.0, -SHOULDER[0], SHOULDER[1], SHOULDER[2])], "control": arms[1],
                      "pole": [key(0.0, -0.2, 0, -1)]},
        "left_leg": {"reference": [key(0.0, HIP_X, 0, 0)], "control": [key(0.0, 0.1, 0, 0.0)],
                     "pole": [key(0.0, 0.1, 0, 1)]},
        "right_leg": {"reference": [key(0.0, -HIP_X, 0, 0)], "control": [key(0.0, -0.1, 0, 0.0)],
                      "pole": [key(0.0, -0.1, 0, 1)]},
    }


def stand():
    D = 2.0
    waist, arms = [], ([], [])
    for i in range(4):
        t = D * i / 4
        y = 0.87 - 0.005 * math.sin(2 * math.pi * i / 4)   # breathing
        waist.append(key(t, 0.0, y, 0.0))
        for s, sign in ((0, 1), (1, -1)):
            arms[s].append(key(t, sign * 0.22, y + 0.54 - 0.54, 0.02))
    clip = {
        "format": "critterforge.motion/1",
        "name": "stand",
        "notes": "Idle: both feet planted, slight breathing.",
        "time_unit": "seconds",
        "duration": D,
        "loop": True,
        "cycle_offset": [0.0, 0.0, 0.0],
        "reference_body": BODY,
        "channels": {
            "waist": {"reference": waist, "orientation": [key(0.0, 1, 0, 0, 0)],
                      "control": [[k[0], k[1], k[2] + 0.1, k[3]] for k in waist]},
            "chest": {"reference": [key(0.0, *CHEST_REF)], "control": [[k[0], 0.0, k[2] + 0.6, 0.03] for k in waist]},
            "head": {"reference": [key(0.0, *HEAD_REF)], "control": [[k[0], 0.0, k[2] + 0.84, 0.04] for k in waist]},
            **standing_limbs(arms),
        },
        "contacts": {"left_foot": [[0.0, 1]], "right_foot": [[0.0, 1]]},
    }
    return clip


def quat_mul(a, b):
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return [aw * bw - ax * bx - ay * by - az * bz, aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw]


def quat_ypr(yaw, pitch, roll):
    """Ry(yaw) * Rx(pitch) * Rz(roll), degrees; pitch > 0 leans forward (+Y toward +Z), roll > 0 lifts +X."""
    h = lambda deg, axis: [math.cos(math.radians(deg) / 2)] + [math.sin(math.radians(deg) / 2) * a for a in axis]
    return quat_mul(quat_mul(h(yaw, (0, 1, 0)), h(pitch, (1, 0, 0))), h(roll, (0, 0, 1)))


FENCE_NEAR_Z = 0.6     # F: the fence face the body approaches, metres ahead of the start
FENCE_HEIGHT = 0.8     # ~0.9 x hip height (0.88)
FENCE_THICKNESS = 0.1


def vault():
    D = 1.4
    # time, waist position, (yaw, pitch, roll) in degrees
    waist = [
        (0.00, (0.0, 0.86, 0.00), (0, 0, 0)),
        (0.30, (0.0, 0.82, 0.26), (0, 10, 0)),
        (0.50, (0.05, 0.88, 0.45), (5, 25, 15)),
        (0.68, (0.16, 0.97, 0.66), (10, 15, 30)),
        (0.85, (0.17, 0.92, 0.84), (8, 5, 25)),
        (1.00, (0.09, 0.84, 1.12), (3, 5, 8)),
        (1.10, (0.02, 0.76, 1.22), (0, 12, 0)),
        (1.25, (0.0, 0.83, 1.28), (0, 4, 0)),
        (1.40, (0.0, 0.86, 1.30), (0, 0, 0)),
    ]
    feet = {
        "left_leg": [(0.0, (0.1, 0.0, 0.1)), (0.40, (0.1, 0.0, 0.1)), (0.50, (0.3, 0.45, 0.35)),
                     (0.66, (0.6, 0.98, 0.62)), (0.80, (0.55, 0.78, 0.95)), (0.95, (0.25, 0.15, 1.24)),
                     (1.02, (0.12, 0.0, 1.36)), (1.40, (0.12, 0.0, 1.36))],
        "right_leg": [(0.0, (-0.1, 0.0, -0.2)), (0.02, (-0.1, 0.0, -0.2)), (0.12, (-0.1, 0.1, 0.0)),
                      (0.22, (-0.09, 0.08, 0.25)), (0.30, (-0.08, 0.0, 0.35)), (0.55, (-0.08, 0.0, 0.35)),
                      (0.65, (0.35, 0.84, 0.42)), (0.75, (0.5, 0.94, 0.72)), (0.88, (0.36, 0.62, 1.0)),
                      (1.00, (0.02, 0.12, 1.16)), (1.08, (-0.1, 0.0, 1.22)), (1.40, (-0.1, 0.0, 1.22))],
    }
    hands = {
        "right_arm": [(0.0, (-0.22, 0.86, 0.05)), (0.30, (-0.2, 1.0, 0.42)), (0.50, (-0.1, 0.83, 0.66)),
                      (0.78, (-0.1, 0.83, 0.66)), (0.92, (-0.16, 1.02, 0.86)), (1.15, (-0.26, 0.98, 1.25)),
                      (1.40, (-0.22, 0.88, 1.32))],
        "left_arm": [(0.0, (0.22, 0.88, -0.08)), (0.30, (0.3, 1.05, 0.3)), (0.50, (0.45, 1.25, 0.5)),
                     (0.68, (0.5, 1.3, 0.68)), (0.85, (0.55, 1.2, 0.95)), (1.05, (0.35, 1.0, 1.2)),
                     (1.40, (0.22, 0.88, 1.28))],
    }
    wk, qk, ck, hk = [], [], [], []
    for (t, p, ypr) in waist:
        q = quat_ypr(*ypr)
        wk.append(key(t, *p))
        qk.append(key(t, *q))
        up = rotate(q, (0, 1, 0))
        ck.append(key(t, *[p[i] + 0.6 * up[i] for i in range(3)]))
        hk.append(key(t, *[p[i] + 0.84 * up[i] + (0.03 if i == 2 else 0) for i in range(3)]))
    clip = {
        "format": "critterforge.motion/1",
        "name": "vault",
        "notes": "Hand-keyed side vault (assets/motions/make_motions.py). Assumes a fence whose near face is at "
                 "z = F = %.2f m, %.2f m high (0.9 x hip height) and %.2f m thick, spanning x. The RIGHT hand plants "
                 "on the fence top (0.50-0.78 s); body and legs swing over to the creature's left (+X); landing on "
                 "the far side at 1.02-1.08 s, ending standing, ready to walk, %.2f m further along +Z."
                 % (FENCE_NEAR_Z, FENCE_HEIGHT, FENCE_THICKNESS, waist[-1][1][2]),
        "time_unit": "seconds",
        "duration": D,
        "loop": False,
        "cycle_offset": [0.0, 0.0, 0.0],
        "reference_body": BODY,
        "obstacle": {"near_z": FENCE_NEAR_Z, "height": FENCE_HEIGHT, "thickness": FENCE_THICKNESS},
        "channels": {
            **body_channels(wk, qk, ck, hk),
            "left_arm": {"reference": [key(0.0, *SHOULDER)], "control": [key(t, *p) for t, p in hands["left_arm"]],
                         "pole": [key(0.0, 0.2, 0, -1)]},
            "right_arm": {"reference": [key(0.0, -SHOULDER[0], SHOULDER[1], SHOULDER[2])],
                          "control": [key(t, *p) for t, p in hands["right_arm"]],
                          "pole": [key(0.0, -0.2, 0, -1), key(0.5, -0.5, 0.2, -1), key(0.78, -0.5, 0.2, -1),
                                   key(1.2, -0.2, 0, -1)]},
            "left_leg": {"reference": [key(0.0, HIP_X, 0, 0)], "control": [key(t, *p) for t, p in feet["left_leg"]],
                         "pole": [key(0.0, 0.1, 0, 1), key(0.6, 0.3, 1.0, 0.6), key(0.9, 0.3, 0.5, 1), key(1.1, 0.1, 0, 1)]},
            "right_leg": {"reference": [key(0.0, -HIP_X, 0, 0)], "control": [key(t, *p) for t, p in feet["right_leg"]],
                          "pole": [key(0.0, -0.1, 0, 1), key(0.65, 0.3, 1.0, 0.6), key(0.95, 0.1, 0.5, 1),
                                   key(1.15, -0.1, 0, 1)]},
        },
        "contacts": {
            "left_foot": [[0.0, 1], [0.4, 0], [1.02, 1]],
            "right_foot": [[0.0, 1], [0.02, 0], [0.3, 1], [0.55, 0], [1.08, 1]],
            "right_hand": [[0.0, 0], [0.5, 1], [0.78, 0]],
            "left_hand": [[0.0, 0]],
        },
    }
    return clip


def one_shot_header(name, notes, duration):
    """A clip's fields before its channels, for a motion that plays once (not a loop)."""
    return {
        "format": "critterforge.motion/1",
        "name": name,
        "notes": notes,
        "time_unit": "seconds",
        "duration": duration,
        "loop": False,
        "cycle_offset": [0.0, 0.0, 0.0],
        "reference_body": BODY,
    }


def jump():
    """A standing jump in place: a quick dip, the push, a ballistic flight with the legs tucked, a landing that
    bends the knees, stand. The game plays the dip and push in a few ticks (its lift-off comes right after the
    press) and moves the body forward in the flight only (a running jump), so planted feet never skate."""
    D = 1.3
    TAKEOFF, TOUCHDOWN = 0.2, 0.82
    G = 9.81
    flight = TOUCHDOWN - TAKEOFF
    y0 = 0.88                                   # waist at lift-off and touch-down (legs straight)
    v0 = G * flight / 2                         # ballistic: y = y0 + v0 t - g t^2 / 2, rising 0.47 m
    rise = lambda t: max(0.0, v0 * (t - TAKEOFF) - G * (t - TAKEOFF) ** 2 / 2) if TAKEOFF < t < TOUCHDOWN else 0.0
    waist = [(0.00, 0.86, 0), (0.10, 0.80, 10), (TAKEOFF, y0, 2)]
    for i in range(1, 8):
        t = TAKEOFF + flight * i / 8
        waist.append((t, y0 + rise(t), 0))
    waist += [(TOUCHDOWN, y0, 4), (0.92, 0.74, 14), (1.02, 0.70, 16), (1.16, 0.80, 6), (D, 0.86, 0)]
    def tuck(t):                                # the feet ride up with the body, the knees drawn up at once
        u = (t - TAKEOFF) / flight
        up = u / 0.35 if u < 0.35 else (1.0 - u) / 0.65  # drawn up in the first third, let down slowly
        return rise(t) + 0.22 * math.sin(math.pi / 2 * max(0.0, min(1.0, up)))
    foot_keys = [(0.0, 0.0), (TAKEOFF, 0.0)] + [(TAKEOFF + flight * i / 8, tuck(TAKEOFF + flight * i / 8))
                                               for i in range(1, 8)] + [(TOUCHDOWN, 0.0), (D, 0.0)]
    # hands: back in the dip, swung up at the push, riding with the body in the flight
    hand_keys = [(0.0, 0.86, 0.05), (0.10, 0.74, -0.2), (TAKEOFF, 1.2, 0.3), (0.51, 1.3, 0.25), (TOUCHDOWN, 1.05, 0.3),
                 (1.0, 0.8, 0.32), (D, 0.86, 0.05)]
    wk, qk, ck, hk = [], [], [], []
    for (t, y, pitch) in waist:
        q = quat_ypr(0, pitch, 0)
        p = (0.0, y, 0.0)
        wk.append(key(t, *p))
        qk.append(key(t, *q))
        up = rotate(q, (0, 1, 0))
        ck.append(key(t, *[p[i] + 0.6 * up[i] for i in range(3)]))
        hk.append(key(t, *[p[i] + 0.84 * up[i] + (0.03 if i == 2 else 0) for i in range(3)]))
    def arm(sign):
        return [key(t, sign * 0.22, y + rise(t), z) for (t, y, z) in hand_keys]
    clip = {
        **one_shot_header("jump",
                          "Hand-keyed standing jump (assets/motions/make_motions.py): a dip 0-%.2f s, lift-off %.2f s "
                          "(the game plays the dip and push in 5 ticks), ballistic flight (g = %.2f, the waist rising "
                          "%.2f m, the knees drawn up) to touch-down %.2f s, knees bend to 1.02 s, standing at %.2f s. In "
                          "place: the game adds the forward travel in the flight." % (0.10, TAKEOFF, G, v0 * v0 / (2 * G),
                                                                                      TOUCHDOWN, D), D),
        "channels": {
            **body_channels(wk, qk, ck, hk),
            "left_arm": {"reference": [key(0.0, *SHOULDER)], "control": arm(1), "pole": [key(0.0, 0.2, 0, -1)]},
            "right_arm": {"reference": [key(0.0, -SHOULDER[0], SHOULDER[1], SHOULDER[2])], "control": arm(-1),
                          "pole": [key(0.0, -0.2, 0, -1)]},
            "left_leg": {"reference": [key(0.0, HIP_X, 0, 0)], "control": [key(t, 0.1, y, 0.0) for t, y in foot_keys],
                         "pole": [key(0.0, 0.1, 0, 1)]},
            "right_leg": {"reference": [key(0.0, -HIP_X, 0, 0)],
                          "control": [key(t, -0.1, y, 0.0) for t, y in foot_keys], "pole": [key(0.0, -0.1, 0, 1)]},
        },
        "contacts": {
            "left_foot": [[0.0, 1], [TAKEOFF, 0], [TOUCHDOWN, 1]],
            "right_foot": [[0.0, 1], [TAKEOFF, 0], [TOUCHDOWN, 1]],
            "left_hand": [[0.0, 0]], "right_hand": [[0.0, 0]],
        },
    }
    return clip


def idle():
    """Standing idle, a 6 s loop: breathing (the chest lifts and settles every 3 s), the weight shifting from
    foot to foot with a slight turn of the hips (the tail swishes with them), arms hanging and swaying. The
    waist keeps its height: the body never rises or sinks."""
    D = 6.0
    n = 24
    wk, qk, ck, hk, arms = [], [], [], [], ([], [])
    for i in range(n):
        t = D * i / n
        ph = 2 * math.pi * t / D
        br = 2 * math.pi * t / 3.0
        x = 0.02 * math.sin(ph)                      # weight over the left foot, then the right
        q = quat_yaw_roll(math.radians(3) * math.sin(ph + 0.6), -math.radians(1.5) * math.sin(ph))
        wk.append(key(t, x, 0.86, 0.0))
        qk.append(key(t, *q))
        ck.append(key(t, x, 0.86 + 0.6 + 0.012 * math.sin(br), 0.03 - 0.012 * math.sin(br)))
        hk.append(key(t, x, 0.86 + 0.84 + 0.01 * math.sin(br), 0.04 - 0.01 * math.sin(br)))
        for s, sign in ((0, 1), (1, -1)):
            arms[s].append(key(t, x + sign * 0.22, 0.86 + 0.005 * math.sin(br), 0.03 + 0.02 * math.sin(ph + sign)))
    clip = {
        "format": "critterforge.motion/1",
        "name": "idle",
        "notes": "Hand-keyed standing idle (assets/motions/make_motions.py): 6 s loop, both feet planted; breathing "
                 "every 3 s in the chest, the weight shifting 2 cm side to side with 3 degrees of hip turn. The "
                 "waist keeps its height (0.86 m).",
        "time_unit": "seconds",
        "duration": D,
        "loop": True,
        "cycle_offset": [0.0, 0.0, 0.0],
        "reference_body": BODY,
        "channels": {
            **body_channels(wk, qk, ck, hk),
            **standing_limbs(arms),
        },
        "contacts": {"left_foot": [[0.0, 1]], "right_foot": [[0.0, 1]]},
    }
    return clip


def held_clip(name, notes, D, waist_fn, hand_fn, extra_contacts=None):
    """A clip of the standing body (both feet planted under the hips throughout) keyed every 1/8 s:
    waist_fn(t) -> (position, pitch degrees, yaw degrees), hand_fn(t, side) -> hand position
    (side +1 left, -1 right); the chest and head follow the waist's pitch plus their own from waist_fn's
    optional 4th and 5th values (chest pitch, head pitch, degrees; > 0 leans forward)."""
    n = int(round(D * 8))
    wk, qk, ck, hk, arms = [], [], [], [], ([], [])
    for i in range(n + 1):
        t = D * i / n
        v = waist_fn(t)
        p, pitch, yaw = v[0], v[1], v[2]
        chest_pitch = v[3] if len(v) > 3 else 0.0
        head_pitch = v[4] if len(v) > 4 else 0.0
        q = quat_ypr(yaw, pitch, 0)
        wk.append(key(t, *p))
        qk.append(key(t, *q))
        cu = rotate(quat_ypr(yaw, pitch + chest_pitch, 0), (0, 1, 0))
        ck.append(key(t, *[p[k] + 0.6 * cu[k] for k in range(3)]))
        hu = rotate(quat_ypr(yaw, pitch + chest_pitch + head_pitch, 0), (0, 1, 0))
        hk.append(key(t, *[p[k] + 0.84 * hu[k] + (0.03 if k == 2 else 0) for k in range(3)]))
        for s, sign in ((0, 1), (1, -1)):
            arms[s].append(key(t, *hand_fn(t, sign)))
    return {
        **one_shot_header(name, notes, D),
        "channels": {
            **body_channels(wk, qk, ck, hk),
            **standing_limbs(arms),
        },
        "contacts": {"left_foot": [[0.0, 1]], "right_foot": [[0.0, 1]],
                     "left_hand": [[0.0, 0]], "right_hand": [[0.0, 0]]},
    }


def envelope(t, D, rise=0.3):
    """0 at both ends, 1 in between, smooth (the clip starts and ends at rest)."""
    u = min(1.0, t / rise, (D - t) / rise)
    u = max(0.0, u)
    return u * u * (3 - 2 * u)


REST_HAND = lambda sign: (sign * 0.22, 0.86, 0.03)


def sit():
    """Sit down: rest at 0 s, seated from 1 s on (the game eases between them by the motion's weight and
    loops the seated 1-4 s: breathing every 3 s). The hips go down and back, the torso leans forward over
    the knees, the hands rest on the thighs."""
    D = 4.0
    def waist(t):
        if t < 1.0:
            return ((0.0, 0.86, 0.0), 0.0, 0.0)
        br = math.sin(2 * math.pi * (t - 1.0) / 3.0)
        return ((0.0, 0.40 + 0.006 * br, -0.12), 0.0, 0.0, 14.0 - 1.5 * br, -8.0)
    def hand(t, sign):
        if t < 1.0:
            return REST_HAND(sign)
        br = math.sin(2 * math.pi * (t - 1.0) / 3.0)
        return (sign * 0.2, 0.52 + 0.006 * br, 0.22)
    return held_clip("sit", "Hand-keyed sit (assets/motions/make_motions.py): standing at 0 s, seated 1-4 s (hips "
                     "0.46 m lower and 0.12 m back, torso leaning 14 degrees, hands on the thighs, breathing every "
                     "3 s). The game eases from the stand to the seated loop and back by the motion's weight.",
                     D, waist, hand)


def greet():
    """Greet: the right hand rises above the shoulder and waves three times while the head nods twice."""
    D = 2.2
    def waist(t):
        e = envelope(t, D)
        nod = 12.0 * e * max(0.0, math.sin(2 * math.pi * (t - 0.3) / 0.8)) if 0.3 < t < 1.9 else 0.0
        return ((0.0, 0.86, 0.0), 0.0, 0.0, 3.0 * e, nod)
    def hand(t, sign):
        if sign > 0:
            return REST_HAND(sign)
        e = envelope(t, D, 0.45)
        wave = 0.12 * math.sin(2 * math.pi * 1.6 * (t - 0.45)) if 0.45 < t < D - 0.45 else 0.0
        up = (-0.34 + wave, 1.78, 0.12)
        r = REST_HAND(sign)
        return tuple(r[k] + e * (up[k] - r[k]) for k in range(3))
    return held_clip("greet", "Hand-keyed greeting (assets/motions/make_motions.py): the right hand up above the "
                     "shoulder waving three times (1.6 Hz), the head nodding twice, back at rest at %.1f s." % D,
                     D, waist, hand)


def roar():
    """Roar: the torso rears back, the head lifts, the arms open wide; held, then back down."""
    D = 1.9
    def waist(t):
        e = envelope(t, D, 0.35)
        shake = 2.0 * math.sin(2 * math.pi * 6 * t) * e
        return ((0.0, 0.86 - 0.02 * e, -0.02 * e), -8.0 * e, 0.0, -14.0 * e, -22.0 * e + shake)
    def hand(t, sign):
        e = envelope(t, D, 0.35)
        r = REST_HAND(sign)
        out = (sign * 0.55, 1.32, 0.16)
        return tuple(r[k] + e * (out[k] - r[k]) for k in range(3))
    return held_clip("roar", "Hand-keyed roar (assets/motions/make_motions.py): the waist pitches 8 degrees back and "
                     "the chest 14 more, the head lifts 22 degrees with a shake, the arms open wide; at rest again "
                     "at %.1f s." % D, D, waist, hand)


def dance():
    """Dance at 120 beats a minute: the body bobs down on every beat, sways and turns side to side every
    two beats, the arms swing up in turn."""
    D = 4.0
    def waist(t):
        e = envelope(t, D, 0.5)
        bob = 0.5 * (1 - math.cos(2 * math.pi * 2 * t))
        sway = math.sin(2 * math.pi * 1 * t)
        return ((0.035 * sway * e, 0.86 - 0.05 * bob * e, 0.0), 0.0, 9.0 * sway * e, 0.0, 6.0 * bob * e)
    def hand(t, sign):
        e = envelope(t, D, 0.5)
        sway = math.sin(2 * math.pi * 1 * t)
        r = REST_HAND(sign)
        lift = max(0.0, sign * sway)
        out = (sign * (0.32 + 0.1 * lift), 0.86 + 0.55 * lift, 0.12 + 0.08 * sway * sign)
        return tuple(r[k] + e * (out[k] - r[k]) for k in range(3))
    return held_clip("dance", "Hand-keyed dance (assets/motions/make_motions.py): 120 beats a minute, the body bobbing "
                     "5 cm on each beat, swaying 3.5 cm and turning 9 degrees every two beats, the arms swinging up "
                     "in turn; 4 s, starting and ending at rest.", D, waist, hand)


# What each file says about itself (critterforge.motion/2's "description"): how the game plays it, the
# variant a body plays (predicates on the body, first fit wins), its sound cues, the HUD's word, the
# herd's moods and where a player finds it. The motion library reads these; no code lists motions.
VOICE_AT = 10 / 60.0  # a voice starts as the body shows the motion
DESCRIPTIONS = {
    "walk": {"kind": "gait", "order": 100, "menu": False},
    "stand": {"kind": "layer", "order": 101, "menu": False},
    "idle": {"kind": "layer", "order": 102, "menu": False},
    "vault": {"kind": "planned", "hud": "Vault", "order": 10, "button": "a", "hint": "vault", "menu": False},
    "jump": {"kind": "planned", "hud": "Jump", "order": 11, "button": "x", "hint": "jump", "menu": False},
    "sit": {"kind": "held_loop", "hud": "Sit", "order": 0, "dpad": "down", "hint": "sit", "ease_ticks": 40,
            "hold": {"from": 1.0, "length": 3.0},
            "variants": [{"when": {"min_legs": 1}, "style": "lower_body", "words": "lowers its body"},
                         {"style": "lower_torso", "words": "lowers its torso"}],
            "herd": ["calm"]},
    "greet": {"kind": "one_shot", "hud": "Greet", "order": 1, "dpad": "up", "hint": "greet", "ease_ticks": 12,
              "variants": [{"when": {"min_arms": 1}, "style": "wave_arm", "words": "waves an arm"},
                           {"when": {"min_legs": 4}, "style": "lift_foreleg", "words": "lifts a foreleg"},
                           {"style": "nod_wag", "words": "nods", "tail_words": "nods and wags its tail"}],
              "cues": [{"at": VOICE_AT, "sound": "greet_voice", "loudness": 0.45}],
              "herd": ["near_player"]},
    "roar": {"kind": "one_shot", "hud": "Roar", "order": 2, "dpad": "right", "hint": "roar", "ease_ticks": 12,
             "variants": [{"when": {"head": True}, "style": "rear_head", "words": "rears and raises its head"},
                          {"style": "rear_front", "words": "rears its front"}],
             "cues": [{"at": VOICE_AT, "sound": "roar_voice", "loudness": 0.8}],
             "herd": ["bold"]},
    "dance": {"kind": "one_shot", "hud": "Dance", "order": 3, "dpad": "left", "hint": "dance", "ease_ticks": 12,
              "beat": {"every": 0.5, "first": 0.25},  # the body lowest at 0.25 s and each half second on
              "variants": [{"style": "bob_sway", "words": "bobs to the beat"}],
              "herd": ["playful"]},
}


def dump(name, clip):
    desc = DESCRIPTIONS[clip["name"]]
    out = {"format": "critterforge.motion/2", "name": clip["name"], "description": desc}
    out.update({k: v for k, v in clip.items() if k not in ("format", "name")})
    with open(os.path.join(HERE, name), "w") as f:
        f.write(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    dump("walk.json", walk())
    dump("stand.json", stand())
    dump("vault.json", vault())
    dump("jump.json", jump())
    dump("idle.json", idle())
    dump("sit.json", sit())
    dump("greet.json", greet())
    dump("roar.json", roar())
    dump("dance.json", dance())
