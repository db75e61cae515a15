#!/usr/bin/env python3
"""Generate the app icons of the bundled demo app "Palette" as Icon Composer bundles.

Regenerate (from the repository root; Python 3 standard library only):

    python3 Assets/tools/make-palette-art.py Assets/Palette/AppIcons

or `make art`. The argument is the output folder. For every icon below, the script
replaces NAME.icon/ in that folder with a fresh bundle, as Icon Composer (Xcode 26)
writes one:

    NAME.icon/
      icon.json          groups of layers, fills and their dark/tinted specializations
      Assets/*.svg       the layers' artwork, 1024x1024 pt with a viewBox

Apple's "Supporting alternate app icons" sample: "For each alternate app icon, the
project requires an Icon Composer file." The names stay those Palette.xcconfig lists
in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES.

Each icon has a background fill of its own colour (a linear gradient, lighter at the
top) and darker in dark mode, a grey one when tinted. In front, one group holds the
shape: drawn in the icon's colour in the SVG, filled white by the layer in the light
appearance and left in its own colours in dark. Behind it a second group holds a soft
white glow, blended with soft-light, fainter in dark and gone when tinted. The primary
icon is an artist's palette: a wooden board with a paint dab of each alternate's colour.

    AppIcon         artist's palette in several colours on a light neutral gradient
    AppIcon-Green   circle
    AppIcon-Blue    drop
    AppIcon-Orange  triangle
    AppIcon-Pink    rounded square
    AppIcon-Purple  diamond
    AppIcon-Teal    ring
    AppIcon-Yellow  star

There is no randomness and no clock: every run writes the same bytes. icon.json is
written the way Icon Composer writes it: keys sorted, two-space indent, " : " between
key and value, colours as "srgb:r,g,b,a" or "display-p3:r,g,b,a" with five decimals,
no newline at the end.
"""

import json
import math
import os
import shutil
import sys

CANVAS = 1024  # Icon Composer's canvas, in points
CENTRE = CANVAS / 2


# --------------------------------------------------------------------------
# Colours
# --------------------------------------------------------------------------

def hex_rgb(value):
    """"#RRGGBB" -> (r, g, b) in 0..1."""
    value = value.lstrip("#")
    return tuple(int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))


def mix(a, b, t):
    """Colour a moved towards b by t (0..1), per sRGB component."""
    a, b = hex_rgb(a), hex_rgb(b)
    return "#" + "".join("%02X" % round(255 * (x + (y - x) * t)) for x, y in zip(a, b))


def _linear(c):
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(c):
    c = min(max(c, 0.0), 1.0)
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


# Linear sRGB -> linear Display P3 (the inverse of P3 -> sRGB; both use D65 and the sRGB curve).
SRGB_TO_P3 = (
    (0.822462, 0.177538, 0.000000),
    (0.033194, 0.966806, 0.000000),
    (0.017083, 0.072397, 0.910520),
)


def srgb(colour, alpha=1.0):
    """Icon Composer's sRGB colour string for "#RRGGBB"."""
    return "srgb:%s" % ",".join("%.5f" % c for c in hex_rgb(colour) + (alpha,))


def display_p3(colour, alpha=1.0):
    """Icon Composer's Display P3 colour string for the same colour as sRGB "#RRGGBB"."""
    linear = [_linear(c) for c in hex_rgb(colour)]
    p3 = [_encoded(sum(m * c for m, c in zip(row, linear))) for row in SRGB_TO_P3]
    return "display-p3:%s" % ",".join("%.5f" % c for c in p3 + [alpha])


def gradient(top, bottom):
    """A linear-gradient fill, top colour first; the first in sRGB, the second in Display P3,
    as Icon Composer mixes them."""
    return {"linear-gradient": [srgb(top), display_p3(bottom)]}


def solid(colour, alpha=1.0):
    return {"solid": srgb(colour, alpha)}


# --------------------------------------------------------------------------
# SVG
# --------------------------------------------------------------------------

