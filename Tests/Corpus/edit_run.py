#!/usr/bin/env python3
"""The write side over real projects: `iconpick add` and `iconpick remove` on a fresh copy of
every project in each DIR (folders of projects, such as ../shared/corpus or ../real), once per
app target.

    python3 Tests/Corpus/edit_run.py ICONPICK DIR [DIR...] [--pbxproj-python PYTHON]
                                     [--only NAME]... [--keep]

Each project is copied to a temporary folder that is made a git repository (every file added,
.gitignore or not, so that git sees every change). Then, per app target (found as run.py finds
them, from the errors of `iconpick list` that name several projects or targets):

- `add ZZEditProbe IMAGE --dry-run` (IMAGE: a 1024 px PNG of one colour) exits 0, prints a diff
  and writes nothing;
- `add ZZEditProbe IMAGE` exits 0; `list --json` then has ZZEditProbe as an alternate with the
  idiom iphone, and ipad where the app runs on iPad; `check` reports no error it did not report
  before (counted by id and file, as `add` verifies itself: lines move, and a message may name
  what the edit changed); every
  changed project.pbxproj loads with PyPI's pbxproj (run by PYTHON, default this Python), every
  changed .plist with plistlib, every Contents.json with json; no existing file changed its mode
  or, if binary, its bytes; every line the add deleted comes back among its added lines once the
  new name is taken out (anything else is an edit outside the change: "reformatted?");
- `remove ZZEditProbe` exits 0 and `git status` is empty again: add then remove is byte-identical;
- every add, remove and `check --fix` gives its dry run's verdict (the same exit status, the
  same refusal), and none writes and then undoes ("undone" in its messages is a failure);
- add may instead refuse in one line that names why, writing nothing, where REFUSALS allows it:
  a tvOS app (naming tvOS: TVOS), an app with no asset catalog and no icon file to hold a new
  set (naming the missing asset catalog: NOCAT, Awful's SmilieExtractor);
- where `check` reports a set that does not ship (set-not-shipped, a warning, or an error where
  the code or another configuration asks for the set), `add NAME` without IMAGE
  exits 0, the set is then an alternate, check finds nothing new, and `remove NAME --keep-files`
  puts every byte back;
- for the last catalog alternate the app declares (in a setting or Info.plist): `remove NAME
  --keep-files` leaves a set check calls set-not-shipped, and `add NAME` without an image makes
  it an alternate again with nothing new in check (a residual diff, such as the name moved to
  the end of a list, is shown).

- where a finding has a safe fix: `check --fix --dry-run` writes nothing; `check --fix` touches
  only the files the findings' planned fixes name (`check --format json`'s autofix.changes),
  reports no new error, leaves files that parse; a second `check --fix` changes nothing.

One line per project and target with the verdict and the diff stat, the reasons below a failure,
and a summary. Exit 1 on any failure. Until `iconpick add` exists, only the list and check parts
run. The copies are deleted unless --keep.
"""
import collections
import json
import os
import plistlib
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

PROBE = "ZZEditProbe"
GIT = ["git", "-c", "core.autocrlf=false", "-c", "core.hooksPath=/dev/null",
       "-c", "user.name=edit_run", "-c", "user.email=edit_run@localhost",
       "-c", "commit.gpgsign=false", "-c", "core.quotepath=off"]
# More changed lines than this in a file that existed before reads as a reformatted file.
REFORMATTED_LINES = 30
# The refusals add may give instead of editing: (verdict, the words its one-line message must
# hold, what the app must be for it to apply, tested on `list --json`). Each writes nothing.
REFUSALS = [
    # Issue 34: alternate icons are not added to a tvOS app.
    ("TVOS", "tvOS", lambda listing: listing.get("app", {}).get("platform") == "tvOS"),
    # Awful's SmilieExtractor: no asset catalog, no icon file; add names the missing catalog
    # (IconEdit's AddPlanner: "the app has no asset catalog to hold the new set").
    # A catalog whose primary set has no images gives the build no icon dictionaries at all:
    # add says the set has no image files.
    ("NOCAT", "no asset catalog|has no image files",
     lambda listing: not any(icon.get("files") for icon in listing.get("icons", []))),
]


