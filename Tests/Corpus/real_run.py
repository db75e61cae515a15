#!/usr/bin/env python3
"""`make real`: iconpick over public projects fetched beside the checkout, against answers
written from each project's files before iconpick was run on it (Tests/Corpus/real-projects.json).

    python3 Tests/Corpus/real_run.py ICONPICK DIR [--answers FILE] [--only OWNER/NAME]...
                                     [--skip-missing] [--verbose]

DIR holds one checkout per project, named OWNER+NAME (Awful+Awful.app), at the commit the answers
give (a `.commit` file holding it, or a git checkout; another commit is a failure: the answers
are for that one). docs/development.md says how to get them.

For each project:
- every app the answers list: `iconpick list PATH [--target T] [--platform P] --json` exits 0,
  its primary icon has the answer's name, and the alternates iconpick lists on each device the
  app runs on (iphone, ipad) are the answer's (`alternates`, on every device, or per device in
  `alternatesByIdiom`);
- every `targets` entry: `iconpick list PATH` without --target names exactly those app targets
  (or those projects, for `projects`) in its "several ..." error, or lists the one;
- every `noApp` folder (a library, no app): `iconpick list PATH` exits 1 with nothing on stdout;
- every refusal (`refused`): `iconpick list PATH` exits 1, prints nothing on stdout, and its
  message names the tool that makes the app (Bazel, .NET MAUI, Unity...);
- `iconpick check PATH --format json`, once per PATH an app or `checks` entry names: the errors
  it reports are the answer's `errors` (counted by id and target, and by file when the answer
  names one, its end; an answer stands for every finding it matches, one per alternate say),
  no more and no fewer. Warnings and notes are not judged. Errors the checkout explains are not
  counted: files the snapshot lacks (4 MiB and more, listed in the checkout's `.absent`) and Git
  LFS pointers where the answer says `lfsPointers`.

One line per project (PASS, FAIL or MISSING-CHECKOUT) and, below a failure, each reason. Exit 1
when a project fails or a checkout is missing (unless --skip-missing).
"""
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
IDIOMS = ("iphone", "ipad")


def run(binary, arguments, state):
    result = subprocess.run([binary] + arguments + ["--state-dir", state],
                            capture_output=True, text=True, errors="replace")
    return result.returncode, result.stdout, result.stderr


def quoted_names(text):
    return [re.sub(r"\\(.)", r"\1", n) for n in re.findall(r'"((?:[^"\\]|\\.)*)"', text)]


def checkout_commit(folder):
    """The commit the checkout is at: its `.commit` file, else git's HEAD; None if neither."""
    try:
        return open(os.path.join(folder, ".commit"), encoding="utf-8").read().strip()
    except OSError:
        pass
    result = subprocess.run(["git", "-C", folder, "rev-parse", "HEAD"], capture_output=True,
                            text=True)
    return result.stdout.strip() if result.returncode == 0 else None


def unit_arguments(folder, unit):
    path = os.path.join(folder, unit.get("path", "")) if unit.get("path") else folder
    extra = []
    if unit.get("target"):
        extra += ["--target", unit["target"]]
    if unit.get("platform"):
        extra += ["--platform", unit["platform"]]
    if unit.get("configuration"):
        extra += ["--configuration", unit["configuration"]]
    return path, extra


def describe(unit):
    where = unit.get("path") or "."
    if unit.get("target"):
        where += " --target %s" % unit["target"]
    if unit.get("platform"):
        where += " --platform %s" % unit["platform"]
    return where


def last_line(text):
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else ""


def judge_app(binary, folder, app, state):
    """Reasons the app's list differs from the answer (empty when it agrees)."""
    path, extra = unit_arguments(folder, app)
    status, out, err = run(binary, ["list", path] + extra + ["--json"], state)
    where = describe(app)
    if status != 0:
        return ["%s: list exit %d: %s" % (where, status, last_line(err).replace(folder + "/", ""))]
    try:
        listed = json.loads(out)
    except ValueError:
        return ["%s: list --json printed no JSON" % where]
    icons = listed.get("icons", [])
    primaries = [icon["name"] for icon in icons if icon.get("primary")]
    reasons = []
    if primaries != [app["primary"]]:
        reasons.append("%s: primary %s, the answer %s" % (
            where, " ".join(primaries) or "(none)", app["primary"]))
    idioms = [i for i in listed.get("app", {}).get("idioms", []) if i in IDIOMS]
    if app.get("idioms") and sorted(app["idioms"]) != sorted(idioms):
        reasons.append("%s: runs on %s, the answer %s" % (
            where, ", ".join(idioms) or "(none)", ", ".join(app["idioms"])))
    for idiom in idioms:
        expected = set(app.get("alternatesByIdiom", {}).get(idiom, app.get("alternates", [])))
        got = {icon["name"] for icon in icons
               if not icon.get("primary") and idiom in icon.get("idioms", [])}
        if got != expected:
            extra_names, missing = sorted(got - expected), sorted(expected - got)
            reasons.append("%s: %s alternates differ:%s%s" % (
                where, idiom,
                (" listed but not in the answer: %s;" % ", ".join(extra_names)) if extra_names else "",
                (" in the answer but not listed: %s" % ", ".join(missing)) if missing else ""))
    return reasons


