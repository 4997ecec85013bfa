"""Live mode: frames from a camera, a stream or a video (``frames``), tiles followed and
their values settled (``track``), the loop, its overlay and its snapshots (``session``).
"""

from vision.live.frames import Frame, SourceError, open_source
from vision.live.session import (
                                 LiveError,
                                 LiveOptions,
                                 LiveSession,
                                 check_display,
                                 draw_view,
                                 inbox_dir,
                                 inbox_problem,
                                 pending_snapshots,
                                 put_back_snapshot,
                                 run_headless,
                                 run_window,
                                 snapshot,
                                 take_snapshot,
                                 write_snapshot,
)

__all__ = ["Frame", "LiveError", "LiveOptions", "LiveSession", "SourceError", "check_display",
           "draw_view", "inbox_dir", "inbox_problem", "open_source", "pending_snapshots",
           "put_back_snapshot", "run_headless", "run_window", "snapshot", "take_snapshot",
           "write_snapshot"]