def run(arguments, cwd=None):
    result = subprocess.run(arguments, capture_output=True, text=True, cwd=cwd,
                            errors="replace")
    return result.returncode, result.stdout, result.stderr


def solid_png(path, width=1024, height=1024, rgb=(40, 160, 220)):
    """A PNG of one opaque colour, written with zlib and struct alone (no Pillow)."""
    row = b"\x00" + bytes(rgb) * width
    raw = row * height

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                  + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def quoted_names(text):
    return [re.sub(r"\\(.)", r"\1", n) for n in re.findall(r'"((?:[^"\\]|\\.)*)"', text)]


def units(binary, copy, state):
    """(PATH, [--target T]) for every app target iconpick can be pointed at in the copy, and
    the ones it cannot list, with the reason."""
    found, unreadable = [], []
    status, out, err = run([binary, "list", copy, "--state-dir", state])
    paths = [copy]
    several = re.search(r"several Xcode projects \((.*)\): pass", err)
    if status != 0 and several:
        paths = [os.path.join(copy, p) for p in quoted_names(several.group(1))]
    for path in paths:
        status, out, err = run([binary, "list", path, "--state-dir", state])
        targets = [[]]
        listed = re.search(r"several app targets \((.*)\): choose", err)
        if status != 0 and listed:
            targets = [["--target", t] for t in quoted_names(listed.group(1))]
        for extra in targets:
            if extra or path != copy:
                status, out, err = run([binary, "list", path] + extra + ["--state-dir", state])
            if status != 0:
                last = (err.strip().splitlines() or ["exit %d" % status])[-1]
                unreadable.append((path, extra, last))
            else:
                found.append((path, extra))
    return found, unreadable


def git_status(repo):
    """Every path that differs from the commit, ignored or not, as "XY path"."""
    status, out, err = run(GIT + ["status", "--porcelain", "-z", "--ignored",
                                  "--untracked-files=all"], cwd=repo)
    return [entry for entry in out.split("\0") if entry.strip()]


def restore(repo):
    run(GIT + ["reset", "-q", "--hard"], cwd=repo)
    run(GIT + ["clean", "-q", "-fdx"], cwd=repo)


def errors_of(binary, path, extra, state, root):
    """check's errors as a multiset of (id, file, message), and all diagnostics, or None when
    check cannot run. Counted by id and file, as `add` itself verifies: lines move, and a
    message may name what the edit changed (the dictionaries iPad reads, the sets a catalog
    holds) without a new fault."""
    status, out, err = run([binary, "check", path] + extra
                           + ["--format", "json", "--state-dir", state])
    if status > 1 or not out.strip():
        return None, (err.strip().splitlines() or ["exit %d" % status])[-1]
    diagnostics = json.loads(out)["diagnostics"]
    keys = collections.Counter()
    messages = {}
    for d in diagnostics:
        if d["severity"] != "error":
            continue
        file = os.path.relpath(d["file"], root) if d.get("file") else ""
        keys[(d["id"], file)] += 1
        messages.setdefault((d["id"], file), d["message"])
    return CountedErrors(keys, messages), diagnostics


class CountedErrors(dict):
    """(id, file) -> count, with a message of each for the report."""

    def __init__(self, counts, messages):
        super().__init__(counts)
        self.messages = messages


def new_errors(before, after):
    return [key + (after.messages.get(key, ""),) for key, count in after.items()
            if count > before.get(key, 0)]


def listed_icon(binary, path, extra, state, name):
    """(the icon named NAME in list --json, the app's idioms), or (None, reason)."""
    status, out, err = run([binary, "list", path] + extra + ["--json", "--state-dir", state])
    if status != 0:
        return None, "list exit %d: %s" % (status, (err.strip().splitlines() or [""])[-1])
    listing = json.loads(out)
    app_idioms = listing.get("app", {}).get("idioms", [])
    for icon in listing.get("icons", []):
        if icon.get("name") == name:
            return icon, app_idioms
    return None, "list does not show %s (icons: %s)" % (
        name, ", ".join(i.get("name", "?") for i in listing.get("icons", [])))


