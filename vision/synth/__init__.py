"""The synthetic renderer: labelled photos of domino tiles whose truth is known.

Everything is drawn with numpy and OpenCV from a seed, so a dataset is reproducible.
"""
