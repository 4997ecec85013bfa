"""The faces of chickenfoot: the Textual scorecard app and the command line."""