def normalized(line):
    """A line as an edit that adds the probe name may rewrite it: the name, quotes and a
    trailing separator aside, inner runs of spaces as one; the indentation kept."""
    line = line.replace(PROBE, "").replace('"', "")
    indent = re.match(r"[ \t]*", line).group(0)
    body = re.sub(r"\s+", " ", line[len(indent):]).strip()
    body = re.sub(r"\s*[,;]$", "", body).strip()
    body = re.sub(r"\s+([,;)\]}])", r"\1", body)
    body = re.sub(r"([(\[{])\s+", r"\1", body)
    return indent + body


def renamed(line, renames):
    """`line` with each name of `renames` (written -> as the set spells it) replaced where it
    stands as a whole item of a setting's value, as check --fix's setting-name-case fix does."""
    for written, correct in renames.items():
        line = re.sub(r"(?<![^\s\"'=,;()])%s(?![^\s\"'=,;()])" % re.escape(written),
                      lambda match: correct, line)
    return line


def diff_findings(repo, pbxproj_python, renames=None):
    """(diff stat, problems) of the working tree against the commit. `renames` (written ->
    correct) are names an edit was meant to respell: a deleted line comes back as an added one
    with them respelled."""
    problems, stat = [], []
    status, numstat, err = run(GIT + ["diff", "--numstat", "-z"], cwd=repo)
    changed_text = []
    for line in numstat.split("\0"):
        if not line.strip():
            continue
        added, deleted, path = line.split("\t", 2)
        if added == "-":
            problems.append("%s: an existing binary file changed" % path)
            stat.append("%s (binary)" % path)
            continue
        stat.append("%s +%s -%s" % (path, added, deleted))
        changed_text.append(path)
    status, summary, err = run(GIT + ["diff", "--summary"], cwd=repo)
    for line in summary.splitlines():
        if "mode change" in line:
            problems.append("mode changed: %s" % line.strip())
    new_files = [entry[3:] for entry in git_status(repo) if entry[:2] in ("??", "!!")]
    if new_files:
        folders = collections.Counter(os.path.dirname(f) for f in new_files)
        stat.append("new: " + ", ".join("%s/ (%d)" % (d, n) if n > 1 else
                                       [f for f in new_files if os.path.dirname(f) == d][0]
                                       for d, n in sorted(folders.items())))
    for path in changed_text:
        status, diff, err = run(GIT + ["diff", "-U0", "--", path], cwd=repo)
        deleted = [l[1:] for l in diff.splitlines() if l.startswith("-") and not l.startswith("---")]
        added = [l[1:] for l in diff.splitlines() if l.startswith("+") and not l.startswith("+++")]
        pool = collections.Counter(normalized(l) for l in added)
        unmatched = []
        for line in deleted:
            key = normalized(renamed(line, renames or {}))
            if pool[key] > 0:
                pool[key] -= 1
            else:
                unmatched.append(line)
        if unmatched:
            problems.append("reformatted? %s: %d deleted line(s) not back in the added ones, "
                            "first: %r" % (path, len(unmatched), unmatched[0].strip()[:100]))
        elif len(deleted) + len(added) > REFORMATTED_LINES and len(deleted) > REFORMATTED_LINES // 2:
            problems.append("reformatted? %s: %d lines changed" % (path, len(deleted) + len(added)))
    for path in changed_text:
        if path.endswith(".plist"):
            original = subprocess.run(GIT + ["show", "HEAD:" + path], cwd=repo,
                                      capture_output=True).stdout
            with open(os.path.join(repo, path), "rb") as f:
                now = f.read()
            if original.startswith(b"bplist") != now.startswith(b"bplist"):
                problems.append("%s: the property list changed form (binary / XML)" % path)
    for path in changed_text + new_files:
        full = os.path.join(repo, path)
        if not os.path.isfile(full):
            continue
        problem = parses(full, pbxproj_python)
        if problem and path in changed_text:
            # A reader that cannot load the file as it was says nothing about the edit.
            original = subprocess.run(GIT + ["show", "HEAD:" + path], cwd=repo,
                                      capture_output=True).stdout
            with tempfile.TemporaryDirectory() as folder:
                copy = os.path.join(folder, os.path.basename(path))
                with open(copy, "wb") as f:
                    f.write(original)
                if parses(copy, pbxproj_python):
                    stat.append("%s: unreadable before the edit too (%s)" % (path, problem[:80]))
                    problem = None
        if problem:
            problems.append("%s: %s" % (path, problem))
    return stat, problems


