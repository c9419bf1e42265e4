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

No server: any date works offline, on every Python (the grade uses only
integers and node budgets). Given the shares of winnable deals and of tiers,
a 4-cell day needs a few candidates and a 1-cell day about a hundred and
fifty, up to several hundred: on the page's MicroPython that takes seconds,
more on a phone (bench/grade.py). So the days of the coming years are
found ahead (``daily_table``, written by tools/daily_table.py with ``find``
below): for a listed day, ``daily`` takes the table's candidate and par; any
other day is found as above. The table is what ``find`` computes, so both
give the same deal (tests/grade/test_daily.py checks a sample; the tool's
``--check`` checks every day).
"""

from . import daily_table, deal, grade
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


def date_of(day):
    """The date ``(year, month, day)`` of a day number: the inverse of ``day_number``
    (Howard Hinnant's civil_from_days)."""
    z = day + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return (yoe + era * 400 + (1 if m <= 2 else 0), m, d)


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


_UNKNOWN = -1  # a par not worked out yet
# The table (``daily_table.TABLE``): for each day from FIRST_DAY and each cell
# count in CELL_COUNTS' order, ENTRY base-64 digits: two for the candidate that
# is the day's deal (its SplitMix64 step, from 1; 0: not listed), two for its
# par (0: none).
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
ENTRY = 4


class Daily:
    """A day's deal: its date, cell count, tier and code; ``tried`` is the
    candidates it took, this one included; ``listed`` says it came from the
    table."""

    __slots__ = ("date", "cells", "tier", "code", "tried", "listed", "_par")

    def __init__(self, date, cells, tier, code, tried, listed=False, par=_UNKNOWN):
        self.date = date
        self.cells = cells
        self.tier = tier
        self.code = code
        self.tried = tried
        self.listed = listed
        self._par = par

    @property
    def par(self):
        """The deal's par (``grade.par``): from the table for a listed day,
        else worked out here on first use (a fraction of a second)."""
        if self._par == _UNKNOWN:
            self._par = grade.par(self.code)
        return self._par

    def to_dict(self):
        return {"date": self.date, "cells": self.cells, "code": self.code, "tier": self.tier}

    def __repr__(self):
        return "Daily(%r, %d, %r, %r)" % (self.date, self.cells, self.tier, self.code)


def daily(year, month, day, cells):
    """The deal of a date (UTC) for ``cells`` cells (4, 2 or 1): from the table
    for a day it lists, else found (``find``)."""
    days = _checked(year, month, day, cells)
    listed = _listed(days, cells)
    if listed is None:
        return find(year, month, day, cells)
    tried, par = listed
    state = (days * 8 + cells) & deal.MASK64
    for _ in range(tried):
        state, out = deal.splitmix64(state)
    code = deal.encode(cells, out % deal.DEAL_LIMIT)
    return Daily(date_text(year, month, day), cells, SCHEDULE[weekday(days)], code, tried, True, par)


def find(year, month, day, cells):
    """The deal of a date (UTC) for ``cells`` cells, found by the definition
    above, grading one candidate after another (never from the table)."""
    days = _checked(year, month, day, cells)
    tier = SCHEDULE[weekday(days)]
    state = (days * 8 + cells) & deal.MASK64
    tried = 0
    while True:  # ends: about one deal in 150 qualifies even with 1 cell
        state, out = deal.splitmix64(state)
        tried += 1
        found = grade.grade_deal(cells, out % deal.DEAL_LIMIT)
        if found.tier == tier:
            return Daily(date_text(year, month, day), cells, tier, found.code, tried)


def _listed(days, cells):
    """(candidate, par) of a day in the table, or None when it is not listed."""
    at = ((days - daily_table.FIRST_DAY) * len(deal.CELL_COUNTS) + deal.CELL_COUNTS.index(cells)) * ENTRY
    if at < 0 or at >= len(daily_table.TABLE):
        return None
    values = [DIGITS.index(ch) for ch in daily_table.TABLE[at:at + ENTRY]]
    tried = values[0] * 64 + values[1]
    if not tried:
        return None
    par = values[2] * 64 + values[3]
    return tried, par or None


def _checked(year, month, day, cells):
    """The day number of a date, once the cell count is known to be one of the game's."""
    if cells not in deal.CELL_COUNTS:
        raise deal.BadCode("cells must be 4, 2 or 1, not %r" % (cells,), "code-cells", {"part": str(cells)})
    return day_number(year, month, day)
