"""Help pages: Rules, Examples and Questions in every language, static,
relative links only, no inline script, and the same content in each."""

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from seahaven.rules import max_group

from .common import BUILT, EXAMPLES, HELP, LANGUAGES, PAGES, ROOT
from .html_tree import parse

PAGE_FILES = [(lang, page) for lang in LANGUAGES for page in PAGES]

# design §1, the group-size table row by row: free cells, then onto an occupied
# column with 0, 1, 2 empty columns, then a king-led run to an empty column
# with 1, 2 empty columns in all.
GROUP_TABLE = [
    [0, 1, 2, 4, 1, 2],
    [1, 2, 4, 8, 2, 4],
    [2, 3, 6, 12, 3, 6],
    [3, 4, 8, 16, 4, 8],
    [4, 5, 10, 20, 5, 10],
]

URL_ATTRS = ("href", "src", "data-view", "action", "poster")


def page_path(lang, page):
    return HELP / lang / ("%s.html" % page)


def load(path):
    return parse(path.read_text(encoding="utf-8"))


def csp_of(tree):
    meta = tree.find("meta", http_equiv="Content-Security-Policy")
    return meta.attrs.get("content") if meta else None


def all_pages():
    return [page_path(lang, page) for lang, page in PAGE_FILES] + [HELP / "index.html"]


def test_spec_table_is_the_formula():
    """The table the pages must show is design §1's, which is the engine's formula."""
    for row in GROUP_TABLE:
        free = row[0]
        assert row[1:] == [
            max_group(free, 0),
            max_group(free, 1),
            max_group(free, 2),
            max_group(free, 1, True),
            max_group(free, 2, True),
        ]


@pytest.mark.parametrize("lang,page", PAGE_FILES)
def test_page_exists_in_its_language(lang, page):
    """help/<lang>/<page>.html exists and declares <html lang="<lang>">."""
    path = page_path(lang, page)
    assert path.is_file(), "missing help page %s" % path.relative_to(ROOT)
    html = load(path).find("html")
    assert html is not None and lang == html.attrs.get("lang"), "%s: wrong <html lang>" % path.relative_to(ROOT)


@pytest.mark.parametrize("path", all_pages(), ids=lambda p: str(p.relative_to(HELP)))
def test_same_content_security_policy_as_the_game(path):
    """Each help page carries index.html's Content-Security-Policy meta, unchanged."""
    game = csp_of(parse((BUILT / "index.html").read_text(encoding="utf-8")))
    assert game, "index.html has no Content-Security-Policy meta"
    assert game == csp_of(load(path)), "%s: copy index.html's CSP meta" % path.relative_to(ROOT)


@pytest.mark.parametrize("path", all_pages(), ids=lambda p: str(p.relative_to(HELP)))
def test_no_inline_script(path):
    """Scripts come from files (the CSP forbids inline ones): no script text, no on* handlers, no javascript: URLs."""
    tree = load(path)
    for script in tree.iter("script"):
        assert script.attrs.get("src"), "%s: a <script> without src" % path.relative_to(ROOT)
        assert not script.text().strip(), "%s: inline script text" % path.relative_to(ROOT)
    for node in tree.iter():
        handlers = [a for a in node.attrs if a.lower().startswith("on")]
        assert [] == handlers, "%s: %s has %s" % (path.relative_to(ROOT), node.tag, handlers)
        for name in URL_ATTRS:
            value = (node.attrs.get(name) or "").strip().lower()
            assert not value.startswith("javascript:"), "%s: javascript: URL" % path.relative_to(ROOT)


@pytest.mark.parametrize("path", all_pages(), ids=lambda p: str(p.relative_to(HELP)))
def test_links_are_relative_and_lead_somewhere(path):
    """Every URL is relative (the site may live under /<repo>/) and points at a file, and #fragments exist."""
    tree = load(path)
    for node in tree.iter():
        for name in URL_ATTRS:
            url = node.attrs.get(name)
            if url is None:
                continue
            parts = urlsplit(url)
            where = "%s: %s=%r" % (path.relative_to(ROOT), name, url)
            assert not parts.scheme and not parts.netloc, where + " is not relative"
            assert not url.startswith("/"), where + " starts at the site root"
            target = (path.parent / parts.path).resolve() if parts.path else path
            assert target.is_file(), where + " leads nowhere"
            if parts.fragment and target.suffix == ".html":
                ids = {n.attrs.get("id") for n in load(target).iter() if "id" in n.attrs}
                assert parts.fragment in ids, where + " names a missing anchor"


