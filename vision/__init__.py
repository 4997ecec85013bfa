"""Pixels to rules values: frame sources, tile detection, pip reading, assembly.

Depends on scorer (never the other way) and knows no widget. Importing the package sets
OpenCV's and FFmpeg's log levels before cv2 is loaded (see ``vision.native_log``).
"""

from vision.native_log import quiet_defaults

quiet_defaults()