def num(value):
    """A coordinate with at most two decimals and no trailing zeros."""
    text = "%.2f" % value
    text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def svg(body, defs=""):
    """A 1024x1024 pt SVG (width, height and viewBox) around `body`."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%d" height="%d" '
        'viewBox="0 0 %d %d">' % (CANVAS, CANVAS, CANVAS, CANVAS),
    ]
    if defs:
        lines += ["  <defs>"] + ["    " + line for line in defs] + ["  </defs>"]
    lines += ["  " + line for line in body]
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def linear_gradient_def(ident, top, bottom):
    return [
        '<linearGradient id="%s" x1="0" y1="0" x2="0" y2="1">' % ident,
        '  <stop offset="0" stop-color="%s"/>' % top,
        '  <stop offset="1" stop-color="%s"/>' % bottom,
        "</linearGradient>",
    ]


def polygon_path(points):
    return "M" + " L".join("%s,%s" % (num(x), num(y)) for x, y in points) + " Z"


def circle_path(cx, cy, r):
    """A full circle as two arcs, so it can be a sub-path (a hole with evenodd)."""
    return "M%s,%s A%s,%s 0 1,0 %s,%s A%s,%s 0 1,0 %s,%s Z" % (
        num(cx - r), num(cy), num(r), num(r), num(cx + r), num(cy),
        num(r), num(r), num(cx - r), num(cy))


def regular_points(count, radius, cx=CENTRE, cy=CENTRE, inner=None):
    """Points of a regular polygon (or a star with `inner` radius) with a point at the top."""
    steps = count * 2 if inner else count
    points = []
    for i in range(steps):
        r = inner if inner and i % 2 else radius
        a = 2 * math.pi * i / steps
        points.append((cx + r * math.sin(a), cy - r * math.cos(a)))
    return points


def rounded(path, colour_ref, corner):
    """A filled and stroked path: the stroke's round joins round its corners."""
    return ('<path d="%s" fill="%s" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>'
            % (path, colour_ref, colour_ref, num(corner)))


def shape_circle(fill):
    return ['<circle cx="512" cy="512" r="300" fill="%s"/>' % fill]


def shape_drop(fill):
    # A circle with a point on top, the sides tangent to the circle.
    cx, cy, r, tip = CENTRE, 604, 232, 146
    t = math.acos(r / (cy - tip))
    right = (cx + r * math.sin(t), cy - r * math.cos(t))
    left = (cx - r * math.sin(t), cy - r * math.cos(t))
    d = "M%s,%s L%s,%s A%s,%s 0 1,1 %s,%s Z" % (
        num(cx), num(tip), num(right[0]), num(right[1]), num(r), num(r),
        num(left[0]), num(left[1]))
    return [rounded(d, fill, 24)]


def shape_triangle(fill):
    return [rounded(polygon_path(regular_points(3, 340, cy=560)), fill, 60)]


def shape_rounded_square(fill):
    return ['<rect x="236" y="236" width="552" height="552" rx="124" ry="124" fill="%s"/>' % fill]


def shape_diamond(fill):
    points = [(512, 170), (800, 512), (512, 854), (224, 512)]
    return [rounded(polygon_path(points), fill, 40)]


def shape_ring(fill):
    d = circle_path(CENTRE, CENTRE, 318) + " " + circle_path(CENTRE, CENTRE, 172)
    return ['<path d="%s" fill="%s" fill-rule="evenodd"/>' % (d, fill)]


def shape_star(fill):
    return [rounded(polygon_path(regular_points(5, 360, cy=540, inner=164)), fill, 30)]


# The artist's palette: a tilted oval board with a notch on the left and a thumb hole.
BOARD_TILT = math.radians(-10)


def tilt(x, y):
    """(x, y) turned by BOARD_TILT about the canvas centre."""
    dx, dy = x - CENTRE, y - CENTRE
    c, s = math.cos(BOARD_TILT), math.sin(BOARD_TILT)
    return (CENTRE + dx * c - dy * s, CENTRE + dx * s + dy * c)


