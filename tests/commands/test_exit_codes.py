"""Every command ends with a meaningful status and at most a line: 0 done, 1 illegal, 2
bad input, 130 interrupted (Ctrl+C, SIGTERM, output closed); never a traceback, never 139."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tui import guard
from tui.cli import main
from vision.json_names import name_from

ROOT = Path(__file__).resolve().parents[2]
HAND = ROOT / "datasets" / "samples" / "hand-double12.jpg"
DEMO = ROOT / "datasets" / "samples" / "live_demo.avi"
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux file names")


def cli(*args: str | bytes, stdin: bytes = b"", timeout: float = 120
        ) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "tui.cli", *args]
    return subprocess.run(command, input=stdin, capture_output=True, timeout=timeout, cwd=ROOT)


def test_an_unexpected_error_is_one_line_and_exit_2(monkeypatch, capsys):
    import tui.commands.simulate as simulate

    def boom(_args):
        raise TypeError("something nobody expected\nsecond line")

    monkeypatch.setattr(simulate, "run", boom)
    assert main(["simulate", "--players", "2", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err == ("chickenfoot simulate: unexpected error: TypeError: something nobody "
                   "expected\n")


def test_recursion_and_interrupts_map_to_their_codes(capsys):
    def deep():
        raise RecursionError("maximum recursion depth exceeded")

    def interrupted():
        raise KeyboardInterrupt

    def terminated():
        raise guard.Terminated

    assert guard.run_guarded("check", deep) == 2
    assert guard.run_guarded("check", interrupted) == 130
    assert guard.run_guarded("check", terminated) == 130
    assert capsys.readouterr().err.splitlines() == [
        "chickenfoot check: the input is nested too deeply to read",
        "chickenfoot: interrupted", "chickenfoot: terminated"]


def _as_from_a_terminal() -> None:
    """A child started as from a terminal, Ctrl+C, SIGTERM and SIGHUP at their defaults:
    this test run may itself be a background job or run under nohup, whose children
    inherit them ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def _guarded_in_a_fresh_process(body: str) -> tuple[int, str]:
    """Run ``body`` (defining ``call``) under ``run_guarded`` in a process of its own, as a
    command runs: no handler or thread an earlier test left can change what a signal
    does. Returns the exit status and stderr."""
    code = ("import signal, sys\nfrom tui import guard\n" + textwrap.dedent(body)
            + "\nguard.install_sigterm()\nsys.exit(guard.run_guarded('read', call))\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, timeout=60, preexec_fn=_as_from_a_terminal)
    return run.returncode, run.stderr


def test_ctrl_c_that_a_library_turns_into_another_error_is_still_130():
    # as cv2 does when numpy's import is interrupted
    assert _guarded_in_a_fresh_process("""
        def call():
            try:
                signal.raise_signal(signal.SIGINT)
            except KeyboardInterrupt:
                raise ImportError("OpenCV bindings requires numpy") from None
    """) == (130, "chickenfoot: interrupted\n")


def test_ctrl_c_swallowed_where_python_cannot_raise_it_is_still_130():
    # like importlib's module-lock callback: Python only prints "Exception ignored"
    assert _guarded_in_a_fresh_process("""
        class Collected:
            def __del__(self):
                signal.raise_signal(signal.SIGINT)

        def call():
            Collected()
            return 0
    """) == (130, "chickenfoot: interrupted\n")


def test_a_signal_is_remembered_for_its_own_run_only(capsys):
    guard._stopped_by = "interrupted"  # as a run before this one left it
    assert guard.run_guarded("read", lambda: 0) == 0
    assert capsys.readouterr().err == ""


def test_sigterm_that_a_library_turns_into_another_error_is_still_130():
    assert _guarded_in_a_fresh_process("""
        def call():
            try:
                signal.raise_signal(signal.SIGTERM)
            except guard.Terminated:
                raise ImportError("OpenCV bindings requires numpy") from None
    """) == (130, "chickenfoot: terminated\n")


@pytest.mark.parametrize(("sent", "said"), [(signal.SIGINT, b"chickenfoot: interrupted\n"),
                                            (signal.SIGTERM, b"chickenfoot: terminated\n")])
def test_a_signal_while_the_command_starts_is_one_line_and_130(sent, said):
    # the console script's own start: `tui` is the first of its code to run
    starting = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.argv = ['/usr/bin/chickenfoot']; import tui; "
         "import time; print('loading', flush=True); time.sleep(60)"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, preexec_fn=_as_from_a_terminal)
    try:
        assert starting.stdout.readline() == b"loading\n"
        starting.send_signal(sent)
        _out, err = starting.communicate(timeout=20)
    finally:
        starting.kill()
    assert starting.returncode == 130
    assert err == said


