"""Seahaven Towers: the rules engine. Pure Python for CPython, MicroPython and Pyodide."""

from .errors import BadCode, BadPosition, BadSave, IllegalMove, SeahavenError
from .game import Game
from .position import Position

__all__ = ["Game", "Position", "IllegalMove", "BadCode", "BadPosition", "BadSave", "SeahavenError"]
