"""Writes booktags-deflate.eval: the members of the real booktags.eval (Inspect
0.3.285 compresses them with Zstandard, ZIP method 93) re-packed in the same
order, alternately deflated (method 8) and stored (method 0), so that the
reader's other two methods are tested on real log content. Run with the
Python that has inspect_ai installed (it registers the Zstandard codec):

    /work/venvs/inspect/bin/python Tests/Fixtures/inspect/derive_deflate.py
"""

import pathlib
import zipfile

import inspect_ai._util.zipfile  # noqa: F401  (zstd support for zipfile)

here = pathlib.Path(__file__).parent
with zipfile.ZipFile(here / "booktags.eval") as source, zipfile.ZipFile(here / "booktags-deflate.eval", "w") as target:
    for i, info in enumerate(source.infolist()):
        method = zipfile.ZIP_DEFLATED if i % 2 == 0 else zipfile.ZIP_STORED
        copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
        copy.compress_type = method
        target.writestr(copy, source.read(info.filename))
