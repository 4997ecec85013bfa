"""The faces of chickenfoot: the Textual scorecard app and the command line."""

import _signal  # the C module: `signal` first builds its enums, a Ctrl+C-sized window
import os
import sys

_ENDED_BY = {_signal.SIGINT: b"chickenfoot: interrupted\n",
             _signal.SIGTERM: b"chickenfoot: terminated\n"}
if hasattr(_signal, "SIGHUP"):  # the terminal closed: ended as by SIGTERM
    _ENDED_BY[_signal.SIGHUP] = _ENDED_BY[_signal.SIGTERM]


def interrupted_while_starting(signum, _frame) -> None:
    """Ctrl+C or SIGTERM before the command's guard is in place: nothing has been read or
    saved yet, so it ends at once, as at any other moment (one line, 130)."""
    os.write(2, _ENDED_BY.get(signum, _ENDED_BY[_signal.SIGINT]))
    os._exit(130)


# Started as the `chickenfoot` command, this package is the first of its code to run: from
# here Ctrl+C or SIGTERM while the modules load gives one line and 130, not an import
# traceback or the shell's 143. The guard (tui.guard) takes both over once it can catch
# them. Imported by anything else (tests, `python -m`), the signals are left alone.
STARTED_AS_COMMAND = os.path.splitext(
    os.path.basename(sys.argv[0] if sys.argv else ""))[0] == "chickenfoot"
if STARTED_AS_COMMAND:
    for _signum in _ENDED_BY:
        try:
            if _signal.getsignal(_signum) != _signal.SIG_IGN:  # a background job's stays
                _signal.signal(_signum, interrupted_while_starting)
        except (ValueError, OSError):  # not the main thread
            pass
