#!/usr/bin/env python3
"""`make screenshots`: the README's pictures of the picker and of the grid, taken from the real
binary. iconpick runs in a private tmux server (100x30 cells, TERM=xterm-direct), the screen is
captured with its colours (`capture-pane -e`), and each cell is drawn into a PNG: half blocks
and box lines as shapes, so the icons' pixels come out square, text with DejaVu Sans Mono
(Debian's fonts-dejavu-core). A development tool: it needs Pillow (the make target installs it
from PyPI into .build/screenshots-venv).

    screenshots.py BINARY APP OUTDIR
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image, ImageDraw, ImageFont

COLUMNS, ROWS = 100, 30
FONT_DIR = "/usr/share/fonts/truetype/dejavu"
FOREGROUND = (208, 208, 208)
BACKGROUND = (24, 24, 28)
MARGIN = 14

# The 16 colours (xterm's), then the 6x6x6 cube and the grey ramp of 256-colour terminals.
PALETTE = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
    (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
]
LEVELS = [0, 95, 135, 175, 215, 255]
PALETTE += [(LEVELS[i // 36], LEVELS[i // 6 % 6], LEVELS[i % 6]) for i in range(216)]
PALETTE += [(8 + 10 * i,) * 3 for i in range(24)]


class Cell:
    __slots__ = ("char", "fg", "bg", "bold", "dim", "underline", "reverse")

    def __init__(self, char=" ", style=None):
        self.char = char
        style = style or {}
        self.fg = style.get("fg")
        self.bg = style.get("bg")
        self.bold = style.get("bold", False)
        self.dim = style.get("dim", False)
        self.underline = style.get("underline", False)
        self.reverse = style.get("reverse", False)


def apply_sgr(style, parameters):
    """Updates `style` with one SGR sequence's parameters."""
    codes = [int(p) if p else 0 for p in parameters.split(";")] if parameters else [0]
    i = 0
    while i < len(codes):
        code = codes[i]
        if code == 0:
            style.clear()
        elif code == 1:
            style["bold"] = True
        elif code == 2:
            style["dim"] = True
        elif code == 22:
            style["bold"] = style["dim"] = False
        elif code == 4:
            style["underline"] = True
        elif code == 24:
            style["underline"] = False
        elif code == 7:
            style["reverse"] = True
        elif code == 27:
            style["reverse"] = False
        elif 30 <= code <= 37:
            style["fg"] = PALETTE[code - 30]
        elif 90 <= code <= 97:
            style["fg"] = PALETTE[code - 90 + 8]
        elif 40 <= code <= 47:
            style["bg"] = PALETTE[code - 40]
        elif 100 <= code <= 107:
            style["bg"] = PALETTE[code - 100 + 8]
        elif code == 39:
            style.pop("fg", None)
        elif code == 49:
            style.pop("bg", None)
        elif code in (38, 48) and i + 1 < len(codes):
            key = "fg" if code == 38 else "bg"
            if codes[i + 1] == 5 and i + 2 < len(codes):
                style[key] = PALETTE[codes[i + 2] % 256]
                i += 2
            elif codes[i + 1] == 2 and i + 4 < len(codes):
                style[key] = tuple(codes[i + 2:i + 5])
                i += 4
        i += 1


ESCAPE = re.compile(r"\x1b\[([0-9;]*)([A-Za-z])|\x1b[()][A-Za-z0-9]|\x1b.")


def parse(capture):
    """The cells of a `capture-pane -p -e` screen: ROWS lines of COLUMNS cells."""
    grid = []
    style = {}
    for line in capture.split("\n")[:ROWS]:
        row = []
        position = 0
        for match in ESCAPE.finditer(line):
            for char in line[position:match.start()]:
                row.append(Cell(char, style))
            if match.group(2) == "m":
                apply_sgr(style, match.group(1))
            position = match.end()
        for char in line[position:]:
            row.append(Cell(char, style))
        row = row[:COLUMNS] + [Cell(" ", {}) for _ in range(COLUMNS - len(row))]
        grid.append(row)
    while len(grid) < ROWS:
        grid.append([Cell() for _ in range(COLUMNS)])
    return grid


# Box-drawing characters as the sides of the cell's centre they reach: left, right, up, down.
BOX = {
    "─": "lr", "│": "ud", "┌": "rd", "┐": "ld", "└": "ru", "┘": "lu", "╭": "rd", "╮": "ld",
    "╰": "ru", "╯": "lu", "├": "udr", "┤": "udl", "┬": "lrd", "┴": "lru", "┼": "lrud",
    "━": "lr", "┃": "ud", "┏": "rd", "┓": "ld", "┗": "ru", "┛": "lu",
}
HEAVY = set("━┃┏┓┗┛")