def judge_targets(binary, folder, entry, state):
    """`targets` (or `projects`) at a path: what list without --target names."""
    path, extra = unit_arguments(folder, entry)
    if entry.get("target"):
        extra = []
    status, out, err = run(binary, ["list", path] + extra, state)
    where = describe({"path": entry.get("path")})
    if "projects" in entry:
        found = re.search(r"several Xcode projects \((.*)\): pass", err)
        got = quoted_names(found.group(1)) if status != 0 and found else []
        if sorted(got) != sorted(entry["projects"]):
            return ["%s: projects %s, the answer %s" % (
                where, ", ".join(got) or "(not several: %s)" % (last_line(err) or "listed"),
                ", ".join(entry["projects"]))]
        return []
    found = re.search(r"several app targets \((.*)\): choose", err)
    if status != 0 and found:
        got = quoted_names(found.group(1))
    elif status == 0:
        got = ["(one)"]
    else:
        return ["%s: list exit %d: %s" % (where, status, last_line(err).replace(folder + "/", ""))]
    expected = entry["targets"] if len(entry["targets"]) > 1 else ["(one)"]
    if sorted(got) != sorted(expected):
        return ["%s: app targets %s, the answer %s" % (
            where, ", ".join(got), ", ".join(entry["targets"]))]
    return []


def judge_refusal(binary, folder, refusal, state):
    path, extra = unit_arguments(folder, refusal)
    status, out, err = run(binary, ["list", path] + extra, state)
    where = describe(refusal)
    message = last_line(err)
    # The tool must be named by the message, not by a path in it (AppIconChangerUnity).
    said = re.sub(r"(/[^\s'\"]*)+", "", err.replace(folder, ""))
    if status == 1 and not out.strip() and refusal["tool"].lower() in said.lower():
        return []
    return ["%s: expected a refusal naming %s (exit 1, nothing on stdout); got exit %d%s: %s" % (
        where, refusal["tool"], status, ", a listing" if out.strip() else "",
        message.replace(folder + "/", "") or "(no message)")]


def error_key(diagnostic_or_answer, with_file):
    file = diagnostic_or_answer.get("file") or ""
    return (diagnostic_or_answer["id"], diagnostic_or_answer.get("target") or "",
            file if with_file else "")


def checkout_gap(diagnostic, folder, project):
    """Why the checkout, not the project, causes this error; None when it does not. A fetched
    snapshot lacks files of 4 MiB and more (listed in the checkout's `.absent`) and Git LFS
    content (PNGs that are pointers: the project's `lfsPointers`)."""
    if (project.get("lfsPointers") and diagnostic["id"] == "wrong-format"
            and "Git LFS pointer" in diagnostic.get("message", "")):
        return "a Git LFS pointer in this checkout"
    try:
        absent = open(os.path.join(folder, ".absent"), encoding="utf-8").read().splitlines()
    except OSError:
        return None
    file = (diagnostic.get("file") or "").replace(folder + "/", "")
    for path in filter(None, absent):
        if (file and (path == file or path.startswith(file.rstrip("/") + "/"))) \
                or os.path.basename(path) in diagnostic.get("message", ""):
            return "%s is not in the snapshot (.absent)" % path
    return None


def target_matches(diagnostic, target):
    """A finding's target is "App", or "App · iOS" for one platform of a target that builds
    for two; a project of one app target names none."""
    got = diagnostic.get("target") or ""
    return not target or not got or got == target or got.startswith(target + " ")


