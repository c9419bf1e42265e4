"""The files `make build` writes into _site/ from index.html, pyscript.toml,
site.toml and pages/: up to date, and consistent with their sources, so adding
a module or a language is one line."""

import json
import re
import tomllib

import generate
import manifest
import pytest
from manifest import ROOT
from manifest import SITE as BUILT

SITE = manifest.load()
GENERATED = generate.render_all(SITE)
MODULES = generate.render_modules(SITE)


def manifest_data():
    with open(manifest.MANIFEST, "rb") as f:
        return tomllib.load(f)


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_file_is_up_to_date(name):
    """What the build wrote is what index.html, pyscript.toml, site.toml and pages/ give now
    (run `make build` if not)."""
    path = BUILT / name
    assert path.is_file(), "_site/%s is missing: run `make build`" % name
    assert GENERATED[name] == path.read_text(encoding="utf-8"), "_site/%s is stale: run `make build`" % name


@pytest.mark.parametrize("name", sorted(MODULES))
def test_generated_module_is_up_to_date(name):
    """The modules the bundler and the type checker read (build/, never published) are what
    web/controller.py and site.toml give now."""
    path = manifest.MODULES / name
    assert path.is_file(), "build/%s is missing: run `make build`" % name
    assert MODULES[name] == path.read_text(encoding="utf-8"), "build/%s is stale: run `make build`" % name


def test_the_build_writes_only_into_the_site():
    """Nothing the build writes lands in the source tree: git ignores _site/ (the site) and
    build/ (the modules the bundler reads) and nothing else the build makes (the sources are at
    the top: index.html, pyscript.toml)."""
    import subprocess

    ignored = subprocess.run(["git", "status", "--ignored", "--porcelain"], cwd=ROOT, capture_output=True, text=True)
    if ignored.returncode:
        pytest.skip("not a git checkout")
    built = {line[3:] for line in ignored.stdout.splitlines() if line.startswith("!! ")}
    tools = {"node_modules/", ".venv/", ".pytest_cache/", ".ruff_cache/", ".hypothesis/", "test-results/",
             "test-results-engines/"}
    assert set() == {name for name in built - tools - {"_site/", "build/"} if "__pycache__" not in name}
    tracked = subprocess.run(["git", "ls-files", "index.html", "pyscript.toml"], cwd=ROOT, capture_output=True,
                             text=True).stdout.split()
    assert ["index.html", "pyscript.toml"] == tracked


def test_the_published_page_is_the_source_page_built():
    """_site/index.html is the repository's index.html with each reference to a source replaced:
    the same elements in the same order, and none of the source's scripts, stylesheet or config left."""
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    built = GENERATED["index.html"]
    ids = re.compile(r'\b(?:id|data-testid)="([^"]+)"')

    def elements(text):
        return ids.findall(re.sub(r"<script\b[^>]*>.*?</script>", "", text, flags=re.S))

    assert elements(source) == elements(built) and len(elements(source)) > 50
    for reference in ('src="./static/js/', 'href="./static/css/', 'src="./web/main.py"', 'config="./pyscript.toml"'):
        assert reference in source and reference not in built, reference


def test_a_first_visit_has_new_deals_drawn_by_the_engine():
    """The page carries the views of a few Relaxed four-cell deals, as the engine's controller draws
    them, and the rank letters of every language, for the early board to draw before Python is ready."""
    from controller import view_of

    from seahaven import Game
    from seahaven.deal import decode
    from seahaven.grade import grade_deal

    found = re.search(r'<script type="application/json" id="first-deals">(.*?)</script>', GENERATED["index.html"], re.S)
    data = json.loads(found[1])
    assert len(data["deals"]) >= 3 and len({deal["code"] for deal in data["deals"]}) == len(data["deals"])
    for deal in data["deals"]:
        game = Game.from_code(deal["code"])
        assert (4, view_of(game)) == (game.cells, deal["view"])
        assert "relaxed" == grade_deal(4, decode(deal["code"])[1]).tier
    assert set(manifest.read_languages()) == set(data["ranks"]) and all(13 == len(r) for r in data["ranks"].values())


