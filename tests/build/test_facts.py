"""One fact, one place: the engine's facts reach the page only through what the
build generates from the engine (#build/facts.js, tools/generate.py
``facts_module``), and the solver's worker only through its generated API
(#build/solver-api.js). The page's own sources are searched for the hand
copies that were there before, so none comes back."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "static" / "js"

# What a hand copy of an engine fact looks like in the page's code, and where it is generated from.
COPIES = {
    "a verdict word (facts.js WINNABLE, NOT_WINNABLE, UNKNOWN)": r'"(not )?winnable"',
    "a kind of deal (facts.js TIERS)": r'"(relaxed|balanced|tricky)"',
    "a difficulty (facts.js LEVELS)": r'"(easy|medium|hard)"|"stats\.(easy|medium|hard)"|"new\.(easy|medium|hard)"',
    "the ranks (facts.js RANKS)": r'"A23456789TJQK"',
    "the suits (facts.js SUITS)": r'SHDC|\["S", ?"H", ?"D", ?"C"\]',
    "a place's kind by its first letter (facts.js placeKind)":
        r'\[0\]\s*[!=]==?\s*"[tcf]"|startsWith\("[tcf]"\)|slice\(0, 1\)\s*[!=]==?\s*"[tcf]"',
    "a place's name (facts.js COLUMNS, CELLS, FOUNDATIONS)": r'"[tcf]\d+"|`[tcf]\$\{',
    "the ten columns (facts.js COLUMNS)": r'length: 10\b|<=? 10; *\w+\+\+',
    "the cell counts (facts.js CELL_COUNTS)": r'\[4, ?2, ?1\]|"4", ?"2", ?"1"',
    "the most moves a game holds (facts.js MAX_MOVES)": r'\b10000\b.*MAX_MOVES|MAX_MOVES\s*=\s*\d',
    "the most points a move scores (facts.js MOST_POINTS)": r'\b10 \* MAX_MOVES',
    "a worker request by its name (#build/solver-api.js)": r'solver\.call\("|\.call\("[a-z_]+", \[',
}


def code_of(text):
    """``text`` without its comments (a line's ``// …`` and ``/* … */`` blocks), so a comment may name a fact."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(^|\s)//.*", r"\1", text)


def copies_in(folder):
    """``[(file:line, what it copies)]``: every hand copy of an engine fact in the page's sources under ``folder``."""
    found = []
    for path in sorted(Path(folder).rglob("*.js")):
        for number, line in enumerate(code_of(path.read_text(encoding="utf-8")).splitlines(), 1):
            for what, pattern in COPIES.items():
                if re.search(pattern, line):
                    found.append(("%s:%d" % (path.relative_to(folder), number), what))
    return found


def test_the_page_copies_no_fact_of_the_engine():
    """No page module holds a fact of the engine: each is imported from what the build writes."""
    assert [] == copies_in(PAGE)


@pytest.mark.parametrize("line,what", [
    ('if (status === "winnable") hide();', "verdict"), ('if (place[0] === "f") finish();', "first letter"),
    ("for (let i = 1; i <= 10; i++) draw(i);", "ten columns"), ('const RANKS = "A23456789TJQK";', "ranks"),
    ('solver.call("grade", [code]);', "request"), ('focus: "t1",', "place's name"),
    ("export const MAX_SCORE = 10 * MAX_MOVES;", "most points"),
])
def test_a_hand_copy_is_found(tmp_path, line, what):
    """Each kind of copy the search looks for is found (and a comment naming one is not)."""
    (tmp_path / "a.js").write_text("// %s\n%s\n" % (line, line), encoding="utf-8")
    found = copies_in(tmp_path)
    assert 1 == len(found) and what in found[0][1], found