def test_an_option_is_written_whole(capsys):
    # argparse took --count for --count-doubtful: doubtful tiles counted unasked
    assert main(["read", str(HAND), "--count"]) == 2
    assert capsys.readouterr().err == ("chickenfoot read: unrecognized arguments: --count (see "
                                       "chickenfoot read --help)\n")
    assert main(["check", "1-1", "--pla", "1-2@1-1"]) == 2


def test_usage_errors_stay_2_and_help_stays_0(capsys):
    assert cli("check").returncode == 2
    assert cli("--help").returncode == 0
    assert guard.run_guarded("x", lambda: sys.exit(1)) == 2  # a stray exit(1) is not "illegal"


@linux
@pytest.mark.parametrize("command", [["read"], ["read", "--json"], ["board"],
                                     ["check", "--disputed", "1-2"]])
def test_a_latin1_file_name_never_crashes(tmp_path, command):
    name = os.path.join(os.fsencode(tmp_path), b"caf\xe9.txt.jpg")
    with open(name, "wb") as handle:
        handle.write(b"not a photo at all")
    words = [command[0], name, *command[1:]]
    done = cli(*words)
    assert done.returncode == 2, done.stderr
    assert b"Traceback" not in done.stderr and len(done.stderr.splitlines()) <= 2
    assert b"not an image" in done.stderr + done.stdout


@linux
def test_a_latin1_photo_name_is_written_as_valid_json(tmp_path):
    name = os.path.join(os.fsencode(tmp_path), b"caf\xe9.jpg")
    with open(name, "wb") as handle:
        handle.write(HAND.read_bytes())
    done = cli("read", "--json", name)
    assert done.returncode == 0, done.stderr
    # strict UTF-8 with no lone surrogate, which strict JSON readers refuse
    line = done.stdout.decode("utf-8", errors="strict")
    assert "\\ud" not in line
    written = json.loads(line)
    assert written["image"].endswith("caf\ufffd.jpg")
    assert os.fsencode(name_from(written, "image")) == name
    for command in (["board", "--json", name], ["board", "--json", name + b".missing"],
                    ["read", "--json", name + b".missing"]):
        line = cli(*command).stdout.decode("utf-8", errors="strict").splitlines()[0]
        assert "\\ud" not in line and os.fsencode(name_from(json.loads(line), "image")) \
            == command[2]


@linux
def test_a_latin1_video_name_is_refused_in_one_line(tmp_path):
    name = os.path.join(os.fsencode(tmp_path), b"caf\xe9.avi")
    with open(name, "wb") as handle:
        handle.write(DEMO.read_bytes()[:1000])
    done = cli("live", "--camera", name, "--no-window")
    assert done.returncode == 2 and b"not valid UTF-8" in done.stderr
    assert b"Traceback" not in done.stderr