def parses(path, pbxproj_python):
    """Why the edited file does not load with its own format's reader, or None."""
    name = os.path.basename(path)
    try:
        if name == "project.pbxproj":
            if not pbxproj_python:
                return None
            status, out, err = run([pbxproj_python, "-c",
                                    "import sys\nfrom pbxproj import XcodeProject\n"
                                    "XcodeProject.load(sys.argv[1])", path])
            if status != 0:
                return "PyPI pbxproj does not load it: %s" % (
                    err.strip().splitlines() or ["exit %d" % status])[-1]
        elif name.endswith(".plist"):
            with open(path, "rb") as f:
                plistlib.load(f)
        elif name == "Contents.json" or name == "icon.json":
            with open(path, "rb") as f:
                json.load(f)
    except Exception as error:  # any failure to read is the finding
        return "does not load: %s" % error
    return None


def pbxproj_loader(python):
    """The Python that has PyPI's pbxproj, or None (said once) when none has."""
    status, out, err = run([python, "-c", "import pbxproj"])
    if status == 0:
        return python
    print("note: %s has no pbxproj package (pip install pbxproj; --pbxproj-python PYTHON names "
          "a Python that has it): edited project files are not loaded with it" % python)
    return None


def reason(err, repo):
    """The last line of iconpick's error output (the reason), paths shown in the copy."""
    last = (err.strip().splitlines() or [""])[-1]
    return last.replace(repo + "/", "").replace(repo, ".")[:400]


def listing_of(binary, path, extra, state):
    status, out, err = run([binary, "list", path] + extra + ["--json", "--state-dir", state])
    try:
        return json.loads(out)
    except ValueError:
        return {}


def refuse(binary, path, extra, repo, image, words):
    """add may refuse, naming why (`words`) in its last line, exit 1, writing nothing: None when
    it adds instead (tested as any app), else the problems of the refusal."""
    problems = []
    for dry in (["--dry-run"], []):
        status, out, err = run([binary, "add", PROBE, image, path] + extra + dry)
        if status == 0:
            restore(repo)
            return None  # it does add: test it as any app
        if status != 1 or not re.search(words, reason(err, repo)):
            problems.append("add%s refused with exit %d without naming %s in one line: %s" % (
                " --dry-run" if dry else "", status, words, reason(err, repo)))
        if git_status(repo):
            problems.append("the refused add wrote: %s" % ", ".join(git_status(repo)[:5]))
            restore(repo)
    return problems