def late_files():
    """``[(kind, path, low)]``: what the page requests once its first frame is painted (generate.late_start)."""
    found = re.search(r"\nconst LATE_FILES = (.*?);\n", GENERATED["index.html"])
    return [(kind, href[2:], low) for kind, href, low in json.loads(found[1])]


def test_the_start_is_requested_after_the_first_paint():
    """The head requests no script and preloads nothing: PyScript, MicroPython and the page's
    script are requested by the late start, in that order, which is in the early board's
    own script, after it: its frame callback is asked for in the task that draws the board."""
    page = GENERATED["index.html"]
    head = page[:page.index("<body")]
    assert [] == re.findall(r'<link rel="(?:modulepreload|preload)"|<script [^>]*src=', head)
    after_deals = r'id="first-deals">.*?</script>\s*<!--.*?-->\s*<script>(.*?)</script>'
    script = re.search(after_deals, page, re.S)[1]
    assert script.index("document.body.dataset.early") < script.index("\nconst LATE_FILES = ")
    modules = [href for kind, href, _ in late_files() if kind == "module"]
    assert ["static/vendor/pyscript/core.js", "static/build/page.js"] == modules


def test_main_thread_files_are_mapped_and_preloaded():
    """pyscript.json maps the image of the main thread's modules; index.html preloads it, mounts it
    before it imports main, and every file it preloads exists."""
    config = json.loads(GENERATED[generate.CONFIG])
    assert {"./static/vendor/mpy/main.romfs": "./main.romfs"} == config["files"]
    main = r'<script type="mpy" config="\./pyscript\.json">(.*?)</script>'
    script = re.search(main, GENERATED["index.html"], re.S)[1]
    assert script.index('vfs.mount(vfs.VfsRom(image), "/main")') < script.index("import main")
    preloaded = [href for kind, href, _ in late_files() if kind != "module"]
    assert [] == [source for source in config["files"] if source[2:] not in preloaded]
    assert [] == [name for name in preloaded if not (BUILT / name).is_file()]
    assert config["interpreter"][2:] in preloaded
    assert any(re.fullmatch(r"static/vendor/pyscript/core-[\w-]{8}\.js", name) for name in preloaded)


def test_the_engine_is_preloaded_after_the_interpreter():
    """The engine's modules are fetched at low priority (read only once MicroPython is compiled);
    PyScript, its configuration and MicroPython itself are not held back."""
    config = json.loads(GENERATED[generate.CONFIG])
    low = {href for _, href, later in late_files() if later}
    assert {source[2:] for source in config["files"]} == low


def test_the_start_up_scripts_are_compiled_eagerly():
    """Every script the page loads before the board is playable (its bundle, its module preloads)
    asks the browser to compile its functions while it streams in, not on the main thread at first call."""
    scripts = [href for kind, href, _ in late_files() if kind in ("modulepreload", "module")]
    assert "static/build/page.js" in scripts and len(scripts) >= 5
    first_lines = {name: (BUILT / name).read_text(encoding="utf-8").split("\n", 1)[0] for name in set(scripts)}
    assert {name: "//# allFunctionsCalledOnLoad" for name in first_lines} == first_lines


def test_micropython_runs_no_prelude():
    """The vendored PyScript gives MicroPython no prelude: neither interpreter spends its start
    writing and compiling PyScript's own Python package, which nothing here imports."""
    import build

    (core,) = (BUILT / "static" / "vendor" / "pyscript").glob("core-*.js")
    text = core.read_text(encoding="utf-8")
    assert build.PRELUDE[0] not in text and 1 == text.count(build.PRELUDE[1])


def test_micropython_calls_its_function_table_unchecked():
    """The vendored MicroPython keeps its cache of the function table but not the debug check
    that fetched every entry again on each call (nearly half of a solver search's time)."""
    import build

    text = (BUILT / "static" / "vendor" / "micropython" / "micropython.mjs").read_text(encoding="utf-8")
    assert build.TABLE_CHECK[0] not in text and 1 == text.count(build.TABLE_CHECK[1])


def worker_config(text):
    """The WORKER object of #build/worker.js."""
    return json.loads(text.split("export const WORKER = ", 1)[1].rstrip().removesuffix(";"))


