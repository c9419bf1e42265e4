"""Today's deal: one deal a day, the same for everyone, computed offline.

The deal of a date (UTC) and a cell count is defined as follows:

1. ``day`` = days since 1970-01-01 in the proleptic Gregorian calendar
   (negative before 1970); the weekday is ``(day + 3) % 7`` (0 = Monday:
   1970-01-01 was a Thursday).
2. The day's tier is ``SCHEDULE[weekday]``: Relaxed on Monday and Wednesday,
   Balanced on Tuesday, Thursday and Saturday, Tricky on Friday and Sunday —
   every tier each week.
3. ``state = (day × 8 + cells) mod 2^64``; each SplitMix64 step (design §3)
   gives a candidate deal number, ``output mod 2^35``.
4. The day's deal is the first candidate that ``seahaven.grade`` finds
   winnable and puts in the day's tier.

No server, no table: any date works offline, on every Python (the grade uses
only integers and node budgets). Given the shares of winnable deals and of
tiers, a 4-cell day needs a few candidates and a 1-cell day about a hundred
and fifty, most of them disproved in a fraction of a millisecond
(bench/grade.py measures it on the page's runtime).
"""

from . import deal, grade
from .errors import BadDate

SCHEDULE = ("relaxed", "balanced", "relaxed", "balanced", "tricky", "balanced", "tricky")  # Monday first
_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
EXAMPLE = "2026-12-24"


def _month_days(year, month):
    if month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):
        return 29
    return _MONTH_DAYS[month - 1]


def date_text(year, month, day):
    """``(2026, 12, 24)`` → ``"2026-12-24"``."""
    return "%04d-%02d-%02d" % (year, month, day)


def day_number(year, month, day):
    """Days from 1970-01-01 to a date of the proleptic Gregorian calendar.

    Howard Hinnant's days_from_civil: integer arithmetic, any year.
    """
    if not (1 <= month <= 12 and 1 <= day <= _month_days(year, month)):
        text = date_text(year, month, day)
        raise BadDate("%s is not a day of the calendar" % text, "date-day", {"date": text})
    y = year - 1 if month <= 2 else year
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (month - 3 if month > 2 else month + 9) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def weekday(day):
    """0 = Monday … 6 = Sunday, for a day number."""
    return (day + 3) % 7


def parse_date(text):
    """``"2026-12-24"`` → ``(2026, 12, 24)``; BadDate saying what is wrong otherwise."""
    shown = text.strip()[:24] if isinstance(text, str) else ""
    parts = shown.split("-")
    if (
        len(parts) != 3
        or [len(p) for p in parts] != [4, 2, 2]
        or not all("0" <= ch <= "9" for p in parts for ch in p)
    ):
        raise BadDate("'%s' is not a date; write it like %s" % (shown, EXAMPLE), "date-shape", {"date": shown})
    year, month, day = int(parts[0]), int(parts[1]), int(parts[2])
    day_number(year, month, day)  # refuses 2026-02-30
    return year, month, day


def today():
    """Today's date in UTC as (year, month, day)."""
    import time

    t = time.gmtime()
    return t[0], t[1], t[2]


class Daily:
    """A day's deal: its date, cell count, tier, code and grade."""

    __slots__ = ("date", "cells", "tier", "code", "grade", "tried")

    def __init__(self, date, cells, tier, grade_, tried):
        self.date = date
        self.cells = cells
        self.tier = tier
        self.code = grade_.code
        self.grade = grade_
        self.tried = tried  # candidates graded, this one included

    def to_dict(self):
        return {"date": self.date, "cells": self.cells, "code": self.code, "tier": self.tier}

    def __repr__(self):
        return "Daily(%r, %d, %r, %r)" % (self.date, self.cells, self.tier, self.code)


def daily(year, month, day, cells):
    """The deal of a date (UTC) for ``cells`` cells (4, 2 or 1)."""
    if cells not in deal.CELL_COUNTS:
        raise deal.BadCode("cells must be 4, 2 or 1, not %r" % (cells,), "code-cells", {"part": str(cells)})
    days = day_number(year, month, day)
    tier = SCHEDULE[weekday(days)]
    state = (days * 8 + cells) & deal.MASK64
    tried = 0
    while True:  # ends: about one deal in 150 qualifies even with 1 cell
        state, out = deal.splitmix64(state)
        tried += 1
        found = grade.grade_deal(cells, out % deal.DEAL_LIMIT)
        if found.tier == tier:
            return Daily(date_text(year, month, day), cells, tier, found, tried)
