#!/usr/bin/env python3
"""`make corpus`: `iconpick list` over each real project in the corpus (../shared/corpus by
default), once per app target, and `iconpick check` once per project, which checks every app
target (its JSON names each finding's target).

It fails when list gives an error, when check cannot run (exit 2 or a crash), or when check
reports an error that the corpus copy does not explain. Each project's SOURCE.txt says what
its copy lacks: files "not copied" (too large), and PNGs stored in Git LFS that are only
pointers here. Errors about exactly those are the copy's, not the project's, and are shown
as such; every other error is a finding to fix (a real fault, or a false positive).
"""
import datetime
import json
import os
import plistlib
import re
import shutil
import subprocess
import sys
import tempfile


def run(binary, arguments, state):
    result = subprocess.run([binary] + arguments + ["--state-dir", state],
                            capture_output=True, text=True)
    return result.returncode, result.stdout, result.stderr


def copy_gaps(project):
    """The files SOURCE.txt says were not copied, and whether its PNGs are LFS pointers."""
    try:
        text = open(os.path.join(project, "SOURCE.txt"), encoding="utf-8").read()
    except OSError:
        return set(), False
    missing = set()
    section = re.search(r"^not copied[^\n]*:\n((?:  .*\n?)*)", text, re.M)
    if section:
        for line in section.group(1).splitlines():
            path = re.sub(r" \(\d+ bytes\)$", "", line.strip())
            if path:
                missing.add(os.path.realpath(os.path.join(project, path)))
    lfs = "Git LFS" in text and "pointer" in text
    # Files its notes name as absent (a base .xcconfig that is gitignored upstream): Xcode fails
    # on a fresh clone too, and check says so, but the copy cannot be fixed.
    notes = re.search(r"^notes:(.*)$", text, re.M)
    if notes:
        for name in re.findall(r"[\w./-]+\.xcconfig", notes.group(1)):
            missing.add(os.path.basename(name))
    return missing, lfs


def explained(diagnostic, missing, lfs, missing_icons):
    """Why the copy, not the project, causes this error; None when it does not."""
    message = diagnostic["message"]
    if diagnostic["id"] == "missing-file" and diagnostic.get("file"):
        name = message.split(" of icon ")[0]
        path = os.path.realpath(os.path.join(os.path.dirname(diagnostic["file"]), name))
        if path in missing:
            return "SOURCE.txt: not copied"
    if diagnostic["id"] == "missing-base-configuration":
        file = re.search(r"file '([^']+)'", message)
        if file and os.path.basename(file.group(1)) in missing:
            return "SOURCE.txt: absent upstream (gitignored)"
    if diagnostic["id"] == "wrong-format" and lfs and "Git LFS pointer" in message:
        return "SOURCE.txt: PNGs are Git LFS pointers in this copy"
    if diagnostic["id"] in ("alternate-without-image", "primary-not-found"):
        icon = re.search(r'icon "([^"]+)"', message)
        if icon and icon.group(1) in missing_icons:
            return "SOURCE.txt: its files were not copied"
    return None


# Faults the real projects really have, each checked by hand and said why: check is right to
# report them, so they count apart from errors to fix (a false positive, or a new fault).
UPSTREAM_FAULTS = {
    # The App Store image of the primary "Blue Red" is about 94% semi-transparent (alpha
    # 122-129): ITMS-90717 would reject it; an example repository, never uploaded.
    ("thomsmed__ios-examples", "marketing-icon-alpha", "Icon BlueRed.png"),
}


def upstream_fault(project, diagnostic):
    name = os.path.basename(project.rstrip("/"))
    return any(name == p and diagnostic["id"] == i and (diagnostic.get("file") or "").endswith(f)
               for p, i, f in UPSTREAM_FAULTS)


