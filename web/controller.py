"""The page's controller (the "midend", as in Tatham's puzzles): owns the game
in progress, turns the player's intents into engine calls and answers with
everything the page draws and its features need. Pure Python (no browser
imports) so it is tested under CPython too; ``main.py`` connects it to the page.

The protocol is declared once, here: ``INTENTS`` names every request the page
may make, its arguments with their types, and the kind of answer it gets
(``web/protocol.py`` gives each kind's fields). The build writes the page's
typed engine API from it (``#build/engine-api.js``, tools/generate.py):
one function per intent, one call and one answer.

Every answer is a dict with ``ok``. A refusal is ``{ok: false, error: {key,
params, message}}`` (the engine's key and params, its English message),
with a few extra fields where noted: the envelope web/wire.py builds for the
controller and the solver's worker alike. ``handle`` refuses a request it
cannot read (an unknown intent, an argument missing, unknown or of the wrong
type) the same way: nothing that comes through the bridge makes it raise. A
refused intent never changes the game.

An intent that changes or shows the game answers with a ``Played``: the
``view`` to draw, the ``move`` it made as a value (``Move.to_dict()``: text,
from, to, n; for an undo, the way the cards went back; null when none), the
``position`` text (for the solver), the ``save`` record, ``finishing`` (the
moves of Finish, when foundation moves alone win) and ``autoplay`` (the cards
that go home by themselves after a move the player made). So no feature of
the page asks the engine again after a move.
"""

from wire import Arg, handled, refusal_of, refused, table
from wire import Request as Intent

from seahaven import Game, Move, SeahavenError
from seahaven.cards import CARD_TEXTS, card_text
from seahaven.game import SAVE_VERSION
from seahaven.position import CELL0, CELL_COUNTS, FOUND0
from seahaven.rules import apply, legal_moves, lift, top_card
from seahaven.share import MAX_MOVES as LINK_MOVES
from seahaven.share import decode, encode, is_link

# The places' names, looked up: a view is written after every move, and under
# MicroPython formatting them and the cards' texts took half its time.
COLUMNS = tuple("t%d" % (i + 1) for i in range(10))
CELLS = tuple("c%d" % (j + 1) for j in range(max(CELL_COUNTS)))
FOUNDATIONS = tuple("f%d" % (s + 1) for s in range(4))
PLACES = COLUMNS + CELLS + FOUNDATIONS  # by the engine's index (design §5)
COUNTS = tuple(str(n) for n in range(53))  # a count as a dests key (JSON's keys are text)


def dests_of(pos):
    """Where each place's cards may go: ``{place: {count: [place, ...]}}``,
    for every count of cards a move may take from it (a run moves whole or
    its top card alone), and only those with somewhere to go. One pass over
    the legal moves, which find a card's one column through where its
    successor lies, so the page's drag and pick-up never ask the engine."""
    dests = {}
    for src, dst, n in legal_moves(pos):
        by_count = dests.get(PLACES[src])
        if by_count is None:
            by_count = dests[PLACES[src]] = {}
        key = COUNTS[n]
        if key in by_count:
            by_count[key].append(PLACES[dst])
        else:
            by_count[key] = [PLACES[dst]]
    return dests


def view_of(game, finishing=None):
    """Everything the board and toolbar draw, as JSON-able values.

    ``lift`` says how many cards each place lets the player pick up
    (``rules.lift``, as ``Game.lift``) and ``dests`` where they may go (``dests_of``), so the
    page's drag and keyboard code hold no rule and ask nothing before a drop;
    ``finish`` whether foundation moves alone win from here (the page offers
    its Finish then; ``finishing``: those moves, when the caller has them).
    """
    pos = game.position
    texts = CARD_TEXTS
    places = {}
    lifts = {}
    for i, col in enumerate(pos.cols):
        places[COLUMNS[i]] = [texts[c] for c in col]
        lifts[COLUMNS[i]] = lift(pos, i)
    for j, c in enumerate(pos.cells):
        places[CELLS[j]] = [] if c is None else [texts[c]]
        lifts[CELLS[j]] = lift(pos, CELL0 + j)
    for s in range(4):
        places[FOUNDATIONS[s]] = list(texts[s * 13:s * 13 + pos.found[s]])
        lifts[FOUNDATIONS[s]] = lift(pos, FOUND0 + s)
    if finishing is None:
        finishing = game.finish_moves()
    return {
        "code": game.code,
        "cells": pos.cell_count,
        "score": game.score,
        "moves": game.moves_made,
        "canUndo": game.can_undo,
        "canRedo": game.can_redo,
        "won": game.won,
        "stuck": game.stuck,
        "finish": bool(finishing),
        "places": places,
        "lift": lifts,
        "dests": dests_of(pos),
    }


