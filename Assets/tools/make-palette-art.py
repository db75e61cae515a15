#!/usr/bin/env python3
"""Generate the app-icon art for the bundled demo app "Palette".

Regenerate (from the repository root):

    python3 -m pip install pillow        # once; Pillow is the only dependency
    python3 Assets/tools/make-palette-art.py Assets/Palette/Assets.xcassets

The argument is the output asset catalog. For every icon below, the script
writes NAME.png (1024x1024, 8-bit RGB, no alpha -- iOS app icons must be
opaque) into NAME.appiconset/ inside that catalog, creating the folder if
needed. It does not touch the Contents.json files.

Each icon is a diagonal linear gradient with a soft radial glow, plus one
shape with its own gradient fill and a soft drop shadow. Shapes are drawn
4x supersampled and downsized with LANCZOS for anti-aliased edges. There is
no randomness, so every run produces the same pixels.

    AppIcon         multi-colour artist's palette on a light neutral gradient
    AppIcon-Green   circle
    AppIcon-Blue    drop
    AppIcon-Orange  triangle
    AppIcon-Pink    rounded square
    AppIcon-Purple  diamond
    AppIcon-Teal    ring
    AppIcon-Yellow  star
"""

import math
import os
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFilter

SIZE = 1024          # final icon edge in pixels
SS = 4               # supersampling factor for shape masks
BIG = SIZE * SS


def hex_rgb(value):
    value = value.lstrip("#")
    return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))


# --------------------------------------------------------------------------
# Gradients
# --------------------------------------------------------------------------

def _axis_ramp(weight, horizontal):
    """SIZE x SIZE 'L' image rising from 0 to round(255 * weight) along x
    (horizontal) or y, constant along the other axis."""
    line = Image.new("L", (SIZE, 1))
    line.putdata([round(255 * weight * i / (SIZE - 1)) for i in range(SIZE)])
    if not horizontal:
        line = line.transpose(Image.Transpose.ROTATE_270)   # 1 x SIZE column
    return line.resize((SIZE, SIZE), Image.NEAREST)


def linear_ramp(angle_deg):
    """SIZE x SIZE 'L' ramp, 0 -> 255 from the top-left towards the bottom-
    right. angle_deg (0..90) is the direction measured from straight down:
    0 is a top -> bottom gradient, 45 a corner-to-corner diagonal, 90 left ->
    right. Built from two exact 1-D ramps, so the pixels are perfectly regular
    (no resampling jitter) and the PNGs compress well."""
    assert 0 <= angle_deg <= 90
    a = math.radians(angle_deg)
    wx, wy = math.sin(a), math.cos(a)
    total = wx + wy
    return ImageChops.add(_axis_ramp(wx / total, True), _axis_ramp(wy / total, False))


def linear_gradient(c1, c2, angle_deg=45):
    ramp = linear_ramp(angle_deg)
    return Image.composite(Image.new("RGB", (SIZE, SIZE), hex_rgb(c2)),
                           Image.new("RGB", (SIZE, SIZE), hex_rgb(c1)), ramp)


def radial_falloff(center, radius, strength):
    """'L' mask: `strength` (0..255) at `center`, easing to 0 at `radius`
    (both in 0..1 units of the icon); a soft radial glow."""
    cx, cy, r = center[0] * SIZE, center[1] * SIZE, radius * SIZE
    data = []
    for y in range(SIZE):
        dy2 = (y - cy) ** 2
        for x in range(SIZE):
            t = math.sqrt((x - cx) ** 2 + dy2) / r
            data.append(0 if t >= 1 else round(strength * (1 - t) ** 2))
    mask = Image.new("L", (SIZE, SIZE))
    mask.putdata(data)
    return mask


def background(c1, c2, glow, angle=45, glow_at=(0.3, 0.25), glow_strength=110):
    bg = linear_gradient(c1, c2, angle)
    light = Image.new("RGB", (SIZE, SIZE), hex_rgb(glow))
    return Image.composite(light, bg, radial_falloff(glow_at, 0.85, glow_strength))


# --------------------------------------------------------------------------
# Shape masks (drawn at BIG = SIZE * SS, in unit coordinates)
# --------------------------------------------------------------------------

def P(x, y):
    return (x * BIG, y * BIG)


def new_mask():
    return Image.new("L", (BIG, BIG), 0)


