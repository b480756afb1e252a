#!/usr/bin/env python3
"""Generates Critterforge's own textures (small power-of-two PNGs) into assets/textures/.

Deterministic: the same script always writes the same bytes (own LCG noise, fixed zlib level).
Usage: tools/texgen/texgen.py [output_dir]   (default: assets/textures next to this repo's tools/)
"""
import math
import os
import struct
import sys
import zlib

SIZE = 64


class Rng:
    """Small LCG so the output never depends on Python's random module version."""

    def __init__(self, seed):
        self.s = seed & 0xFFFFFFFF

    def next(self):
        self.s = (self.s * 1664525 + 1013904223) & 0xFFFFFFFF
        return self.s / 4294967296.0


def value_noise(w, h, cell, seed):
    """Tileable value noise in [0, 1] on a w x h grid with cell-sized lattice steps."""
    rng = Rng(seed)
    gw, gh = w // cell, h // cell
    lattice = [[rng.next() for _ in range(gw)] for _ in range(gh)]
    out = [[0.0] * w for _ in range(h)]
    for y in range(h):
        for x in range(w):
            fx, fy = x / cell, y / cell
            x0, y0 = int(fx) % gw, int(fy) % gh
            x1, y1 = (x0 + 1) % gw, (y0 + 1) % gh
            tx, ty = fx - int(fx), fy - int(fy)
            tx, ty = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
            a = lattice[y0][x0] + (lattice[y0][x1] - lattice[y0][x0]) * tx
            b = lattice[y1][x0] + (lattice[y1][x1] - lattice[y1][x0]) * tx
            out[y][x] = a + (b - a) * ty
    return out


def clamp8(v):
    return max(0, min(255, int(round(v))))


def write_png(path, w, h, pixels):
    """pixels: rows of (r, g, b) tuples, top row first."""
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in pixels)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def paint(texel):
    """The texture whose pixel (x, y) is texel(x, y), row by row."""
    return [[texel(x, y) for x in range(SIZE)] for y in range(SIZE)]


def creature_skin():
    """Mottled green-ochre scales: a hexagon-ish scale grid shaded by noise."""
    n = value_noise(SIZE, SIZE, 8, 11)
    def texel(x, y):
        sx = (x + (4 if (y // 8) % 2 else 0)) % 8 - 3.5
        sy = y % 8 - 3.5
        rim = min(1.0, math.hypot(sx, sy) / 4.5)
        shade = 1.0 - 0.35 * rim * rim
        base = 0.75 + 0.5 * n[y][x]
        return (clamp8(150 * base * shade), clamp8(170 * base * shade), clamp8(90 * base * shade))

    return paint(texel)


def ground():
    """Grass with dirt patches."""
    n1 = value_noise(SIZE, SIZE, 16, 21)
    n2 = value_noise(SIZE, SIZE, 4, 22)
    def texel(x, y):
        dirt = max(0.0, min(1.0, (n1[y][x] - 0.55) * 5))
        g = 0.8 + 0.4 * n2[y][x]
        grass = (70 * g, 130 * g, 50 * g)
        soil = (120 * g, 95 * g, 60 * g)
        return tuple(clamp8(a + (b - a) * dirt) for a, b in zip(grass, soil))

    return paint(texel)


def earth():
    """Bare earth of a steep bank: brown soil in layers with pale stones."""
    n1 = value_noise(SIZE, SIZE, 8, 41)
    n2 = value_noise(SIZE, SIZE, 4, 42)
    n3 = value_noise(SIZE, SIZE, 16, 43)
    def texel(x, y):
        layer = 0.85 + 0.15 * math.sin((y + 6 * n3[y][x]) * 2 * math.pi / 16)
        g = (0.75 + 0.45 * n2[y][x]) * layer
        soil = (125 * g, 92 * g, 62 * g)
        stone = max(0.0, min(1.0, (n1[y][x] - 0.68) * 8))
        pale = (150 * g, 140 * g, 125 * g)
        return tuple(clamp8(a + (b - a) * stone) for a, b in zip(soil, pale))

    return paint(texel)


def sand():
    """Dune sand: pale ochre grains over soft wind ripples running across the texture."""
    n1 = value_noise(SIZE, SIZE, 16, 51)
    n2 = value_noise(SIZE, SIZE, 2, 52)
    def texel(x, y):
        ripple = 0.93 + 0.07 * math.sin((y + 3 * math.sin(x * 2 * math.pi / SIZE) + 5 * n1[y][x]) * 2 * math.pi / 8)
        g = (0.86 + 0.22 * n2[y][x]) * ripple * (0.95 + 0.1 * n1[y][x])
        return (clamp8(214 * g), clamp8(184 * g), clamp8(128 * g))

    return paint(texel)


def fence_wood():
    """Horizontal planks with grain and dark gaps."""
    n = value_noise(SIZE, SIZE, 4, 31)
    def texel(x, y):
        plank = y // 16
        gap = y % 16 in (0, 15)
        grain = 0.85 + 0.15 * math.sin((x + plank * 13) * 0.35 + 6 * n[y][x]) + 0.1 * n[(y * 3) % SIZE][x]
        k = 0.45 if gap else grain
        return (clamp8(150 * k), clamp8(100 * k), clamp8(55 * k))

    return paint(texel)


def wall_brick():
    """Running-bond bricks with grey mortar."""
    n = value_noise(SIZE, SIZE, 8, 41)
    rng = Rng(42)
    tint = [0.8 + 0.35 * rng.next() for _ in range(64)]
    def texel(x, y):
        course = y // 8
        bx = (x + (8 if course % 2 else 0)) % SIZE
        mortar = y % 8 == 7 or bx % 16 == 15
        if mortar:
            v = 150 + 30 * n[y][x]
            return (clamp8(v), clamp8(v), clamp8(v * 0.95))
        else:
            t = tint[(course * 4 + bx // 16) % 64] * (0.9 + 0.2 * n[y][x])
            return (clamp8(160 * t), clamp8(70 * t), clamp8(50 * t))

    return paint(texel)


def pipe_metal():
    """Galvanised steel: brushed streaks, a darker collar with rivets every half tile, a little rust."""
    streak = value_noise(SIZE, SIZE, 4, 51)
    spots = value_noise(SIZE, SIZE, 8, 52)
    rng = Rng(53)
    col = [0.88 + 0.16 * rng.next() for _ in range(SIZE)]
    def texel(x, y):
        band = y % 32
        collar = band < 5
        rivet = collar and band == 2 and x % 16 in (7, 8)
        k = col[x] * (0.92 + 0.12 * streak[(y // 8) % SIZE][x])
        if collar:
            k *= 0.72 if band in (0, 4) else 0.82
        if rivet:
            k = 1.15
        rust = 0.55 * max(0.0, min(1.0, (spots[y][x] - 0.8) * 6))
        metal = (150 * k, 160 * k, 170 * k)
        brown = (125 * k, 80 * k, 50 * k)
        return tuple(clamp8(a + (b - a) * rust) for a, b in zip(metal, brown))

    return paint(texel)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "assets", "textures")
    os.makedirs(out, exist_ok=True)
    for name, fn in (("creature_skin", creature_skin), ("ground", ground), ("earth", earth), ("sand", sand), ("fence_wood", fence_wood),
                     ("wall_brick", wall_brick), ("pipe_metal", pipe_metal)):
        path = os.path.join(out, name + ".png")
        write_png(path, SIZE, SIZE, fn())
        print(path)


if __name__ == "__main__":
    main()
