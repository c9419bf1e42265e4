"""A game: a start position, the moves played, undo/redo, score, and the
player intents of design §2 (tap, double tap, drag) turned into legal moves.

It speaks ``Move`` values, as python-chess's board does: ``legal_moves``,
``tap``, ``history`` and the rest give Moves, and ``play`` takes one. Text
(design §5) is for the edges, the command line and saved games: ``play``
also reads notation, and ``save`` writes it.
"""

from . import deal, rules
from .cards import card_text, is_number
from .errors import BadCode, BadMove, BadPosition, BadSave, IllegalMove, quote
from .move import MAX_COUNT, Move
from .position import CELL0, COLUMNS, FOUND0, Position, place_index, place_name

SAVE_VERSION = 1
# The most moves a game holds (played and undone together): a real game has a
# few hundred. Loading a save replays each move, so this bounds the time a
# save can take to load on the page; play() refuses a move beyond it.
MAX_MOVES = 10000


def _place(name):
    index = place_index(name)
    if index is None:
        shown = quote(name, 20)
        raise BadMove("'%s' is not a place (t1-t10, c1-c4, f1-f4)" % shown, "bad-place", {"place": shown})
    return index


def _count(n):
    """A number of cards given by a caller: an int, or its digits; BadMove for anything else."""
    if isinstance(n, str) and 0 < len(n) <= 2 and is_number(n):
        return int(n)
    if isinstance(n, int) and not isinstance(n, bool):
        return n
    raise BadMove("%s is not a number of cards (1-13)" % quote(n, 20), "move-notation", {"move": "x" + quote(n, 20)})


