"""The page's controller: turns player intents into engine calls and answers
with the state to draw. Pure Python (no browser imports) so it is tested under
CPython too; ``main.py`` connects it to the page.

Every answer is a dict: ``ok``, ``view`` (what to draw), ``move`` when cards
moved (``Move.to_dict()``: ``text``, ``from``, ``to``, ``n``; for an undo, the
way the cards went back), and on a refusal an ``error`` with the engine's key,
params and English message. The page never splits move text: it reads these.
A refused single tap also says what a double tap there would do (``double``),
so the page can tell the player without knowing the rule.
"""

from seahaven import Game, Move, SeahavenError
from seahaven.cards import card_text
from seahaven.game import SAVE_VERSION
from seahaven.position import CELL0
from seahaven.rules import apply, parse_move, top_card
from seahaven.share import MAX_MOVES as LINK_MOVES
from seahaven.share import decode, encode, is_link


def view_of(game):
    """Everything the board and toolbar draw, as JSON-able values.

    ``lift`` says how many cards each place lets the player pick up
    (``Game.lift``), so the page's drag and keyboard code hold no rule;
    ``finish`` whether foundation moves alone win from here (the page offers
    its Finish then).
    """
    pos = game.position
    places = {}
    for i, col in enumerate(pos.cols):
        places["t%d" % (i + 1)] = [card_text(c) for c in col]
    for j, c in enumerate(pos.cells):
        places["c%d" % (j + 1)] = [] if c is None else [card_text(c)]
    for s in range(4):
        places["f%d" % (s + 1)] = [card_text(s * 13 + r) for r in range(pos.found[s])]
    lift = {}
    for name in places:
        lift[name] = game.lift(name)
    return {
        "code": game.code,
        "cells": pos.cell_count,
        "score": game.score,
        "moves": game.moves_made,
        "canUndo": game.can_undo,
        "canRedo": game.can_redo,
        "won": game.won,
        "stuck": game.stuck,
        "finish": bool(game.finish_moves()),
        "places": places,
        "lift": lift,
    }


def first_game(startup, warn=print):
    """The game to open, and what the page should tell the player about it.

    ``startup`` comes from the page: ``hash`` (text after #), ``entropy``,
    ``cells``, ``saved`` (an earlier ``Game.save()``, or None). The saved game
    opens, unless the URL hash names another deal: then that deal, but only
    when no game is in progress (moves made and not won); a game in progress
    stays open and the page asks the player first. Else a new random deal.

    Returns ``(game, notes)``; ``notes`` holds ``hash``: why the URL's deal
    could not be opened; ``saved``: why the saved game could not be restored
    (also passed to ``warn``); ``link``: the code of the URL's deal left
    unopened for the game in progress. Each is None when there is nothing to
    say; nothing here is ever fatal. A game link (``#R1-…``) is no deal code: the
    page opens it once it has asked (``open_link``), so it is left out here.
    """
    notes = {"hash": None, "saved": None, "link": None}
    cells = startup.get("cells") if startup.get("cells") in (4, 2, 1) else 4
    code = startup.get("hash") or ""
    if is_link(code):
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
    if hashed is None or (saved is not None and saved.code == hashed.code):
        return saved or Game.new(cells=cells, entropy=startup.get("entropy")), notes
    if saved is not None and in_progress(saved):
        notes["link"] = hashed.code
        return saved, notes
    return hashed, notes


def in_progress(game):
    """Whether leaving ``game`` would lose a game the player has begun: moves made (or undone), not won."""
    return not game.won and bool(game.history or game.redo_list)


def refusal(key, place):
    """A refusal the controller makes itself (the engine found no move)."""
    return {"key": key, "params": {"place": place}, "message": key.replace("-", " ")}


def error_of(exc):
    return {"key": exc.key, "params": exc.params, "message": str(exc)}


def whole_line(game):
    """A copy of the game with its redo list played: the line a review covers."""
    line = Game.load(game.save())
    while line.redo():
        pass
    return line