def first_game(startup, warn=print):
    """The game to open, and what the page should tell the player about it.

    ``startup`` comes from the page: ``hash`` (text after #), ``entropy``,
    ``cells``, ``saved`` (an earlier ``Game.save()``, or None), ``first`` (the
    code of the new deal a first visit's page drew before Python was ready, or
    None). The saved game opens, unless the URL hash names another deal: then
    that deal, but only when no game is in progress (moves made and not won);
    a game in progress stays open and the page asks the player first. Else
    the deal the page drew, if it has the cells asked for; else a new random deal.

    Returns ``(game, notes)``; ``notes`` holds ``hash``: why the URL's deal
    could not be opened; ``saved``: why the saved game could not be restored
    (also passed to ``warn``); ``link``: the code of the URL's deal left
    unopened for the game in progress. Each is None when there is nothing to
    say; nothing here is ever fatal. A game link (``#R1-…``) is no deal code: the
    page opens it once it has asked (``open_link``), so it is left out here.
    """
    notes = {"hash": None, "saved": None, "link": None}
    cells = startup.get("cells") if startup.get("cells") in CELL_COUNTS else CELL_COUNTS[0]
    code = startup.get("hash") or ""
    if not isinstance(code, str) or is_link(code):
        code = ""
    hashed = saved = None
    if code:
        try:
            hashed = Game.from_code(code)
        except SeahavenError as exc:
            notes["hash"] = error_of(exc)
    data = startup.get("saved")
    if data is not None:
        try:
            saved = Game.load(data)
        except Exception as exc:  # BadSave, or anything odd in data from storage: never fatal
            warn("seahaven: the saved game was not restored: %s" % exc)
            notes["saved"] = error_of(exc) if isinstance(exc, SeahavenError) else {
                "key": "save-replay", "params": {"reason": str(exc)}, "message": str(exc)}
    entropy = startup.get("entropy")
    if hashed is None or (saved is not None and saved.code == hashed.code):
        return saved or drawn(startup.get("first"), cells) or Game.new(
            cells=cells, entropy=entropy if isinstance(entropy, int) else None), notes
    if saved is not None and in_progress(saved):
        notes["link"] = hashed.code
        return saved, notes
    return hashed, notes


def drawn(code, cells):
    """The new deal ``code`` the page drew, if it is a deal of ``cells`` cells; else None."""
    if not isinstance(code, str):
        return None
    try:
        game = Game.from_code(code)
    except SeahavenError:
        return None
    return game if game.cells == cells else None


def in_progress(game):
    """Whether leaving ``game`` would lose a game the player has begun: moves made (or undone), not won."""
    return not game.won and bool(game.history or game.redo_list)


def error_of(exc):
    """A SeahavenError as the page reads it: its key, params and English message."""
    return {"key": exc.key, "params": exc.params, "message": str(exc)}


def whole_line(game):
    """A copy of the game with its redo list played: the line a review covers."""
    line = Game.load(game.save())
    while line.redo():
        pass
    return line


def moved_card(pos, move):
    """The card at the head of what a legal Move takes, as text."""
    return card_text(pos.cols[move.src][-move.n] if move.src < CELL0 else top_card(pos, move.src))


