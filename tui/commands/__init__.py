"""One module per `chickenfoot` subcommand: ``add_arguments(parser)`` and ``run(args) -> int``.

Modules import heavy libraries (cv2, numpy, textual) inside ``run`` so that a rules-only
command such as ``check`` starts fast and works without them.
"""
