"""Review and game-link checks that run unchanged under MicroPython (the solver's
worker) and CPython.

Run: ``node tools/mpy_run.mjs tests/micropython/review_checks.py`` (MicroPython),
or ``PYTHONPATH=. python3 tests/micropython/review_checks.py`` (CPython). Every
line printed is deterministic (node budgets, no clock), so the two outputs
can be compared; the last line is ``ok N``.
"""

from seahaven import BadLink, Game, share
from seahaven.review import Review, par_line
from seahaven.solver import NOT_WINNABLE, solve

CODE = "SH1-C4-AAAAAJ2"
count = 0

# A game: the solver's line from move 9 on until some move loses, that move, up to 3 more.
game = Game.from_code(CODE)
lost_at = None
for move in solve(game.position, max_nodes=20000).moves:
    if game.moves_made >= 9:
        for bad in game.legal_moves():
            game.play(bad)
            if solve(game.position, max_nodes=20000).status == NOT_WINNABLE:
                lost_at = game.moves_made
                break
            game.undo()
        if lost_at:
            break
    game.play(move)
for _ in range(3):
    later = [m for m in game.legal_moves() if m.source[0] != "f"]
    if later:
        game.play(later[0])

review = Review.of(game)
slices = 0
while not review.work(0.0):
    slices += 1
data = review.to_dict(full=True)
print("lost_at", data["lost_at"], "par", data["par"], "slices", slices, "nodes", review.nodes)
print("alternative", " ".join(data["alternative"]))
for p in data["plies"]:
    print(p["ply"], p["move"], p["verdict"], p["keeps"], p["legal"], p["critical"], p["choices"])
    count += 1
assert data["lost_at"] == lost_at

# par_line on its own, as the daily deal uses it.
result = par_line(CODE)
print("par", result.status, len(result.moves))
count += 1

# Links: a round trip, and refusals with their keys.
text = share.encode(game)
print("link", text)
assert share.decode(text).history == game.history
count += 1
for bad in (text[:-1], text[:10] + ("A" if text[10] != "A" else "B") + text[11:], "R9-AAAA", "R1-AA$A", ""):
    try:
        share.decode(bad)
    except BadLink as exc:
        print("refused", exc.key)
        count += 1
print("ok", count)
