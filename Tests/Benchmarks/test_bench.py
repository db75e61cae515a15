#!/usr/bin/env python3
"""bench.py's own tests (`make bench-smoke` runs them first): a path that fails fails the run.

Stand-ins for iconpick and iconpick-bench are small shell scripts, so these run in a second
and need no build: a program that exits non-zero, prints nothing, or draws nothing on a
pseudo-terminal makes the row raise, and so `bench.py --smoke` exit non-zero.
"""
import os
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the checkout
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402


class BenchFailsWhenAPathFails(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory(prefix="iconpick-bench-test-")
        self.scratch = self.folder.name
        self.smoke, bench.SMOKE = bench.SMOKE, True
        self.tool = os.environ.pop("BENCH_TOOL", None)

    def tearDown(self):
        bench.SMOKE = self.smoke
        os.environ.pop("BENCH_TOOL", None)
        if self.tool is not None:
            os.environ["BENCH_TOOL"] = self.tool
        self.folder.cleanup()

    def program(self, name, body):
        path = os.path.join(self.scratch, name)
        with open(path, "w") as f:
            f.write("#!/bin/sh\n" + body + "\n")
        os.chmod(path, 0o755)
        return path

    def test_a_command_that_works_gives_a_figure(self):
        ok = self.program("iconpick", "echo '{}'")
        samples = bench.time_command([ok, "list", "--json"], 1)
        self.assertEqual(len(samples), 1)

    def test_a_command_that_exits_non_zero_fails_its_row(self):
        broken = self.program("iconpick", "echo 'iconpick: cannot read' >&2; exit 1")
        with self.assertRaises(subprocess.CalledProcessError):
            bench.time_command([broken, "list", "--json"], 1)

    def test_a_command_that_prints_nothing_fails_a_smoke_row(self):
        silent = self.program("iconpick", "exit 0")
        with self.assertRaises(RuntimeError):
            bench.time_command([silent, "--version"], 1)

    def test_a_bench_tool_that_refuses_its_arguments_fails_the_built_app_rows(self):
        # What main had: `car-time 50 FILE` printed its usage and exited 2.
        ok = self.program("iconpick", "echo '{}'")
        os.environ["BENCH_TOOL"] = self.program(
            "iconpick-bench", "echo 'usage: iconpick-bench RUNS COLSxROWS PNG...' >&2; exit 2")
        with self.assertRaisesRegex(RuntimeError, "exited with 2: usage: iconpick-bench"):
            bench.built_apps(ok, self.scratch, 1)

    def test_a_bench_tool_that_prints_nothing_fails(self):
        os.environ["BENCH_TOOL"] = self.program("iconpick-bench", "exit 0")
        with self.assertRaises(RuntimeError):
            bench.tool_output([bench.bench_tool("iconpick"), "1", "12x6", "a.png"])

    def test_a_picker_that_exits_non_zero_fails(self):
        broken = self.program("iconpick", "echo 'iconpick: no app here'; exit 1")
        with self.assertRaisesRegex(RuntimeError, "exited with 1"):
            bench.pty_session([broken], dict(os.environ))

    def test_a_picker_that_draws_nothing_fails(self):
        silent = self.program("iconpick", "exit 0")
        with self.assertRaisesRegex(RuntimeError, "drew nothing"):
            bench.pty_session([silent], dict(os.environ))

    def test_a_picker_that_draws_and_quits_gives_a_figure(self):
        picker = self.program(
            "iconpick", "stty raw -echo; echo 'App Icon · Palette'; dd bs=1 count=1 >/dev/null 2>&1")
        frame = bench.pty_session([picker], dict(os.environ))[0]
        self.assertGreaterEqual(frame, 0)

    def test_a_show_that_fails_on_a_terminal_fails_its_row(self):
        broken = self.program("iconpick", "echo 'iconpick: sixel images need libchafa' >&2; exit 1")
        with self.assertRaisesRegex(RuntimeError, "exited with 1, 0 bytes written: iconpick: sixel"):
            bench.on_terminal([broken, "show"], dict(os.environ))

    def test_a_show_that_writes_nothing_fails_its_row(self):
        with self.assertRaisesRegex(RuntimeError, "0 bytes written"):
            bench.on_terminal([self.program("iconpick", "exit 0")], dict(os.environ))

    def test_a_show_writes_on_a_terminal_of_the_asked_size(self):
        # Standard output is the terminal: `stty size` reads its cells ("30 100" and CR LF).
        sized = self.program("iconpick", "stty -F /dev/stdout size")
        wall, cpu, count = bench.on_terminal([sized], dict(os.environ), columns=100, rows=30)
        self.assertEqual(count, len(b"30 100\r\n"))
        self.assertGreaterEqual(cpu, 0)

    def test_picker_moves_without_figures_fails(self):
        os.environ["BENCH_TOOL"] = self.program("iconpick-bench", "echo 'budget 16384 16.7'")
        with self.assertRaisesRegex(RuntimeError, "picker-moves printed no figures"):
            bench.picker_moves("iconpick", "Palette")

    def test_picker_moves_judges_the_rows_against_the_budget(self):
        lines = []
        for kind, added in (("kitty", 100), ("iterm", 40000), ("sixel", 60000)):
            for way in ("round", "scroll"):
                lines.append("moves %s cells %s 1000 0.2 0.4" % (kind, way))
                lines.append("moves %s images %s %d 0.3 0.5" % (kind, way, 1000 + added))
        lines += ["budget 16384 16.7", "chosen kitty"]
        os.environ["BENCH_TOOL"] = self.program(
            "iconpick-bench", "cat <<'END'\n%s\nEND" % "\n".join(lines))
        import contextlib
        import io
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            bench.picker_moves("iconpick", "Palette")
        text = printed.getvalue()
        self.assertIn("kitty: the rows as images add 100 B a move", text)
        self.assertIn("within; the picker shows them as images", text)
        self.assertIn("sixel: the rows as images add 60000 B", text)
        self.assertNotIn("disagrees", text)

    def test_a_smoke_run_without_its_arguments_exits_non_zero(self):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench.py")
        result = subprocess.run([sys.executable, script, "--smoke"], capture_output=True, text=True)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("usage: bench.py [--smoke] BINARY PALETTE", result.stderr)

    def test_bench_only_names_known_groups(self):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench.py")
        ok = self.program("iconpick", "echo '{}'")
        result = subprocess.run(
            [sys.executable, script, ok, self.scratch], capture_output=True, text=True,
            env=dict(os.environ, BENCH_ONLY="first frame"))
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("BENCH_ONLY names no group first frame", result.stderr)
        only, bench.ONLY = bench.ONLY, ["first frames"]
        try:
            self.assertTrue(bench.wanted("first frames"))
            self.assertFalse(bench.wanted("start-up"))
        finally:
            bench.ONLY = only
        self.assertTrue(bench.wanted("start-up"))


if __name__ == "__main__":
    unittest.main(verbosity=2)