@pytest.mark.parametrize("lang,page", PAGE_FILES)
def test_language_switcher_and_way_back(lang, page):
    """The page links the same page in every language (its own marked current) and back to the game in its language."""
    tree = load(page_path(lang, page))
    nav = tree.find("nav", class_="languages")
    assert nav is not None, "help/%s/%s.html: no language switcher" % (lang, page)
    links = {a.attrs.get("hreflang"): a for a in nav.iter("a")}
    assert sorted(LANGUAGES) == sorted(links), "help/%s/%s.html: switcher languages" % (lang, page)
    for other, a in links.items():
        assert "../%s/%s.html" % (other, page) == a.attrs["href"]
        assert ("aria-current" in a.attrs) == (other == lang)
    hrefs = [a.attrs.get("href") for a in tree.iter("a")]
    assert "../../index.html?lang=%s" % lang in hrefs, "help/%s/%s.html: no way back to the game" % (lang, page)
    tabs = tree.find("nav", class_="pages")
    assert ["%s.html" % p for p in PAGES] == [a.attrs["href"] for a in tabs.iter("a")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_hold_the_group_table(lang):
    """The Rules page shows design §1's group-size table: all 30 numbers, in order."""
    tree = load(page_path(lang, "rules"))
    table = tree.find("table", id="group-sizes")
    assert table is not None, "help/%s/rules.html: no table#group-sizes" % lang
    body = table.find("tbody")
    rows = [[int(cell.text().strip()) for cell in tr.iter() if cell.tag in ("th", "td")] for tr in body.iter("tr")]
    assert GROUP_TABLE == rows, "help/%s/rules.html: group table differs from design §1" % lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_cover_the_spec(lang):
    """The Rules page states the facts of design §1–§4 that numbers and codes pin down."""
    text = page_path(lang, "rules").read_text(encoding="utf-8")
    for fact in ("SH1-C4-AAAAAJ2", "314", "+10", "+5", "× 2<sup>", "FreeCell", "52", "51", "#SH1-C4-AAAAAJ2"):
        assert fact in text, "help/%s/rules.html does not mention %r" % (lang, fact)
    assert re.search(r"34\D?359\D?738\D?367", text), "help/%s/rules.html: the largest deal number" % lang


@pytest.mark.parametrize("lang,page", [(lang, page) for lang in LANGUAGES[1:] for page in PAGES])
def test_same_sections_as_english(lang, page):
    """Translations have the same sections, in the same order, as the English page."""

    def sections(lg):
        return [s.attrs.get("id") for s in load(page_path(lg, page)).iter("section")]

    assert sections("en") == sections(lang), "help/%s/%s.html: sections differ from English" % (lang, page)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_example_claims_match_the_engine(lang):
    """Every move the Examples page says is allowed, refused or made matches what the engine answered."""
    tree = load(page_path(lang, "examples"))
    boards = tree.find_all("div", class_="example-board")
    assert len(boards) >= 2, "help/%s/examples.html: at least two example boards" % lang
    checked = 0
    for section in tree.iter("section"):
        name = section.attrs.get("data-example")
        if not name:
            continue
        data = json.loads((EXAMPLES / ("%s.json" % name)).read_text(encoding="utf-8"))
        board = section.find("div", class_="example-board")
        assert board is not None and board.attrs["data-view"] == "../../static/examples/%s.json" % name
        for node in section.iter():
            intent = node.attrs.get("data-intent")
            if intent is not None:
                answer = data["intents"][intent]
                said = node.attrs["data-result"]
                if said.startswith("refused:"):
                    assert said[len("refused:"):] == answer.get("refused"), "%s %s: %s" % (lang, name, intent)
                else:
                    expected = None if said == "none" else said
                    assert "move" in answer and expected == answer["move"], "%s %s: %s" % (lang, name, intent)
                checked += 1
            after = node.attrs.get("data-after")
            if after is not None:
                assert str(data["after"]["maxGroup"][after]) == node.text().strip(), "%s %s: %s" % (lang, name, after)
                checked += 1
    assert checked >= 10, "help/%s/examples.html: the claims are not marked up" % lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_worked_example_numbers(lang):
    """The worked example states 8 and 4, which the engine gives for 1 free cell and 2 empty columns."""
    data = json.loads((EXAMPLES / "worked.json").read_text(encoding="utf-8"))
    assert (1, 1, 2) == (data["cells"], data["freeCells"], data["emptyColumns"])
    assert {"toOccupiedColumn": 8, "toEmptyColumn": 4} == data["maxGroup"]
    text = page_path(lang, "examples").read_text(encoding="utf-8")
    assert "<strong>8</strong>" in text and "<strong>4</strong>" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_faq_has_the_winnable_placeholders(lang):
    """The questions page leaves a slot per difficulty for the measured share of winnable deals."""
    tree = load(page_path(lang, "faq"))
    for cells in ("4", "2", "1"):
        span = tree.find("span", data_stat="winnable-%s" % cells)
        assert span is not None and span.text().strip(), "help/%s/faq.html: winnable-%s" % (lang, cells)
    scripts = [s.attrs.get("src") for s in tree.iter("script")]
    assert "../../static/build/help-stats.js" in scripts


def test_index_lists_every_language():
    """help/index.html links the rules of every language."""
    hrefs = {a.attrs.get("href") for a in load(HELP / "index.html").iter("a")}
    for lang in LANGUAGES:
        assert "./%s/rules.html" % lang in hrefs


def test_scripts_and_styles_exist():
    """The files the help pages load are in the site."""
    for name in ("static/css/help.css", "static/build/examples.js", "static/build/help-stats.js",
                 "static/build/help-index.js"):
        assert Path(BUILT, name).is_file(), name