def judge_check(binary, folder, path, expected, state, project):
    """Errors check reports at PATH against the answer's (id, target, file end): each answer
    stands for every finding it matches (one per alternate, say), at least one."""
    full = os.path.join(folder, path) if path else folder
    status, out, err = run(binary, ["check", full, "--format", "json"], state)
    where = path or "."
    if status > 1 or not out.strip():
        return ["check %s: could not run (exit %d): %s" % (where, status, last_line(err))]
    try:
        report = json.loads(out)
    except ValueError:
        return ["check %s: printed no JSON" % where]
    errors = [d for d in report.get("diagnostics", []) if d.get("severity") == "error"
              and not checkout_gap(d, folder, project)]
    unmatched = list(errors)
    reasons = []
    for answer in expected:
        matches = [d for d in unmatched
                   if d["id"] == answer["id"] and target_matches(d, answer.get("target"))
                   and (not answer.get("file") or (d.get("file") or "").endswith(answer["file"]))]
        if not matches:
            reasons.append("check %s: the answer's error %s%s%s is not reported" % (
                where, answer["id"],
                (" (target %s)" % answer["target"]) if answer.get("target") else "",
                (" at %s" % answer["file"]) if answer.get("file") else ""))
        for d in matches:
            unmatched.remove(d)
    for d in unmatched:
        file = (d.get("file") or "").replace(folder + "/", "")
        reasons.append("check %s: error not in the answer: %s%s: %s [%s]" % (
            where, ("target %s: " % d["target"]) if d.get("target") else "",
            file + (":%d" % d["line"] if d.get("line") else ""), d.get("message", ""), d["id"]))
    for line in err.splitlines():
        if re.match(r'iconpick: (?:error: )?target "[^"]*": ', line):
            reasons.append("check %s: a target could not be read: %s" % (where, line))
    return reasons


def judge_project(binary, folder, project, state):
    reasons = []
    for app in project.get("apps", []):
        reasons += judge_app(binary, folder, app, state)
    for entry in project.get("targets", []):
        reasons += judge_targets(binary, folder, entry, state)
    for refusal in project.get("refused", []):
        reasons += judge_refusal(binary, folder, refusal, state)
    for entry in project.get("noApp", []):
        path, extra = unit_arguments(folder, entry)
        status, out, err = run(binary, ["list", path] + extra, state)
        if status != 1 or out.strip():
            reasons.append("%s: no app here, yet list exit %d%s" % (
                describe(entry), status, ", a listing" if out.strip() else ""))
    checks = collections.OrderedDict()
    for app in project.get("apps", []):
        checks.setdefault(app.get("path", ""), [])
    for entry in project.get("checks", []):
        checks.setdefault(entry.get("path", ""), []).extend(entry.get("errors", []))
    for path, expected in checks.items():
        reasons += judge_check(binary, folder, path, expected, state, project)
    return reasons


def main():
    arguments = sys.argv[1:]
    answers_file = os.path.join(HERE, "real-projects.json")
    only, skip_missing, verbose, positional = [], False, False, []
    while arguments:
        argument = arguments.pop(0)
        if argument == "--answers" and arguments:
            answers_file = arguments.pop(0)
        elif argument == "--only" and arguments:
            only.append(arguments.pop(0))
        elif argument == "--skip-missing":
            skip_missing = True
        elif argument == "--verbose":
            verbose = True
        else:
            positional.append(argument)
    if len(positional) != 2:
        print(__doc__)
        return 2
    binary, real = os.path.abspath(positional[0]), positional[1]
    if not os.path.isdir(real):
        print("real: no folder of checkouts at %s (the projects are optional and not part of the "
              "repository; REAL=DIR names one, docs/development.md says how to get them)" % real)
        return 1
    answers = json.load(open(answers_file, encoding="utf-8"))
    state = tempfile.mkdtemp(prefix="iconpick-real-")
    counts = collections.Counter()
    for project in answers["projects"]:
        repo = project["repo"]
        if only and repo not in only:
            continue
        folder = os.path.join(real, repo.replace("/", "+"))
        if not os.path.isdir(folder):
            print("MISSING-CHECKOUT  %s (%s at %s)" % (repo, folder, project["commit"][:12]))
            counts["missing"] += 1
            continue
        commit = checkout_commit(folder)
        if commit and commit != project["commit"]:
            print("FAIL  %s\n        checkout at %s, the answers are for %s" % (
                repo, commit[:12], project["commit"][:12]))
            counts["fail"] += 1
            continue
        reasons = judge_project(binary, os.path.abspath(folder), project, state)
        units = sum(len(project.get(k, [])) for k in ("apps", "refused", "noApp"))
        print("%-5s %s (%s; %d app%s or refusal%s)" % (
            "FAIL" if reasons else "PASS", repo, project.get("kind", ""), units,
            "" if units == 1 else "s", "" if units == 1 else "s"))
        for reason in reasons:
            print("        " + reason)
        if verbose and not reasons:
            for app in project.get("apps", []):
                print("        %s: %s + %d alternates" % (
                    describe(app), app["primary"], len(app.get("alternates", []))))
        counts["fail" if reasons else "pass"] += 1
    print()
    print("real: %d projects passed, %d failed, %d checkouts missing" % (
        counts["pass"], counts["fail"], counts["missing"]))
    if counts["fail"] or (counts["missing"] and not skip_missing):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
