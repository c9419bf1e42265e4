"""The solver worker's requests (web/solver_worker.py REQUESTS) asked as the page
asks them, through ``handle`` (JSON both ways), under MicroPython (the worker's
runtime) and CPython.

Run: ``node tools/mpy_run.mjs tests/micropython/worker_checks.py web/solver_worker.py web/wire.py``
(MicroPython), or ``PYTHONPATH=. python3 tests/micropython/worker_checks.py
web/solver_worker.py`` (CPython). Every line printed is deterministic, so the two
outputs can be compared; the last line is ``ok N``.
"""

import json
import sys

sys.path.insert(0, sys.argv[1].rsplit("/", 1)[0])  # web/: the worker's module is top-level there

import solver_worker  # noqa: E402

from seahaven import Game  # noqa: E402


def ask(name, **args):
    return json.loads(solver_worker.handle(name, json.dumps(args)))


print(solver_worker.__export__)
print(ask("ping"))
count = 1
for code in ("SH1-C4-AAAAAJ2", "SH1-C1-AAAAAJ3"):
    answer = ask("solve", text=Game.from_code(code).to_text(), seconds=30)
    game = Game.from_code(code)
    for move in answer["moves"]:
        game.play(move["text"])
        assert sorted(move) == ["from", "n", "text", "to"]
    assert game.won or answer["status"] != "winnable"
    first = [sorted(move.items()) for move in answer["moves"][:1]]
    print(code, answer["status"], answer["nodes"], len(answer["moves"]), first)
    count += 1
refused = ask("solve", text="not a position", seconds=1)
print(refused["ok"], refused["error"]["key"], bool(refused["error"]["message"]))
count += 1
# A review in slices, as the page asks for it: a winnable game, its first moves played.
line = ask("solve", text=Game.from_code("SH1-C4-AAAAAJ2").to_text(), seconds=30)["moves"]
number = ask("review_start", code="SH1-C4-AAAAAJ2", moves=[m["text"] for m in line[:6]])["review"]
answer = {"state": "working"}
while answer["state"] == "working":
    answer = ask("review_work", review=number, seconds=0.05)
review = answer["review"]
print(answer["state"], review["lostAt"], [p["verdict"] for p in review["plies"]], answer["progress"]["total"] > 0)
print(ask("review_work", review=number, seconds=0.05)["state"])  # done: gone
# Par in slices of 128 positions each (0 seconds), as the page asks for it while a deal is
# played; then ``par`` knows it (asked first, its budget of seconds would depend on the machine).
for code in ("SH1-C4-AAAAAJ2", "SH1-C4-AAAAAJ3"):
    slices = 0
    answer = {"state": "working"}
    while answer["state"] == "working":
        answer = ask("par_work", code=code, seconds=0)
        slices += 1
    print("par in slices", code, answer["par"], slices, ask("par", code=code)["par"])
print(sorted(ask("review_start", code="SH1-C4-AAAAAJ2", moves=["t9-t1"])))
count += 1
memory = ask("memory")
assert memory["ok"] and memory["grown"] >= 0 and (memory["used"] > 0) == (sys.implementation.name == "micropython")
print("ok", count)
