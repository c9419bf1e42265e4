"""The command line, ``python -m seahaven …`` (``main.py`` lists every command).

Apart from the engine: no page or worker loads it, and the engine never imports it.
"""
