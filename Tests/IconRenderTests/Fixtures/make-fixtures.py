#!/usr/bin/env python3
"""Remakes the PNG fixtures of PNGDecoderTests: python3 make-fixtures.py [FOLDER].

Each fixture is a 13x11 image (odd and not square, so a swapped width and height,
a wrong row stride or a lost padding bit shows) in one PNG form that libpng's
simplified writer cannot produce: 1/2/4-bit grey and palette, palette with tRNS,
colour-key tRNS, 16-bit, grey+alpha, and Adam7 interlacing.

The files are written by the small encoder below (Python's standard library only),
so every byte is known: stored samples are exactly the pattern functions here,
which PNGDecoderTests.swift spells out again. When Pillow is installed
(python3 -m pip install pillow), every file is read back with it and compared with
the expected 8-bit RGBA, so a mistake in this encoder cannot pass unnoticed.
"""

import os
import struct
import sys
import zlib

WIDTH, HEIGHT = 13, 11

# Adam7: (x start, y start, x step, y step) of each of the seven passes.
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack_row(samples, bit_depth):
    """One scanline's samples (a flat list) as bytes: MSB first below 8 bits, big-endian at 16."""
    if bit_depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if bit_depth == 8:
        return bytes(samples)
    out, acc, used = bytearray(), 0, 0
    for s in samples:
        acc = (acc << bit_depth) | s
        used += bit_depth
        if used == 8:
            out.append(acc)
            acc, used = 0, 0
    if used:
        out.append(acc << (8 - used))  # pad the last byte with zero bits
    return bytes(out)


def encode(pixels, color_type, bit_depth, palette=None, trns=None, interlace=False):
    """pixels[y][x] is a tuple of raw samples in the file's own depth."""
    def scanlines(xs, ys):
        raw = bytearray()
        for y in ys:
            raw.append(0)  # filter type None
            raw += pack_row([s for x in xs for s in pixels[y][x]], bit_depth)
        return raw

    if interlace:
        raw = bytearray()
        for x0, y0, dx, dy in ADAM7:
            xs, ys = range(x0, WIDTH, dx), range(y0, HEIGHT, dy)
            if len(xs) and len(ys):  # an empty pass has no scanlines at all
                raw += scanlines(xs, ys)
    else:
        raw = scanlines(range(WIDTH), range(HEIGHT))

    ihdr = struct.pack(">IIBBBBB", WIDTH, HEIGHT, bit_depth, color_type, 0, 0, 1 if interlace else 0)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
    if palette is not None:
        out += chunk(b"PLTE", b"".join(bytes(c) for c in palette))
    if trns is not None:
        out += chunk(b"tRNS", trns)
    return out + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")


# The patterns, as samples in the file and as the 8-bit RGBA a decoder must give.
def grey(x, y):
    return (x * 19 + y * 7) % 256


def alpha(x, y):
    return (x * 23 + y * 11) % 256


def rgb(x, y):
    return ((x * 19) % 256, (y * 23) % 256, (x * y * 5) % 256)


def four(x, y):
    return (x + 2 * y) % 4


def sixteen(x, y):
    return (x + 3 * y) % 16


PALETTE4 = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]
PALETTE4_ALPHA = [0, 128, 255]  # shorter than the palette: the last entry is opaque
PALETTE16 = [(i * 16, 255 - i * 16, i * 8) for i in range(16)]
PALETTE16_ALPHA = [i * 17 for i in range(16)]
KEY_COLOURS = [(10, 20, 30), (200, 100, 50), (0, 255, 0), (255, 255, 255)]  # index 0 is the key


def image(f):
    return [[f(x, y) for x in range(WIDTH)] for y in range(HEIGHT)]