def soften(mask, radius_units):
    """Round the corners of a hard mask: blur, then re-threshold."""
    blurred = mask.filter(ImageFilter.GaussianBlur(radius_units * BIG))
    return blurred.point(lambda v: 255 if v >= 128 else 0)


def downsize(mask):
    return mask.resize((SIZE, SIZE), Image.LANCZOS)


def circle_mask(cx, cy, r):
    m = new_mask()
    ImageDraw.Draw(m).ellipse([P(cx - r, cy - r), P(cx + r, cy + r)], fill=255)
    return m


def shape_circle():
    return circle_mask(0.5, 0.5, 0.30)


def shape_rounded_square():
    m = new_mask()
    ImageDraw.Draw(m).rounded_rectangle([P(0.23, 0.23), P(0.77, 0.77)],
                                        radius=0.12 * BIG, fill=255)
    return m


def shape_triangle():
    m = new_mask()
    r = 0.36
    cx, cy = 0.5, 0.55
    pts = [P(cx + r * math.sin(a), cy - r * math.cos(a))
           for a in (0, 2 * math.pi / 3, 4 * math.pi / 3)]
    ImageDraw.Draw(m).polygon(pts, fill=255)
    return soften(m, 0.03)


def shape_diamond():
    m = new_mask()
    ImageDraw.Draw(m).polygon([P(0.5, 0.16), P(0.78, 0.5), P(0.5, 0.84), P(0.22, 0.5)],
                              fill=255)
    return soften(m, 0.02)


def shape_star():
    m = new_mask()
    cx, cy, outer, inner = 0.5, 0.53, 0.36, 0.16
    pts = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = i * math.pi / 5
        pts.append(P(cx + r * math.sin(a), cy - r * math.cos(a)))
    ImageDraw.Draw(m).polygon(pts, fill=255)
    return soften(m, 0.018)


def shape_ring():
    outer = circle_mask(0.5, 0.5, 0.31)
    inner = circle_mask(0.5, 0.5, 0.17)
    return ImageChops.subtract(outer, inner)


def shape_drop():
    # A circle with a point on top, the sides tangent to the circle.
    cx, cy, r = 0.5, 0.60, 0.22
    tip_y = 0.15
    d = cy - tip_y                     # tip to circle centre
    t = math.acos(r / d)               # angle of the tangent points from "up"
    m = circle_mask(cx, cy, r)
    ImageDraw.Draw(m).polygon(
        [P(cx, tip_y),
         P(cx + r * math.sin(t), cy - r * math.cos(t)),
         P(cx - r * math.sin(t), cy - r * math.cos(t))], fill=255)
    return soften(m, 0.012)


def shape_palette_body():
    """Artist's palette: a bean-shaped board with a thumb hole and a notch."""
    m = new_mask()
    d = ImageDraw.Draw(m)
    d.ellipse([P(0.12, 0.18), P(0.88, 0.80)], fill=255)
    d.ellipse([P(0.20, 0.40), P(0.70, 0.88)], fill=255)
    d.ellipse([P(0.06, 0.47), P(0.30, 0.71)], fill=0)    # notch on the left
    d.ellipse([P(0.36, 0.50), P(0.46, 0.60)], fill=0)    # thumb hole
    m = soften(m, 0.02)
    return m.rotate(-10, resample=Image.BICUBIC, center=P(0.5, 0.5))


# --------------------------------------------------------------------------
# Composition
# --------------------------------------------------------------------------

def drop_shadow(img, mask, offset=0.022, blur=0.028, strength=0.38,
                colour=(0, 0, 0)):
    shadow = mask.filter(ImageFilter.GaussianBlur(blur * SIZE))
    dy = int(offset * SIZE)
    shifted = Image.new("L", (SIZE, SIZE), 0)
    shifted.paste(shadow, (0, dy))
    shifted = shifted.point(lambda v: int(v * strength))
    return Image.composite(Image.new("RGB", (SIZE, SIZE), colour), img, shifted)


def fill_shape(img, mask, c1, c2, angle=0):
    return Image.composite(linear_gradient(c1, c2, angle), img, mask)


def make_alternate(spec):
    img = background(spec["bg"][0], spec["bg"][1], spec["glow"])
    mask = downsize(spec["shape"]())
    img = drop_shadow(img, mask, colour=hex_rgb(spec["shadow"]))
    return fill_shape(img, mask, spec["fg"][0], spec["fg"][1])


