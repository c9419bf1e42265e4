"""The interpreters' module images (tools/romfs.py): what MicroPython mounts is
what was packed, and each interpreter's image holds exactly its modules."""

import romfs
from manifest import ROOT, load
from manifest import SITE as BUILT

from tests.micropython_runs import needs_micropython, run_micropython

CHECK = str(ROOT / "tests" / "micropython" / "romfs_check.py")
SITE = load()


def listing(files):
    return ["%s %d %d" % (path, len(data), sum(data) % 65521) for path, data in sorted(files.items())]


def mounted(path, module):
    """MicroPython's listing of the image at ``path``, and the module it imported from it."""
    name = path.parent / "module.txt"
    name.write_text(module)
    run = run_micropython(CHECK, str(path), str(name))
    assert 0 == run.returncode, run.stderr
    return run.stdout.strip().split("\n")


def test_numbers_are_big_endian_base_128():
    assert b"\x00" == romfs.number(0)
    assert b"\x7f" == romfs.number(127)
    assert b"\x81\x00" == romfs.number(128)
    assert b"\x82\x2c" == romfs.number(300)
    assert b"\x81\x80\x00" == romfs.number(1 << 14)


@needs_micropython
def test_an_image_reads_back_in_micropython(tmp_path):
    """Files of every size class in nested folders, and a module imported from the image."""
    files = {
        "a.bin": bytes(range(256)) * 3,  # a length of two digits
        "empty": b"",
        "pkg/__init__.py": b"",
        "pkg/mod.py": b"VALUE = 42\n",
        "pkg/sub/deep.txt": b"x" * 5,
    }
    for extra in (b"", b"y"):  # one of the two needs the padding digit that keeps the image's length even
        files["z"] = extra
        data = romfs.image(files)
        assert 0 == len(data) % 2
        (tmp_path / "test.romfs").write_bytes(data)
        imported = ["imported pkg.mod from /image/pkg/mod.py"]
        assert listing(files) + imported == mounted(tmp_path / "test.romfs", "pkg.mod")


@needs_micropython
def test_each_interpreter_image_holds_its_modules(tmp_path):
    """The built images (`make build`): each holds its interpreter's modules, precompiled, and
    MicroPython imports them from it."""
    import build

    compiled = build.compile_mpy(SITE, tmp_path / "mpy")
    for runtime in (SITE.main, SITE.worker):
        served, _ = runtime.image
        files = {target: compiled[module].read_bytes() for target, module in runtime.packed().items()}
        (tmp_path / "image.romfs").write_bytes((BUILT / served).read_bytes())
        assert listing(files) + ["imported seahaven.game from /image/seahaven/game.mpy"] == mounted(
            tmp_path / "image.romfs", "seahaven.game")
