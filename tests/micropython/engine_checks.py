"""Engine checks that run unchanged under MicroPython (the page's interpreter) and CPython.

Run: ``node tools/mpy_run.mjs tests/micropython/engine_checks.py`` (MicroPython), or
``PYTHONPATH=. python3 tests/micropython/engine_checks.py`` (CPython). Plain asserts;
every line printed is deterministic so the two outputs can be compared; the last
line is ``ok N`` with N the number of checks passed.
"""

from seahaven import BadCode, BadPosition, BadSave, Game, IllegalMove, Move
from seahaven.deal import decode, encode
from seahaven.game import MAX_MOVES

CHECKS = [0]
LARGEST = 2**35 - 1


def check(condition, what):
    assert condition, what
    CHECKS[0] += 1


def notation(moves):
    """The notation of each Move."""
    return [m.text for m in moves]


def out(*parts):
    print(" ".join(str(p) for p in parts))


# -- design §3 pseudo-code, transcribed independently of the engine -------------

M = 2**64 - 1


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & M
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return state, z ^ (z >> 31)


def spec_text(n, cells):
    deck = [r + s for s in "SHDC" for r in "A23456789TJQK"]
    state = n
    for i in range(51, 0, -1):
        state, o = splitmix64(state)
        j = o % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    cols = [[] for _ in range(10)]
    for k in range(50):
        cols[k % 10].append(deck[k])
    slots = ["-"] * cells
    slots[0] = deck[50]
    if cells == 1:
        cols[1].append(deck[51])
    else:
        slots[1] = deck[51]
    lines = ["Foundations: H-0 C-0 D-0 S-0", "Freecells: " + " ".join(slots)]
    for col in cols:
        lines.append(": " + " ".join(col))
    return "\n".join(lines) + "\n"


DEAL_314 = """Foundations: H-0 C-0 D-0 S-0
Freecells: 3C 4H - -
: KD 3S 4C QC 6D
: AH 9S AC 8S 9D
: KH 2S 5S 5H QD
: 2H 7S AD JD KC
: 6C JC 4D TD 2D
: QS 7H 7C 5D 3H
: AS 5C 3D JH 7D
: QH JS 8C 9H 8D
: KS 4S 8H 9C TC
: TH 6S 2C TS 6H
"""


def error_line(exc):
    items = sorted(exc.params.items())
    return "%s %s | %s" % (exc.key, " ".join("%s=%s" % kv for kv in items), str(exc))


class Lcg:
    """A tiny deterministic generator (the random module differs between Pythons)."""

    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & M
        return (self.state >> 33) % n


def deals():
    out("# deals")
    check(DEAL_314 == Game.from_code("SH1-C4-AAAAAJ2").to_text(), "the design's example deal")
    for cells in (4, 2, 1):
        for number in (0, 1, 314, 2**32 + 7, LARGEST):
            code = encode(cells, number)
            game = Game.from_code(code)
            check(spec_text(number, cells) == game.to_text(), "deal %s" % code)
            check((cells, number) == decode(code.lower() + "  "), "decode %s" % code)
            out(code, number, game.to_text().split("\n")[2])
    check("SH1-C4-AAAAAJ2" == encode(4, 314), "encode 314")
    check("SH1-C1-7777777" == encode(1, LARGEST), "encode largest")


def bad_codes():
    out("# bad codes")
    for text in ("", "XH1-C4-AAAAAJ2", "SH1-C3-AAAAAJ2", "SH1-C4-AAAAJ2", "SH1-C4-AAAAA1Z",
                 "<script>", "SH1-C4-AAAAA\u00c92", "SH1-C4-AAA\tAJ2", None, 314):
        try:
            Game.from_code(text)
        except BadCode as exc:
            check(isinstance(exc, ValueError), "BadCode is a ValueError")
            out(error_line(exc))
        else:
            raise AssertionError("accepted %s" % text)


