#!/usr/bin/env python3
"""iconpick benchmarks: `make bench` runs this with the release binary.

Each figure is the median of repeated runs, with min and max; ratios compare
figures measured in the same run. Fixtures are generated under a temporary folder.

`bench.py --smoke BINARY PALETTE` (`make bench-smoke`, in CI) runs every row once, on small
generated apps, without the optional corpus and built apps: the figures are printed, not
judged, and it exits non-zero when any path fails (a command or iconpick-bench exiting
non-zero or printing nothing, a picker that draws nothing, an exception here).

BENCH_ONLY=NAME[,NAME...] runs only those groups of rows: start-up, catalog read, built apps,
thumbnails, Icon Composer, first frames, picker images, terminal images (`BENCH_ONLY="first
frames" make bench` gives the picker's first frames beside fzf, a cursor move and a typed key).
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# Set by --smoke: each row once, small sizes.
SMOKE = False

# BENCH_ONLY: the groups of rows to run (all when unset).
ONLY = [name.strip() for name in os.environ.get("BENCH_ONLY", "").split(",") if name.strip()]


def wanted(group):
    """Whether BENCH_ONLY asks for this group of rows (every group when it is unset)."""
    return not ONLY or group in ONLY


def repeats(count):
    """How many times a row runs: `count`, or once in a smoke run."""
    return 1 if SMOKE else count


def run(argv, env=None, output=True):
    """Runs argv to its end; raises if it exits non-zero, and in a smoke run if it printed
    nothing when `output` says it prints (its output is discarded when measuring)."""
    if not SMOKE:
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
        return
    result = subprocess.run(argv, check=True, stdout=subprocess.PIPE, env=env)
    if output and not result.stdout:
        raise RuntimeError("no output from: %s" % " ".join(argv))


def tool_output(argv):
    """The standard output of argv (iconpick-bench); raises if it exits non-zero or prints nothing."""
    result = subprocess.run(argv, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError("%s exited with %d: %s" % (" ".join(argv), result.returncode, result.stderr.strip()))
    out = result.stdout
    if not out.strip():
        raise RuntimeError("no output from: %s" % " ".join(argv))
    return out

# The demo app as it was, with an .appiconset of one 1024x1024 RGB PNG per icon: the thumbnail
# figures (and chafa beside them) need PNGs, and Assets/Palette now holds Icon Composer bundles.
PALETTE_APPICONSETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures",
                                   "PaletteAppIconSets")


def small_png(index, size=16):
    """A valid size x size RGB PNG in a colour of its own: listing reads catalogs, not pixels,
    and the picker's previews of these stay cheap and distinct."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    colour = bytes(((index * 37) % 256, (index * 91) % 256, (index * 53 + 128) % 256))
    raw = b"".join(b"\x00" + colour * size for _ in range(size))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def smoke_png(index, size=128):
    """A size x size PNG for a smoke run, RGB for even `index` and RGBA for odd, each row with
    one of the five filters: the previews' fast path and libpng have every kind of row to undo,
    at a sixty-fourth of a 1024x1024 icon's pixels."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    channels = 4 if index % 2 else 3
    raw = b"".join(bytes([y % 5]) + bytes((x * 7 + y * 3 + c * 50 + index * 29) % 256
                                          for x in range(size) for c in range(channels))
                   for y in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 6 if channels == 4 else 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))


def small_icon_sets(scratch):
    """A copy of PALETTE_APPICONSETS whose PNGs are smoke_png's, for a smoke run: a debug
    build takes seconds per 1024x1024 icon on the fast path."""
    root = os.path.join(scratch, "SmallAppIconSets")
    shutil.copytree(PALETTE_APPICONSETS, root)
    for index, name in enumerate(ICONS):
        with open(os.path.join(root, "Assets.xcassets", name + ".appiconset", name + ".png"), "wb") as f:
            f.write(smoke_png(index))
    return root


def make_project(root, alternates):
    """A project like Palette with `alternates` alternate icon sets."""
    catalog = os.path.join(root, "Assets.xcassets")
    names = ["AppIcon"] + ["AppIcon-%04d" % i for i in range(alternates)]
    for index, name in enumerate(names):
        folder = os.path.join(catalog, name + ".appiconset")
        os.makedirs(folder)
        with open(os.path.join(folder, "Contents.json"), "w") as f:
            json.dump({"images": [{"filename": name + ".png", "idiom": "universal",
                                   "platform": "ios", "size": "1024x1024"}],
                       "info": {"author": "xcode", "version": 1}}, f)
        with open(os.path.join(folder, name + ".png"), "wb") as f:
            f.write(small_png(index))
    with open(os.path.join(root, "App.xcconfig"), "w") as f:
        f.write("PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Bench%d\n" % alternates)
        f.write("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = %s\n" % " ".join(names[1:]))
    with open(os.path.join(root, "Info.plist"), "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>'
                '<key>CFBundleDisplayName</key><string>Bench</string>'
                '<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>'
                '</dict></plist>\n')


def time_command(argv, runs):
    """Wall-clock seconds of each run; the first (cold file cache) run is discarded."""
    run(argv)
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        run(argv)
        samples.append(time.perf_counter() - start)
    return samples


def row(label, samples):
    median = statistics.median(samples)
    print("| %-38s | %9.1f ms | %9.1f ms | %9.1f ms |" % (
        label, median * 1000, min(samples) * 1000, max(samples) * 1000))
    return median


# The generated projects' alternates: a small app and a large one (smaller in a smoke run).
SMALL, LARGE = 80, 2000


def main():
    global SMOKE, SMALL, LARGE, CORPUS, AWFUL, PALETTE_APPICONSETS
    arguments = sys.argv[1:]
    if arguments[:1] == ["--smoke"]:
        SMOKE, SMALL, LARGE = True, 8, 200
        arguments = arguments[1:]
        # The optional corpus is not read in a smoke run, wherever it is.
        CORPUS, AWFUL = "", ""
    if len(arguments) != 2:
        sys.exit("usage: bench.py [--smoke] BINARY PALETTE")
    binary, palette = arguments
    unknown = [name for name in ONLY if name not in GROUPS]
    if unknown:
        sys.exit("bench.py: BENCH_ONLY names no group %s (the groups: %s)" % (
            ", ".join(unknown), ", ".join(GROUPS)))
    runs = 1 if SMOKE else int(os.environ.get("RUNS", "15"))
    scratch = tempfile.mkdtemp(prefix="iconpick-bench-")
    try:
        if SMOKE:
            PALETTE_APPICONSETS = small_icon_sets(scratch)
        state = os.path.join(scratch, "state")
        for count in (SMALL, LARGE):
            make_project(os.path.join(scratch, "p%d" % count), count)
        print("iconpick bench%s: %d runs each, median (min, max)\n" % (
            " (smoke: each row once, small sizes, 128x128 PNGs for the 1024x1024 icons;"
            " figures not judged)" if SMOKE else "", runs))
        if wanted("size"):
            size(binary, scratch)
        # Every program is timed as a copy, written the way `make install` and dpkg write it.
        binary = installed_copy(binary, scratch)
        if wanted("start-up"):
            began = time.perf_counter()
            startup(binary, palette, scratch, runs)
            took("start-up", began)
        if wanted("catalog read"):
            catalog_read(binary, palette, scratch, state, runs)
        for name, work in (("built apps", lambda: built_apps(binary, scratch, runs)),
                           ("thumbnails", lambda: thumbnails(binary, PALETTE_APPICONSETS, scratch, runs)),
                           ("Icon Composer", lambda: icon_composer(binary, palette, scratch, runs)),
                           ("first frames", lambda: first_frame(binary, palette, scratch, runs)),
                           ("picker images", lambda: picker_images(binary, palette, scratch, runs)),
                           ("terminal images", lambda: terminal_images(binary, scratch, runs))):
            if not wanted(name):
                continue
            began = time.perf_counter()
            work()
            took(name, began)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


GROUPS = ["size", "start-up", "catalog read", "built apps", "thumbnails", "Icon Composer", "first frames",
          "picker images", "terminal images"]


def catalog_read(binary, palette, scratch, state, runs):
    """`list --json` of Palette and of the generated projects."""
    began = time.perf_counter()
    print("| %-38s | %12s | %12s | %12s |" % ("catalog read (iconpick list --json)", "median", "min", "max"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
    base = ["--state-dir", state]
    row("Palette (8 icons)", time_command([binary, "list", "--json", palette] + base, runs))
    small = row("generated, {:,} alternates".format(SMALL), time_command(
        [binary, "list", "--json", os.path.join(scratch, "p%d" % SMALL)] + base, runs))
    large = row("generated, {:,} alternates".format(LARGE), time_command(
        [binary, "list", "--json", os.path.join(scratch, "p%d" % LARGE)] + base, runs))
    per_icon_small = small / (SMALL + 1)
    per_icon_large = large / (LARGE + 1)
    print("\n{:,}:{} time ratio {:.1f} for {:.1f}x the icons; per icon {:.3f} ms vs {:.3f} ms ({:.2f}x)".format(
        LARGE, SMALL, large / small, (LARGE + 1) / (SMALL + 1), per_icon_large * 1000,
        per_icon_small * 1000, per_icon_large / per_icon_small))
    took("catalog read", began)


def took(name, began):
    """In a smoke run, how long a group of rows took (a slow path shows here first)."""
    if SMOKE:
        print("\n(smoke: the %s rows took %.1f s)\n" % (name, time.perf_counter() - began))


def bench_tool(binary):
    """iconpick-bench, which times the pipeline in one process: BENCH_TOOL, else beside `binary`."""
    return os.environ.get("BENCH_TOOL") or os.path.join(os.path.dirname(binary), "iconpick-bench")


FLOORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Floors")


def installed_copy(program, scratch):
    """A copy of `program` in `scratch`, written with write(2) as `install` and dpkg write it,
    to be timed instead of the file a linker has just written: this machine keeps such a file in
    the page cache in a state that made each start of the same bytes about 13% slower (the
    shipped --version 1.13x its own copy, paired, until the cache was dropped)."""
    folder = os.path.join(scratch, "installed")
    os.makedirs(folder, exist_ok=True)
    copy = os.path.join(folder, os.path.basename(program))
    while os.path.exists(copy):
        copy += "-"
    shutil.copyfile(program, copy)
    os.chmod(copy, 0o755)
    # Out of the page cache once on disk, so the first run reads it back as any program is read.
    descriptor = os.open(copy, os.O_RDONLY)
    try:
        os.fsync(descriptor)
        os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(descriptor)
    return copy


def run_measured(argv, env=None):
    """Wall-clock seconds of one whole process."""
    start = time.perf_counter()
    run(argv, env)
    return time.perf_counter() - start


def peak_rss(argv, env=None):
    """Peak RSS (MB) of one whole process, from GNU time: a child of this Python process would
    start with Python's own pages counted (fork, or vfork's shared memory until exec), which is
    more than the smallest programs here ever use. None without /usr/bin/time."""
    if not os.path.exists("/usr/bin/time"):
        return None
    with tempfile.NamedTemporaryFile("r") as out:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", out.name] + argv, check=True,
                       stdout=subprocess.DEVNULL, env=env)
        return int(out.read().split()[-1]) / 1024


def size(binary, scratch):
    """What is shipped, in bytes: the binary as built, stripped as the .deb strips it, and the
    .deb itself when DEB names one (`make bench` builds it); the targets are issue 37's."""
    rows = [("shipped binary, as built", os.path.getsize(binary))]
    if not shutil.which("strip"):
        print("strip is not installed (binutils; make setup-deb): the binary's size as built only,"
              " %.1f MB\n" % (rows[0][1] / 1e6))
        return
    stripped = os.path.join(scratch, "iconpick-stripped")
    subprocess.run(["strip", "--strip-unneeded", "--remove-section=.comment",
                    "--remove-section=.note", "-o", stripped, binary], check=True)
    rows.append(("shipped binary, stripped (in the .deb)", os.path.getsize(stripped)))
    deb = os.environ.get("DEB")
    if deb and os.path.exists(deb):
        rows.append((".deb (xz)", os.path.getsize(deb)))
    print("| %-38s | %12s |" % ("size", "bytes"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|")
    for label, count in rows:
        print("| %-38s | %9.1f MB |" % (label, count / 1e6))
    libraries = [line.split()[0] for line in tool_output(["ldd", binary]).splitlines() if "=>" in line]
    print("\nstripped binary %.1f MB (target: at most 20 MB; stretch: 12 MB)%s; it links %s" % (
        rows[1][1] / 1e6,
        "; .deb %.1f MB (target: at most 6 MB)" % (rows[2][1] / 1e6) if len(rows) > 2 else
        "; no .deb measured (DEB= names one; make bench builds it)",
        ", ".join(libraries)))
    icu = subprocess.run(["grep", "-c", "icudt", binary], capture_output=True, text=True).stdout.strip()
    print("ICU's data in the binary: %s\n" % ("none" if icu in ("", "0") else "yes (icudt symbols found)"))


def startup(binary, palette, scratch, runs):
    """Start-up as whole processes, each command beside its yardstick in the same rounds (one
    run of each in turn, so a busy machine slows all alike): `--version` beside two floors, the
    smallest Swift programs that import Foundation or only FoundationEssentials (built here, both
    as `swift build` links them, loading the Swift runtime and Foundation as shared libraries, and
    with them linked in, as the shipped binary is), and beside `chafa --version`; `list --json` on
    Palette and on a generated 36-icon app; a warm `show` of a PNG beside chafa drawing that PNG
    at the same size. `binary` is the one `make install` and the .deb ship (--static-swift-stdlib);
    DYNAMIC_BINARY, when set, is the same sources as `swift build -c release` links them, for
    comparison. Wall time and peak RSS."""
    floors = {}
    for name in ("foundation", "essentials"):
        for static in (False, True):
            key = name + (" static" if static else "")
            built = os.path.join(scratch, "floor-" + key.replace(" ", "-"))
            subprocess.run(["swiftc", "-O"] + (["-static-stdlib"] if static else [])
                           + [os.path.join(FLOORS, name + ".swift"), "-o", built],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            floors[key] = installed_copy(built, scratch)
    app36 = os.path.join(scratch, "startup36")
    make_project(app36, 35)
    cache = os.path.join(scratch, "startup-cache")
    env = dict(os.environ, XDG_CACHE_HOME=cache, TERM="xterm-256color", LANG="C.UTF-8",
               LC_ALL="C.UTF-8")
    state = ["--state-dir", os.path.join(scratch, "state")]
    png = os.path.join(PALETTE_APPICONSETS, "Assets.xcassets", "AppIcon-Blue.appiconset",
                       "AppIcon-Blue.png")
    chafa = shutil.which("chafa")
    dynamic = os.environ.get("DYNAMIC_BINARY")
    commands = [
        ("iconpick --version", [binary, "--version"]),
        ("Foundation floor", [floors["foundation"]]),
        ("FoundationEssentials floor", [floors["essentials"]]),
        ("Foundation floor, linked in", [floors["foundation static"]]),
        ("FoundationEssentials floor, linked in", [floors["essentials static"]]),
        ("iconpick list --json, Palette", [binary, "list", "--json", palette] + state),
        ("iconpick list --json, 36 icons", [binary, "list", "--json", app36] + state),
        ("iconpick show, a PNG, warm, 12x6", [binary, "show", "AppIcon-Blue", PALETTE_APPICONSETS,
                                             "--size", "12x6", "--color", "256"] + state),
    ]
    if dynamic:
        commands[1:1] = [("shared-runtime build: --version", [dynamic, "--version"])]
        commands.append(("shared-runtime build: list, Palette",
                         [dynamic, "list", "--json", palette] + state))
        commands.append(("shared-runtime build: list, 36 icons",
                         [dynamic, "list", "--json", app36] + state))
    if chafa:
        commands.insert(6 if dynamic else 5, ("chafa --version", [chafa, "--version"]))
        commands.append(("chafa, the same PNG, 12x6",
                         [chafa, "--size", "12x6", "--colors", "256", "--animate", "off", png]))
    for _, argv in commands:
        run_measured(argv, env)  # warms the file cache and the thumbnail cache
    samples = {label: [] for label, _ in commands}
    memory = {label: [] for label, _ in commands}
    for _ in range(repeats(max(runs, 21))):
        for label, argv in commands:
            samples[label].append(run_measured(argv, env))
            memory[label].append(peak_rss(argv, env))
    print("| %-38s | %12s | %12s | %12s | %12s |" % (
        "start-up, whole processes", "median", "min", "max", "peak RSS"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
    median = {}
    rss = {}
    for label, _ in commands:
        times = samples[label]
        median[label] = statistics.median(times)
        rss[label] = None if None in memory[label] else statistics.median(memory[label])
        print("| %-38s | %9.1f ms | %9.1f ms | %9.1f ms | %s |" % (
            label, median[label] * 1000, min(times) * 1000, max(times) * 1000,
            "%9.1f MB" % rss[label] if rss[label] is not None else "%12s" % "(no time)"))

    def paired(a, b):
        """The median of the per-round ratios a/b: each round ran both back to back."""
        return statistics.median(x / y for x, y in zip(samples[a], samples[b]))

    version = "iconpick --version"
    print("\nThe shipped binary (make install, make deb) has the Swift runtime and FoundationEssentials linked in;"
          "\nthe floors as the issue defines them load them as shared libraries, as `swift build` links.")
    print("--version : Foundation floor = %.2f (target: at most 1.2); : FoundationEssentials floor"
          " = %.2f (stretch: at most 1.3)%s" % (
              paired(version, "Foundation floor"), paired(version, "FoundationEssentials floor"),
              "; : chafa --version = %.2f" % paired(version, "chafa --version") if chafa else ""))
    print("like for like: --version : Foundation floor linked in = %.2f; : FoundationEssentials"
          " floor linked in = %.2f (target: at most 1.2)%s" % (
        paired(version, "Foundation floor, linked in"),
        paired(version, "FoundationEssentials floor, linked in"),
        "; shared-runtime build : Foundation floor = %.2f" % paired(
            "shared-runtime build: --version", "Foundation floor") if dynamic else ""))
    print("importing only FoundationEssentials would save, on the floors: %.1f ms and %.1f MB with"
          " shared libraries; %.1f ms and %.1f MB linked in" % (
              (median["Foundation floor"] - median["FoundationEssentials floor"]) * 1000,
              (rss["Foundation floor"] or 0) - (rss["FoundationEssentials floor"] or 0),
              (median["Foundation floor, linked in"] - median["FoundationEssentials floor, linked in"]) * 1000,
              (rss["Foundation floor, linked in"] or 0) - (rss["FoundationEssentials floor, linked in"] or 0)))
    drawing_none = [l for l, _ in commands if l.startswith("iconpick")]
    if rss[version] is not None:
        worst = max(drawing_none, key=lambda l: rss[l])
        print("peak RSS of commands that draw no .icon: at most %.1f MB (%s) (target: at most 22 MB;"
              " stretch: 16 MB); the Foundation floor %.1f MB, %.1f MB linked in" % (
                  rss[worst], worst, rss["Foundation floor"], rss["Foundation floor, linked in"]))
        if dynamic:
            shared = [l for l, _ in commands if l.startswith("shared-runtime build")]
            worst = max(shared, key=lambda l: rss[l])
            print("the shared-runtime build: at most %.1f MB (%s)" % (rss[worst], worst))
    else:
        print("/usr/bin/time is not installed (make setup-bench): no peak RSS")
    if chafa:
        print("warm show of a PNG : chafa drawing it = %.2f (target: at most 0.5)" % paired(
            "iconpick show, a PNG, warm, 12x6", "chafa, the same PNG, 12x6"))
    else:
        print("chafa is not installed (make setup-bench): no comparison")
    print()


BUILT_CAR = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                         "../../../shared/builtapps/unkle777__grandmaster-chess/Payload/Runner.app/Assets.car")
# A small car of the repository's (the car fuzz target's seed): timed when BUILT_CAR is not there,
# and in a smoke run, so the path always runs.
SEED_CAR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fuzz", "car", "seeds",
                        "app-icon.car")


def built_apps(binary, scratch, runs):
    """A built app read from its folder and from an .ipa of it (the zip read in place through
    libzip, loaded on first use): `list --json` on both, and their ratio (target: at most 1.3).
    Then the CPU time of listing a real 1.2 MB Assets.car in process (target: at most 5 ms),
    when ../shared/builtapps is there."""
    import plistlib
    import zipfile
    app = os.path.join(scratch, "built", "Payload", "Bench.app")
    os.makedirs(app)
    alternates = {}
    for index in range(80):
        name = "Alternate%d" % index
        alternates[name] = {"CFBundleIconFiles": [name + "60x60"], "CFBundleIconName": name}
        with open(os.path.join(app, name + "60x60@2x.png"), "wb") as f:
            f.write(small_png(index))
    with open(os.path.join(app, "AppIcon60x60@2x.png"), "wb") as f:
        f.write(small_png(99))
    plist = {"CFBundleIdentifier": "com.example.bench", "CFBundleDisplayName": "Bench",
             "CFBundleIcons": {"CFBundlePrimaryIcon": {"CFBundleIconFiles": ["AppIcon60x60"],
                                                       "CFBundleIconName": "AppIcon"},
                               "CFBundleAlternateIcons": alternates}}
    with open(os.path.join(app, "Info.plist"), "wb") as f:
        plistlib.dump(plist, f, fmt=plistlib.FMT_BINARY)
    # A few hundred other files, as a real app has (code, frameworks, resources).
    for index in range(300):
        with open(os.path.join(app, "resource%d.dat" % index), "wb") as f:
            f.write(os.urandom(2048))
    ipa = os.path.join(scratch, "built", "Bench.ipa")
    with zipfile.ZipFile(ipa, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(os.listdir(app)):
            z.write(os.path.join(app, name), "Payload/Bench.app/" + name)
    state = ["--state-dir", os.path.join(scratch, "state")]
    print("\n| %-38s | %12s | %12s | %12s |" % ("built app, 81 icons (list --json)", "median", "min", "max"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
    unpacked = row("Bench.app (a folder)", time_command([binary, "list", "--json", app] + state, runs))
    packed = row("Bench.ipa (read in place)", time_command([binary, "list", "--json", ipa] + state, runs))
    print("\n.ipa : .app = %.2f (target: at most 1.3)" % (packed / unpacked))
    bench = bench_tool(binary)
    car = os.path.normpath(BUILT_CAR)
    if SMOKE or not os.path.exists(car):
        car, what = os.path.normpath(SEED_CAR), "the repository's small seed, not the chess build: %s" % (
            "a smoke run" if SMOKE else "../shared/builtapps is not there")
    else:
        what = "chess device build"
    out = tool_output([bench, "car-time", str(repeats(max(runs, 50))), car]).split()
    print("listing Assets.car (%.3f MB, %s) in process, CPU: median %s ms (min %s, max %s;"
          " target: at most 5 ms for the chess build)" % (os.path.getsize(car) / 1e6, what, out[1], out[2], out[3]))


ICONS = ["AppIcon", "AppIcon-Blue", "AppIcon-Green", "AppIcon-Orange", "AppIcon-Pink",
         "AppIcon-Purple", "AppIcon-Teal", "AppIcon-Yellow"]


def thumbnails(binary, palette, scratch, runs):
    """Whole `iconpick show` runs per 1024x1024 icon of `palette` (the PNG icon sets of
    Tests/Fixtures/PaletteAppIconSets) at 12x6 cells: cold (empty cache),
    warm (cached), and chafa on the same PNG at the same size. Then the pipeline inside one
    process: one icon at a time on one thread (cold, and the libpng decode alone), and all
    8 icons at once on the renderer the picker uses (one thread per core), per icon; beside
    chafa's cost per added icon and per icon when given all 8 files in one run."""
    cache = os.path.join(scratch, "cache")
    env = dict(os.environ, XDG_CACHE_HOME=cache, TERM="xterm-256color")
    state = os.path.join(scratch, "state")

    def show(name):
        return [binary, "show", name, palette, "--size", "12x6", "--color", "256", "--state-dir", state]

    cold, warm, chafa = [], [], []
    for _ in range(runs):
        for name in ICONS:
            shutil.rmtree(cache, ignore_errors=True)
            start = time.perf_counter()
            run(show(name), env)
            cold.append(time.perf_counter() - start)
            start = time.perf_counter()
            run(show(name), env)
            warm.append(time.perf_counter() - start)
    chafa_path = shutil.which("chafa")
    chafa_args = [chafa_path, "--size", "12x6", "--colors", "256", "--animate", "off"]
    if chafa_path:
        for _ in range(runs):
            for name in ICONS:
                png = os.path.join(palette, "Assets.xcassets", name + ".appiconset", name + ".png")
                start = time.perf_counter()
                run(chafa_args + [png], env)
                chafa.append(time.perf_counter() - start)
    print("\n| %-38s | %12s | %12s | %12s |" % ("thumbnail, 1024x1024 icon at 12x6 cells", "median", "min", "max"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
    cold_median = row("iconpick show, cold (no cache)", cold)
    warm_median = row("iconpick show, warm (cached)", warm)
    if chafa:
        row("chafa --size 12x6", chafa)
    # Inside one process, without start-up and catalog reading: the pipeline's own cost.
    bench_binary = bench_tool(binary)
    pngs = [os.path.join(palette, "Assets.xcassets", n + ".appiconset", n + ".png") for n in ICONS]
    lines = tool_output([bench_binary, str(runs), "12x6"] + pngs).split("\n")
    figures = {l.split()[0]: [float(x) / 1000 for x in l.split()[1:]] for l in lines if l.strip()}
    threads = int(round(figures["threads"][0] * 1000))

    def ms_row(label, samples):
        print("| %-38s | %9.2f ms | %9.2f ms | %9.2f ms |" % (label, *[x * 1000 for x in samples]))

    ms_row("in process: decode+render+store, cold", figures["cold"])
    ms_row("in process: the fast path decode alone", figures["fast"])
    ms_row("in process: the libpng decode alone", figures["decode"])
    ms_row("  fast: libdeflate inflate (the floor)", figures["inflate"])
    ms_row("  fast: unfilter", figures["unfilter"])
    ms_row("  fast: unfilter, plain reference", figures["unfilter-reference"])
    ms_row("in process: from the cache, warm", figures["warm"])
    ms_row("in process: %d at once, %d threads, /icon" % (len(pngs), threads), figures["batch"])
    if chafa:
        # chafa's cost per extra icon: all icons in one run minus one icon, per added icon;
        # and all icons in one run divided by their number (start-up shared by all).
        one = time_command(chafa_args + [pngs[0]], runs)
        many = time_command(chafa_args + pngs, runs)
        # Paired runs give the spread; the figure itself is the difference of the medians.
        added = [(m - o) / (len(pngs) - 1) for m, o in zip(many, one)]
        marginal = (statistics.median(many) - statistics.median(one)) / (len(pngs) - 1)
        print("| %-38s | %9.2f ms | %9.2f ms | %9.2f ms |" % (
            "chafa, per added icon in one run", marginal * 1000, min(added) * 1000, max(added) * 1000))
        row("chafa, %d files in one run, /icon" % len(pngs), [x / len(pngs) for x in many])
        batch_chafa = statistics.median(many) / len(pngs)
        print("\nper icon, chafa:iconpick: cold %.2fx, warm %.0fx (in-process figures);"
              " whole processes: cold %.2fx, warm %.2fx" % (
                  marginal / figures["cold"][0], marginal / figures["warm"][0],
                  statistics.median(chafa) / cold_median, statistics.median(chafa) / warm_median))
        print("%d icons at once, per icon: chafa (one run, all files) : iconpick (%d threads) %.2fx;"
              " chafa per added icon : iconpick %d threads %.2fx" % (
                  len(pngs), threads, batch_chafa / figures["batch"][0], threads,
                  marginal / figures["batch"][0]))
        ratio = marginal / figures["cold"][0]
        rest = figures["cold"][0] - figures["fast"][0]
        print("cold preview on one thread, chafa per added icon : iconpick = %.2fx (target: 2x)%s;"
              " of its %.2f ms, %.2f ms decode (%.2f inflate, %.2f unfilter, the rest reading the"
              " file and fresh pages), %.2f ms resize, cells and cache; libpng's decode alone"
              " %.2f ms" % (
                  ratio, "" if ratio >= 2 else ", short by %.2f ms" % (
                      (figures["cold"][0] - marginal / 2) * 1000),
                  *[x * 1000 for x in (figures["cold"][0], figures["fast"][0], figures["inflate"][0],
                                       figures["unfilter"][0], rest, figures["decode"][0])]))
    else:
        print("\nchafa is not installed (make setup-bench): no comparison")
    first_screen_cold(binary, palette, scratch, runs, chafa_args if chafa_path else None)


def first_screen_cold(binary, palette, scratch, runs, chafa_args):
    """The picker's first complete screen of a 36-icon app of 1024x1024 PNGs (copies of the 8
    Palette icons), cold (empty cache), in a 100x30 pseudo-terminal, against chafa drawing the
    same files: the 13 list previews the screen shows (4x2 cells) in one run, then the large
    preview (30x14)."""
    root = os.path.join(scratch, "app36")
    pngs = [os.path.join(palette, "Assets.xcassets", n + ".appiconset", n + ".png") for n in ICONS]
    names = ["AppIcon"] + ["AppIcon-%02d" % i for i in range(1, 36)]
    shown = []
    for index, name in enumerate(names):
        folder = os.path.join(root, "Assets.xcassets", name + ".appiconset")
        os.makedirs(folder)
        with open(os.path.join(folder, "Contents.json"), "w") as f:
            json.dump({"images": [{"filename": name + ".png", "idiom": "universal",
                                   "platform": "ios", "size": "1024x1024"}],
                       "info": {"author": "xcode", "version": 1}}, f)
        shutil.copyfile(pngs[index % len(pngs)], os.path.join(folder, name + ".png"))
        if index < 13:
            shown.append(os.path.join(folder, name + ".png"))
    with open(os.path.join(root, "App.xcconfig"), "w") as f:
        f.write("PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Bench36\n")
        f.write("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = %s\n" % " ".join(names[1:]))
    cache = os.path.join(scratch, "cache36")
    # Cells, as first_frame draws them: a pseudo-terminal answers no question of `auto`'s.
    env = dict(os.environ, XDG_CACHE_HOME=cache, TERM="xterm-256color", LANG="C.UTF-8",
               LC_ALL="C.UTF-8", ICONPICK_GRAPHICS="cells")
    argv = [binary, root, "--state-dir", os.path.join(scratch, "state36")]
    samples = []
    for _ in range(runs + 1):
        shutil.rmtree(cache, ignore_errors=True)
        samples.append(pty_session(argv, env)[0])
    samples = samples[1:]  # the first run reads the files from disk
    print("\n| %-38s | %12s | %12s | %12s |" % ("first screen, 36 icons, cold, 100x30", "median", "min", "max"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
    ours = row("iconpick, first complete frame", samples)
    if not chafa_args:
        print("\nskipped: chafa is not installed (make setup-bench), no comparison")
        return
    list_args = [a if a != "12x6" else "4x2" for a in chafa_args]
    pane_args = [a if a != "12x6" else "30x14" for a in chafa_args]
    chafa = []
    run(list_args + shown)
    for _ in range(runs):
        start = time.perf_counter()
        run(list_args + shown)
        run(pane_args + shown[:1])
        chafa.append(time.perf_counter() - start)
    theirs = row("chafa, the 13 shown files + the pane", chafa)
    print("\nfirst screen of 36 icons, cold: chafa : iconpick = %.2fx (iconpick from start-up"
          " to the last preview, both cores; chafa's two runs back to back)" % (theirs / ours))


# The optional corpus of real projects (not part of the repository; `make bench` passes its
# CORPUS); the Icon Composer figures use Awful's 15 .icon bundles when they are there.
CORPUS = os.environ.get("CORPUS", "")
AWFUL = os.path.join(CORPUS, "Awful__Awful.app")


def icon_layers(bundle):
    """The SVG files a bundle's icon.json names, each once."""
    with open(os.path.join(bundle, "icon.json")) as f:
        document = json.load(f)
    names = []
    for group in document.get("groups", []):
        for layer in group.get("layers", []):
            candidates = [layer.get("image-name")] + [
                s.get("value") for s in layer.get("image-name-specializations", [])]
            for name in candidates:
                if isinstance(name, str) and name.endswith(".svg") and name not in names:
                    names.append(name)
    return [os.path.join(bundle, "Assets", n) for n in names]


def icon_composer(binary, palette, scratch, runs):
    """Icon Composer previews at 16x8 cells (16x16 pixels), for Palette's 8 .icon bundles (and
    Awful's 15 when the corpus is beside the repository): cold and warm in process, beside a
    PNG's warm preview; and as whole processes, `iconpick show` cold beside rsvg-convert
    rasterising the same bundle's SVG layers at the same pixel size, one process per layer (the
    floor of the librsvg work: it cannot do several into one PNG). Then the picker's first frame
    on Awful beside Palette's."""
    bench_binary = bench_tool(binary)
    apps = [("Palette", palette, [])]
    if AWFUL and os.path.isdir(AWFUL):
        apps.append(("Awful", AWFUL, ["--target", "Awful"]))
    print("\n| %-38s | %12s | %12s | %12s |" % ("Icon Composer preview, 16x8 cells", "median", "min", "max"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")

    def ms_row(label, samples):
        print("| %-38s | %9.2f ms | %9.2f ms | %9.2f ms |" % (label, *[x * 1000 for x in samples]))

    def figures(files):
        lines = tool_output([bench_binary, str(runs), "16x8"] + files).split("\n")
        return {l.split()[0]: [float(x) / 1000 for x in l.split()[1:]] for l in lines if l.strip()}

    pngs = [os.path.join(PALETTE_APPICONSETS, "Assets.xcassets", n + ".appiconset", n + ".png") for n in ICONS]
    png = figures(pngs)
    per_app = {}
    for label, root, _ in apps:
        bundles = sorted(os.path.join(d, f) for d, subdirs, files in os.walk(root) for f in subdirs
                         if f.endswith(".icon"))
        per_app[label] = (bundles, figures(bundles))
        ms_row("in process, cold, %s (%d)" % (label, len(bundles)), per_app[label][1]["cold"])
        ms_row("in process, warm, %s" % label, per_app[label][1]["warm"])
    ms_row("in process, warm, a PNG (Palette's)", png["warm"])

    rsvg = shutil.which("rsvg-convert")
    cache = os.path.join(scratch, "icon-cache")
    env = dict(os.environ, XDG_CACHE_HOME=cache, TERM="xterm-256color")
    state = os.path.join(scratch, "state")
    shows, layer_runs = [], []
    for label, root, extra in apps:
        for bundle in per_app[label][0]:
            name = os.path.basename(bundle)[:-len(".icon")]
            argv = [binary, "show", name, root, "--size", "16x8", "--color", "256", "--state-dir", state] + extra
            for _ in range(repeats(max(3, runs // 3))):
                shutil.rmtree(cache, ignore_errors=True)
                start = time.perf_counter()
                run(argv, env)
                shows.append(time.perf_counter() - start)
                if rsvg:
                    start = time.perf_counter()
                    for layer in icon_layers(bundle):
                        run([rsvg, "-w", "16", "-h", "16", layer, "-o",
                             os.path.join(scratch, "layer.png")], output=False)
                    layer_runs.append(time.perf_counter() - start)
    show_median = row("iconpick show, cold, per bundle", shows)
    if rsvg:
        rsvg_median = row("rsvg-convert, its layers, per bundle", layer_runs)
        print("\ncold .icon preview, whole processes, iconpick:rsvg-convert = %.2f (target: at most 1.5)"
              % (show_median / rsvg_median))
    else:
        print("\nrsvg-convert is not installed (make setup-bench): no comparison")
    for label, _, _ in apps:
        print("warm .icon preview, %s : a PNG's = %.2f (target: about 1)"
              % (label, per_app[label][1]["warm"][0] / png["warm"][0]))

    # Palette alone when the corpus is not there; the ratio needs Awful.
    penv = dict(os.environ, XDG_CACHE_HOME=os.path.join(scratch, "cache"), TERM="xterm-256color",
                LANG="C.UTF-8", LC_ALL="C.UTF-8", ICONPICK_GRAPHICS="cells")
    frames = {}
    print("\n| %-38s | %12s | %12s | %12s |" % ("first frame, Icon Composer apps (warm)", "median", "min", "max"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
    argvs = {label: [binary, root, "--state-dir", state] + extra for label, root, extra in apps}
    for argv in argvs.values():
        pty_session(argv, penv)  # fills the cache
    # Both apps in every round, so a busy machine slows them alike.
    for _ in range(runs):
        for label, argv in argvs.items():
            frames.setdefault(label, []).append(pty_session(argv, penv)[0])
    for label in argvs:
        row("first complete frame, " + label, frames[label])
    if "Awful" in frames:
        ratio = statistics.median(a / p for a, p in zip(frames["Awful"], frames["Palette"]))
        print("\nAwful (15 .icon) : Palette first frame = %.2f, paired (target: at most 2)" % ratio)
    else:
        print("\nskipped: Awful (the corpus's %s) is not there, no Awful figures or ratio"
              % ("Awful__Awful.app" if SMOKE else AWFUL))


def on_terminal(argv, env, columns=100, rows=30, cell=(10, 20)):
    """Runs argv with its standard output on a pseudo-terminal of columns x rows cells whose
    TIOCGWINSZ gives cell-sized pixels (so iconpick and chafa draw the same pixels), reading
    everything it writes. Wall seconds, CPU seconds (wait4) and the bytes written; raises if it
    fails or writes nothing."""
    import fcntl
    import pty
    import select
    import struct
    import termios
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, columns * cell[0],
                                                       rows * cell[1]))
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=slave, stderr=subprocess.PIPE,
                             env=env)
    os.close(slave)
    count = 0
    while True:
        ready, _, _ = select.select([master], [], [], 10)
        if not ready:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        count += len(chunk)
    _, wait_status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(wait_status)
    errors = child.stderr.read().decode(errors="replace").strip()
    os.close(master)
    if child.returncode != 0 or not count:
        raise RuntimeError("%s exited with %d, %d bytes written: %s" % (
            " ".join(argv), child.returncode, count, errors))
    return wall, usage.ru_utime + usage.ru_stime, count


def terminal_images(binary, scratch, runs):
    """`show` drawing a 1024x1024 PNG icon with each image protocol at 24x12 cells of 10x20 px
    (240x240 px), on a pseudo-terminal that reports its pixel size, beside `chafa -f PROTOCOL` on
    the same PNG at the same size, paired (one run of each in turn). iconpick reads the app first
    (an .appiconset of 1024x1024 PNGs), then masks the icon; chafa reads the PNG file alone."""
    chafa = shutil.which("chafa")
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(scratch, "cache"), TERM="xterm-256color",
               LANG="C.UTF-8", LC_ALL="C.UTF-8")
    state = ["--state-dir", os.path.join(scratch, "state")]
    png = os.path.join(PALETTE_APPICONSETS, "Assets.xcassets", "AppIcon-Blue.appiconset",
                       "AppIcon-Blue.png")
    size = "24x12"
    commands = []
    for kind in ("kitty", "iterm", "sixel"):
        commands.append(("iconpick show --graphics " + kind, kind,
                         [binary, "show", "AppIcon-Blue", PALETTE_APPICONSETS, "--size", size,
                          "--graphics", kind] + state))
        if chafa:
            commands.append(("chafa -f " + kind, kind,
                             [chafa, "-f", kind, "--size", size, "--animate", "off", png]))
    for _, _, argv in commands:
        on_terminal(argv, env)  # warms the file cache
    wall = {label: [] for label, _, _ in commands}
    cpu = {label: [] for label, _, _ in commands}
    written = {}
    for _ in range(repeats(max(runs, 15))):
        for label, _, argv in commands:
            seconds, processor, count = on_terminal(argv, env)
            wall[label].append(seconds)
            cpu[label].append(processor)
            written[label] = count
    print("| %-38s | %12s | %12s | %12s | %12s |" % (
        "terminal images, show 24x12 (240 px)", "median", "min", "max", "CPU median"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
    for label, _, _ in commands:
        times = wall[label]
        print("| %-38s | %9.1f ms | %9.1f ms | %9.1f ms | %9.1f ms |" % (
            label, statistics.median(times) * 1000, min(times) * 1000, max(times) * 1000,
            statistics.median(cpu[label]) * 1000))
    if not chafa:
        print("\nchafa is not installed (make setup-bench): no comparison\n")
        return
    print()
    for kind in ("kitty", "iterm", "sixel"):
        ours, theirs = "iconpick show --graphics " + kind, "chafa -f " + kind
        ratio = statistics.median(x / y for x, y in zip(wall[ours], wall[theirs]))
        print("show --graphics %s : chafa -f %s = %.2f wall, %.2f CPU, paired (target: at most 1);"
              " %d vs %d bytes" % (kind, kind, ratio, statistics.median(cpu[ours]) / max(
                  1e-9, statistics.median(cpu[theirs])), written[ours], written[theirs]))
    print()


def pty_session(argv, env, keys=b"", key_delay=0.0, quit=b"q", status=0, pixels=(0, 0)):
    """Runs argv on a 100x30 pseudo-terminal (`pixels` wide and high, as TIOCGWINSZ says: none
    by default, as a terminal that does not report them). Returns the seconds to the end of the opening
    burst (no output for 0.5 s), the bytes written after it while `keys` were typed one by one,
    the child's CPU seconds and peak RSS (KiB) from wait4, the CPU seconds it spent from
    the first key until its output for the last one was done, and the CPU seconds of its work
    after the opening burst before the first key. Keys are typed once that work is done (its
    CPU time still for 0.3 s; at most 60 s): the picker's appearance search and check for fixes
    would otherwise be counted as the keys'. Raises if the program drew nothing or did not exit
    with `status` (130 for fzf's Escape and the picker's Ctrl-C)."""
    import fcntl
    import pty
    import select
    import struct
    import termios
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, pixels[0], pixels[1]))

    def drain(quiet, first=None):
        # Until the first byte, wait up to `first` seconds (a loaded machine can take more than
        # `quiet` to start a program); after it, until `quiet` seconds pass without output.
        count, last = 0, None
        while True:
            ready, _, _ = select.select([fd], [], [], first if count == 0 and first else quiet)
            if not ready:
                return count, last
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return count, last
            if not chunk:
                return count, last
            count += len(chunk)
            last = time.perf_counter()

    def cpu_seconds():
        # utime + stime of every thread, live or ended, in clock ticks.
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    start = time.perf_counter()
    drawn, last = drain(0.5, first=30)
    frame = (last or start) - start
    typed = 0
    settled = cpu_seconds()
    background = 0.0
    if keys:
        deadline = time.perf_counter() + 60
        while time.perf_counter() < deadline:
            drain(0.3)
            now = cpu_seconds()
            if now == settled:
                break
            background += now - settled
            settled = now
    before = cpu_seconds()
    for key in keys:
        os.write(fd, bytes([key]))
        n, _ = drain(key_delay)
        typed += n
    n, _ = drain(0.3)
    typed += n
    keys_cpu = cpu_seconds() - before
    os.write(fd, quit)
    # Whatever it writes while it exits, so that it never blocks on a full terminal.
    drain(0.3)
    _, wait_status, usage = os.wait4(pid, 0)
    os.close(fd)
    code = os.waitstatus_to_exitcode(wait_status)
    if code != status:
        raise RuntimeError("%s exited with %d on a pseudo-terminal, not %d" % (" ".join(argv), code, status))
    if not drawn:
        raise RuntimeError("%s drew nothing on a pseudo-terminal" % " ".join(argv))
    return frame, typed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, keys_cpu, background


def first_frame(binary, palette, scratch, runs):
    """Start-up to the first complete frame in a pseudo-terminal, warm cache, for Palette and
    a 2,000-icon project (LARGE), beside fzf given the same names; then the cost of a cursor
    move and of a character typed into the filter. In cells (ICONPICK_GRAPHICS=cells): a
    pseudo-terminal answers none of the questions `auto` asks, whose time-out (150 ms) would
    be most of the figure; images have rows of their own (picker_images)."""
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(scratch, "cache"), TERM="xterm-256color",
               LANG="C.UTF-8", LC_ALL="C.UTF-8", ICONPICK_GRAPHICS="cells")
    state = os.path.join(scratch, "state")
    big = os.path.join(scratch, "p%d" % LARGE)
    many = "{:,} icons".format(LARGE)
    print("\n| %-38s | %12s | %12s | %12s |" % ("start-up in a pseudo-terminal (warm)", "median", "min", "max"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
    results = {}
    fzf = shutil.which("fzf")
    fzf_argv = None
    if fzf:
        names = os.path.join(scratch, "names.txt")
        with open(names, "w") as f:
            f.write("\n".join(["AppIcon"] + ["AppIcon-%04d" % i for i in range(LARGE)]) + "\n")
        fzf_argv = ["/bin/sh", "-c", "exec %s < %s" % (fzf, names)]
    fzf_samples = []
    # Which sets compile to an icon is remembered beside the previews (SetContentCache, one
    # `.sets` file per app's catalogs): without it, every set's Contents.json is decoded again.
    sets_cache = os.path.join(env["XDG_CACHE_HOME"], "iconpick")
    afresh = []
    # BENCH_BASELINE: another build of iconpick (an earlier commit's), run in the same rounds on
    # the 2,000 icons with a cache of its own, for a paired before and after.
    baseline = os.environ.get("BENCH_BASELINE")
    if baseline:
        baseline = installed_copy(baseline, scratch)
    baseline_env = dict(env, XDG_CACHE_HOME=os.path.join(scratch, "baseline-cache"))
    baseline_samples = []
    for label, project in (("Palette", palette), (many, big)):
        argv = [binary, project, "--state-dir", state]
        pty_session(argv, env)  # fills the cache
        if baseline and label == many:
            pty_session([baseline] + argv[1:], baseline_env)
        samples = []
        for _ in range(runs):
            samples.append(pty_session(argv, env))
            # fzf in the same rounds as the 2,000 icons, so a busy machine slows both alike.
            if label == many:
                if fzf_argv:
                    fzf_samples.append(pty_session(fzf_argv, env, quit=b"\x1b", status=130))
                if baseline:
                    baseline_samples.append(pty_session([baseline] + argv[1:], baseline_env))
                for name in os.listdir(sets_cache) if os.path.isdir(sets_cache) else []:
                    if name.endswith(".sets"):
                        os.unlink(os.path.join(sets_cache, name))
                afresh.append(pty_session(argv, env))
        results[label] = samples
        row("first complete frame, " + label, [x[0] for x in samples])
    row("the same, the sets read afresh", [x[0] for x in afresh])
    if baseline:
        row("the same, BENCH_BASELINE", [x[0] for x in baseline_samples])
    if fzf_argv:
        row("fzf, the same {:,} names".format(LARGE + 1), [x[0] for x in fzf_samples])

        def paired(samples):
            return statistics.median(
                ours[0] / theirs[0] for ours, theirs in zip(samples, fzf_samples))
        print("\n%s, first frame iconpick:fzf = %.2f, paired (target: at most 1.3); the sets read"
              " afresh: %.2f" % (many, paired(results[many]), paired(afresh)))
        if baseline:
            print("BENCH_BASELINE:fzf = %.2f; iconpick:BENCH_BASELINE = %.2f, paired" % (
                paired(baseline_samples), statistics.median(
                    ours[0] / theirs[0] for ours, theirs in zip(results[many], baseline_samples))))
    else:
        print("\nfzf is not installed (make setup-bench): no comparison")

    print("\n| %-38s | %12s | %12s | %12s |" % ("peak memory (RSS)", "median", "min", "max"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
    for label, samples in results.items():
        rss = [x[3] / 1024 for x in samples]
        print("| %-38s | %9.1f MB | %9.1f MB | %9.1f MB |" % (
            label, statistics.median(rss), min(rss), max(rss)))

    # A cursor move in the 2,000-icon list: the picker's CPU time from the first key to the end
    # of the output for the last (start-up and exit left out), and the bytes ncurses writes per
    # key (only what changed).
    argv = [binary, big, "--state-dir", state]
    keys = b"j" * (10 if SMOKE else 400)
    pty_session(argv, env, keys=keys, key_delay=0.02)  # fills the cache for these icons
    moved = [pty_session(argv, env, keys=keys, key_delay=0.02) for _ in range(repeats(max(3, runs // 3)))]
    per_key = [x[4] / len(keys) for x in moved]
    written = [x[1] / len(keys) for x in moved]
    print("\n| %-38s | %12s | %12s | %12s |" % ("cursor move, %s, per key" % many, "median", "min", "max"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
    print("| %-38s | %9.3f ms | %9.3f ms | %9.3f ms |" % (
        "CPU time", statistics.median(per_key) * 1000, min(per_key) * 1000, max(per_key) * 1000))
    print("| %-38s | %9.0f B  | %9.0f B  | %9.0f B  |" % (
        "bytes written to the terminal", statistics.median(written), min(written), max(written)))
    print("\n(%d runs of %d keys, warm cache; CPU from /proc in %d ms ticks; target: under 0.8 ms,"
          " and only the changed cells written; typed once the work after the first frame was done:"
          " %.0f ms of CPU, median)" % (
              len(moved), len(keys), 1000 // os.sysconf("SC_CLK_TCK"),
              statistics.median(x[5] for x in moved) * 1000))
    typed_filter(argv, env, runs)


def picker_images(binary, palette, scratch, runs):
    """The picker with images (each protocol forced: a pseudo-terminal answers no query; it
    reports 10x20-pixel cells, as kitty does, so nothing is asked): the first complete frame with
    kitty's on Palette and on the 2,000-icon project, warm cache (the pixel previews are not
    cached on disk: each run renders its own). Then a cursor move with each protocol beside cells,
    CPU and bytes written per key, two ways: on Palette, 8 icons round and round (each image
    rendered once, on its first visit: kitty then places it again by id, iTerm2 and sixel send it
    again), and down the 2,000-icon project, where each move shows a new icon and the list
    scrolls. Then picker_moves: the images' part of a move in one process."""
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(scratch, "cache"), TERM="xterm-256color",
               LANG="C.UTF-8", LC_ALL="C.UTF-8")
    state = os.path.join(scratch, "state")
    big = os.path.join(scratch, "p%d" % LARGE)
    many = "{:,} icons".format(LARGE)
    kitty = ["--graphics", "kitty"]
    cell_pixels = (1000, 600)
    print("\n| %-38s | %12s | %12s | %12s |" % ("picker with images (kitty), warm", "median", "min", "max"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
    for label, project in (("Palette", palette), (many, big)):
        argv = [binary, project, "--state-dir", state] + kitty
        pty_session(argv, env, pixels=cell_pixels)  # fills the caches
        row("first complete frame, " + label,
            [pty_session(argv, env, pixels=cell_pixels)[0] for _ in range(runs)])
    keys = b"j" * (8 if SMOKE else 80)
    for label, project in (("Palette", palette), (many, big)):
        print("\n| %-38s | %12s | %12s | %12s |" % ("cursor move, %s, per key" % label, "median", "min", "max"))
        print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
        for kind in ("kitty", "iterm", "sixel", "cells"):
            argv = [binary, project, "--state-dir", state, "--graphics", kind]
            pty_session(argv, env, keys=keys, key_delay=0.05, pixels=cell_pixels)
            moved = [pty_session(argv, env, keys=keys, key_delay=0.05, pixels=cell_pixels)
                     for _ in range(repeats(max(3, runs // 3)))]
            per_key = [x[4] / len(keys) for x in moved]
            written = [x[1] / len(keys) for x in moved]
            print("| %-38s | %9.3f ms | %9.3f ms | %9.3f ms |" % (
                "CPU time, " + kind, statistics.median(per_key) * 1000, min(per_key) * 1000,
                max(per_key) * 1000))
            print("| %-38s | %9.0f B  | %9.0f B  | %9.0f B  |" % (
                "bytes written, " + kind, statistics.median(written), min(written), max(written)))
    print("\n(%d runs of %d keys each, typed once the first frame's background work is done: on"
          " Palette 8 icons round and round, each image rendered once on its first visit; on %s"
          " each key a new icon, the list scrolling; target with images: under 16.7 ms, one frame"
          " at 60 Hz)" % (len(moved), len(keys), many))
    picker_moves(binary, palette)


def picker_moves(binary, palette):
    """iconpick-bench picker-moves: the images' part of a cursor move (layout, image layer,
    encoding; what ncurses writes for the cells is in the rows above), per protocol, with the
    list rows' thumbnails in cells and as images, on Palette's icons round and round and down a
    longer list of them, scrolling. Rows as images are worth it where they add at most the
    budget's bytes to a move (PickerGraphics.rowImageByteBudget) and keep it under a 60 Hz frame
    of CPU; the picker shows them as images with the protocols PickerGraphics.rowImageProtocols
    names, which the measurement must agree with."""
    moves = 20 if SMOKE else 60
    lines = tool_output([bench_tool(binary), "picker-moves", str(moves), palette]).splitlines()
    figures = {}
    budget, frame, chosen = None, None, set()
    for line in lines:
        words = line.split()
        if words[:1] == ["moves"]:
            figures[(words[1], words[2], words[3])] = (float(words[4]), float(words[5]), float(words[6]))
        elif words[:1] == ["budget"]:
            budget, frame = int(words[1]), float(words[2])
        elif words[:1] == ["chosen"]:
            chosen = set(words[1:])
    if not figures or budget is None:
        raise RuntimeError("picker-moves printed no figures: %s" % " / ".join(lines))
    print("\n| %-38s | %12s | %12s | %12s |" % ("images of a move, in process", "bytes", "CPU mean", "CPU max"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
    for (kind, rows, way), (written, mean, most) in figures.items():
        print("| %-38s | %10.0f B | %9.3f ms | %9.3f ms |" % (
            "%s, %s, rows in %s" % (kind, way, rows), written, mean, most))
    print()
    disagree = []
    for kind in ("kitty", "iterm", "sixel"):
        added = [figures[(kind, "images", way)][0] - figures[(kind, "cells", way)][0]
                 for way in ("round", "scroll")]
        most = max(figures[(kind, "images", way)][2] for way in ("round", "scroll"))
        worth = max(added) <= budget and most <= frame
        print("%s: the rows as images add %.0f B a move round and round, %.0f B scrolling (budget"
              " %d B), CPU at most %.2f ms (budget %.1f ms): %s; the picker shows them as %s" % (
                  kind, added[0], added[1], budget, most, frame,
                  "within" if worth else "over", "images" if kind in chosen else "cells"))
        if worth != (kind in chosen):
            disagree.append(kind)
    print("\n(%d moves each way, after a first round untimed on Palette's; pixels rendered before)" % moves)
    if disagree:
        print("\nthe measurement disagrees with PickerGraphics.rowImageProtocols for: %s" % ", ".join(disagree))


def typed_filter(argv, env, runs):
    """A character typed into the filter (`/`) of the 2,000-icon list: the picker's CPU time
    per key, as for a cursor move. Each round types four characters, then erases them with
    Backspace: the first character and every erasure rank all 2,000 icons again, the others
    narrow the last matches; each redraws the list with its highlights."""
    rounds = 2 if SMOKE else 50
    keys = b"/" + (b"ic15" + b"\x7f" * 4) * rounds
    # Ctrl-C ends it (exit 130): q would type into the filter.
    pty_session(argv, env, keys=keys, key_delay=0.02, quit=b"\x03", status=130)  # fills the cache
    typed = [pty_session(argv, env, keys=keys, key_delay=0.02, quit=b"\x03", status=130)
             for _ in range(repeats(max(3, runs // 3)))]
    per_key = [x[4] / len(keys) for x in typed]
    written = [x[1] / len(keys) for x in typed]
    print("\n| %-38s | %12s | %12s | %12s |" % ("filter, {:,} icons, per typed key".format(LARGE), "median", "min", "max"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
    print("| %-38s | %9.3f ms | %9.3f ms | %9.3f ms |" % (
        "CPU time", statistics.median(per_key) * 1000, min(per_key) * 1000, max(per_key) * 1000))
    print("| %-38s | %9.0f B  | %9.0f B  | %9.0f B  |" % (
        "bytes written to the terminal", statistics.median(written), min(written), max(written)))
    print("\n(%d runs of %d keys: / then 4 characters and 4 Backspaces, %d times; warm cache;"
          " target: under 0.8 ms, like a cursor move)" % (len(typed), len(keys), rounds))


if __name__ == "__main__":
    try:
        main()
    except Exception as error:  # any path that fails fails the run, with what failed last
        import traceback
        traceback.print_exc()
        sys.exit("bench%s: FAILED: %s" % (" --smoke" if SMOKE else "", error))