class Controller:
    """Owns the game in progress; a refused request never changes it.

    It remembers whether the last change was a move the player made (a tap,
    a double tap, a drop): only then may cards go home by themselves
    (``autoplay``), never after an undo, a redo or a move the page replays.
    """

    def __init__(self, game=None):
        self.game = game or Game.new()
        self.player_moved = False
        self._link = None  # (text, game or None, refusal or None): the link read last

    def _read(self, text):
        """The game a link text describes (share.decode), read once: the page
        asks what a link holds, then opens it, and a long link takes seconds to
        read (5,000 moves: about a second on a desktop's MicroPython)."""
        if self._link is None or self._link[0] != text:
            try:
                self._link = (text, decode(text), None)
            except SeahavenError as exc:
                self._link = (text, None, exc)
        _, game, exc = self._link
        if exc is not None:
            raise exc
        return game

    def played(self, move=None):
        """The answer to an intent that changed or shows the game (a ``Played``)."""
        game = self.game
        finishing = game.finish_moves()
        autoplay = game.autoplay_moves() if self.player_moved else []
        return {
            "ok": True,
            "view": view_of(game, finishing),
            "move": None if move is None else move.to_dict(),
            "position": game.to_text(),
            "save": game.save(),
            "finishing": [m.to_dict() for m in finishing] if finishing else [],
            "autoplay": [m.to_dict() for m in autoplay],
        }

    def _play(self, move, player=False):
        self.game.play(move)
        self.player_moved = player
        return self.played(move)

    # -- intents (INTENTS below declares them) ----------------------------------

    def state(self):
        """The game as it stands."""
        return self.played()

    def tap(self, place):
        """A single tap: the card goes home; else the refusal says why (the card
        its foundation needs first, ``Game.why_not_home``) and names what a double
        tap would do (``double``), or, when that would do nothing either, why the
        card has nowhere to go (``Game.why_nowhere``)."""
        game = self.game
        move = game.tap(place)
        if move is None:
            double = game.double_tap(place)
            if double is None:
                return refusal_of(game.why_nowhere(place), double=None)
            return refusal_of(game.why_not_home(place), double=double.to_dict())
        return self._play(move, player=True)

    def double_tap(self, place, n):
        """A double tap on the top ``n`` cards of ``place``: the move of design
        §2's priority, or the refusal saying why nothing moves (``Game.why_nowhere``)."""
        move = self.game.double_tap(place, n)
        if move is None:
            return refusal_of(self.game.why_nowhere(place, n))
        return self._play(move, player=True)

    def drop(self, src, dst, n):
        """``n`` cards dragged from ``src`` and dropped on ``dst``."""
        return self._play(self.game.find_move(src, dst, n), player=True)

    def play(self, move):
        """A move given in notation: a line of the solver's, Finish's and autoplay's moves."""
        return self._play(Move.parse(move))

    def undo(self, count=1):
        """Take back the last ``count`` moves (as many as there are), drawn
        once: "undo to the last winnable position" is one answer. ``move``
        says where the cards of a single move went back to (null for more)."""
        self.player_moved = False
        last = self.game.last_move
        undone = 0
        while undone < count and self.game.undo():
            undone += 1
        if undone != 1:
            return self.played()
        return self.played(Move(last.dst, last.src, last.n))

    def redo(self):
        """Play again the move undone last."""
        self.player_moved = False
        if not self.game.redo():
            return self.played()
        return self.played(self.game.last_move)

    def restart(self):
        """Back to the deal's first position (the moves can be redone)."""
        while self.game.undo():
            pass
        self.player_moved = False
        return self.played()

    def new(self, cells, code, entropy):
        """Start a deal: the one ``code`` names, else a random one of ``cells`` cells; a bad code keeps the game."""
        self.game = Game.from_code(code) if code else Game.new(cells=cells, entropy=entropy)
        self.player_moved = False
        return self.played()

    def positions_back(self, limit):
        """Texts of the positions before the last moves, most recent first (for "undo to winnable")."""
        replay = Game.load(self.game.save())
        texts = []
        while len(texts) < limit and replay.undo():
            texts.append(replay.to_text())
        return {"ok": True, "texts": texts}

    def preview(self, cells, entropy, code):
        """A deal's code, text and cells without starting it (to check it first,
        and for the New game dialog to say what a typed code deals): the deal
        ``code`` names (refused as ``new`` refuses it), else a random one."""
        game = Game.from_code(code) if code else Game.new(cells=cells, entropy=entropy)
        return {"ok": True, "code": game.code, "text": game.to_text(), "cells": game.cells}

    # -- the review: the game's whole line (its moves and its redo list) ---

    def line(self):
        """The deal and every move of the line (moves played, then the redo
        list), each with the card it moved; ``at``: how many are played."""
        pos = self.game.start.copy()
        moves = []
        for move in self.game.history + self.game.redo_list:
            out = move.to_dict()
            out["card"] = moved_card(pos, move)
            moves.append(out)
            apply(pos, move.as_tuple())
        return {"ok": True, "code": self.game.code, "cells": self.game.cells, "at": self.game.moves_made,
                "moves": moves}

    def _at(self, ply):
        """A copy of the game with ``ply`` moves of its line played (None when the line is shorter)."""
        game = Game.load(self.game.save())
        while game.moves_made > ply and game.undo():
            pass
        while game.moves_made < ply and game.redo():
            pass
        return game if game.moves_made == ply else None

    def view_at(self, ply):
        """The view of the line's position after ``ply`` moves; the game itself is untouched."""
        game = self._at(ply)
        if game is None:
            return refused("no-such-ply", {"place": str(ply)}, "no such ply")
        return {"ok": True, "view": view_of(game)}

    def rewind(self, ply):
        """Play on from the line's position after ``ply`` moves: later moves go to the redo list."""
        game = self._at(ply)
        if game is None:
            return refused("no-such-ply", {"place": str(ply)}, "no such ply")
        self.game = game
        self.player_moved = False
        return self.played()

    # -- game links (seahaven/share.py) --------------------------------------

    def link(self, text, read):
        """What a text holds, without opening it: ``link`` says whether it is
        meant as a game link at all (else it may be a deal code); with
        ``read``, the link's ``code`` and number of ``moves`` (else null), and
        a link that does not read is refused (with ``link: true``)."""
        if not is_link(text):
            return {"ok": True, "link": False, "code": None, "moves": None}
        if not read:
            return {"ok": True, "link": True, "code": None, "moves": None}
        try:
            game = self._read(text)
        except SeahavenError as exc:
            return refusal_of(exc, link=True)
        return {"ok": True, "link": True, "code": game.code, "moves": game.moves_made}

    def open_link(self, text):
        """Replace the game by a link's: its deal, every move on the redo list
        (replayed by the page's review, or by Redo); a bad link changes nothing."""
        game = self._read(text)
        self._link = None  # the game is the controller's now
        return self._open_line(game)

    def open_line(self, code, moves):
        """As ``open_link``, for a link the solver's worker has read (its deal
        code and its moves' texts, ``read_link``): loading moves costs a tenth
        of reading the link. Each move is checked; a bad line changes nothing."""
        return self._open_line(Game.load({"v": SAVE_VERSION, "code": code, "moves": moves, "undone": []}))

    def _open_line(self, game):
        while game.undo():
            pass
        self.game = game
        self.player_moved = False
        return self.played()

    def share_link(self):
        """The link text of the game's whole line (share.encode)."""
        line = whole_line(self.game)
        if line.moves_made > LINK_MOVES:
            return refused("link-moves", {"count": line.moves_made}, "a link holds at most %d moves" % LINK_MOVES)
        return {"ok": True, "text": encode(line)}

    # -- the bridge --------------------------------------------------------------

    def handle(self, name, args):
        """Answer one request from the page: ``name`` an intent of INTENTS,
        ``args`` a dict of its arguments (None for none). Anything else, and
        every refusal of the engine, is answered as a refusal, never raised."""
        return handled(INTENTS, name, args, lambda intent, values: intent.function(self, *values))


