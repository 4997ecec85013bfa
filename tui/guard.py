"""How a `chickenfoot` command ends, whatever happens inside it.

Exit status means one thing everywhere: 0 done (read, legal), 1 an illegal play (check
only), 2 bad input or nothing to read, 130 interrupted from outside before it was done:
Ctrl+C (SIGINT), SIGTERM or SIGHUP (one line says "terminated"), or the reader of our
output went away (``read --json | head -n 1``; nothing is printed, as Unix tools do).
Four codes, so a script needs no table of signals to tell done, illegal, bad input and
stopped apart.

``run_guarded(command, call)`` runs ``call`` and turns every way out into that status and
at most one line on stderr: no traceback ever reaches the terminal, and an unexpected error
exits 2, never 1 (which a script would take for "illegal").

Why: Bad input ends in one line and a status that means one thing. Every subcommand runs
under `tui/guard.py`: 0 done or legal, 1 illegal, 2 bad input or an unexpected error, 130
interrupted (Ctrl+C, SIGTERM, a closed output pipe): four codes with one meaning each,
rather than the shell's 128 + signal, so a script tells done, illegal, bad input and
stopped apart without a table of signals. Ctrl+C is covered from the first line of our
code: `tui/__init__` sets a quick exit (one line, 130) when started as the command, and
the guard remembers a Ctrl+C that a library turned into another error (cv2 calls an
interrupted numpy import "numpy missing") or that Python could only print as "Exception
ignored". Photos are opened by Python (`vision/image/photo_file.py`: regular files only,
non-blocking, so a FIFO never waits) and OpenCV is given the open descriptor's name
(`/proc/self/fd/N`) or the bytes (a JPEG, whose cut end needs a marker added), never the
file's own name, because OpenCV's file functions crash on a name that is not UTF-8; the
header walk (`vision/image/header.py`) finds a JPEG's size behind any number of APP
segments before a pixel is decoded. The C decoders' own lines are captured around the
decode and become our warnings (`vision/native_log.py`, `vision/image/decode.py`). Echoed
input is clipped and long lists counted (`scorer/messages.py`). `bench/bench_fuzz.py` runs
the damaged corpus of `bench/damaged_images.py` and counts tracebacks, crashes and hangs.
The SIGTERM handler goes in before a command's modules load, and once the command is done
a late SIGTERM is let go: a signal in the last instants must not turn a finished command
into -15. A photo's pixel count is bounded at the source: a JPEG over 16 MP is decoded
reduced inside libjpeg, and another format reduced right after its decode (over 50 MP it
is refused; a TIFF over 24 MP and a WebP over 16 MP too, whose decoders hold the file and
extra copies), so reading any photo stays under 300 MB, and the scorecard itself refuses a
round score above what the rules allow, so no stored number can grow past what the app can
add and print.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
from collections.abc import Callable

from scorer.messages import clip, os_reason

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT = 0, 1, 2
EXIT_INTERRUPTED = 130
EXIT_PIPE = EXIT_TERMINATED = EXIT_INTERRUPTED


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived (a BaseException: ``except Exception`` cannot swallow it)."""


_guard_depth = 0  # how many run_guarded calls are under way
# "interrupted" or "terminated" once a signal came during the guarded call: a library that
# turns the exception into another error, or swallows it, must not hide it
_stopped_by: str | None = None


def _signalled(signum: int, why: str) -> None:
    """Remember the signal; between guards (a few lines of ``tui.cli.main``) in the
    command's own process nothing is in flight, so it ends at once (one line, 130)
    instead of raising where no guard catches it. Elsewhere (a test calling ``main``) the
    caller raises as usual."""
    global _stopped_by
    _stopped_by = why
    import tui

    if not _guard_depth and tui.STARTED_AS_COMMAND:
        tui.interrupted_while_starting(signum, None)


def _on_sigterm(signum, _frame) -> None:
    _signalled(signum, "terminated")
    raise Terminated