def edit(binary, path, extra, repo, image, state, pbxproj_python, before):
    """Runs the probe on one target; returns (verdict, stat, problems)."""
    problems = []
    label = lambda s: reason(s, repo)
    listing = listing_of(binary, path, extra, state)
    for verdict, words, applies in REFUSALS:
        if not applies(listing):
            continue
        refused = refuse(binary, path, extra, repo, image, words)
        if refused is not None:
            return ("FAIL" if refused else verdict), ["refused, naming %s" % words], refused
    # 1. --dry-run: a diff, nothing written.
    status, out, err = run([binary, "add", PROBE, image, path] + extra + ["--dry-run"])
    dry_status, dry_err = status, err
    promised = re.search(r"dry run: (\d+) files? would change", err)
    promised = int(promised.group(1)) if promised else None
    if status != 0:
        problems.append("add --dry-run exit %d: %s" % (status, label(err)))
    elif not re.search(r"^\+\+\+ ", out, re.M) or not promised:
        problems.append("add --dry-run printed no diff: %s" % label(out + err))
    if git_status(repo):
        problems.append("add --dry-run wrote: %s" % ", ".join(git_status(repo)[:5]))
        restore(repo)
    # 2. add.
    status, out, err = run([binary, "add", PROBE, image, path] + extra)
    # The verdict comes before the writing: the dry run's is the real run's, and nothing is
    # written and then undone.
    if status != dry_status:
        problems.append("add --dry-run exit %d, add exit %d" % (dry_status, status))
    elif status != 0 and err != dry_err:
        problems.append("add --dry-run and add refuse in other words: %s / %s" % (
            label(dry_err), label(err)))
    if "undone" in err:
        problems.append("add wrote and then undid: %s" % label(err))
    if status != 0:
        problems.append("add exit %d: %s" % (status, label(err)))
        leftovers = git_status(repo)
        if leftovers:
            problems.append("the failed add left changes: %s" % ", ".join(leftovers[:5]))
            restore(repo)
        return "FAIL", [], problems
    stat, found = diff_findings(repo, pbxproj_python)
    problems += found
    changed = len(git_status(repo))
    if not changed:
        problems.append("add exited 0 but changed nothing")
    elif promised is not None and promised != changed:
        problems.append("add --dry-run said %d files would change; add changed %d" % (
            promised, changed))
    icon, idioms = listed_icon(binary, path, extra, state, PROBE)
    if icon is None:
        problems.append(idioms)
    else:
        if icon.get("primary"):
            problems.append("%s is listed as the primary" % PROBE)
        missing = [i for i in ["iphone"] + (["ipad"] if "ipad" in idioms else [])
                   if i not in icon.get("idioms", [])]
        if missing:
            problems.append("%s lacks the idiom(s) %s (it has %s; the app runs on %s)" % (
                PROBE, ", ".join(missing), ", ".join(icon.get("idioms", [])), ", ".join(idioms)))
    after, diagnostics = errors_of(binary, path, extra, state, repo)
    if after is None:
        problems.append("check after add could not run: %s" % diagnostics)
    elif before is not None:
        for key in new_errors(before, after):
            problems.append("new check error [%s] %s: %s" % (key[0], key[1], key[2][:200]))
    # 3. remove: byte-identical round trip.
    status, out, err = run([binary, "remove", PROBE, path] + extra + ["--dry-run"])
    dry_status = status
    status, out, err = run([binary, "remove", PROBE, path] + extra)
    if status != dry_status:
        problems.append("remove --dry-run exit %d, remove exit %d" % (dry_status, status))
    if "undone" in err:
        problems.append("remove wrote and then undid: %s" % label(err))
    if status != 0:
        problems.append("remove exit %d: %s" % (status, label(err)))
    left = git_status(repo)
    if left:
        problems.append("add then remove is not byte-identical: %s" % ", ".join(left[:8]))
        status, diff, err = run(GIT + ["diff", "--stat"], cwd=repo)
        if diff.strip():
            problems.append("  " + diff.strip().splitlines()[-1])
    restore(repo)
    return ("FAIL" if problems else "PASS"), stat, problems


def declare_unshipped(binary, path, extra, repo, state, pbxproj_python, before, diagnostics):
    """`add NAME` without an image for the first set check says does not ship."""
    names = []
    for d in diagnostics or []:
        if d["id"] == "set-not-shipped":
            name = re.search(r'(?:app icon set|Icon Composer icon) "((?:[^"\\]|\\.)*)"', d["message"])
            if name:
                names.append(re.sub(r"\\(.)", r"\1", name.group(1)))
    if not names:
        return None
    name, problems = names[0], []
    status, out, err = run([binary, "add", name, path] + extra)
    if status != 0:
        problems.append("add %s (no image) exit %d: %s" % (name, status, reason(err, repo)))
    else:
        stat, found = diff_findings(repo, pbxproj_python)
        problems += found
        icon, idioms = listed_icon(binary, path, extra, state, name)
        if icon is None:
            problems.append(idioms)
        after, _ = errors_of(binary, path, extra, state, repo)
        if after is not None and before is not None:
            for key in new_errors(before, after):
                problems.append("new check error [%s] %s: %s" % (key[0], key[1], key[2][:200]))
        status, out, err = run([binary, "remove", name, path] + extra + ["--keep-files"])
        if status != 0:
            problems.append("remove %s --keep-files exit %d: %s" % (name, status, reason(err, repo)))
        elif git_status(repo):
            problems.append("add %s then remove --keep-files is not byte-identical: %s" % (
                name, ", ".join(git_status(repo)[:5])))
    restore(repo)
    return name, problems


