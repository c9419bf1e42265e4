"""Mount a ROMFS image (tools/romfs.py) as the page's interpreters do and list it.

Run by tests/build/test_romfs.py as ``node tools/mpy_run.mjs
tests/micropython/romfs_check.py IMAGE NAME``: prints ``path size checksum``
for every file of the image, in order, then imports from it the module named
in the file NAME (``imported MODULE from PATH``).
"""

import os
import sys

import vfs

MOUNT = "/image"


def walk(path):
    for name in sorted(os.listdir(path)):
        full = path + "/" + name
        if os.stat(full)[0] & 0x4000:
            walk(full)
        else:
            with open(full, "rb") as f:
                data = f.read()
            print(full[len(MOUNT) + 1:], len(data), sum(data) % 65521)


with open(sys.argv[1], "rb") as f:
    image = f.read()
vfs.mount(vfs.VfsRom(image), MOUNT)
sys.path.insert(0, MOUNT)
walk(MOUNT)
with open(sys.argv[2]) as f:
    name = f.read().strip()
module = __import__(name)
for part in name.split(".")[1:]:
    module = getattr(module, part)
print("imported", name, "from", module.__file__)