def ending_signals() -> tuple[signal.Signals, ...]:
    """The signals that end a command as SIGTERM does: SIGTERM, and SIGHUP (the terminal
    closed) unless it is ignored (started under ``nohup``, which must keep it running)."""
    ending = [signal.SIGTERM]
    hangup = getattr(signal, "SIGHUP", None)
    try:
        if hangup is not None and signal.getsignal(hangup) != signal.SIG_IGN:
            ending.append(hangup)
    except (ValueError, OSError):
        pass
    return tuple(ending)


def install_sigterm() -> Callable[[], None]:
    """SIGTERM and SIGHUP end the command like Ctrl+C does: cleanup runs (no half-written
    file is left), one line, exit 130. Returns the call that puts the previous handlers
    back."""
    previous = {}
    for signum in ending_signals():
        try:
            previous[signum] = signal.signal(signum, _on_sigterm)
        except (ValueError, OSError, AttributeError):  # not the main thread
            pass

    def restore() -> None:
        for signum, handler in previous.items():
            try:
                signal.signal(signum, handler)
            except (ValueError, OSError, TypeError):
                pass

    return restore


def ignore_sigterm() -> None:
    """The command is done and only the exit is left: a late SIGTERM or SIGHUP is let go."""
    for signum in ending_signals():
        try:
            signal.signal(signum, signal.SIG_IGN)
        except (ValueError, OSError, AttributeError):
            pass


def stderr_kept_open() -> None:
    """Started with its error output closed (``2>&-``): descriptor 2 and ``sys.stderr``
    go to /dev/null. Python leaves ``sys.stderr`` None then, and ``print(file=None)``
    writes to stdout, so every message would land in the command's output; and a file
    the command opens next would take descriptor 2, where native libraries write."""
    if sys.stderr is not None:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        if devnull != 2:
            os.dup2(devnull, 2)
            os.close(devnull)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
    except OSError:
        pass


def _say(line: str) -> None:
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's last flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def describe_unexpected(error: BaseException) -> str:
    """One short line for an error no command expected."""
    if isinstance(error, RecursionError):
        return "the input is nested too deeply to read"
    if isinstance(error, MemoryError):
        return "out of memory (is the input far larger than a photo or a board?)"
    if isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EFBIG, errno.EIO):
        # the output itself could not be written (``> /dev/full``, a full disk)
        return f"cannot write: {os_reason(error)}"
    text = str(error).strip()
    first = text.splitlines()[0] if text else ""
    return f"unexpected error: {type(error).__name__}" + (f": {clip(first, 160)}"
                                                          if first else "")


def _prefix(command: str) -> str:
    return f"chickenfoot {command}" if command else "chickenfoot"


def _on_ctrl_c(signum, _frame) -> None:
    _signalled(signum, "interrupted")
    raise KeyboardInterrupt


def _ctrl_c_raises() -> None:
    """Ctrl+C raises KeyboardInterrupt, and is remembered (``_stopped_by``): a module
    interrupted while it loads can surface as another error (cv2 then reports numpy
    missing), which is still the interruption. Replaces only Python's own handler or the
    quick exit ``tui`` installs while the command starts; an ignored Ctrl+C (a background
    job) stays ignored."""
    from tui import interrupted_while_starting

    try:
        if signal.getsignal(signal.SIGINT) in (interrupted_while_starting,
                                               signal.default_int_handler):
            signal.signal(signal.SIGINT, _on_ctrl_c)
    except (ValueError, OSError):  # not the main thread
        pass


def raise_if_stopped() -> None:
    """Ctrl+C or SIGTERM came while a library ran and it turned the interruption into an
    error of its own (ONNX Runtime: "initialization failed"): the interruption is raised
    again, so that the command says only that it was stopped."""
    if _stopped_by == "interrupted":
        raise KeyboardInterrupt
    if _stopped_by == "terminated":
        raise Terminated