def redeclare(binary, path, extra, repo, state, before):
    """An alternate the app declares in a setting or Info.plist, from a catalog set or .icon:
    `remove NAME --keep-files` must leave a set check calls set-not-shipped, and `add NAME`
    without an image must make it an alternate again with nothing new in check. Returns None
    when no such alternate exists (or the build ships every set), else (name, notes, problems)."""
    status, out, err = run([binary, "list", path] + extra + ["--json", "--state-dir", state])
    try:
        icons = json.loads(out).get("icons", [])
    except ValueError:
        return None
    candidates = [i["name"] for i in icons if not i.get("primary") and any(
        ".appiconset/" in f or ".icon/" in f or f.endswith(".icon") for f in i.get("files", []))]
    for name in candidates[-1:]:
        problems, notes = [], []
        status, out, err = run([binary, "remove", name, path] + extra + ["--keep-files"])
        if status != 0:
            restore(repo)
            if status == 1 and re.search(r"(is|would) still (be )?an alternate icon|declared in a "
                                         r"way iconpick cannot undo|"
                                         r"INCLUDE_ALL_APPICON_ASSETS = YES ships every", err):
                return None  # the build ships it without a declaration (include-all)
            problems.append("remove %s --keep-files exit %d: %s" % (name, status, reason(err, repo)))
            return name, notes, problems
        if not git_status(repo):
            restore(repo)
            return None  # nothing declares it (the build ships every set)
        middle, diagnostics = errors_of(binary, path, extra, state, repo)
        if not any(d["id"] == "set-not-shipped" and '"%s"' % name in d["message"]
                   for d in diagnostics or [] if isinstance(d, dict)):
            problems.append("after remove %s --keep-files, check does not call it set-not-shipped"
                            % name)
        status, out, err = run([binary, "add", name, path] + extra)
        if status != 0:
            problems.append("add %s (no image) exit %d: %s" % (name, status, reason(err, repo)))
        else:
            icon, idioms = listed_icon(binary, path, extra, state, name)
            if icon is None:
                problems.append(idioms)
            after, _ = errors_of(binary, path, extra, state, repo)
            if after is not None and before is not None:
                for key in new_errors(before, after):
                    problems.append("new check error [%s] %s: %s" % (key[0], key[1], key[2][:200]))
            left = git_status(repo)
            if left:
                status, diff, err = run(GIT + ["diff", "--stat"], cwd=repo)
                notes.append("not byte-identical to the original (the name moved?): %s" % (
                    diff.strip().splitlines() or ["?"])[-1].strip())
        restore(repo)
        return name, notes, problems
    return None