class Painter:
    def __init__(self, size=17):
        self.regular = ImageFont.truetype(os.path.join(FONT_DIR, "DejaVuSansMono.ttf"), size)
        self.bold = ImageFont.truetype(os.path.join(FONT_DIR, "DejaVuSansMono-Bold.ttf"), size)
        self.fallback = ImageFont.truetype(os.path.join(FONT_DIR, "DejaVuSans.ttf"), size)
        self.width = round(self.regular.getlength("M"))
        self.height = 2 * self.width  # half blocks come out square
        missing = self.rendered("\ue000")
        self.has_glyph = lambda ch: self.rendered(ch) != missing

    def rendered(self, char):
        """The pixels of one character in the regular font (a missing one draws the .notdef box)."""
        image = Image.new("L", (2 * self.width, 2 * self.width))
        ImageDraw.Draw(image).text((0, 0), char, font=self.regular, fill=255)
        return image.tobytes()

    def colours(self, cell):
        fg = cell.fg or FOREGROUND
        bg = cell.bg or BACKGROUND
        if cell.reverse:
            fg, bg = bg, fg
        if cell.dim:
            fg = tuple((a + b) // 2 for a, b in zip(fg, bg))
        return fg, bg

    def draw(self, grid):
        image = Image.new(
            "RGB", (COLUMNS * self.width + 2 * MARGIN, ROWS * self.height + 2 * MARGIN), BACKGROUND)
        draw = ImageDraw.Draw(image)
        for y, row in enumerate(grid):
            for x, cell in enumerate(row):
                left, top = MARGIN + x * self.width, MARGIN + y * self.height
                right, bottom = left + self.width - 1, top + self.height - 1
                middle = top + self.height // 2
                fg, bg = self.colours(cell)
                draw.rectangle([left, top, right, bottom], fill=bg)
                char = cell.char
                if char == "▀":
                    draw.rectangle([left, top, right, middle - 1], fill=fg)
                elif char == "▄":
                    draw.rectangle([left, middle, right, bottom], fill=fg)
                elif char == "█":
                    draw.rectangle([left, top, right, bottom], fill=fg)
                elif char in BOX:
                    thickness = 3 if char in HEAVY else 1
                    centre_x, centre_y = left + self.width // 2, middle
                    half = thickness // 2
                    sides = BOX[char]
                    if "l" in sides:
                        draw.rectangle([left, centre_y - half, centre_x, centre_y + half], fill=fg)
                    if "r" in sides:
                        draw.rectangle([centre_x, centre_y - half, right, centre_y + half], fill=fg)
                    if "u" in sides:
                        draw.rectangle([centre_x - half, top, centre_x + half, centre_y], fill=fg)
                    if "d" in sides:
                        draw.rectangle([centre_x - half, centre_y, centre_x + half, bottom], fill=fg)
                elif char != " ":
                    font = self.bold if cell.bold else self.regular
                    if not self.has_glyph(char):
                        font = self.fallback
                    glyph_top = top + (self.height - font.size * 1.2) / 2
                    draw.text((left, glyph_top), char, font=font, fill=fg)
                if cell.underline:
                    draw.line([left, bottom - 2, right, bottom - 2], fill=fg)
        return image


class Tmux:
    def __init__(self, command, environment):
        self.socket = "iconpick-shot-%d" % os.getpid()
        arguments = ["tmux", "-f", "/dev/null", "-L", self.socket, "new-session", "-d", "-s", "s",
                     "-x", str(COLUMNS), "-y", str(ROWS)]
        for key, value in sorted(environment.items()):
            arguments += ["-e", "%s=%s" % (key, value)]
        subprocess.run(arguments + [command], check=True)

    def keys(self, *keys):
        subprocess.run(["tmux", "-L", self.socket, "send-keys", "-t", "s"] + list(keys), check=True)

    def capture(self):
        return subprocess.run(["tmux", "-L", self.socket, "capture-pane", "-p", "-e", "-t", "s"],
                              check=True, capture_output=True, text=True).stdout

    def settled(self, condition, timeout=30):
        """The screen once it satisfies `condition` and has not changed for half a second."""
        deadline = time.time() + timeout
        last, since = None, time.time()
        while time.time() < deadline:
            screen = self.capture()
            if screen != last:
                last, since = screen, time.time()
            elif condition(screen) and time.time() - since > 0.5:
                return screen
            time.sleep(0.05)
        raise SystemExit("screenshots: the screen did not settle:\n" + (last or ""))

    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def plain(screen):
    return ESCAPE.sub("", screen)


def main():
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    binary, app, out = (os.path.abspath(a) for a in sys.argv[1:])
    if not shutil.which("tmux"):
        raise SystemExit("screenshots: tmux is not installed (make setup)")
    scratch = tempfile.mkdtemp(prefix="iconpick-shots-")
    # tmux sets TERM in the pane itself, so it is set on the command line.
    command = "TERM=xterm-direct %s --state-dir %s %s; sleep 60" % (
        binary, os.path.join(scratch, "state"), app)
    environment = {"COLORTERM": "truecolor", "LANG": "C.UTF-8",
                   "LC_ALL": "C.UTF-8", "HOME": scratch, "XDG_CACHE_HOME": os.path.join(scratch, "cache")}
    tmux = Tmux(command, environment)
    painter = Painter()
    try:
        # The list: the cursor on the second icon, every preview drawn.
        tmux.settled(lambda s: "App Icon" in plain(s) and "38;2;" in s)
        tmux.keys("Down")
        screen = tmux.settled(lambda s: "❯" in plain(s) and "Blue" in plain(s))
        painter.draw(parse(screen)).save(os.path.join(out, "picker.png"), optimize=True)
        # The grid.
        tmux.keys("v")
        screen = tmux.settled(lambda s: "AppIcon-" not in plain(s))
        painter.draw(parse(screen)).save(os.path.join(out, "grid.png"), optimize=True)
        tmux.keys("q")
    finally:
        tmux.close()
        shutil.rmtree(scratch, ignore_errors=True)
    print("screenshots: %s, %s" % (os.path.join(out, "picker.png"), os.path.join(out, "grid.png")))


if __name__ == "__main__":
    main()
