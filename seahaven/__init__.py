"""Seahaven Towers: the rules engine. Pure Python for CPython 3.11+ and MicroPython 1.28 (design §6)."""

from .errors import BadCode, BadDate, BadLink, BadMove, BadPosition, BadSave, IllegalMove, SeahavenError
from .game import Game
from .move import Move
from .position import Position

__all__ = [
    "Game", "Move", "Position", "IllegalMove", "BadMove", "BadCode", "BadPosition", "BadSave", "BadLink", "BadDate",
    "SeahavenError",
]