def fixtures():
    """name -> (PNG bytes, expected 8-bit RGBA rows)."""
    made = {}

    def add(name, png, expect):
        made[name] = (png, image(expect))

    add("gray1.png", encode(image(lambda x, y: ((x + y) % 2,)), 0, 1),
        lambda x, y: (((x + y) % 2) * 255,) * 3 + (255,))
    add("gray2.png", encode(image(lambda x, y: (four(x, y),)), 0, 2),
        lambda x, y: (four(x, y) * 85,) * 3 + (255,))
    add("gray4.png", encode(image(lambda x, y: (sixteen(x, y),)), 0, 4),
        lambda x, y: (sixteen(x, y) * 17,) * 3 + (255,))
    add("gray8.png", encode(image(lambda x, y: (grey(x, y),)), 0, 8),
        lambda x, y: (grey(x, y),) * 3 + (255,))
    add("gray16.png", encode(image(lambda x, y: (grey(x, y) * 257,)), 0, 16),
        lambda x, y: (grey(x, y),) * 3 + (255,))
    add("gray8-trns.png", encode(image(lambda x, y: (four(x, y) * 85,)), 0, 8, trns=struct.pack(">H", 0)),
        lambda x, y: (four(x, y) * 85,) * 3 + (0 if four(x, y) == 0 else 255,))
    add("graya8.png", encode(image(lambda x, y: (grey(x, y), alpha(x, y))), 4, 8),
        lambda x, y: (grey(x, y),) * 3 + (alpha(x, y),))
    add("graya16.png", encode(image(lambda x, y: (grey(x, y) * 257, 65535)), 4, 16),
        lambda x, y: (grey(x, y),) * 3 + (255,))
    add("rgb8-trns.png",
        encode(image(lambda x, y: KEY_COLOURS[four(x, y)]), 2, 8, trns=struct.pack(">HHH", 10, 20, 30)),
        lambda x, y: KEY_COLOURS[four(x, y)] + (0 if four(x, y) == 0 else 255,))
    add("rgb16.png", encode(image(lambda x, y: tuple(c * 257 for c in rgb(x, y))), 2, 16),
        lambda x, y: rgb(x, y) + (255,))
    add("rgba16.png", encode(image(lambda x, y: tuple(c * 257 for c in rgb(x, y)) + (65535,)), 6, 16),
        lambda x, y: rgb(x, y) + (255,))
    add("palette1.png", encode(image(lambda x, y: ((x + y) % 2,)), 3, 1, palette=PALETTE4[:2]),
        lambda x, y: PALETTE4[(x + y) % 2] + (255,))
    add("palette2-trns.png",
        encode(image(lambda x, y: (four(x, y),)), 3, 2, palette=PALETTE4, trns=bytes(PALETTE4_ALPHA)),
        lambda x, y: PALETTE4[four(x, y)] + ((PALETTE4_ALPHA + [255])[four(x, y)],))
    add("palette4-trns.png",
        encode(image(lambda x, y: (sixteen(x, y),)), 3, 4, palette=PALETTE16, trns=bytes(PALETTE16_ALPHA)),
        lambda x, y: PALETTE16[sixteen(x, y)] + (PALETTE16_ALPHA[sixteen(x, y)],))
    add("palette8-trns.png",
        encode(image(lambda x, y: (four(x, y),)), 3, 8, palette=PALETTE4, trns=bytes(PALETTE4_ALPHA)),
        lambda x, y: PALETTE4[four(x, y)] + ((PALETTE4_ALPHA + [255])[four(x, y)],))
    add("rgba16-alpha.png",
        encode(image(lambda x, y: tuple(c * 257 for c in rgb(x, y) + (alpha(x, y),))), 6, 16),
        lambda x, y: rgb(x, y) + (alpha(x, y),))
    add("rgba8.png", encode(image(lambda x, y: rgb(x, y) + (alpha(x, y),)), 6, 8),
        lambda x, y: rgb(x, y) + (alpha(x, y),))
    # Interlaced twins of some of the above: the same pixels, Adam7 order in the file.
    add("rgba8-adam7.png", encode(image(lambda x, y: rgb(x, y) + (alpha(x, y),)), 6, 8, interlace=True),
        lambda x, y: rgb(x, y) + (alpha(x, y),))
    add("gray2-adam7.png", encode(image(lambda x, y: (four(x, y),)), 0, 2, interlace=True),
        lambda x, y: (four(x, y) * 85,) * 3 + (255,))
    add("palette4-trns-adam7.png",
        encode(image(lambda x, y: (sixteen(x, y),)), 3, 4, palette=PALETTE16, trns=bytes(PALETTE16_ALPHA),
               interlace=True),
        lambda x, y: PALETTE16[sixteen(x, y)] + (PALETTE16_ALPHA[sixteen(x, y)],))
    add("rgb16-adam7.png",
        encode(image(lambda x, y: tuple(c * 257 for c in rgb(x, y))), 2, 16, interlace=True),
        lambda x, y: rgb(x, y) + (255,))
    add("rgba16-alpha-adam7.png",
        encode(image(lambda x, y: tuple(c * 257 for c in rgb(x, y) + (alpha(x, y),))), 6, 16, interlace=True),
        lambda x, y: rgb(x, y) + (alpha(x, y),))
    add("graya16-adam7.png", encode(image(lambda x, y: (grey(x, y) * 257, 65535)), 4, 16, interlace=True),
        lambda x, y: (grey(x, y),) * 3 + (255,))
    return made


def check_with_pillow(folder, made):
    try:
        from PIL import Image
    except ImportError:
        print("Pillow is not installed: the fixtures were not read back", file=sys.stderr)
        return True
    ok = True
    for name, (_, expected) in sorted(made.items()):
        with Image.open(os.path.join(folder, name)) as im:
            if im.mode.startswith("I"):  # 16-bit grey: Pillow clips instead of scaling
                im = im.point(lambda v: v * (1 / 257)).convert("L")
            rgba = im.convert("RGBA")
            got = list(rgba.get_flattened_data() if hasattr(rgba, "get_flattened_data") else rgba.getdata())
        want = [px for row in expected for px in row]
        # Pillow keeps no colour for fully transparent pixels in some modes: compare
        # alpha everywhere and colour where the pixel is visible.
        bad = [i for i, (g, w) in enumerate(zip(got, want)) if g[3] != w[3] or (w[3] and g[:3] != w[:3])]
        if bad:
            ok = False
            i = bad[0]
            print(f"{name}: Pillow reads {len(bad)} pixels differently, first at "
                  f"({i % WIDTH}, {i // WIDTH}): {got[i]} instead of {want[i]}", file=sys.stderr)
    return ok


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    made = fixtures()
    for name, (png, _) in sorted(made.items()):
        with open(os.path.join(folder, name), "wb") as f:
            f.write(png)
    ok = check_with_pillow(folder, made)
    print(f"{len(made)} fixtures in {folder}" + ("" if ok else " (Pillow disagrees: see above)"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
