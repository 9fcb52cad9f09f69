"""The judgecal package's build backend (PEP 517, in-tree): a wheel around the release binary.

The wheel is written here as PEP 427 and the binary distribution format spec say
(https://packaging.python.org/en/latest/specifications/binary-distribution-format/):
the package's modules under ``judgecal/``, the binary as ``judgecal/bin/judgecal``
(mode 0755, which pip keeps), and ``judgecal-VERSION.dist-info/`` with METADATA
(core metadata 2.1, from ``pyproject.toml``'s ``[project]``), WHEEL,
entry_points.txt and RECORD (each file's SHA-256, urlsafe base64 without padding,
and size; RECORD's own line empty), RECORD last.

Why not setuptools or hatchling: what goes in is a prebuilt executable, not
something a backend compiles. Its tag must say what it is, ``py3-none-linux_x86_64``
(any Python 3, no ABI, Linux x86-64; not manylinux, since the binary needs Debian's
libcurl, liblapacke, libsqlite3, zlib, libzstd and libcrypto), and its version is
the binary's ``judgecal --version``; both are overrides in the general backends
(bdist_wheel's plat-name, a hatch build hook), and they would be fetched from PyPI
for every build. This file needs the standard library alone, and pip drives it
as it drives any backend (``pip wheel --config-settings binary=PATH python/``).

The binary is named by the config setting ``binary``; it must be an x86-64 ELF
executable that answers ``--version``. Timestamps in the archive are fixed
(``SOURCE_DATE_EPOCH``, else 1980-01-01), so one binary gives one wheel, byte for byte.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import subprocess
import time
import tomllib
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE = "judgecal"
TAG = "py3-none-linux_x86_64"


class BackendError(Exception):
    """The wheel cannot be built: what is wrong, in a sentence."""


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    version = _binary_version(_binary(config_settings))
    dist_info = Path(metadata_directory) / f"{PACKAGE}-{version}.dist-info"
    dist_info.mkdir(parents=True, exist_ok=True)
    for name, text in _dist_info_texts(version).items():
        (dist_info / name).write_text(text, encoding="utf-8")
    return dist_info.name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    binary = _binary(config_settings)
    version = _binary_version(binary)
    name = f"{PACKAGE}-{version}-{TAG}.whl"
    entries = [(f"{PACKAGE}/{p.relative_to(HERE / PACKAGE).as_posix()}", p.read_bytes(), 0o644) for p in _modules()]
    entries.append((f"{PACKAGE}/bin/judgecal", binary.read_bytes(), 0o755))
    dist_info = f"{PACKAGE}-{version}.dist-info"
    entries += [(f"{dist_info}/{n}", t.encode("utf-8"), 0o644) for n, t in _dist_info_texts(version).items()]
    record = "".join(f"{path},sha256={_digest(data)},{len(data)}\n" for path, data, _ in entries)
    record += f"{dist_info}/RECORD,,\n"
    entries.append((f"{dist_info}/RECORD", record.encode("utf-8"), 0o644))

    stamp = time.gmtime(max(int(os.environ.get("SOURCE_DATE_EPOCH", "315532800")), 315532800))[:6]
    target = Path(wheel_directory) / name
    partial = target.with_suffix(".partial")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path, data, mode in entries:
            info = zipfile.ZipInfo(path, date_time=stamp)
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    partial.replace(target)
    return name


def _binary(config_settings) -> Path:
    path = (config_settings or {}).get("binary")
    if not path:
        raise BackendError(
            "no binary to put in the wheel: pass --config-settings binary=PATH "
            "(the release build, .build/release/judgecal; scripts/wheel does)"
        )
    binary = Path(path).resolve()
    if not binary.is_file():
        raise BackendError(f"{path} is not a file; build it with `swift build -c release --product judgecal`")
    with binary.open("rb") as f:
        header = f.read(20)
    # ELF magic, 64-bit class (2), e_machine x86-64 (62) at offset 18, little-endian.
    if header[:5] != b"\x7fELF\x02" or int.from_bytes(header[18:20], "little") != 62:
        raise BackendError(f"{path} is not an x86-64 ELF executable, which the tag {TAG} promises")
    return binary


def _binary_version(binary: Path) -> str:
    try:
        answer = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=60)
    except OSError as error:
        raise BackendError(f"{binary} cannot be run: {error}") from error
    version = answer.stdout.strip()
    if answer.returncode != 0 or not re.fullmatch(r"\d+(\.\d+)*((a|b|rc)\d+)?(\.post\d+)?(\.dev\d+)?", version):
        raise BackendError(
            f"{binary} --version exited {answer.returncode} with {version!r}, not a version "
            f"(PEP 440); its standard error: {answer.stderr.strip()}"
        )
    return version


def _modules() -> list[Path]:
    return sorted(p for p in (HERE / PACKAGE).rglob("*.py") if "__pycache__" not in p.parts)


def _dist_info_texts(version: str) -> dict[str, str]:
    project = tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    metadata = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {version}",
        f"Summary: {project['description']}",
        f"Requires-Python: {project['requires-python']}",
        *(f"Requires-Dist: {d}" for d in project["dependencies"]),
        "Description-Content-Type: text/markdown",
    ]
    readme = (HERE / project["readme"]).read_text(encoding="utf-8")
    wheel = ["Wheel-Version: 1.0", "Generator: judgecal wheel_backend", "Root-Is-Purelib: false", f"Tag: {TAG}"]
    scripts = [f"{name} = {target}" for name, target in project["scripts"].items()]
    return {
        "METADATA": "\n".join(metadata) + "\n\n" + readme,
        "WHEEL": "\n".join(wheel) + "\n",
        "entry_points.txt": "[console_scripts]\n" + "\n".join(scripts) + "\n",
    }


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