class Game:
    """One deal being played. Every change goes through ``play``/``undo``/``redo``."""

    def __init__(self, position, code=None, number=None):
        self.position = position
        self.start = position.copy()
        self.code = code
        self.number = number
        self._done = []  # (move tuple, points) in the order played
        self._undone = []  # moves taken back, most recent last
        self._rewarded = set()  # cards that have had their points for leaving a cell (design §4)

    # -- creation ---------------------------------------------------------

    @classmethod
    def from_code(cls, code):
        cells, number = deal.decode(code)
        return cls.from_number(number, cells)

    @classmethod
    def from_number(cls, number, cells=4):
        code = deal.encode(cells, number)
        columns, slots = deal.deal_layout(number, cells)
        return cls(Position(columns, slots), code, number)

    @classmethod
    def new(cls, cells=4, number=None, entropy=None):
        """A new deal; a random number unless one is given."""
        if number is None:
            number = deal.random_number(entropy)
        return cls.from_number(number, cells)

    @classmethod
    def from_text(cls, text, cells=None):
        """A game from a position text (design §5); ``cells`` as in ``Position.from_text``."""
        return cls(Position.from_text(text, cells))

    # -- state ------------------------------------------------------------

    @property
    def cells(self):
        return self.position.cell_count

    @property
    def score(self):
        return max(0, sum(p for _, p in self._done))

    @property
    def history(self):
        """The moves played, first first (Moves)."""
        return [Move(*m) for m, _ in self._done]

    @property
    def redo_list(self):
        """Moves that redo would replay, next one first."""
        return [Move(*m) for m in reversed(self._undone)]

    @property
    def last_move(self):
        """The move played last (a Move), or None at the deal's start."""
        return Move(*self._done[-1][0]) if self._done else None

    @property
    def moves_made(self):
        return len(self._done)

    @property
    def can_undo(self):
        return bool(self._done)

    @property
    def can_redo(self):
        return bool(self._undone)

    @property
    def won(self):
        return self.position.won()

    @property
    def stuck(self):
        """No legal move at all is left (and the game is not won)."""
        return not self.won and not rules.legal_moves(self.position)

    def to_text(self):
        return self.position.to_text()

    def legal_moves(self):
        """Every legal move here, as Moves (ordered by source place)."""
        return [Move(*m) for m in rules.legal_moves(self.position)]

    def cards(self, place):
        """The card texts of a place, bottom first (a foundation: its top card only)."""
        index = _place(place)
        pos = self.position
        if index < CELL0:
            return [card_text(c) for c in pos.cols[index]]
        card = rules.top_card(pos, index) if rules.exists(pos, index) else None
        return [] if card is None else [card_text(card)]

    def max_group(self, dst=None):
        """How many cards may move as one group now (to ``dst`` if given)."""
        pos = self.position
        index = None if dst is None else _place(dst)
        to_empty = index is not None and index < CELL0 and not pos.cols[index]
        return rules.max_group(pos.free_cells(), pos.empty_columns(), to_empty)

    def __repr__(self):
        if self.code:
            return "Game.from_code(%r)  # after %r" % (self.code, [m.text for m in self.history])
        return "Game.from_text(%r)" % self.to_text()

    # -- playing ----------------------------------------------------------

    def play(self, move):
        """Play a Move (or a move in notation, read by ``Move.parse``);
        IllegalMove (position untouched) if not legal.

        Returns the points the move scored.
        """
        m = move.as_tuple() if isinstance(move, Move) else rules.parse_move(move)
        self._check_room()
        rules.check(self.position, m)
        return self._push(m)

    def _check_room(self):
        """IllegalMove once the game holds MAX_MOVES moves (so that every game saves within the bound)."""
        if len(self._done) >= MAX_MOVES:
            raise IllegalMove(
                "this game has reached %d moves, the most a game holds; undo some or start a new game" % MAX_MOVES,
                "too-many-moves",
                {"limit": MAX_MOVES},
            )

    def _push(self, m):
        gained = self._advance(m)
        self._undone = []
        return gained

    def _advance(self, m):
        """Apply a legal move and score it (design §4): the points it gave, kept
        with it so that undo takes back exactly those."""
        pos = self.position
        gained = rules.points(pos, m, self._rewarded)
        if gained == rules.CELL_POINTS:
            self._rewarded.add(pos.cells[m[0] - CELL0])
        rules.apply(pos, m)
        self._done.append((m, gained))
        return gained

    def undo(self):
        if not self._done:
            return False
        m, gained = self._done.pop()
        if gained == rules.CELL_POINTS:  # the card goes back to its cell, and may earn its points again
            self._rewarded.discard(self.position.cols[m[1]][-1])
        rules.apply(self.position, (m[1], m[0], m[2]))
        self._undone.append(m)
        return True

    def redo(self):
        if not self._undone:
            return False
        self._advance(self._undone.pop())
        return True

    # -- player intents (design §2) -----------------------------------------

    def tap(self, place):
        """The move a single tap on ``place`` makes: to its foundation, or None."""
        src = _place(place)
        self._check_room()
        pos = self.position
        if src >= FOUND0 or not rules.exists(pos, src):
            return None
        card = rules.top_card(pos, src)
        if card is None:
            return None
        m = (src, FOUND0 + card // 13, 1)
        return Move(*m) if rules.is_legal(pos, m) else None

    def double_tap(self, place, n=1):
        """The move a double tap makes, by design §2 priority; None if nothing fits.

        Order: its foundation; the longest non-empty column that accepts it
        (leftmost on a tie); the leftmost empty column (kings); the leftmost
        free cell. Moves that change nothing for the player (a whole column to
        an empty column, cell to cell) are never chosen, and a card already on
        its foundation stays there (taking it back is a drag).
        """
        src = _place(place)
        n = _count(n)
        self._check_room()
        pos = self.position
        if src >= FOUND0 or not 1 <= n <= MAX_COUNT or not rules.exists(pos, src) or rules.top_card(pos, src) is None:
            return None
        candidates = []
        if n == 1 and src < FOUND0:
            candidates.append(FOUND0 + rules.top_card(pos, src) // 13)
        filled = [i for i in range(COLUMNS) if pos.cols[i] and i != src]
        filled.sort(key=lambda i: (-len(pos.cols[i]), i))
        candidates.extend(filled)
        whole_column = src < CELL0 and n == len(pos.cols[src])
        if not whole_column:
            candidates.extend(i for i in range(COLUMNS) if not pos.cols[i])
        if n == 1 and not (CELL0 <= src < FOUND0):
            candidates.extend(CELL0 + j for j in range(len(pos.cells)) if pos.cells[j] is None)
        # legal_moves() lists exactly the moves check() allows; one pass over it is
        # much cheaper than checking each candidate (a refusal raises).
        allowed = set(m[1] for m in rules.legal_moves(pos) if m[0] == src and m[2] == n)
        for dst in candidates:
            if dst in allowed:
                return Move(src, dst, n)
        return None

    def why_not_home(self, place):
        """Why a single tap on ``place`` sends no card home (``tap`` gave None), as
        an IllegalMove for the page to say: its foundation needs another card
        first (key ``tap-nothing``, with the card and the one it needs), the
        place is empty (``empty-source``) or a foundation (``tap-foundation``)."""
        src = _place(place)
        card = self._top(src)
        name = place_name(src)
        if card is None:
            return IllegalMove("%s: there is nothing there to move" % name, "empty-source", {"place": name})
        if src >= FOUND0:
            return IllegalMove("%s: a tap leaves a card on its foundation; a drag takes it back" % name,
                               "tap-foundation", {"place": name})
        need = self._needs(card)
        return IllegalMove("%s: %s cannot go home before %s" % (name, card_text(card), need),
                           "tap-nothing", {"place": name, "card": card_text(card), "need": need})

    def why_nowhere(self, place, n=1):
        """Why a double tap on the top ``n`` cards of ``place`` moves nothing
        (``double_tap`` gave None), as an IllegalMove for the page to say: a
        column would take the run but it has too many cards for the free cells
        and empty columns (``group-too-big``); no column takes the run
        (``run-nowhere``); a card's foundation needs another card first, no
        column takes it and no cell is free (``nowhere``; ``nowhere-cell`` for a
        cell's card, which a double tap never moves to another cell). Else as
        ``why_not_home``; ``double-tap-nothing`` on a foundation."""
        src = _place(place)
        n = _count(n)
        card = self._top(src)
        name = place_name(src)
        if src >= FOUND0:
            return IllegalMove("%s: a double tap leaves a foundation as it is" % name,
                               "double-tap-nothing", {"place": name})
        if card is None:
            return self.why_not_home(place)
        run = self.lift(place)
        if not 1 <= n <= run:
            return IllegalMove("%s: only the top %d cards move together, not %s" % (name, run, quote(n, 20)),
                               "not-a-run", {"place": name, "n": n, "run": run})
        pos = self.position
        head = pos.cols[src][-n] if src < CELL0 else card
        if n > 1:
            whole = n == len(pos.cols[src])
            for dst in range(COLUMNS):
                if dst != src and not (whole and not pos.cols[dst]):
                    try:
                        rules.check(pos, (src, dst, n))
                    except IllegalMove as exc:
                        if exc.key == "group-too-big":
                            return exc
            return IllegalMove("%s: no column takes the run from %s" % (name, card_text(head)),
                               "run-nowhere", {"place": name, "card": card_text(head), "n": n})
        need = self._needs(card)
        if src >= CELL0:
            return IllegalMove("%s: %s has nowhere to go: its foundation needs %s first and no column takes it"
                               % (name, card_text(card), need), "nowhere-cell",
                               {"place": name, "card": card_text(card), "need": need})
        return IllegalMove("%s: %s has nowhere to go: its foundation needs %s first, no column takes it and no cell "
                           "is free" % (name, card_text(card), need), "nowhere",
                           {"place": name, "card": card_text(card), "need": need})

    def _top(self, src):
        """The card a move from the place index ``src`` would take first; None when there is none."""
        pos = self.position
        return rules.top_card(pos, src) if rules.exists(pos, src) else None

    def _needs(self, card):
        """The card the foundation of ``card``'s suit takes next, as text."""
        s = card // 13
        return card_text(s * 13 + self.position.found[s])

    def find_move(self, src, dst, n=1):
        """A drag of ``n`` cards from ``src`` dropped on ``dst``, as a legal move.

        Raises IllegalMove with the reason when the drop is not allowed.
        """
        m = (_place(src), _place(dst), _count(n))
        if not 1 <= m[2] <= MAX_COUNT:
            raise BadMove(
                "a move takes 1 to %d cards, not %s" % (MAX_COUNT, quote(m[2], 20)),
                "move-notation",
                {"move": "x" + quote(m[2], 20)},
            )
        self._check_room()
        rules.check(self.position, m)
        return Move(*m)

    def finish_moves(self):
        """The moves that win from here by foundation moves alone (the page's
        Finish: each one an ordinary move), or None while any card still needs
        another kind of move. An empty list once the game is won."""
        moves = rules.finish(self.position)
        return None if moves is None else [Move(*m) for m in moves]

    def autoplay_moves(self):
        """The cards that go home by themselves after a move, when the player
        turns on "Send cards home automatically": the moves, in order, each to
        be played as an ordinary undoable move. Call it after a move the player
        made (not after undo or redo, or undo could never take one back).

        Every card that can go home goes, and those it uncovers. That never
        turns a winnable game into a lost one: in this game sending a card home
        is always safe (fact F1 in ``seahaven.solver.search``: any win from
        before the move can be replayed after it, without that card's trip
        home). Nor does it take anything from the player: building is by suit,
        so the only card that could lie on a card going home is the next lower
        one of its suit, which is already home; and taking a card back off a
        foundation is never needed (F2). The one exception is for the player's
        sake: a card the player just took off its foundation stays where it was
        put (and so do the higher cards of its suit), instead of flying
        straight back as if the move had been refused.
        """
        keep = None
        if self._done:
            src, dst, _ = self._done[-1][0]
            if src >= FOUND0:
                keep = rules.top_card(self.position, dst)
        return [Move(*m) for m in rules.home_run(self.position, keep)]

    def targets(self, src, n=1):
        """Every place a drag of ``n`` cards from ``src`` may be dropped on."""
        s = _place(src)
        n = _count(n)
        return [place_name(m[1]) for m in rules.legal_moves(self.position) if m[0] == s and m[2] == n]

    def lift(self, place):
        """How many cards at the top of a place can be picked up as one unit:
        a column's same-suit run, one card from a cell or a foundation, 0 when
        there is none. The page asks this instead of knowing the rule."""
        return rules.lift(self.position, _place(place))

    def movable(self, place, n):
        """Whether the top ``n`` cards of a place can be picked up as one unit."""
        return 1 <= _count(n) <= self.lift(place)

    # -- saving -----------------------------------------------------------

    def save(self):
        """A JSON-able dict from which ``load`` rebuilds this exact game."""
        data = {"v": SAVE_VERSION, "moves": [rules.move_text(m) for m, _ in self._done],
                "undone": [rules.move_text(m) for m in reversed(self._undone)]}
        if self.code:
            data["code"] = self.code
        else:
            data["start"] = self.start.to_text()
        return data

    @classmethod
    def load(cls, data):
        """Rebuild a saved game, checking every move by the rules; BadSave if anything is off.

        A save holds at most MAX_MOVES moves (played and undone); a bigger one
        is refused unread (key ``save-too-big``).
        """
        if not isinstance(data, dict):
            raise BadSave("saved game is not an object", "save-type")
        if data.get("v") != SAVE_VERSION or isinstance(data.get("v"), bool):
            raise BadSave(
                "saved game has version %s, expected %d" % (quote(data.get("v")), SAVE_VERSION), "save-version"
            )
        moves = data.get("moves", [])
        undone = data.get("undone", [])
        for name, value in (("moves", moves), ("undone", undone)):
            if not isinstance(value, list):
                raise BadSave("saved '%s' is not a list of moves" % name, "save-type")
        count = len(moves) + len(undone)
        if count > MAX_MOVES:
            raise BadSave(
                "saved game has %d moves; a game holds at most %d" % (count, MAX_MOVES),
                "save-too-big",
                {"count": count, "limit": MAX_MOVES},
            )
        for name, value in (("moves", moves), ("undone", undone)):
            if not all(isinstance(x, str) for x in value):
                raise BadSave("saved '%s' is not a list of moves" % name, "save-type")
        try:
            if "code" in data:
                game = cls.from_code(data["code"])
            elif "start" in data:
                game = cls.from_text(data["start"])
            else:
                raise BadSave("saved game has neither a code nor a start position", "save-type")
            game._replay(moves + undone)
        except (BadCode, BadPosition, IllegalMove) as exc:
            raise BadSave("saved game does not replay: %s" % exc, "save-replay", {"reason": str(exc)}) from None
        for _ in undone:
            game.undo()
        return game

    def _replay(self, texts):
        """Play saved moves, each checked by the rules; each distinct text is parsed once."""
        pos = self.position
        parsed = {}
        check, advance = rules.check, self._advance
        for text in texts:
            m = parsed.get(text)
            if m is None:
                m = parsed[text] = rules.parse_move(text)
            check(pos, m)
            advance(m)
