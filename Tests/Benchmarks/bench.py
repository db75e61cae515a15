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
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