def move_generation():
    out("# legal moves")
    for code in ("SH1-C4-AAAAAJ2", "SH1-C2-AAAAAAA", "SH1-C1-7777777"):
        game = Game.from_code(code)
        moves = game.legal_moves()
        check(len(moves) == len(set(moves)), "no duplicates")
        out(code, len(moves), " ".join(sorted(notation(moves))))
    # the group table of design §1 on a constructed position: t1 = QS..(run), t2 = KS
    table = {0: (1, 2, 4), 1: (2, 4, 8), 2: (3, 6, 12), 3: (4, 8, 16), 4: (5, 10, 20)}
    for free in table:
        for empty in (0, 1, 2):
            limit = table[free][empty]
            game = Game.from_text(group_board(free, empty, min(limit, 12)))
            check(limit == game.max_group("t2"), "group limit %d %d" % (free, empty))
            n = min(limit, 12)
            check(Move(0, 1, n) in game.legal_moves(), "group move %d" % n)
            if limit < 12:
                game = Game.from_text(group_board(free, empty, limit + 1))
                try:
                    game.play("t1-t2x%d" % (limit + 1))
                except IllegalMove as exc:
                    check("group-too-big" == exc.key and limit == exc.params["limit"], "too big")
                else:
                    raise AssertionError("group too big was played")
    out("group table", CHECKS[0])