def ignore_sigint() -> None:
    """The command is done and only the exit is left: a late Ctrl+C is let go."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError, AttributeError):
        pass


def run_guarded(command: str, call: Callable[[], int | None]) -> int:
    """``call()``'s status, with every failure turned into a status and one line."""
    global _stopped_by, _guard_depth
    _stopped_by = None
    _ctrl_c_raises()
    previous_hook = sys.unraisablehook

    def unraisable_unless_stopped(unraisable) -> None:
        # Python prints a KeyboardInterrupt (or Terminated) raised where it cannot
        # propagate (a callback in the import machinery) as "Exception ignored" with a
        # traceback; it is remembered instead, and the command ends as stopped.
        global _stopped_by
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            _stopped_by = "interrupted"
        elif isinstance(unraisable.exc_value, Terminated):
            _stopped_by = "terminated"
        else:
            previous_hook(unraisable)

    sys.unraisablehook = unraisable_unless_stopped
    _guard_depth += 1
    try:
        return _guarded(command, call)
    finally:
        _guard_depth -= 1
        sys.unraisablehook = previous_hook


def _guarded(command: str, call: Callable[[], int | None]) -> int:
    try:
        code = int(call() or 0)
        if sys.stdout is not None:  # None: started with its output closed
            sys.stdout.flush()
        if _stopped_by is not None:  # swallowed on the way (see run_guarded)
            _say(f"chickenfoot: {_stopped_by}")
            return EXIT_INTERRUPTED
        return code
    except KeyboardInterrupt:
        _say("chickenfoot: interrupted")
        return EXIT_INTERRUPTED
    except Terminated:
        _say("chickenfoot: terminated")
        return EXIT_TERMINATED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_PIPE
    except SystemExit as leaving:  # argparse and friends: keep 0 and 2, never a stray 1
        code = leaving.code
        if code is None or code == 0:  # --help: what it printed must get out, or be said lost
            return _guarded(command, _flush_stdout)
        if isinstance(code, int) and code in (EXIT_BAD_INPUT, EXIT_INTERRUPTED):
            return code
        if not isinstance(code, int):
            _say(f"{_prefix(command)}: {clip(str(code), 160)}")
        return EXIT_BAD_INPUT
    except Exception as error:  # noqa: BLE001 - the last line of defence, by design
        if _stopped_by is not None:
            _say(f"chickenfoot: {_stopped_by}")
            return EXIT_INTERRUPTED
        _say(f"{_prefix(command)}: {describe_unexpected(error)}")
        return EXIT_BAD_INPUT


def _flush_stdout() -> int:
    if sys.stdout is not None:
        sys.stdout.flush()
    return EXIT_OK


def prefer_surrogates_on_stdout() -> None:
    """File names that are not valid UTF-8 (a Latin-1 ``caf\\xe9.jpg``) are written back as
    the bytes they were, and a character the output's encoding lacks (a ``€.jpg`` under
    a Latin-1 or ASCII terminal) as an escape, instead of failing to print (which
    failed the whole command after its work was done)."""
    import codecs

    codecs.register_error(NAME_BYTES_ERRORS, _name_bytes_or_escape)
    for stream in (sys.stdout,):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors=NAME_BYTES_ERRORS)
            except (ValueError, OSError):
                pass


NAME_BYTES_ERRORS = "chickenfoot-name-bytes"


def _name_bytes_or_escape(error: UnicodeError) -> tuple[str | bytes, int]:
    """surrogateescape for the bytes of a name, backslashreplace for anything else."""
    import codecs

    if not isinstance(error, UnicodeEncodeError):
        raise error
    piece = error.object[error.start:error.end]
    if all(0xDC80 <= ord(c) <= 0xDCFF for c in piece):
        return bytes(ord(c) - 0xDC00 for c in piece), error.end
    return codecs.backslashreplace_errors(error)