def fix(binary, path, extra, repo, state, pbxproj_python, before, diagnostics):
    """check --fix: the dry run writes nothing; --fix touches only files the findings' planned
    fixes name (check --format json's autofix.changes), grows no error, leaves files that parse;
    a second --fix changes nothing. Then the copy is put back. (None when no finding has a safe
    fix), else (ids fixed, diff stat, problems)."""
    fixable = [d for d in diagnostics
               if (d.get("autofix") or {}).get("safety") == "safe"]
    if not fixable:
        return None
    problems = []
    planned = set()
    for d in fixable:
        for change in (d["autofix"].get("changes") or []):
            planned.add(os.path.relpath(change["file"], repo) if os.path.isabs(change["file"])
                        else change["file"])
    status, out, err = run([binary, "check", path] + extra + ["--fix", "--dry-run",
                                                              "--state-dir", state])
    def refusal(text):
        return [l for l in text.splitlines()
                if l.startswith("iconpick: error:") and "nothing was written" in l]
    dry_refused = refusal(err)
    if git_status(repo):
        problems.append("check --fix --dry-run wrote: %s" % ", ".join(git_status(repo)[:5]))
        restore(repo)
    status, out, err = run([binary, "check", path] + extra + ["--fix", "--state-dir", state])
    if dry_refused != refusal(err):
        problems.append("check --fix --dry-run and check --fix disagree on refusing: %s" % (
            reason(err, repo)))
    if "undone" in err:
        problems.append("check --fix wrote and then undid: %s" % reason(err, repo))
    if status > 1:
        problems.append("check --fix exit %d: %s" % (status, reason(err, repo)))
    changed = [line[3:].strip().strip('"') for line in git_status(repo)]
    for file in changed:
        inside = any(file == p or file.startswith(p.rstrip("/") + "/") or p.startswith(file)
                     for p in planned)
        if not inside:
            problems.append("check --fix touched %s, which no planned fix names" % file)
    # setting-name-case respells a name as its set does: those lines are the fix, not a
    # reformatting (duckduckgo/iOS: four lines of ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES).
    renames = {}
    for d in fixable:
        if d["id"] != "setting-name-case":
            continue
        names = re.search(r'names "((?:[^"\\]|\\.)*)", which matches the icon set '
                          r'"((?:[^"\\]|\\.)*)" only when case is ignored', d["message"])
        if names:
            written, correct = (re.sub(r"\\(.)", r"\1", n) for n in names.groups())
            renames[written] = correct
    stat, found = diff_findings(repo, pbxproj_python, renames)
    problems += found
    after, _ = errors_of(binary, path, extra, state, repo)
    if after is not None:
        for key in new_errors(before, after):
            problems.append("new check error after --fix [%s] %s: %s" % (key[0], key[1],
                                                                          key[2][:200]))
    run(GIT + ["add", "-A"], cwd=repo)
    run(GIT + ["commit", "-q", "-m", "fixed"], cwd=repo)
    run([binary, "check", path] + extra + ["--fix", "--state-dir", state])
    if git_status(repo):
        problems.append("a second check --fix changed: %s" % ", ".join(git_status(repo)[:5]))
    run(GIT + ["reset", "-q", "--hard", "HEAD~1"], cwd=repo)
    restore(repo)
    return sorted(set(d["id"] for d in fixable)), stat, problems


