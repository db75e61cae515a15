#!/usr/bin/env python3
"""`make builtapps`: the whole tool over the real built apps in ../shared/builtapps (optional:
not part of the repository; see its README).

- CgBI: the an3park pairs decode to their expected PNGs; the chess device build's loose icons
  decode to exactly its source set's PNGs, read from the .app, from an .ipa made of it, and
  written by `show --output`; `check ios --against` the .app, the .ipa and the .xcarchive finds
  no built-differs.
- Every Assets.car lists its renditions (the app cars: a multisize AppIcon set).
- Every .ipa, .app and .xcarchive is listed, or refused with a one-line message naming the file:
  fastlane's .ipa files whose Payload/ sits inside one wrapper folder are read (MUST_READ), the
  zip without an app and the file that is no zip are refused (MUST_REFUSE); no real car reads as
  thinned for one device. The Appium simulator build zipped as UI-testing tools keep it
  (Runner.zip holding Runner.app) lists as the .app does.
- `check` runs on every artifact that reads (the chess .app, .ipa and .xcarchive, the Appium
  .app, fastlane's .ipa files with an app): its findings are shown, and a clean real build must
  have no error (KNOWN_FINDINGS lists the true ones, each said why).

Usage: run.py ICONPICK ICONPICK_BENCH [FOLDER]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

ICONPICK, BENCH = sys.argv[1], sys.argv[2]
ROOT = sys.argv[3] if len(sys.argv) > 3 else "../shared/builtapps"
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def run(arguments, state):
    result = subprocess.run(arguments + ["--state-dir", state] if arguments[0] == ICONPICK else arguments,
                            capture_output=True, text=True)
    return result.returncode, result.stdout, result.stderr


def same(a, b, tolerance=0):
    result = subprocess.run([BENCH, "same", a, b, str(tolerance)], capture_output=True, text=True)
    print("     " + result.stdout.strip().replace(ROOT + "/", ""))
    return result.returncode == 0


def listed_or_refused(path, state):
    """`list --json` reads PATH, or refuses it with exit 1 and one line naming it."""
    code, out, err = run([ICONPICK, "list", "--json", path], state)
    if code == 0:
        app = json.loads(out)
        names = [icon["name"] for icon in app["icons"]]
        check(True, f"{os.path.relpath(path, ROOT)}: {app['app']['name']}: {', '.join(names)}")
        return app
    message = err.strip().splitlines()
    check(code == 1 and len(message) == 1 and os.path.realpath(path) in message[0] and "Fatal" not in err,
          f"{os.path.relpath(path, ROOT)}: refused: "
          + (message[0].replace(os.path.realpath(path) + ": ", "") if message else "(nothing said)"))
    return None


# Errors `check` rightly reports on real builds, by artifact name and id, each checked by hand.
KNOWN_FINDINGS = {
    # fastlane's capabilities fixture was built from Xcode 9.2's template with no icon at all: no
    # CFBundleIcons, no Assets.car, no PNG (its .ipa lists every file). App Store Connect would
    # refuse it (ITMS-90022); check says the app has no icon.
    ("very capable app.ipa", "primary-not-found"),
    ("very-capable-app.ipa", "primary-not-found"),
    # fastlane's wrapped .ipa files (Payload/ inside one folder, zipped by the Finder) keep only
    # the Info.plists of an Xcode 7.2 build: its CFBundleIconFiles name AppIcon PNGs the
    # fixture does not hold, so no icon image is there.
    ("iOSAppOnly.ipa", "primary-not-found"),
    ("iOS App With Spaces.ipa", "primary-not-found"),
    ("ContainsWatchApp.ipa", "primary-not-found"),
    ("IncorrectlySigned.ipa", "primary-not-found"),
}

# What becomes of fastlane's .ipa files: read (Payload/ at the top, or inside one wrapper folder),
# or refused with one line.
MUST_READ = {"iOSAppOnly.ipa", "iOS App With Spaces.ipa", "ContainsWatchApp.ipa",
             "IncorrectlySigned.ipa", "very capable app.ipa", "very-capable-app.ipa"}
MUST_REFUSE = {"no-app-bundle.ipa", "not-an-ipa.ipa"}


def checked(path, state):
    """`check --format json` on an artifact that reads: its findings shown, and no error but
    those KNOWN_FINDINGS explain."""
    code, out, err = run([ICONPICK, "check", "--format", "json", path], state)
    name = os.path.relpath(path, ROOT) if path.startswith(ROOT) else os.path.basename(path)
    if code > 1 or not out.strip():
        check(False, f"{name}: check could not run (exit {code}): {err.strip()}")
        return
    report = json.loads(out)
    unexplained = []
    for d in report["diagnostics"]:
        where = os.path.relpath(d["file"], os.path.dirname(path)) if d.get("file") else "iconpick"
        if d.get("line"):
            where += ":%d" % d["line"]
        elif d.get("within"):
            where += ": " + d["within"]
        known = (os.path.basename(path), d["id"]) in KNOWN_FINDINGS
        if d["severity"] == "error" and not known:
            unexplained.append(d["id"])
        label = "known error" if d["severity"] == "error" and known else d["severity"]
        print(f"     {label}: {where}: {d['message']} [{d['id']}]")
    counts = f"{report['errors']} errors, {report['warnings']} warnings, {report.get('notes', 0)} notes"
    check(not unexplained and (code == 0) == (report["errors"] == 0),
          f"{name}: check: {counts}" + (f"; unexplained: {', '.join(unexplained)}" if unexplained else ""))


def main():
    if not os.path.isdir(ROOT):
        print(f"builtapps: {ROOT} is not here (it is optional: see ../shared/builtapps/README.md)")
        return 0
    state = tempfile.mkdtemp(prefix="iconpick-builtapps-")
    work = tempfile.mkdtemp(prefix="iconpick-builtapps-work-")
    try:
        an3park = os.path.join(ROOT, "an3park__async-cgbi-to-png/test")
        if os.path.isdir(an3park):
            check(same(f"{an3park}/cgbi.png", f"{an3park}/png.png"), "an3park cgbi.png decodes to png.png")
            # png2.png was converted from cgbi2.png's embedded monitor profile (iCCP "new
            # monitor") to sRGB; iconpick, like every preview, leaves colour profiles aside. The
            # interlacing itself is checked exactly by CgBITests.
            check(same(f"{an3park}/cgbi2.png", f"{an3park}/png2.png", 24),
                  "an3park cgbi2.png (Adam7, iCCP) decodes to png2.png within its profile's conversion")

        chess = os.path.join(ROOT, "unkle777__grandmaster-chess")
        if os.path.isdir(chess):
            app = f"{chess}/Payload/Runner.app"
            source = f"{chess}/ios/Runner/Assets.xcassets/AppIcon.appiconset"
            check(same(f"{app}/AppIcon60x60@2x.png", f"{source}/Icon-App-60x60@2x.png"),
                  "chess AppIcon60x60@2x.png (CgBI) is exactly Icon-App-60x60@2x.png")
            check(same(f"{app}/AppIcon76x76@2x~ipad.png", f"{source}/Icon-App-76x76@2x.png"),
                  "chess AppIcon76x76@2x~ipad.png (CgBI) is exactly Icon-App-76x76@2x.png")
            from_app = listed_or_refused(app, state)
            # The same app as an .ipa (zipped here, in a temporary folder) and as an .xcarchive.
            ipa = os.path.join(work, "Runner.ipa")
            with zipfile.ZipFile(ipa, "w", zipfile.ZIP_DEFLATED) as z:
                for folder, _, files in os.walk(f"{chess}/Payload"):
                    for name in files:
                        full = os.path.join(folder, name)
                        z.write(full, os.path.relpath(full, chess))
            from_ipa = listed_or_refused(ipa, state)
            archive = os.path.join(work, "Runner.xcarchive/Products/Applications")
            os.makedirs(archive)
            shutil.copytree(app, os.path.join(archive, "Runner.app"))
            from_archive = listed_or_refused(os.path.dirname(os.path.dirname(archive)), state)
            for artifact in (app, ipa, os.path.dirname(os.path.dirname(archive))):
                checked(artifact, state)
            def shape(listed):
                return listed and [(i["name"], i["idioms"], [os.path.basename(f) for f in i["files"]])
                                   for i in listed["icons"]]
            check(from_app is not None and shape(from_app) == shape(from_ipa) == shape(from_archive),
                  "chess: the .app, the .ipa and the .xcarchive list the same icons and files")
            # The prediction from ios/ against what Xcode built of it: no built-differs.
            for given in (app, ipa, os.path.dirname(os.path.dirname(archive))):
                code, out, err = run([ICONPICK, "check", f"{chess}/ios", "--against", given, "--json"], state)
                found = json.loads(out)["diagnostics"] if out.startswith("{") else None
                differs = [d["message"] for d in found or [] if d["id"] == "built-differs"]
                check(found is not None and not differs,
                      f"chess: check ios --against the {os.path.splitext(given)[1]} finds no built-differs {differs or err.strip()}")
            for given in (app, ipa):
                written = os.path.join(work, "show.png")
                code, _, err = run([ICONPICK, "show", "AppIcon", given, "--output", written, "--pixels", "120"], state)
                check(code == 0 and same(written, f"{source}/Icon-App-60x60@2x.png"),
                      f"chess: show --output from the {os.path.splitext(given)[1]} gives the source's pixels {err.strip()}")

        cars = []
        ipas = []
        apps = []
        for folder, subfolders, files in os.walk(ROOT):
            for name in subfolders:
                if name.endswith(".app"):
                    apps.append(os.path.join(folder, name))
            cars += [os.path.join(folder, n) for n in files if n.endswith(".car")]
            ipas += [os.path.join(folder, n) for n in files if n.endswith(".ipa")]
        for car in sorted(cars):
            result = subprocess.run([BENCH, "car", car], capture_output=True, text=True)
            lines = result.stdout.splitlines()
            counts = next((l for l in lines if "renditions" in l), "").strip()
            ok = result.returncode == 0 and " 0 renditions" not in counts
            if "/Runner.app/" in car:
                ok = ok and any("AppIcon" in l and "layout 1010" in l for l in lines)
                counts += ", a multisize AppIcon set" if ok else ", NO multisize AppIcon set"
            check(ok, f"{os.path.relpath(car, ROOT)}: {lines[0].split(': ', 1)[-1] if lines else ''}: {counts}")
        for path in sorted(ipas) + sorted(apps):
            listed = listed_or_refused(path, state)
            name = os.path.basename(path)
            if name in MUST_READ or name in MUST_REFUSE:
                check((listed is not None) == (name in MUST_READ),
                      f"{name}: {'read' if name in MUST_READ else 'refused'}, as expected")
            if listed is not None:
                check(listed["app"].get("thinnedFor") is None,
                      f"{os.path.relpath(path, ROOT)}: its car is for every device (thinnedFor null)")
            if listed is not None and "grandmaster-chess" not in path:
                checked(path, state)

        appium = os.path.join(ROOT, "AppiumTestDistribution__appium-flutter-integration-driver/Runner.app")
        if os.path.isdir(appium):
            zipped = os.path.join(work, "Runner.zip")
            with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED) as z:
                for folder, _, files in os.walk(appium):
                    for name in files:
                        full = os.path.join(folder, name)
                        z.write(full, os.path.relpath(full, os.path.dirname(appium)))
            from_zip = listed_or_refused(zipped, state)
            from_folder = listed_or_refused(appium, state)
            names = lambda listing: [(i["name"], [os.path.basename(f) for f in i["files"]])
                                     for i in listing["icons"]] if listing else None
            check(from_zip is not None and names(from_zip) == names(from_folder),
                  "Appium Runner.app zipped as Runner.zip lists the same icons and files as the .app")
            if from_zip is not None:
                checked(zipped, state)
    finally:
        shutil.rmtree(state, ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)
    print(f"builtapps: {len(failures)} failed" if failures else "builtapps: all good")
    return 1 if failures else 0


sys.exit(main())
