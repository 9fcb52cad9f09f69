"""The ``judgecal`` command a pip install puts on the path: the wheel's binary, run as it is."""

from __future__ import annotations

import os
import sys

from ._binary import binary_path


def main() -> None:
    binary = str(binary_path())
    os.execv(binary, [binary, *sys.argv[1:]])
