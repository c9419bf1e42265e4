"""Draw the app's PNG icons (static/icons/icon-192.png, icon-512.png,
icon-maskable-512.png and apple-touch-icon.png) with nothing but the standard
library.

The picture is the one of static/icons/icon.svg: two cards on the felt, the
front one with a large spade. The maskable icon fills its whole square with
felt and keeps the cards inside the central safe zone (a circle of 80 %).
The home-screen icon of an iPhone (apple-touch-icon.png, 180 px, the size iOS
asks for) fills its square with felt too, without a transparent pixel (iOS
shows transparency as black and rounds the corners itself), the cards drawn
as large as on the plain icons.
The PNGs are committed; run this again only to change the drawing:

    python3 tools/make_icons.py
"""

import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"

FELT = (11, 93, 54)
EDGE = (10, 59, 34)
BACK_CARD = (244, 247, 242)
FRONT_CARD = (255, 255, 255)
INK = (27, 27, 31)
SAMPLES = 4  # supersampling per axis


def rounded_rect(cx, cy, w, h, r, angle=0.0):
    """Inside test for a rectangle centred on (cx, cy), rotated by ``angle`` degrees."""
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def inside(x, y, grow=0.0):
        dx, dy = x - cx, y - cy
        u, v = dx * cos + dy * sin, -dx * sin + dy * cos
        qx = abs(u) - (w / 2 - r) - grow
        qy = abs(v) - (h / 2 - r) - grow
        outside = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0)
        return outside <= r

    return inside


def spade(cx, cy, size):
    """A spade: a point on top, two round lobes below, a flared stem."""
    lobe = size * 0.26

    def inside(x, y):
        u, v = (x - cx) / size, (y - cy) / size  # v grows downwards; the shape spans about -0.5 … 0.5
        for sx in (-0.22, 0.22):
            if (u - sx) ** 2 + (v - 0.1) ** 2 <= (lobe / size) ** 2:
                return True
        # the upper part: a curved point from (0, -0.5) widening to the lobes
        if -0.5 <= v <= 0.12:
            t = (v + 0.5) / 0.62
            half = 0.46 * math.sin(t * math.pi / 2) ** 0.9
            if abs(u) <= half:
                return True
        # the stem: narrow under the lobes, flaring to the foot
        if 0.1 <= v <= 0.5:
            t = (v - 0.1) / 0.4
            if abs(u) <= 0.05 + 0.16 * t**2:
                return True
        return False

    return inside


def scene(size, maskable, full_bleed=False):
    """Layers (inside test, colour) in painting order, for a ``size`` square."""
    s = size / 64.0
    scale = 0.72 if maskable else 1.0  # maskable: keep the drawing in the safe zone
    off = size * (1 - scale) / 2

    def at(v):
        return off + v * s * scale

    layers = []
    if maskable or full_bleed:
        layers.append((lambda x, y: True, FELT))
    else:
        layers.append((rounded_rect(size / 2, size / 2, size, size, 12 * s), FELT))
    back = (at(25), at(29), 30 * s * scale, 42 * s * scale, 4 * s * scale, -8)
    front = (at(39), at(35), 30 * s * scale, 42 * s * scale, 4 * s * scale, 0)
    border = 1.2 * s * scale
    for (cx, cy, w, h, r, angle), colour in ((back, BACK_CARD), (front, FRONT_CARD)):
        layers.append((rounded_rect(cx, cy, w + 2 * border, h + 2 * border, r + border, angle), EDGE))
        layers.append((rounded_rect(cx, cy, w, h, r, angle), colour))
    layers.append((spade(at(39), at(36), 22 * s * scale), INK))
    return layers


def render(size, maskable=False, full_bleed=False):
    layers = scene(size, maskable, full_bleed)
    rows = []
    step = 1.0 / SAMPLES
    offsets = [(i + 0.5) * step for i in range(SAMPLES)]
    n = SAMPLES * SAMPLES
    for py in range(size):
        row = bytearray([0])  # PNG filter: none
        for px in range(size):
            r = g = b = a = 0.0
            for oy in offsets:
                for ox in offsets:
                    x, y = px + ox, py + oy
                    colour = None
                    for inside, c in reversed(layers):
                        if inside(x, y):
                            colour = c
                            break
                    if colour is not None:
                        r += colour[0]
                        g += colour[1]
                        b += colour[2]
                        a += 1
            if a:
                row += bytes((round(r / a), round(g / a), round(b / a), round(255 * a / n)))
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width, height, raw):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, maskable, full_bleed in (
        ("icon-192.png", 192, False, False),
        ("icon-512.png", 512, False, False),
        ("icon-maskable-512.png", 512, True, True),
        ("apple-touch-icon.png", 180, False, True),
    ):
        data = render(size, maskable, full_bleed)
        (OUT / name).write_bytes(data)
        print("icons: %s (%d bytes)" % (name, len(data)))


if __name__ == "__main__":
    main()