def test_a_closed_output_pipe_ends_quietly():
    process = subprocess.Popen([sys.executable, "-m", "tui.cli", "check", "9-9 9-1@9-9",
                                "--play", "1-5@9-1", "--json"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, cwd=ROOT)
    process.stdout.close()  # nobody reads: the first write meets a broken pipe
    _, err = process.communicate(timeout=60)
    assert process.returncode in (0, 1, 130)  # 0/1 when the verdict fit in the pipe buffer
    assert b"Traceback" not in err and b"BrokenPipe" not in err


def test_live_into_a_closed_pipe_ends_quietly():
    # the frame count was still said on stderr after its output had gone (`| head -1`)
    process = subprocess.Popen([sys.executable, "-m", "tui.cli", "live", "--camera", str(DEMO),
                                "--no-window"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, cwd=ROOT)
    process.stdout.close()  # nobody reads: its first line meets a broken pipe
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130
    assert err == b""


def test_read_json_into_head_ends_quietly():
    pipeline = (f"{sys.executable} -m tui.cli read --json {HAND} {HAND} {HAND} | head -c 5; "
                'echo " ${PIPESTATUS[0]}"')
    done = subprocess.run(["bash", "-c", pipeline], capture_output=True, timeout=120, cwd=ROOT)
    assert done.stdout.decode().split()[-1] in ("0", "130")
    assert b"Traceback" not in done.stderr and b"BrokenPipe" not in done.stderr


@linux
def test_sigterm_prints_one_line_and_exits_130():
    process = subprocess.Popen([sys.executable, "-m", "tui.cli", "live", "--camera", str(DEMO),
                                "--no-window"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, cwd=ROOT)
    process.stdout.readline()  # the first frame is read: the command is in full swing
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert b"chickenfoot: terminated" in err and b"Traceback" not in err


@linux
def test_a_closed_terminal_sighup_ends_as_sigterm_does_and_nohup_keeps_it_going():
    # SIGHUP killed every command with no word and no cleanup (a half-written file left)
    command = [sys.executable, "-m", "tui.cli", "live", "--camera", str(DEMO), "--no-window"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               cwd=ROOT, preexec_fn=_as_from_a_terminal)
    process.stdout.readline()
    process.send_signal(signal.SIGHUP)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert b"chickenfoot: terminated" in err and b"Traceback" not in err

    def as_under_nohup():
        signal.signal(signal.SIGHUP, signal.SIG_IGN)

    kept = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=ROOT, preexec_fn=as_under_nohup)
    kept.stdout.readline()
    kept.send_signal(signal.SIGHUP)
    out, err = kept.communicate(timeout=120)
    assert kept.returncode == 0, err
    assert b"4 tiles: 12|0 9|2 6|6 5|3" in out


@pytest.mark.parametrize("words", [["simulate", "--set", "9" * 50_000],
                                   ["simulate", "--rule", "x" * 50_000 + "=1"],
                                   ["simulate", "--rule", "spinner-arms=" + "x" * 50_000],
                                   ["live", "--no-window", "--camera", "/tmp/" + "x" * 5_000]])
def test_a_huge_bad_value_is_named_by_its_start_not_echoed(words):
    done = cli(*words)
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert 0 < len(done.stderr) < 1_000


def test_sigterm_between_the_guards_ends_in_one_line_not_a_traceback():
    # the command's own handlers are in, but no guard is running (main's few plain lines)
    between = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.argv = ['/usr/bin/chickenfoot']; import tui; "
         "from tui import guard; guard.install_sigterm(); import time; "
         "print('between', flush=True); time.sleep(60)"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, preexec_fn=_as_from_a_terminal)
    try:
        assert between.stdout.readline() == b"between\n"
        between.send_signal(signal.SIGTERM)
        _out, err = between.communicate(timeout=20)
    finally:
        between.kill()
    assert (between.returncode, err) == (130, b"chickenfoot: terminated\n")


def test_ctrl_c_while_the_models_load_is_only_an_interruption(monkeypatch, capsys):
    # ONNX Runtime turns a Ctrl+C in its session set-up into "initialization failed":
    # "cannot load the tile reader: initialization failed" came before "interrupted"
    import vision.reader

    def interrupted_inside_the_runtime():
        guard._stopped_by = "interrupted"  # as the Ctrl+C handler records it
        raise RuntimeError("initialization failed")

    monkeypatch.setattr(vision.reader, "load_default_reader", interrupted_inside_the_runtime)
    assert main(["read", str(HAND)]) == 130
    assert capsys.readouterr().err == "chickenfoot: interrupted\n"
