"""A Hypothesis state machine: random legal moves, attempted moves, undo and redo,
with the engine checked after every step against an independent reading of the
spec (``oracle.py``)."""

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from seahaven import Game, IllegalMove, Move

from ..strategies import cell_counts, deal_numbers, move_triples
from . import oracle

FULL_DECK = sorted((r, s) for s in "SHDC" for r in range(1, 14))


class EngineMachine(RuleBasedStateMachine):
    """Model: the texts, scores, untouched-bottom heights and cards that have had their
    points for leaving a cell, of every state played through."""

    @initialize(number=deal_numbers, cells=cell_counts)
    def deal(self, number, cells):
        self.game = Game.from_number(number, cells)
        self.cells = cells
        board = oracle.Board(self.game.to_text())
        # state = (position text, score, dealt cards still untouched at the bottom of each column,
        #          cards rewarded for leaving a cell)
        self.done = [(self.game.to_text(), 0, [len(c) for c in board.cols], frozenset())]
        self.undone = []

    # -- steps ----------------------------------------------------------------------

    def _play(self, move):
        text, score, base, rewarded = self.done[-1]
        board = oracle.Board(text)
        src, dst = move.source, move.target
        assert oracle.legal(board, src, dst, move.n), move
        card = board.pile(src)[-move.n]
        gained = self.game.play(move)
        points = oracle.points(src, dst, card, rewarded)
        assert points == gained
        if points == 5:
            rewarded = rewarded | {card}
        after = oracle.Board(self.game.to_text())
        new_base = [min(b, len(c)) for b, c in zip(base, after.cols, strict=True)]
        self.done.append((self.game.to_text(), score + gained, new_base, rewarded))
        self.undone = []

    @rule(data=st.data())
    def play_any(self, data):
        moves = self.game.legal_moves()
        if moves:
            self._play(data.draw(st.sampled_from(moves), label="move"))

    @rule(data=st.data())
    def play_home_or_run(self, data):
        moves = [m for m in self.game.legal_moves() if m.target[0] == "f" or m.n > 1]
        if moves:
            self._play(data.draw(st.sampled_from(moves), label="move"))

    @rule()
    def play_back(self):
        """The last move's reverse, when legal: a card shuttled between a cell, a column and
        a foundation, whose points are earned once."""
        last = self.game.last_move
        back = last and Move.parse("%s-%s" % (last.target, last.source) + ("x%d" % last.n if last.n > 1 else ""))
        if back and back in self.game.legal_moves():
            self._play(back)

    @rule(triple=move_triples)
    def attempt(self, triple):
        """Any (src, dst, n): legal_moves, find_move and the oracle agree; a refusal changes nothing."""
        src, dst, n = triple
        text = self.game.to_text()
        move = Move.parse("%s-%s" % (src, dst) + ("x%d" % n if n > 1 else ""))
        expected = oracle.legal(oracle.Board(text), src, dst, n)
        assert expected == (move in self.game.legal_moves())
        try:
            found = self.game.find_move(src, dst, n)
        except IllegalMove as exc:
            assert not expected, str(exc)
            assert exc.key and exc.params.get("move")
        else:
            assert expected and move == found
        if not expected:
            try:
                self.game.play(move)
            except IllegalMove:
                pass
            else:
                raise AssertionError("illegal move %s was played" % move)
        assert text == self.game.to_text()
        assert len(self.done) - 1 == len(self.game.history)

    @precondition(lambda self: len(self.done) > 1)
    @rule()
    def undo(self):
        assert self.game.undo()
        self.undone.append(self.done.pop())
        text, score = self.done[-1][:2]
        assert (text, score) == (self.game.to_text(), self.game.score)

    @precondition(lambda self: len(self.done) == 1)
    @rule()
    def undo_nothing(self):
        assert not self.game.undo()

    @precondition(lambda self: self.undone)
    @rule()
    def redo(self):
        assert self.game.redo()
        self.done.append(self.undone.pop())
        text, score = self.done[-1][:2]
        assert (text, score) == (self.game.to_text(), self.game.score)

    @precondition(lambda self: not self.undone)
    @rule()
    def redo_nothing(self):
        assert not self.game.redo()

    # -- invariants (one check, so the position text is parsed once per step) ----------

    @invariant()
    def nothing_is_ever_wrong(self):
        text = self.game.to_text()
        board = oracle.Board(text)
        self.matches_model(text)
        self.all_52_cards_once(board)
        self.text_round_trips(text)
        self.columns_obey_the_rules(board)
        self.foundations_hold_their_suit_in_order(board)
        self.won_and_stuck(board)

    def matches_model(self, text):
        expected_text, score = self.done[-1][:2]
        assert expected_text == text
        assert score == self.game.score >= 0
        assert len(self.done) - 1 == len(self.game.history)
        assert len(self.undone) == len(self.game.redo_list)
        assert (len(self.done) > 1, bool(self.undone)) == (self.game.can_undo, self.game.can_redo)

    def all_52_cards_once(self, board):
        assert FULL_DECK == sorted(board.all_cards())
        assert self.cells == len(board.cells) == self.game.cells

    def text_round_trips(self, text):
        assert text == Game.from_text(text).to_text()

    def columns_obey_the_rules(self, board):
        """Above the untouched dealt cards, each card is one lower and the same suit as the card
        under it, and a card at the bottom of a column that was emptied is a king."""
        base = self.done[-1][2]
        for col, untouched in zip(board.cols, base, strict=True):
            for k in range(untouched, len(col)):
                if k == 0:
                    assert 13 == col[0][0], col
                else:
                    below, card = col[k - 1], col[k]
                    assert (below[1], below[0] - 1) == (card[1], card[0]), col

    def foundations_hold_their_suit_in_order(self, board):
        for i, suit in enumerate("SHDC"):
            height = board.found[suit]
            assert ([oracle.RANKS[height - 1] + suit] if height else []) == self.game.cards("f%d" % (i + 1))

    def won_and_stuck(self, board):
        won = all(h == 13 for h in board.found.values())
        assert won == self.game.won
        assert (not won and not self.game.legal_moves()) == self.game.stuck


EngineMachine.TestCase.settings = settings(max_examples=50, stateful_step_count=40, deadline=None)
TestEngineMachine = EngineMachine.TestCase
TestEngineMachine.__doc__ = "Random play/undo/redo never breaks a rule, loses a card or mis-scores."
