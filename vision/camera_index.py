"""What a camera index may be. Kept apart from ``frames`` so that the app's command line
checks ``--camera`` without loading numpy or OpenCV (it must start at once)."""

from __future__ import annotations

# Cameras are /dev/video0 upwards (a loopback device may be numbered in the dozens); an
# index past this is a typing slip, and OpenCV would take a huge one for a backend code.
MAX_CAMERA_INDEX = 255


def camera_index_problem(index: int) -> str | None:
    """Why ``index`` names no camera, or None when it may."""
    if index < 0:
        return "cameras are numbered from 0"
    if index > MAX_CAMERA_INDEX:
        return f"cameras are numbered from 0 to {MAX_CAMERA_INDEX}"
    return None