def check(binary, project, skipped_targets, state, missing, lfs):
    """Prints check's findings, by target; returns (errors explained by the copy, unexplained
    errors). Targets whose reading fails only because the copy lacks their Info.plist (list
    skipped them) are not faults."""
    status, out, err = run(binary, ["check", project, "--format", "json"], state)
    if status > 1 or not out.strip():
        print("    check could not run (exit %d): %s" % (status, err.strip()))
        return 0, 1
    unreadable = 0
    for line in err.splitlines():
        target = re.match(r'iconpick: error: target "([^"]*)": ', line)
        if target and target.group(1) in skipped_targets:
            continue
        if target:
            unreadable += 1
            print("    ERROR:   check could not read a target: %s" % line)
        else:
            print("    " + line)
    report = json.loads(out)
    diagnostics = report["diagnostics"]
    # Icons whose every missing file is one the copy lacks.
    missing_icons = set()
    for d in diagnostics:
        if d["id"] == "missing-file" and explained(d, missing, lfs, set()):
            icon = re.search(r'of icon "([^"]+)"', d["message"])
            if icon:
                missing_icons.add(icon.group(1))
    copy_errors, unexplained = 0, unreadable
    global upstream_faults
    shown_target = None
    for d in diagnostics:
        if d.get("target") and d["target"] != shown_target:
            shown_target = d["target"]
            print("  -- check, target %s" % shown_target)
        where = d.get("file") or "iconpick"
        if d.get("line"):
            where += ":%d" % d["line"]
        if d["severity"] == "error":
            reason = explained(d, missing, lfs, missing_icons)
            if reason:
                copy_errors += 1
                print("    copy:    %s: %s [%s] (%s)" % (where, d["message"], d["id"], reason))
            elif upstream_fault(project, d):
                upstream_faults += 1
                print("    upstream fault: %s: %s [%s]" % (where, d["message"], d["id"]))
            else:
                unexplained += 1
                print("    ERROR:   %s: %s [%s]" % (where, d["message"], d["id"]))
        else:
            print("    warning: %s: %s [%s]" % (where, d["message"], d["id"]))
    return copy_errors, unexplained


upstream_faults = 0


# --mutate (`make corpus MUTATE=1`): the type mutation of PlistTypeMutationTests over the real
# Info.plists. Every value (at every depth) is given, one at a time, each property-list type it
# does not have; `list` must list each result (exit 0 with a primary icon), read as a folder holding
# the Info.plist alone, and, for the keys the icon reading reads, as a built `.app` (binary plist).
MUTATION_TYPES = [
    ("string", "wrong-type"), ("number", 4242), ("bool", True),
    ("date", datetime.datetime(2001, 9, 9, 1, 46, 40)), ("data", b"\x01\x02\x03"),
    ("array", ["wrong-item"]), ("dict", {"wrong-key": "x"}),
]
ICON_KEYS = ("CFBundleIcons", "CFBundleIconFiles", "CFBundleIconFile", "UIDeviceFamily",
             "UIPrerenderedIcon", "CFBundleIconName")


def type_name(value):
    for name, kind in (("bool", bool), ("number", (int, float)), ("string", str),
                       ("date", datetime.datetime), ("data", bytes), ("array", list),
                       ("dict", dict)):
        if isinstance(value, kind):
            return name
    return "other"


