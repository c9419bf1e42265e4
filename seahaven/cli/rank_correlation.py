"""Spearman's rank correlation, for the difficulty survey (``survey``, bench/grade.py).

Ties get the mean of the ranks they span, as usual: the player model's loss
rates tie a lot (many deals are always won or always lost).
"""


def ranks(values):
    """1-based ranks of ``values``, tied values sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        mean = (i + j) / 2 + 1
        for k in range(i, j + 1):
            out[order[k]] = mean
        i = j + 1
    return out


def pearson(xs, ys):
    """Pearson's correlation; None when either side does not vary."""
    n = len(xs)
    if n < 2:
        return None
    mx = sum(xs) / n
    my = sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if not sxx or not syy:
        return None
    return sxy / (sxx * syy) ** 0.5


def spearman(xs, ys):
    """Spearman's rho of two equally long lists; None when either side does not vary."""
    if len(xs) != len(ys):
        raise ValueError("spearman() needs two lists of the same length")
    return pearson(ranks(xs), ranks(ys))
