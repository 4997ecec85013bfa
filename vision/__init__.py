"""Pixels to rules values: frame sources, tile detection, pip reading, assembly.

Depends on scorer (never the other way) and knows no widget.
"""
