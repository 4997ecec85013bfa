"""Building training sets and training the models. Needs the `train` extra (torch,
ultralytics); the run-time reader never imports this package."""