def board_outline():
    """The board's edge: an ellipse whose points inside the notch circle are replaced by the
    notch circle's arc, so the notch bites into the board."""
    ecx, ecy, rx, ry = 512, 520, 400, 330
    ncx, ncy, nr = 150, 640, 118
    steps = 144
    ellipse = [(ecx + rx * math.cos(2 * math.pi * i / steps),
                ecy + ry * math.sin(2 * math.pi * i / steps)) for i in range(steps)]
    inside = [math.hypot(x - ncx, y - ncy) < nr for x, y in ellipse]
    first = next(i for i in range(steps) if inside[i] and not inside[i - 1])
    last = next(i for i in range(steps) if inside[i] and not inside[(i + 1) % steps])
    # Walking the ellipse clockwise (y down), the notch runs from `first` to `last`.
    a0 = math.atan2(ellipse[first - 1][1] - ncy, ellipse[first - 1][0] - ncx)
    a1 = math.atan2(ellipse[(last + 1) % steps][1] - ncy, ellipse[(last + 1) % steps][0] - ncx)
    # The notch arc goes the other way round the notch circle, through the board.
    if a1 > a0:
        a1 -= 2 * math.pi
    arc = [(ncx + nr * math.cos(a0 + (a1 - a0) * k / 16), ncy + nr * math.sin(a0 + (a1 - a0) * k / 16))
           for k in range(1, 16)]
    points = []
    i = (last + 1) % steps
    while i != first:
        points.append(ellipse[i])
        i = (i + 1) % steps
    return [tilt(x, y) for x, y in points + arc]


def board(fill):
    hole = tilt(372, 612)
    d = polygon_path(board_outline()) + " " + circle_path(hole[0], hole[1], 52)
    return ['<path d="%s" fill="%s" fill-rule="evenodd"/>' % (d, fill)]


# One dab of paint per alternate, around the top of the board (before the tilt).
DABS = [
    (300, 400, "#E0245E"),  # pink
    (430, 320, "#F77F00"),  # orange
    (580, 310, "#FFC600"),  # yellow
    (720, 360, "#2DB84C"),  # green
    (790, 500, "#14B8A6"),  # teal
    (720, 640, "#1E6FE8"),  # blue
    (570, 690, "#7B3FE4"),  # purple
]


def paints():
    body = []
    for x, y, colour in DABS:
        cx, cy = tilt(x, y)
        body.append('<circle cx="%s" cy="%s" r="62" fill="%s"/>' % (num(cx), num(cy), colour))
    for x, y, _ in DABS:
        cx, cy = tilt(x - 20, y - 20)
        body.append('<circle cx="%s" cy="%s" r="16" fill="#FFFFFF" fill-opacity="0.45"/>'
                    % (num(cx), num(cy)))
    return body


def glow_svg():
    defs = [
        '<radialGradient id="glow" cx="0.32" cy="0.26" r="0.8">',
        '  <stop offset="0" stop-color="#FFFFFF" stop-opacity="1"/>',
        '  <stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/>',
        "</radialGradient>",
    ]
    return svg(['<rect x="0" y="0" width="1024" height="1024" fill="url(#glow)"/>'], defs)


# --------------------------------------------------------------------------
# icon.json
# --------------------------------------------------------------------------

POSITION = {"scale": 1, "translation-in-points": [0, 0]}
SUPPORTED_PLATFORMS = {"squares": "shared"}
TINTED_BACKGROUND = gradient("#3A3A3C", "#1C1C1E")


def layer(image, **keys):
    entry = {"image-name": image, "name": os.path.splitext(image)[0],
             "position": dict(POSITION)}
    entry.update(keys)
    return entry


def document(fill, dark_fill, groups):
    return {
        "color-space-for-untagged-svg-colors": "display-p3",
        "fill": fill,
        "fill-specializations": [
            {"appearance": "dark", "value": dark_fill},
            {"appearance": "tinted", "value": TINTED_BACKGROUND},
        ],
        "groups": groups,
        "supported-platforms": SUPPORTED_PLATFORMS,
    }


def glow_group():
    """A soft white light from the top left, behind the shape."""
    return {
        "blend-mode": "soft-light",
        "layers": [
            layer("glow.svg", **{
                "glass": False,
                "opacity-specializations": [
                    {"value": 0.6},
                    {"appearance": "dark", "value": 0.25},
                    {"appearance": "tinted", "value": 0},
                ],
            })
        ],
        "name": "Glow",
        "shadow": {"kind": "none", "opacity": 0.5},
        "translucency": {"enabled": False, "value": 0.5},
    }