# -- the protocol ---------------------------------------------------------------------

C = Controller
INTENTS = table([
    # each: its name, the method that answers, its arguments (web/wire.py Arg), its answer (web/protocol.py)
    Intent("state", C.state, [], "Played"),
    Intent("tap", C.tap, [Arg("place", "str")], "Played"),
    Intent("double_tap", C.double_tap, [Arg("place", "str"), Arg("n", "int", 1)], "Played"),
    Intent("drop", C.drop, [Arg("src", "str"), Arg("dst", "str"), Arg("n", "int", 1)], "Played"),
    Intent("play", C.play, [Arg("move", "str")], "Played"),
    Intent("undo", C.undo, [Arg("count", "int", 1)], "Played"),
    Intent("redo", C.redo, [], "Played"),
    Intent("restart", C.restart, [], "Played"),
    Intent("new", C.new, [Arg("cells", "int", 4), Arg("code", "str?", None), Arg("entropy", "int?", None)],
           "Played"),
    Intent("positions_back", C.positions_back, [Arg("limit", "int", 40)], "Texts"),
    Intent("preview", C.preview, [Arg("cells", "int", 4), Arg("entropy", "int?", None), Arg("code", "str?", None)],
           "Preview"),
    Intent("line", C.line, [], "Line"),
    Intent("view_at", C.view_at, [Arg("ply", "int")], "ViewAt"),
    Intent("rewind", C.rewind, [Arg("ply", "int")], "Played"),
    Intent("link", C.link, [Arg("text", "str"), Arg("read", "bool", True)], "LinkInfo"),
    Intent("open_link", C.open_link, [Arg("text", "str")], "Played"),
    Intent("open_line", C.open_line, [Arg("code", "str"), Arg("moves", "str[]")], "Played"),
    Intent("share_link", C.share_link, [], "ShareLink"),
])
del C