def fresh_copy(project, work):
    copy = os.path.join(work, os.path.basename(project.rstrip("/")))
    shutil.copytree(project, copy, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    # As a checkout is: writable by its owner (the shared corpus is kept read-only, and add
    # refuses a read-only file as a careful developer would: not checked out).
    for folder, folders, files in os.walk(copy):
        for name in [folder] + [os.path.join(folder, f) for f in files]:
            if not os.path.islink(name):
                os.chmod(name, os.stat(name).st_mode | 0o200)
    for command in (["init", "-q"], ["add", "-A", "-f"], ["commit", "-q", "-m", "as fetched"]):
        status, out, err = run(GIT + command, cwd=copy)
        if status != 0:
            raise RuntimeError("git %s: %s" % (command[0], err.strip()))
    return copy


def main():
    arguments = sys.argv[1:]
    pbxproj_python, only, keep = sys.executable, [], False
    positional = []
    while arguments:
        argument = arguments.pop(0)
        if argument == "--pbxproj-python" and arguments:
            pbxproj_python = arguments.pop(0)
        elif argument == "--only" and arguments:
            only.append(arguments.pop(0))
        elif argument == "--keep":
            keep = True
        else:
            positional.append(argument)
    if len(positional) < 2:
        print(__doc__)
        return 2
    binary, folders = os.path.abspath(positional[0]), positional[1:]
    status, out, err = run([binary, "add", "--help"])
    can_edit = status == 0 and "iconpick add" in out
    status, out, err = run([binary, "remove", "--help"])
    can_edit = can_edit and status == 0
    if not can_edit:
        print("note: this iconpick has no add/remove: only the list and check parts run")
    pbxproj_python = pbxproj_loader(pbxproj_python) if can_edit else None
    work = tempfile.mkdtemp(prefix="iconpick-edit-")
    state = os.path.join(work, ".state")
    image = os.path.join(work, "probe.png")
    solid_png(image)
    counts = collections.Counter()
    failed = []
    for folder in folders:
        if not os.path.isdir(folder):
            print("edit: no folder %s" % folder)
            counts["missing folder"] += 1
            continue
        for name in sorted(os.listdir(folder)):
            project = os.path.join(folder, name)
            if name.startswith(".") or not os.path.isdir(project) or (only and name not in only):
                continue
            counts["projects"] += 1
            try:
                copy = fresh_copy(project, work)
            except (OSError, RuntimeError, shutil.Error) as error:
                print("FAIL  %s: not copied: %s" % (name, error))
                failed.append(name)
                continue
            found, unreadable = units(binary, copy, state)
            for path, extra, reason in unreadable:
                where = os.path.relpath(path, copy) + (" --target %s" % extra[1] if extra else "")
                print("skip  %s %s: list fails: %s" % (name, where, reason.replace(copy + "/", "")))
                counts["targets skipped (list fails)"] += 1
            for path, extra in found:
                where = name + ("/" + os.path.relpath(path, copy) if path != copy else "")
                where += " --target %s" % extra[1] if extra else ""
                counts["targets"] += 1
                before, diagnostics = errors_of(binary, path, extra, state, copy)
                if before is None:
                    print("FAIL  %s: check cannot run: %s" % (where, diagnostics))
                    failed.append(where)
                    continue
                if not can_edit:
                    print("ok    %s: list and check run (%d errors before)" % (
                        where, sum(before.values())))
                    continue
                verdict, stat, problems = edit(binary, path, extra, copy, image, state,
                                               pbxproj_python, before)
                print("%-5s %s  [%s]" % (verdict, where, "; ".join(stat) or "no change"))
                for problem in problems:
                    print("        " + problem)
                counts[verdict] += 1
                if problems:
                    failed.append(where)
                unshipped = declare_unshipped(binary, path, extra, copy, state, pbxproj_python,
                                              before, diagnostics)
                if unshipped:
                    set_name, problems = unshipped
                    print("%-5s %s  add %s (a set that does not ship, no image)" % (
                        "FAIL" if problems else "PASS", where, set_name))
                    for problem in problems:
                        print("        " + problem)
                    counts["unshipped " + ("FAIL" if problems else "PASS")] += 1
                    if problems:
                        failed.append(where + " (add %s)" % set_name)
                fixed = fix(binary, path, extra, copy, state, pbxproj_python, before,
                            diagnostics)
                if fixed:
                    ids, stat, problems = fixed
                    verdict = "FAIL" if problems else "PASS"
                    print("%-5s %s  check --fix (%s)  [%s]" % (
                        verdict, where, ", ".join(ids), "; ".join(stat) or "no change"))
                    for problem in problems:
                        print("        " + problem)
                    counts["fix " + verdict] += 1
                    if problems:
                        failed.append(where + " (check --fix)")
                declared = redeclare(binary, path, extra, copy, state, before)
                if declared:
                    set_name, notes, problems = declared
                    verdict = "FAIL" if problems else "PASS"
                    print("%-5s %s  remove %s --keep-files, then add %s without an image%s" % (
                        verdict, where, set_name, set_name, ("; " + "; ".join(notes)) if notes else ""))
                    for problem in problems:
                        print("        " + problem)
                    counts["redeclare " + verdict] += 1
                    if problems:
                        failed.append(where + " (redeclare %s)" % set_name)
            if not keep:
                shutil.rmtree(copy, ignore_errors=True)
    if keep:
        print("copies kept in %s" % work)
    else:
        shutil.rmtree(work, ignore_errors=True)
    print()
    print("edit: %d projects, %d targets (%d skipped: list fails); round trip: %d passed, "
          "%d failed, %d tvOS apps and %d apps without a catalog refused as they should be; "
          "add of an unshipped set: %d passed, "
          "%d failed; remove --keep-files then add again: %d passed, %d failed; check --fix: "
          "%d passed, %d failed%s" % (
              counts["projects"], counts["targets"], counts["targets skipped (list fails)"],
              counts["PASS"], counts["FAIL"], counts["TVOS"], counts["NOCAT"],
              counts["unshipped PASS"],
              counts["unshipped FAIL"], counts["redeclare PASS"], counts["redeclare FAIL"],
              counts["fix PASS"], counts["fix FAIL"],
              "" if can_edit else " (add/remove absent: list and check only)"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
