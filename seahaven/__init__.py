"""Seahaven Towers: the rules engine. Pure Python for CPython, MicroPython and Pyodide."""

from .errors import BadCode, BadDate, BadLink, BadMove, BadPosition, BadSave, IllegalMove, SeahavenError
from .game import Game
from .move import Move
from .position import Position

__all__ = [
    "Game", "Move", "Position", "IllegalMove", "BadMove", "BadCode", "BadPosition", "BadSave", "BadLink", "BadDate",
    "SeahavenError",
]
