"""The browser faces of chickenfoot: the live view as a page (``live_*``), and the
scorecard app served to the players' phones (``scorecard_server``). Both listen on
loopback unless asked otherwise (``listen``).
"""
