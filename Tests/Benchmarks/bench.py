#!/usr/bin/env python3
"""iconpick benchmarks: `make bench` runs this with the release binary.

Each figure is the median of repeated runs, with min and max; ratios compare
figures measured in the same run. Fixtures are generated under a temporary folder.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# A tiny valid PNG (1x1, RGB) is enough: listing reads catalogs, not pixels.
PNG_1X1 = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108020000009077"
    "53de0000000c4944415408d763f8ffff3f0005fe02fea7d6a4a30000000049454e44ae426082")


def make_project(root, alternates):
    """A project like Palette with `alternates` alternate icon sets."""
    catalog = os.path.join(root, "Assets.xcassets")
    names = ["AppIcon"] + ["AppIcon-%04d" % i for i in range(alternates)]
    for name in names:
        folder = os.path.join(catalog, name + ".appiconset")
        os.makedirs(folder)
        with open(os.path.join(folder, "Contents.json"), "w") as f:
            json.dump({"images": [{"filename": name + ".png", "idiom": "universal",
                                   "platform": "ios", "size": "1024x1024"}],
                       "info": {"author": "xcode", "version": 1}}, f)
        with open(os.path.join(folder, name + ".png"), "wb") as f:
            f.write(PNG_1X1)
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
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
        samples.append(time.perf_counter() - start)
    return samples


def row(label, samples):
    median = statistics.median(samples)
    print("| %-38s | %9.1f ms | %9.1f ms | %9.1f ms |" % (
        label, median * 1000, min(samples) * 1000, max(samples) * 1000))
    return median


def main():
    binary = sys.argv[1]
    palette = sys.argv[2]
    runs = int(os.environ.get("RUNS", "15"))
    scratch = tempfile.mkdtemp(prefix="iconpick-bench-")
    try:
        state = os.path.join(scratch, "state")
        projects = {}
        for count in (80, 2000):
            projects[count] = os.path.join(scratch, "p%d" % count)
            make_project(projects[count], count)
        print("iconpick bench: %d runs each, median (min, max)\n" % runs)
        print("| %-38s | %12s | %12s | %12s |" % ("catalog read (iconpick list --json)", "median", "min", "max"))
        print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
        base = ["--state-dir", state]
        row("Palette (8 icons)", time_command([binary, "list", "--json", palette] + base, runs))
        small = row("generated, 80 alternates", time_command([binary, "list", "--json", projects[80]] + base, runs))
        large = row("generated, 2,000 alternates", time_command([binary, "list", "--json", projects[2000]] + base, runs))
        per_icon_small = small / 81
        per_icon_large = large / 2001
        print("\n2,000:80 time ratio %.1f for 24.7x the icons; per icon %.3f ms vs %.3f ms (%.2fx)" % (
            large / small, per_icon_large * 1000, per_icon_small * 1000, per_icon_large / per_icon_small))
        thumbnails(binary, palette, scratch, runs)
        first_frame(binary, palette, scratch, runs)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


ICONS = ["AppIcon", "AppIcon-Blue", "AppIcon-Green", "AppIcon-Orange", "AppIcon-Pink",
         "AppIcon-Purple", "AppIcon-Teal", "AppIcon-Yellow"]


def thumbnails(binary, palette, scratch, runs):
    """Whole `iconpick show` runs per 1024x1024 icon at 12x6 cells: cold (empty cache),
    warm (cached), and chafa on the same PNG at the same size."""
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
            subprocess.run(show(name), check=True, stdout=subprocess.DEVNULL, env=env)
            cold.append(time.perf_counter() - start)
            start = time.perf_counter()
            subprocess.run(show(name), check=True, stdout=subprocess.DEVNULL, env=env)
            warm.append(time.perf_counter() - start)
    chafa_path = shutil.which("chafa")
    if chafa_path:
        for _ in range(runs):
            for name in ICONS:
                png = os.path.join(palette, "Assets.xcassets", name + ".appiconset", name + ".png")
                start = time.perf_counter()
                subprocess.run([chafa_path, "--size", "12x6", "--colors", "256", "--animate", "off", png],
                               check=True, stdout=subprocess.DEVNULL, env=env)
                chafa.append(time.perf_counter() - start)
    print("\n| %-38s | %12s | %12s | %12s |" % ("thumbnail, 1024x1024 icon at 12x6 cells", "median", "min", "max"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
    cold_median = row("iconpick show, cold (no cache)", cold)
    warm_median = row("iconpick show, warm (cached)", warm)
    if chafa:
        row("chafa --size 12x6", chafa)
    # Inside one process, without start-up and catalog reading: the pipeline's own cost.
    bench_binary = os.path.join(os.path.dirname(binary), "iconpick-bench")
    pngs = [os.path.join(palette, "Assets.xcassets", n + ".appiconset", n + ".png") for n in ICONS]
    lines = subprocess.run([bench_binary, str(runs), "12x6"] + pngs, check=True,
                           capture_output=True, text=True).stdout.split("\n")
    figures = {l.split()[0]: [float(x) / 1000 for x in l.split()[1:]] for l in lines if l.strip()}
    print("| %-38s | %9.2f ms | %9.2f ms | %9.2f ms |" % (
        "in process: decode+render+store, cold", *[x * 1000 for x in figures["cold"]]))
    print("| %-38s | %9.2f ms | %9.2f ms | %9.2f ms |" % (
        "in process: from the cache, warm", *[x * 1000 for x in figures["warm"]]))
    if chafa:
        # chafa's cost per extra icon: all icons in one run minus one icon, per added icon.
        one = time_command([chafa_path, "--size", "12x6", "--colors", "256", "--animate", "off", pngs[0]], runs)
        many = time_command([chafa_path, "--size", "12x6", "--colors", "256", "--animate", "off"] + pngs, runs)
        marginal = (statistics.median(many) - statistics.median(one)) / (len(pngs) - 1)
        print("| %-38s | %9.2f ms |" % ("chafa, per added icon in one run", marginal * 1000))
        print("\nper icon, chafa:iconpick: cold %.2fx, warm %.0fx (in-process figures);"
              " whole processes: cold %.2fx, warm %.2fx" % (
                  marginal / figures["cold"][0], marginal / figures["warm"][0],
                  statistics.median(chafa) / cold_median, statistics.median(chafa) / warm_median))
    else:
        print("\nchafa is not installed (make setup-bench): no comparison")


def first_frame(binary, palette, scratch, runs):
    """Launch to the end of the first complete frame in a pseudo-terminal, warm cache: the
    time of the last byte of the opening burst (nothing more arrives for 0.5 s)."""
    import pty
    import select
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(scratch, "cache"), TERM="xterm-256color",
               LANG="C.UTF-8", LC_ALL="C.UTF-8", COLUMNS="100", LINES="30")
    state = os.path.join(scratch, "state")
    samples = []
    for attempt in range(runs + 1):
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(binary, [binary, palette, "--state-dir", state], env)
        import fcntl, struct, termios
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        start = time.perf_counter()
        last = start
        while True:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if not ready:
                break
            try:
                if not os.read(fd, 65536):
                    break
            except OSError:
                break
            last = time.perf_counter()
        os.write(fd, b"q")
        os.waitpid(pid, 0)
        os.close(fd)
        if attempt > 0:  # the first run fills the cache
            samples.append(last - start)
    print("\n| %-38s | %12s | %12s | %12s |" % ("start-up in a pseudo-terminal", "median", "min", "max"))
    print("|" + "-" * 40 + "|" + "-" * 14 + "|" + "-" * 14 + "|" + "-" * 14 + "|")
    row("first complete frame, Palette, warm", samples)


if __name__ == "__main__":
    main()