def make_primary():
    img = background("#FBF8F2", "#D9D3C8", "#FFFFFF", glow_strength=60)
    body = downsize(shape_palette_body())
    img = drop_shadow(img, body, strength=0.30, colour=hex_rgb("#5A4630"))
    img = fill_shape(img, body, "#EFC58A", "#C8894A", angle=30)

    # Paint dabs around the board, one per alternate colour, in a rotated
    # frame so they follow the tilted palette.
    dabs = [
        (0.28, 0.36, "#E0245E"),   # pink
        (0.42, 0.27, "#F77F00"),   # orange
        (0.58, 0.26, "#FFC600"),   # yellow
        (0.72, 0.33, "#2DB84C"),   # green
        (0.78, 0.49, "#14B8A6"),   # teal
        (0.71, 0.65, "#1E6FE8"),   # blue
        (0.54, 0.70, "#7B3FE4"),   # purple
    ]
    ang = math.radians(-10)
    for x, y, colour in dabs:
        # rotate (x, y) about the centre to match the board's tilt
        rx = 0.5 + (x - 0.5) * math.cos(ang) + (y - 0.5) * math.sin(ang)
        ry = 0.5 - (x - 0.5) * math.sin(ang) + (y - 0.5) * math.cos(ang)
        m = downsize(circle_mask(rx, ry, 0.065))
        img = drop_shadow(img, m, offset=0.006, blur=0.008, strength=0.30,
                          colour=hex_rgb("#4A3520"))
        img = Image.composite(Image.new("RGB", (SIZE, SIZE), hex_rgb(colour)), img, m)
        # small glossy highlight on each dab
        hl = downsize(circle_mask(rx - 0.022, ry - 0.022, 0.018))
        hl = hl.point(lambda v: int(v * 0.45))
        img = Image.composite(Image.new("RGB", (SIZE, SIZE), (255, 255, 255)), img, hl)
    return img


ALTERNATES = {
    "AppIcon-Green": dict(shape=shape_circle,
                          bg=("#1F8A2E", "#0F5A1C"), glow="#7EDC6A",
                          fg=("#F1FFEC", "#B8EFA6"), shadow="#08350F"),
    "AppIcon-Blue": dict(shape=shape_drop,
                         bg=("#2F7DF6", "#0B3A8F"), glow="#7DB8FF",
                         fg=("#F0F7FF", "#B4D4FF"), shadow="#061F52"),
    "AppIcon-Orange": dict(shape=shape_triangle,
                           bg=("#FF9A2E", "#E0520B"), glow="#FFC27A",
                           fg=("#FFF6EA", "#FFD2A1"), shadow="#7A2A00"),
    "AppIcon-Pink": dict(shape=shape_rounded_square,
                         bg=("#FF7FB4", "#D62F74"), glow="#FFB8D6",
                         fg=("#FFF2F8", "#FFC8DF"), shadow="#7A1040"),
    "AppIcon-Purple": dict(shape=shape_diamond,
                           bg=("#8E5CF5", "#3F1791"), glow="#B797FF",
                           fg=("#F6F0FF", "#D2BCFF"), shadow="#210A55"),
    "AppIcon-Teal": dict(shape=shape_ring,
                         bg=("#22BFB0", "#006E69"), glow="#6FE3D6",
                         fg=("#EFFFFC", "#A6EDE3"), shadow="#00403C"),
    "AppIcon-Yellow": dict(shape=shape_star,
                           bg=("#FFD84A", "#E8A300"), glow="#FFF08A",
                           fg=("#FFFFF4", "#FFF2B3"), shadow="#8A5A00"),
}


def write_icon(catalog, name, img):
    assert img.mode == "RGB" and img.size == (SIZE, SIZE)
    folder = os.path.join(catalog, name + ".appiconset")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name + ".png")
    img.save(path, "PNG", optimize=True)
    print(f"wrote {path} ({os.path.getsize(path)} bytes)")


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(f"usage: {argv[0]} OUTPUT.xcassets\n")
        return 2
    catalog = argv[1]
    write_icon(catalog, "AppIcon", make_primary())
    for name, spec in ALTERNATES.items():
        write_icon(catalog, name, make_alternate(spec))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
