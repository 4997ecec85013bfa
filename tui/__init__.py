"""The faces of chickenfoot: the Textual scorecard app and the command line."""

import _signal  # the C module: `signal` first builds its enums, a Ctrl+C-sized window
import os
import sys


def interrupted_while_starting(_signum, _frame) -> None:
    """Ctrl+C before the command's guard is in place: nothing has been read or saved yet,
    so it ends at once, as Ctrl+C does at any other moment (one line, 130)."""
    os.write(2, b"chickenfoot: interrupted\n")
    os._exit(130)


# Started as the `chickenfoot` command, this package is the first of its code to run: from
# here Ctrl+C while the modules load gives one line, not an import traceback. The guard
# (tui.guard.run_guarded) hands Ctrl+C back to Python's KeyboardInterrupt once it can catch
# it. Imported by anything else (tests, `python -m`), Ctrl+C is left alone.
if os.path.splitext(os.path.basename(sys.argv[0] if sys.argv else ""))[0] == "chickenfoot":
    try:
        _signal.signal(_signal.SIGINT, interrupted_while_starting)
    except (ValueError, OSError):  # not the main thread
        pass
