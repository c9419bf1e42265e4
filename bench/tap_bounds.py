"""The lower bounds of a tap on this board (bench/taps.py ``--bounds``): the game's
own page, copied once it is dealt and ready (its styles, its toolbar, its dealt
board's elements, its dialogs; none of its scripts), with a ``pointerup`` that
does one thing only. A tap on the ace sends it to its foundation, Undo (the key
``u``) brings it back, exactly where the game draws them:

- ``dom``: the ace's element is moved into the foundation's (``moveBefore``,
  as the board moves a card), its ``top`` set: the least a board whose cards sit
  in their places' elements (the test hooks, docs/design.md) can do;
- ``dom-slide``: the same, and the ace slides there as the game's does (a Web
  Animation of its transform, from its rectangle before);
- ``dom-contained``: ``dom`` with each place's layout and size contained
  (``contain: size layout``: a place, whose size its cards never set, is
  laid out alone when its cards change);
- ``transform``: the 52 cards in one layer of their own, each placed by its
  ``transform`` (its place's elements stay, empty, for their outlines): a
  move changes one card's transform, and no element changes parent;
- ``transform-slide``: the same, and the ace slides there.

No engine, no state, no other write: what is left is the browser's own work to
show one card moved (style, layout, paint) on this page's styles and elements,
beside the floor (a tap on the score) of the same page.
"""

KINDS = ("dom", "dom-slide", "dom-contained", "transform", "transform-slide")

# The page as it stands, without its scripts (and without what would start
# PyScript or install the service worker, and its content security policy,
# which admits only the game's own inline scripts): <!doctype html> and its markup.
SNAPSHOT = """() => {
  const copy = document.documentElement.cloneNode(true);
  const drop = 'script, py-config, mpy-config, link[rel=modulepreload], link[rel=manifest], link[rel=preload], '
    + 'meta[http-equiv]';
  for (const el of copy.querySelectorAll(drop)) el.remove();
  return '<!doctype html>\\n' + copy.outerHTML;
}"""

# The copied page's one script: `kind`, the ace and its foundation are filled in.
SCRIPT = """
(() => {
  const kind = %(kind)s, ace = document.querySelector('[data-card=%(ace)s]');
  const board = document.getElementById('board'), home = ace.parentElement;
  const dest = document.querySelector('[data-place=%(dest)s]');
  const slide = kind.endsWith('-slide');
  const SLIDE = { duration: 140, easing: 'ease-out' };
  let away = false, there = '', back = '';
  if (kind === 'dom-contained') {
    const style = document.createElement('style');
    style.textContent = '.place { contain: size layout; }';
    document.head.append(style);
  }
  if (kind.startsWith('transform')) {
    // Every card into one layer at the board's corner, placed where it was drawn.
    const layer = document.createElement('div');
    layer.style.cssText = 'position: absolute; left: 0; top: 0;';
    board.append(layer);
    const origin = layer.getBoundingClientRect();
    const cards = [...board.querySelectorAll('[data-card]')];
    const at = (r) => `translate(${r.left - origin.left}px, ${r.top - origin.top}px)`;
    const rects = cards.map((el) => el.getBoundingClientRect());
    // Out of its column a covered card's pip is no longer hidden by the game's styles: hidden here.
    const covered = board.querySelectorAll('.column [data-card]:not(:last-child) .pip');
    for (const el of covered) el.style.visibility = 'hidden';
    cards.forEach((el, i) => { el.style.top = '0px'; el.style.transform = at(rects[i]); layer.append(el); });
    back = ace.style.transform;
    there = at(dest.getBoundingClientRect());
  } else {
    back = ace.style.top;
  }
  // The slide as the game's board starts it (board.js fly): from where the card was drawn, read
  // before anything is written (the last frame's layout: no layout forced), marked while it flies.
  const fly = (from, to) => {
    ace.classList.add('sliding');
    ace.animate([{ transform: from, zIndex: 50 }, { transform: to, zIndex: 50 }], SLIDE)
      .addEventListener('finish', () => ace.classList.remove('sliding'));
  };
  const place = (goAway) => {
    away = goAway;
    if (kind.startsWith('transform')) {
      const from = ace.style.transform;
      ace.style.transform = goAway ? there : back;
      if (slide && goAway) fly(from, there);
      return;
    }
    const from = slide && goAway ? ace.getBoundingClientRect() : null;
    const to = from && dest.getBoundingClientRect();
    (goAway ? dest : home).moveBefore(ace, null);
    ace.style.top = goAway ? '0px' : back;
    if (from) fly(`translate(${from.left - to.left}px, ${from.top - to.top}px)`, 'none');
  };
  board.addEventListener('pointerup', (e) => {
    if (!away && e.target.closest('[data-card=%(ace)s]')) place(true);
  });
  document.addEventListener('keydown', (e) => { if (e.key === 'u' && away) place(false); });
  window.__tapState = () => String(away);
})();
"""


def page(snapshot, kind, ace, dest):
    """The copied page of ``kind`` (KINDS): the ace ``ace`` (its card, "AS") goes to ``dest`` ("f1")."""
    if kind not in KINDS:
        raise ValueError("no lower bound %r (%s)" % (kind, ", ".join(KINDS)))
    script = SCRIPT % {"kind": repr(kind), "ace": ace, "dest": dest}
    return snapshot.replace("</body>", "<script>%s</script></body>" % script)
