"""From the search's moves to a line a player can follow: card moves on the
real position, shortened, written in move notation and replayed through the
engine.

Shorter lines
-------------
After the search, the line is replayed card by card with every card sent
home as soon as it can go; then each non-foundation move is dropped in turn
if the rest still wins (this removes detours such as a card parked in a cell
and taken back for nothing). With ``improve_nodes``, a branch-and-bound
search (more weight on moves, re-opening positions reached more cheaply)
then looks for a line with fewer non-foundation moves, keeping the best.
Either way the final line is replayed move by move through ``Game.play``."""

from .. import rules
from ..game import Game
from ..position import CELL0, COLUMNS, FOUND0
from .state import CELL, HOME, KING, PARENT, RANK, SUIT


def card_moves(pos, moves):
    """Internal moves -> (card, destination) on the real position: destination
    a column 0-9, CELL or HOME; a column move carries the card and all above it.

    Only each move's card and kind of destination are used (a column move goes
    onto the card's parent, or for a king to an empty column), so a line found
    on a permuted copy of the position plays the same on the real one.
    """
    cols = [c[:] for c in pos.cols]
    out = []
    for _, dst, _, card in moves:
        if dst >= 0:
            if RANK[card] == KING:
                dst = next(i for i in range(COLUMNS) if not cols[i])
            else:
                dst = next(i for i in range(COLUMNS) if cols[i] and cols[i][-1] == card + 1)
        for col in cols:
            if card in col:
                moved = col[col.index(card):]
                del col[col.index(card):]
                break
        else:
            moved = [card]
        if dst >= 0:
            cols[dst].extend(moved)
        out.append((card, dst))
    return out


class Replay:
    """A light replay of card moves that sends every card home as soon as it can go."""

    __slots__ = ("ncells", "cols", "cells", "found", "loc", "played")

    def __init__(self, pos=None):
        if pos is None:
            return
        self.ncells = len(pos.cells)
        self.cols = [c[:] for c in pos.cols]
        self.cells = [c for c in pos.cells if c is not None]
        self.found = list(pos.found)
        self.loc = {}
        for i in range(COLUMNS):
            for c in self.cols[i]:
                self.loc[c] = i
        for c in self.cells:
            self.loc[c] = CELL
        self.played = []
        self.home()

    def copy(self):
        other = Replay()
        other.ncells = self.ncells
        other.cols = [c[:] for c in self.cols]
        other.cells = self.cells[:]
        other.found = self.found[:]
        other.loc = dict(self.loc)
        other.played = self.played[:]
        return other

    def won(self):
        return self.found == [13, 13, 13, 13]

    def home(self):
        found, loc, cols = self.found, self.loc, self.cols
        progress = True
        while progress:
            progress = False
            for s in range(4):
                r = found[s]
                if r < 13:
                    c = s * 13 + r
                    w = loc[c]
                    if w == CELL:
                        self.cells.remove(c)
                    elif cols[w][-1] == c:
                        cols[w].pop()
                    else:
                        continue
                    loc[c] = HOME
                    found[s] = r + 1
                    self.played.append((c, HOME))
                    progress = True

    def play(self, card, dst):
        """Play one card move (the card and all above it); False if illegal.

        A move of a card already home or already in place changes nothing.
        """
        cols, cells, loc = self.cols, self.cells, self.loc
        where = loc[card]
        if where == dst or where == HOME:
            return True
        if dst == HOME:
            return False  # it would already be home if it could go
        if where == CELL:
            n = 1
        else:
            col = cols[where]
            n = len(col) - col.index(card)
            for k in range(len(col) - n, len(col) - 1):
                if col[k] != PARENT[col[k + 1]]:
                    return False
        if dst == CELL:
            if n != 1 or len(cells) >= self.ncells:
                return False
        else:
            target = cols[dst]
            if target:
                if target[-1] != PARENT[card]:
                    return False
            elif RANK[card] != KING:
                return False
            if n > 1:
                empty = sum(1 for c in cols if not c) - (0 if target else 1)
                if n > (self.ncells - len(cells) + 1) << empty:
                    return False
        if where == CELL:
            cells.remove(card)
            moved = [card]
        else:
            col = cols[where]
            moved = col[len(col) - n:]
            del col[len(col) - n:]
        if dst == CELL:
            cells.append(card)
            loc[card] = CELL
        else:
            cols[dst].extend(moved)
            for c in moved:
                loc[c] = dst
        self.played.append((card, dst))
        self.home()
        return True


def shorten(pos, cmoves):
    """Drop each non-foundation move in turn while the rest still wins.

    Foundation moves are left to the replay, which plays each as early as it
    can; a move that has become pointless (the card is already there) vanishes.
    """
    moves = [m for m in cmoves if m[1] != HOME]
    replay = Replay(pos)
    snaps = []
    for m in moves:
        snaps.append(replay.copy())
        if not replay.play(*m):
            return cmoves
    if not replay.won():
        return cmoves
    best = replay
    i = 0
    while i < len(moves):
        trial = snaps[i].copy()
        ok = True
        for m in moves[i + 1:]:
            if not trial.play(*m):
                ok = False
                break
        if ok and trial.won():
            best = trial
            kept = [m for m in trial.played[len(snaps[i].played):] if m[1] != HOME]
            moves = moves[:i] + kept
            replay = snaps[i].copy()
            del snaps[i:]
            for m in kept:
                snaps.append(replay.copy())
                replay.play(*m)
            continue
        i += 1
    return best.played


def spec_moves(pos, cmoves):
    """Card moves -> move notation."""
    pos = pos.copy()
    out = []
    for card, dst in cmoves:
        src = None
        n = 1
        for i in range(COLUMNS):
            col = pos.cols[i]
            if card in col:
                src = i
                n = len(col) - col.index(card)
                break
        if src is None:
            src = CELL0 + pos.cells.index(card)
        if dst == CELL:
            dst = CELL0 + pos.cells.index(None)
        elif dst == HOME:
            dst = FOUND0 + SUIT[card]
        move = (src, dst, n)
        rules.apply(pos, move)  # checked move by move in verified
        out.append(rules.move_text(move))
    return out


def verified(pos, texts):
    """Replay the line through a fresh Game; it must end in a win."""
    game = Game(pos.copy())
    for text in texts:
        game.play(text)
    if not game.won:
        raise AssertionError("solver line does not win: %s" % " ".join(texts))
    return texts