def value_paths(value, path=()):
    """Every value's path under the top-level dictionary, depth first."""
    if isinstance(value, dict):
        items = sorted(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    else:
        return
    for key, child in items:
        yield path + (key,)
        yield from value_paths(child, path + (key,))


def mutated(plist, path, new):
    copy = plistlib.loads(plistlib.dumps(plist, fmt=plistlib.FMT_BINARY))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = new
    return copy


def lists(binary, folder, state):
    status, out, err = run(binary, ["list", folder], state)
    return status == 0 and out.strip() != "", status, err.strip().splitlines()[-1:] or [""]


def mutate(binary, corpus, state):
    import concurrent.futures
    plists = []
    for root, folders, files in os.walk(corpus):
        folders.sort()
        plists += [os.path.join(root, "Info.plist")] if "Info.plist" in files else []
    work = tempfile.mkdtemp(prefix="iconpick-mutate-")
    cases = []
    for file in sorted(plists):
        try:
            plist = plistlib.load(open(file, "rb"))
        except Exception as error:  # not a property list: nothing to mutate
            print("  mutate: %s: not read (%s)" % (file, error))
            continue
        for path in value_paths(plist):
            current = type_name(plist_at(plist, path))
            for name, value in MUTATION_TYPES:
                if name == current:
                    continue
                cases.append((file, path, name, "folder", mutated(plist, path, value)))
                if any(key in ICON_KEYS for key in path) and path[0] != "CFBundleIdentifier":
                    built = mutated(plist, path, value)
                    built.setdefault("CFBundleIdentifier", "dev.iconpick.Mutated")
                    if not isinstance(built["CFBundleIdentifier"], str):
                        continue
                    cases.append((file, path, name, "built", built))

    def one(index):
        file, path, name, form, plist = cases[index]
        folder = os.path.join(work, str(index))
        target = os.path.join(folder, "App.app") if form == "built" else folder
        os.makedirs(target)
        with open(os.path.join(target, "Info.plist"), "wb") as out:
            plistlib.dump(plist, out, fmt=plistlib.FMT_BINARY if form == "built" else plistlib.FMT_XML)
        ok, status, last = lists(binary, target, state)
        return index, ok, status, last[0]

    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for index, ok, status, last in pool.map(one, range(len(cases))):
            if not ok:
                failures += 1
                file, path, name, form, _ = cases[index]
                print("  mutate: ERROR: %s %s as %s (%s): list exit %d: %s" % (
                    file, " → ".join(map(str, path)), name, form, status, last))
    shutil.rmtree(work, ignore_errors=True)
    print("mutate: %d Info.plists, %d mutations (%d as a folder, %d as a built app): "
          "%d did not list" % (len(plists), len(cases),
                               sum(1 for c in cases if c[3] == "folder"),
                               sum(1 for c in cases if c[3] == "built"), failures))
    return failures


def plist_at(plist, path):
    for key in path:
        plist = plist[key]
    return plist


def main():
    arguments = [a for a in sys.argv[1:] if a != "--mutate"]
    binary = arguments[0]
    corpus = arguments[1] if len(arguments) > 1 else "../shared/corpus"
    if not os.path.isdir(corpus):
        print("corpus: no corpus folder at %s (the corpus is optional and not part of the repository;"
              " CORPUS=DIR names one)" % corpus)
        return 1
    state = tempfile.mkdtemp(prefix="iconpick-corpus-")
    projects = list_errors = skipped = copy_errors = unexplained = 0
    for name in sorted(os.listdir(corpus)):
        project = os.path.join(corpus, name)
        if not os.path.isdir(project):
            continue
        projects += 1
        print("== %s" % name)
        missing, lfs = copy_gaps(project)
        status, out, err = run(binary, ["list", project], state)
        targets = [[]]
        if status != 0 and "several app targets" in err:
            listed = re.search(r"several app targets \(([^)]*)\)", err)
            targets = [["--target", t] for t in re.findall(r'"([^"]*)"', listed.group(1))]
        skipped_targets = set()
        readable = False
        for extra in targets:
            if extra:
                print("  -- target %s" % extra[1])
                status, out, err = run(binary, ["list", project] + extra, state)
            for line in (out + err).splitlines():
                print("    " + line)
            if status != 0:
                # The corpus copies only icon-related files: a helper target's Info.plist is absent.
                if extra and re.search(r"INFOPLIST_FILE names .*, which (does not exist|is not at )", err):
                    skipped += 1
                    skipped_targets.add(extra[1])
                else:
                    list_errors += 1
                continue
            readable = True
        if readable:
            explained_count, unexplained_count = check(
                binary, project, skipped_targets, state, missing, lfs)
            copy_errors += explained_count
            unexplained += unexplained_count
    print()
    print("corpus: %d projects; list: %d errors, %d targets skipped (Info.plist not in the copy); "
          "check: %d errors to fix, %d explained by the copy's SOURCE.txt, %d real faults of the "
          "projects themselves (UPSTREAM_FAULTS)" % (
              projects, list_errors, skipped, unexplained, copy_errors, upstream_faults))
    mutation_failures = mutate(binary, corpus, state) if "--mutate" in sys.argv else 0
    return 1 if list_errors or unexplained or mutation_failures else 0


if __name__ == "__main__":
    sys.exit(main())
