"""Statistics as a player who has played a while has them stored: 50 recent
Easy games, wins per kind of deal, today's deals of two months. Fixed, so a
test knows what the Statistics dialog must show."""

import json

TODAY = "2026-12-03"  # the browser's clock is fixed to this day (UTC)
RESULTS = "WWLWHWWLLWWWWLWHWWWLWWWWWLLWWWHWWWWLWWWWWLWWWWHWWL"  # oldest first: won, lost, won with help
TIERS = ("relaxed", "balanced", "tricky", None)
SOLVED = ("2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02")  # five days in a row up to yesterday
TRIED = ("2026-11-10",)


def game(i, letter):
    result = {"W": "won", "L": "lost", "H": "helped"}[letter]
    seconds = None if result == "lost" else 120 + (i * 37) % 600
    return {"result": result, "seconds": seconds, "tier": TIERS[i % 4]}


def day(won, par=75, moves=84, seconds=421):
    return {"code": "SH1-C4-AAAAAJ2", "tier": "balanced", "par": par, "won": won, "helped": False,
            "moves": moves if won else None, "seconds": seconds if won else None}


def sample():
    recent = [game(i, letter) for i, letter in enumerate(RESULTS)]
    daily = {date: day(True, moves=80 + i) for i, date in enumerate(SOLVED)}
    daily.update({date: day(False) for date in TRIED})
    easy = {"played": 120, "won": 80, "helped": 6, "streak": 2, "bestStreak": 9, "bestScore": 595, "fastest": 151,
            "recent": recent, "daily": daily,
            "tiers": {"relaxed": {"played": 12, "won": 11}, "balanced": {"played": 9, "won": 6},
                      "tricky": {"played": 7, "won": 3}}}
    empty = {"played": 0, "won": 0, "helped": 0, "streak": 0, "bestStreak": 0, "bestScore": None, "fastest": None}
    return {"v": 1, "levels": {"4": easy, "2": dict(empty), "1": dict(empty)}, "current": None}


def storing(stats):
    """An init script that stores ``stats`` before the page's first load in a context."""
    return "if (!localStorage.getItem('seahaven.stats')) localStorage.setItem('seahaven.stats', %s);" % json.dumps(
        json.dumps(stats))
