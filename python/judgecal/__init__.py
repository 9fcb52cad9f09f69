"""judgecal's figures as pandas DataFrames: a thin API over the judgecal binary the wheel carries.

Each call runs the binary once with ``--json`` and reads what it wrote:

- :func:`agreement` — agreement between the raters of a file (``judgecal agreement``);
- :func:`align` — a judge against expert labels, per dimension, with a verdict (``judgecal align``);
- :func:`estimate` — a run's figures corrected with expert labels (``judgecal estimate``);
- :func:`export` — a run's judgments and labels as one tidy table (``judgecal export``).

Keyword arguments are judgecal's options (``group_by`` for ``--group-by``); each call's
docstring lists them. Failures raise :class:`JudgecalError` with judgecal's message and
exit code; a binary that cannot start for a missing system library raises
:class:`MissingLibraryError`, naming the library and the Debian package to install.
``$JUDGECAL_BINARY`` names another binary to run instead of the wheel's. docs/PYTHON.md
in the repository says more.
"""

from ._api import ALIGN_VERDICTS, Alignment, agreement, align, estimate, export
from ._binary import BINARY_VARIABLE, DEBIAN_PACKAGES, JudgecalError, MissingLibraryError, binary_path

__all__ = [
    "ALIGN_VERDICTS",
    "Alignment",
    "BINARY_VARIABLE",
    "DEBIAN_PACKAGES",
    "JudgecalError",
    "MissingLibraryError",
    "agreement",
    "align",
    "binary_path",
    "estimate",
    "export",
]