def test_worker_files_are_the_manifests():
    """The worker's configuration maps the image of its modules, and its script mounts it,
    then runs site.toml's `run` module."""
    worker = worker_config(MODULES[generate.WORKER_MODULE])
    assert {"static/vendor/mpy/worker.romfs": "./worker.romfs"} == worker["files"]
    assert SITE.worker.interpreter_path == worker["interpreter"]
    assert generate.WORKER_SCRIPT == worker["script"]
    script = GENERATED[generate.WORKER_SCRIPT]
    mounted = script.index('vfs.mount(vfs.VfsRom(image), "/worker")')
    assert mounted < script.index("from solver_worker import *") < script.index("from solver_worker import __export__")
    assert "web/solver_worker.py" == SITE.worker.run


def test_language_list_of_the_page():
    """The language menu is static/js/settings/languages.js's, in order."""
    options = re.findall(r'<option value="(\w+)">([^<]+)</option>', GENERATED["index.html"])
    assert list(SITE.languages.items()) == [o for o in options if o[0] in SITE.languages]
    assert "en" == SITE.language_codes[0] and len(SITE.languages) >= 7


def pyscript_data():
    with open(manifest.PYSCRIPT_CONFIG, "rb") as f:
        return tomllib.load(f)


def test_a_module_is_one_line():
    """A module added to pyscript.toml's [files] is compiled and packed into the page's image, and
    into the worker's too when it is part of the engine (under seahaven/); one added to site.toml's
    [worker] into the worker's alone. The engine is listed once: the worker refuses a second line."""
    data, config = manifest_data(), pyscript_data()
    engine, page, worker = "seahaven/cli/main.py", "web/protocol.py", "seahaven/cli/command.py"  # loaded by neither
    for module in (engine, page):
        config["files"]["./" + module] = "./" + module
    data["worker"]["modules"].append(worker)
    site = manifest.Manifest(data, config=config)
    assert engine == site.worker.packed()["seahaven/cli/main.mpy"] == site.main.packed()["seahaven/cli/main.mpy"]
    assert page in site.main.modules and page not in site.worker.modules
    assert worker in site.worker.modules and worker not in site.main.modules
    assert {engine, page, worker} <= set(site.compiled)
    assert "seahaven/cli/main.mpy" not in SITE.main.packed()
    data["worker"]["modules"].append(engine)
    with pytest.raises(SystemExit, match="list each once"):
        manifest.Manifest(data, config=config)


def test_the_engine_is_listed_once():
    """The worker loads every engine module the page loads, and names none of them again."""
    engine = [module for module in SITE.main.modules if module.startswith("seahaven/")]
    assert engine and SITE.worker.modules[:len(engine)] == engine
    assert not set(engine) & set(manifest_data()["worker"]["modules"])


def test_the_page_imports_web_modules_at_the_top():
    """pyscript.toml maps web/main.py to the interpreter's main.py, as PyScript would load it."""
    config = pyscript_data()
    assert "./main.py" == config["files"]["./web/main.py"]
    assert "main.mpy" == SITE.main.targets["web/main.py"] and "controller.mpy" == SITE.main.targets["web/controller.py"]
    assert SITE.plugins_off and all(name.startswith("!") for name in config["plugins"])


def test_a_language_is_one_line():
    """A language taken out of languages.js leaves the menu and every help page."""
    languages = dict(SITE.languages)
    del languages["sv"]
    files = generate.render_all(manifest.Manifest(manifest_data(), languages=languages))
    assert not any(name.startswith("help/sv/") for name in files)
    assert 'value="sv"' not in files["index.html"]
    assert 'hreflang="sv"' not in files["help/en/rules.html"] + files["help/index.html"]


def test_a_help_text_missing_a_key_stops_the_build(tmp_path):
    """A language whose help text lacks a key of English's (or has one more) is refused, naming both."""
    for code in SITE.language_codes:
        (tmp_path / ("%s.toml" % code)).write_text((generate.PAGES / "help" / ("%s.toml" % code)).read_text("utf-8"))
    text = (tmp_path / "es.toml").read_text("utf-8")
    (tmp_path / "es.toml").write_text(re.sub(r"(?m)^heading = .*\n", "", text, count=1) + "extra = 'x'\n")
    with pytest.raises(SystemExit, match=r"es\.toml differs from en\.toml: missing \['rules\.summary\.heading'\]"):
        generate.help_texts(SITE, tmp_path)