def group_board(free, empty, length):
    ranks = "A23456789TJQK"
    run = [ranks[r] + "S" for r in range(11, 11 - length, -1)]
    used = set(run + ["KS"])
    rest = [r + s for r in ranks for s in "SHDC" if r + s not in used]
    cells = []
    for _ in range(4 - free):
        cells.append(rest.pop())
    cells += ["-"] * free
    cols = [run, ["KS"]] + [[] for _ in range(empty)]
    fillers = 10 - len(cols)
    for k in range(fillers):
        cols.append(rest[k * len(rest) // fillers:(k + 1) * len(rest) // fillers])
    lines = ["Foundations: H-0 C-0 D-0 S-0", "Freecells: " + " ".join(cells)]
    for col in cols:
        lines.append(": " + " ".join(col) if col else ":")
    return "\n".join(lines) + "\n"


def play_undo_redo():
    out("# play undo redo")
    for cells, number in ((4, 314), (2, 77), (1, 110)):
        game = Game.from_number(number, cells)
        rng = Lcg(number)
        texts = [game.to_text()]
        scores = [0]
        for _ in range(60):
            moves = game.legal_moves()
            if not moves:
                break
            home = [m for m in moves if m.target[0] == "f"]
            pool = home if home and rng.below(2) else moves
            game.play(pool[rng.below(len(pool))])
            texts.append(game.to_text())
            scores.append(game.score)
        out(cells, number, game.score, " ".join(notation(game.history)))
        played = len(game.history)
        for k in range(played // 2):
            check(game.undo(), "undo")
            check(texts[played - k - 1] == game.to_text(), "undo restores the position")
            check(scores[played - k - 1] == game.score, "undo refunds the score")
        for _ in range(played // 4):
            check(game.redo(), "redo")
        check(texts[played - played // 2 + played // 4] == game.to_text(), "redo replays")
        copy = Game.from_text(game.to_text())
        check(copy.to_text() == game.to_text(), "text round trip")
        out(game.score, " ".join(notation(game.redo_list)))
        while game.undo():
            pass
        check(texts[0] == game.to_text() and 0 == game.score, "undo all")
        check(not game.undo() and game.can_redo, "nothing more to undo")


def intents():
    out("# tap and double tap")
    game = Game.from_code("SH1-C4-AAAAAJ2")
    names = ["t%d" % i for i in range(1, 11)] + ["c%d" % i for i in range(1, 5)] + ["f%d" % i for i in range(1, 5)]
    for name in names:
        out(name, game.tap(name), game.double_tap(name), " ".join(game.targets(name)))
    game.play("t3-c3")
    out("after t3-c3", game.double_tap("c3"), game.tap("t2"), game.score)


def going_home():
    out("# finish and autoplay")
    game = Game.from_code("SH1-C4-AAAAAJ2")
    out(game.finish_moves(), " ".join(notation(game.autoplay_moves())))
    text = "Foundations: H-9 C-Q D-J S-0\nFreecells: KC - AS -\n" + ":\n" * 7
    text += ": KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\n: KH QH JH TH\n: KD QD\n"
    game = Game.from_text(text)
    moves = game.finish_moves()
    out(" ".join(notation(moves)))
    for move in moves:
        game.play(move)
    check(game.won and game.finish_moves() == [], "finish wins")
    game.undo()
    game.play("f1-c2")
    check(notation(game.autoplay_moves()) == ["c1-f4"], "autoplay keeps a card taken off its foundation")


def saving():
    out("# save and load")
    game = Game.from_code("SH1-C2-AAAAAJ2")
    for move in game.legal_moves()[:3]:
        game.play(move)
        game.undo()
    game.play(game.legal_moves()[-1])
    game.play(game.legal_moves()[0])
    game.undo()
    data = game.save()
    out(" ".join("%s=%s" % (k, data[k]) for k in sorted(data)))
    loaded = Game.load(data)
    check(loaded.to_text() == game.to_text(), "load position")
    check(loaded.history == game.history and loaded.redo_list == game.redo_list, "load history")
    check(loaded.score == game.score, "load score")
    bad = [None, [], {"v": 2, "code": "SH1-C4-AAAAAJ2"}, {"v": 1, "code": "SH1-C9-AAAAAJ2"},
           {"v": 1, "code": "SH1-C4-AAAAAJ2", "moves": ["t1-f1"]}, {"v": 1, "code": "SH1-C4-AAAAAJ2", "moves": [1]},
           {"v": 1, "moves": []}, {"v": 1, "code": "SH1-C4-AAAAAJ2", "moves": ["c1-c3"] * (MAX_MOVES + 1)}]
    for item in bad:
        try:
            Game.load(item)
        except BadSave as exc:
            check(isinstance(exc, ValueError), "BadSave is a ValueError")
            out(exc.key)
        else:
            raise AssertionError("loaded corrupt data")
    moves = ["c1-c3", "c3-c1"] * (MAX_MOVES // 2)
    loaded = Game.load({"v": 1, "code": "SH1-C4-AAAAAJ2", "moves": moves})
    check(loaded.moves_made == MAX_MOVES and loaded.to_text() == Game.from_code("SH1-C4-AAAAAJ2").to_text(), "full")
    try:
        loaded.play("t3-c3")
    except IllegalMove as exc:
        out(exc.key, exc.params["limit"])


def refusals():
    out("# refusals")
    game = Game.from_code("SH1-C4-AAAAAJ2")
    before = game.to_text()
    for move in ("t3-f1", "t3-f3", "t1-t2", "t3-c1", "t1-t2x3", "c1-t1x2", "t9-t9", "f1-c3",
                 "t1-c3x0", "t11-c1", "", "t3-c3x2", "c1-c2", "t3-c3x\uff11"):
        try:
            game.play(move)
        except IllegalMove as exc:
            check(isinstance(exc, ValueError), "IllegalMove is a ValueError")
            out(move, error_line(exc))
        else:
            out(move, "played")
            game.undo()
    check(before == game.to_text(), "refusals leave the position")
    for text in ("Freecells: - - -\n", before.replace("KD", "KX"), before.replace("6D", "3H"), 5,
                 before.replace("H-0", "H-\uff10"), before.replace("KD", "K\u017f")):
        try:
            Game.from_text(text)
        except BadPosition as exc:
            check(isinstance(exc, ValueError), "BadPosition is a ValueError")
            out(error_line(exc))
    try:
        game.find_move("t1", "t2", 0)
    except IllegalMove as exc:
        out("n=0", exc.key)


deals()
bad_codes()
move_generation()
play_undo_redo()
intents()
going_home()
saving()
refusals()
print("ok %d" % CHECKS[0])