def moved_card(pos, move):
    """The card at the head of what a legal move (src, dst, n) takes, as text."""
    src, _, n = move
    return card_text(pos.cols[src][-n] if src < CELL0 else top_card(pos, src))


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

    def _answer(self, move=None, error=None):
        out = {"ok": error is None, "view": view_of(self.game)}
        if move is not None:
            out["move"] = move.to_dict()
        if error is not None:
            out["error"] = error
        return out

    def _play(self, text, player=False):
        self.game.play(text)
        self.player_moved = player
        return self._answer(Move.parse(text))

    # -- intents ----------------------------------------------------------

    def state(self):
        return self._answer()

    def tap(self, place):
        try:
            move = self.game.tap(place)
        except SeahavenError as exc:
            return self._answer(error=error_of(exc))
        if move is None:
            out = self._answer(error=refusal("tap-nothing", place))
            double = self.game.double_tap(place)
            out["double"] = None if double is None else Move.parse(double).to_dict()
            return out
        return self._play(move, player=True)

    def double_tap(self, place, n=1):
        try:
            move = self.game.double_tap(place, n)
        except SeahavenError as exc:
            return self._answer(error=error_of(exc))
        if move is None:
            return self._answer(error=refusal("double-tap-nothing", place))
        return self._play(move, player=True)

    def drop(self, src, dst, n=1):
        try:
            move = self.game.find_move(src, dst, n)
        except SeahavenError as exc:
            return self._answer(error=error_of(exc))
        return self._play(move, player=True)

    def finish(self):
        """The moves of the page's Finish (``Game.finish_moves``), for it to
        play one by one as ordinary moves; refused while a card still needs
        another kind of move."""
        moves = self.game.finish_moves()
        if not moves:
            return {"ok": False, "moves": [], "error": refusal("finish-not-yet", "")}
        return {"ok": True, "moves": moves}

    def autoplay(self):
        """The cards that go home by themselves now (``Game.autoplay_moves``),
        for the page to play one by one when "Send cards home automatically"
        is on: none unless the last change was the player's own move."""
        return {"ok": True, "moves": self.game.autoplay_moves() if self.player_moved else []}

    def targets(self, src, n=1):
        try:
            return {"ok": True, "targets": self.game.targets(src, n)}
        except SeahavenError as exc:
            return {"ok": False, "targets": [], "error": error_of(exc)}

    def undo(self):
        """Take back the last move; ``move`` says where its cards went back to."""
        self.player_moved = False
        history = self.game.history
        if not self.game.undo():
            return self._answer()
        last = Move.parse(history[-1])
        return self._answer(Move(last.dst, last.src, last.n))

    def redo(self):
        self.player_moved = False
        if not self.game.redo():
            return self._answer()
        return self._answer(Move.parse(self.game.history[-1]))

    def new(self, cells=4, code=None, entropy=None):
        """Start a deal (typed code or random); a bad code keeps the current game."""
        try:
            if code:
                game = Game.from_code(code)
            else:
                game = Game.new(cells=int(cells), entropy=entropy)
        except SeahavenError as exc:
            return self._answer(error=error_of(exc))
        except (TypeError, ValueError):
            return self._answer(error={"key": "code-cells", "params": {"part": str(cells)}, "message": "bad cells"})
        self.game = game
        self.player_moved = False
        return self._answer()

    def play(self, move):
        """A move given in notation (the solver's lines are played this way)."""
        try:
            return self._play(move)
        except SeahavenError as exc:
            return self._answer(error=error_of(exc))

    def position(self):
        """The position text, for the solver."""
        return {"ok": True, "text": self.game.to_text(), "moves": self.game.moves_made}

    def positions_back(self, limit=40):
        """Texts of the positions before the last moves, most recent first (for "undo to winnable")."""
        replay = Game.load(self.game.save())
        texts = []
        while len(texts) < int(limit) and replay.undo():
            texts.append(replay.to_text())
        return {"ok": True, "texts": texts}

    def preview(self, cells=4, entropy=None, code=None):
        """A deal's code and text without starting it (to check it first): the
        deal ``code`` names (refused as ``new`` refuses it), else a random one."""
        try:
            game = Game.from_code(code) if code else Game.new(cells=int(cells), entropy=entropy)
        except SeahavenError as exc:
            return {"ok": False, "error": error_of(exc)}
        return {"ok": True, "code": game.code, "text": game.to_text()}

    # -- the review: the game's whole line (its moves and its redo list) ---

    def line(self):
        """The deal and every move of the line (moves played, then the redo
        list), each with the card it moved; ``at``: how many are played."""
        pos = self.game.start.copy()
        moves = []
        for text in self.game.history + self.game.redo_list:
            m = parse_move(text)
            out = Move.parse(text).to_dict()
            out["card"] = moved_card(pos, m)
            moves.append(out)
            apply(pos, m)
        return {"ok": True, "code": self.game.code, "cells": self.game.cells, "at": self.game.moves_made,
                "moves": moves}

    def _at(self, ply):
        """A copy of the game with ``ply`` moves of its line played (None when the line is shorter)."""
        game = Game.load(self.game.save())
        ply = int(ply)
        while game.moves_made > ply and game.undo():
            pass
        while game.moves_made < ply and game.redo():
            pass
        return game if game.moves_made == ply else None

    def view_at(self, ply):
        """The view of the line's position after ``ply`` moves; the game itself is untouched."""
        game = self._at(ply)
        if game is None:
            return self._answer(error=refusal("no-such-ply", str(ply)))
        return {"ok": True, "view": view_of(game)}

    def rewind(self, ply):
        """Play on from the line's position after ``ply`` moves: later moves go to the redo list."""
        game = self._at(ply)
        if game is None:
            return self._answer(error=refusal("no-such-ply", str(ply)))
        self.game = game
        return self._answer()

    # -- game links (seahaven/share.py) --------------------------------------

    def link(self, text, read=True):
        """What a link holds, without opening it: ``link`` says whether the
        text is meant as a game link at all (else it may be a deal code);
        with ``read``, ``ok`` whether it reads, with its ``code`` and number of
        ``moves``."""
        if not is_link(text):
            return {"ok": False, "link": False}
        if not read:
            return {"ok": True, "link": True}
        try:
            game = self._read(text)
        except SeahavenError as exc:
            return {"ok": False, "link": True, "error": error_of(exc)}
        return {"ok": True, "link": True, "code": game.code, "moves": game.moves_made}

    def open_link(self, text):
        """Replace the game by a link's: its deal, every move on the redo list
        (replayed by the page's review, or by Redo); a bad link changes nothing."""
        try:
            game = self._read(text)
        except SeahavenError as exc:
            return self._answer(error=error_of(exc))
        self._link = None  # the game is the controller's now
        return self._open_line(game)

    def open_line(self, code, moves):
        """As ``open_link``, for a link the solver's worker has read (its deal
        code and its moves' texts, ``read_link``): loading moves costs a tenth
        of reading the link. Each move is checked; a bad line changes nothing."""
        try:
            game = Game.load({"v": SAVE_VERSION, "code": code, "moves": moves, "undone": []})
        except SeahavenError as exc:
            return self._answer(error=error_of(exc))
        return self._open_line(game)

    def _open_line(self, game):
        while game.undo():
            pass
        self.game = game
        return self._answer()

    def share_link(self):
        """The link text of the game's whole line (share.encode)."""
        line = whole_line(self.game)
        if line.moves_made > LINK_MOVES:
            return {"ok": False, "error": {"key": "link-moves", "params": {"count": line.moves_made},
                                           "message": "a link holds at most %d moves" % LINK_MOVES}}
        try:
            return {"ok": True, "text": encode(line)}
        except SeahavenError as exc:
            return {"ok": False, "error": error_of(exc)}

    def save(self):
        """The game in progress as JSON-able data (deal, moves, redo list)."""
        return {"ok": True, "save": self.game.save()}

    def restart(self):
        """Back to the deal's first position (the moves can be redone)."""
        while self.game.undo():
            pass
        self.player_moved = False
        return self._answer()

    def handle(self, name, args):
        """Dispatch one request from the page; unknown names are refused, not raised."""
        method = INTENTS.get(name)
        if method is None:
            return {"ok": False, "error": refusal("unknown-intent", str(name))}
        return method(self, **(args or {}))


INTENTS = {
    "state": Controller.state,
    "tap": Controller.tap,
    "double_tap": Controller.double_tap,
    "drop": Controller.drop,
    "targets": Controller.targets,
    "finish": Controller.finish,
    "autoplay": Controller.autoplay,
    "undo": Controller.undo,
    "redo": Controller.redo,
    "new": Controller.new,
    "restart": Controller.restart,
    "save": Controller.save,
    "play": Controller.play,
    "position": Controller.position,
    "positions_back": Controller.positions_back,
    "preview": Controller.preview,
    "line": Controller.line,
    "view_at": Controller.view_at,
    "rewind": Controller.rewind,
    "link": Controller.link,
    "open_link": Controller.open_link,
    "share_link": Controller.share_link,
    "open_line": Controller.open_line,
}