def alternate(spec):
    """An alternate: the shape in front (white in light, its colours in dark), the glow behind."""
    shape_colour = "url(#shape)"
    artwork = svg(spec["shape"](shape_colour),
                  linear_gradient_def("shape", spec["light"], spec["deep"]))
    name = spec["image"]
    shape_group = {
        "layers": [
            layer(name, **{
                "blend-mode": "normal",
                "fill-specializations": [
                    {"value": solid("#FFFFFF")},
                    {"appearance": "dark", "value": "none"},
                    {"appearance": "tinted", "value": solid("#FFFFFF", 0.9)},
                ],
                "glass": True,
            })
        ],
        "name": "Shape",
        "shadow": {"kind": "layer-color", "opacity": 0.5},
        "specular": True,
        "translucency": {"enabled": True, "value": 0.2},
    }
    icon = document(
        gradient(spec["top"], spec["bottom"]),
        gradient(mix(spec["bottom"], "#000000", 0.55), mix(spec["bottom"], "#000000", 0.8)),
        [shape_group, glow_group()])
    return icon, {name: artwork, "glow.svg": glow_svg()}


def primary():
    """The artist's palette: the paint dabs in front of the board, the glow behind both."""
    wood = svg(board("url(#wood)"), linear_gradient_def("wood", "#EFC58A", "#C8894A"))
    paint = svg(paints())
    front = {
        "layers": [
            layer("paints.svg", **{"blend-mode": "normal", "fill": "none", "glass": True}),
            layer("board.svg", **{
                "blend-mode": "normal",
                "fill-specializations": [
                    {"value": "none"},
                    {"appearance": "dark", "value": gradient("#8A6A48", "#5E4630")},
                    {"appearance": "tinted", "value": solid("#FFFFFF", 0.85)},
                ],
                "glass": False,
            }),
        ],
        "name": "Palette",
        "shadow": {"kind": "neutral", "opacity": 0.5},
        "specular": True,
        "translucency": {"enabled": False, "value": 0.5},
    }
    icon = document(gradient("#FBF8F2", "#D9D3C8"), gradient("#3A3631", "#1E1C1A"),
                    [front, glow_group()])
    return icon, {"paints.svg": paint, "board.svg": wood, "glow.svg": glow_svg()}


# Background gradient (top, bottom) as the PNG art had it, and the shape's colours for dark
# mode (a light and a deeper tint of the same hue).
ALTERNATES = {
    "AppIcon-Green": dict(shape=shape_circle, image="circle.svg",
                          top="#1F8A2E", bottom="#0F5A1C", light="#7EDC6A", deep="#2DB84C"),
    "AppIcon-Blue": dict(shape=shape_drop, image="drop.svg",
                         top="#2F7DF6", bottom="#0B3A8F", light="#7DB8FF", deep="#1E6FE8"),
    "AppIcon-Orange": dict(shape=shape_triangle, image="triangle.svg",
                           top="#FF9A2E", bottom="#E0520B", light="#FFC27A", deep="#F77F00"),
    "AppIcon-Pink": dict(shape=shape_rounded_square, image="rounded-square.svg",
                         top="#FF7FB4", bottom="#D62F74", light="#FFB8D6", deep="#E0245E"),
    "AppIcon-Purple": dict(shape=shape_diamond, image="diamond.svg",
                           top="#8E5CF5", bottom="#3F1791", light="#B797FF", deep="#7B3FE4"),
    "AppIcon-Teal": dict(shape=shape_ring, image="ring.svg",
                         top="#22BFB0", bottom="#006E69", light="#6FE3D6", deep="#14B8A6"),
    "AppIcon-Yellow": dict(shape=shape_star, image="star.svg",
                           top="#FFD84A", bottom="#E8A300", light="#FFF08A", deep="#FFC600"),
}


def write_bundle(folder, name, icon, assets):
    bundle = os.path.join(folder, name + ".icon")
    if os.path.isdir(bundle):
        shutil.rmtree(bundle)
    os.makedirs(os.path.join(bundle, "Assets"))
    text = json.dumps(icon, indent=2, sort_keys=True, separators=(",", " : "), ensure_ascii=False)
    with open(os.path.join(bundle, "icon.json"), "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    for file_name in sorted(assets):
        with open(os.path.join(bundle, "Assets", file_name), "w", encoding="utf-8",
                  newline="\n") as f:
            f.write(assets[file_name])
    print("wrote %s (%s)" % (bundle, ", ".join(["icon.json"] + sorted(assets))))


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: %s OUTPUT-FOLDER\n" % argv[0])
        return 2
    folder = argv[1]
    os.makedirs(folder, exist_ok=True)
    write_bundle(folder, "AppIcon", *primary())
    for name, spec in ALTERNATES.items():
        write_bundle(folder, name, *alternate(spec))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
