"""The rules of Chicken Foot: tiles, sets, house rules, tableau, moves, judging, scoring.

Standard library only: this package knows no pixel, camera or widget.
"""
