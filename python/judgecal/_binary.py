"""Finding the judgecal binary, running it, and turning its failures into exceptions."""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

#: The environment variable that names another judgecal binary to run instead of the wheel's own.
BINARY_VARIABLE = "JUDGECAL_BINARY"

#: Which Debian 12 package ships each library the binary loads: the six it names (ldd's
#: NEEDED entries besides the C and C++ runtimes) and those their own loading needs most
#: often missing on a slim machine. On Debian 13 the names of libcurl4 and libssl3 end in t64.
DEBIAN_PACKAGES = {
    "libcurl.so.4": "libcurl4",
    "liblapacke.so.3": "liblapacke",
    "libsqlite3.so.0": "libsqlite3-0",
    "libz.so.1": "zlib1g",
    "libzstd.so.1": "libzstd1",
    "libcrypto.so.3": "libssl3",
    "libssl.so.3": "libssl3",
    "liblapack.so.3": "liblapack3",
    "libblas.so.3": "libblas3",
    "libgfortran.so.5": "libgfortran5",
    "libstdc++.so.6": "libstdc++6",
    "libgcc_s.so.1": "libgcc-s1",
}

# What the dynamic loader writes, and exits 127 with, when a library a program needs is not found:
# "judgecal: error while loading shared libraries: libcurl.so.4: cannot open shared object file: ..."
_LOADER_FAILURE = re.compile(r"error while loading shared libraries: ([^:\s]+): (.*)")

#: The exit status of a program the dynamic loader could not start.
LOADER_EXIT = 127


class JudgecalError(Exception):
    """judgecal failed: its message (what it wrote on standard error), its exit code and the command.

    The exit codes are the tool's (``judgecal --help``): 1 a failure such as the judge
    server's, 64 a usage error, 65 malformed input, 66 a file that cannot be opened,
    73 an output that cannot be created, 127 a library the binary needs is missing
    (:class:`MissingLibraryError`); and, as a shell says it, 127 when the binary is not
    found and 126 when it cannot be run. A verdict (align's 2, 3 or 4) is not an error.
    """

    def __init__(self, message: str, exit_code: int, command: list[str]):
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
        self.command = command

    def __str__(self) -> str:
        return f"{self.message} (judgecal exit code {self.exit_code})"


class MissingLibraryError(JudgecalError):
    """The binary cannot start: the dynamic loader did not find a shared library it needs.

    ``library`` is the library's file name (``libcurl.so.4``) and ``package`` the Debian
    package that installs it (``libcurl4``), or ``None`` for a library this package does
    not know; the message says what to install.
    """

    def __init__(self, library: str, package: str | None, loader_message: str, command: list[str]):
        if package is not None:
            advice = f"install the Debian package {package} (apt-get install {package})"
        else:
            advice = f"install the package that provides {library} (apt-file search {library} names it)"
        message = (
            f"judgecal's binary cannot start: this machine lacks the shared library {library}, "
            f"which it loads; {advice}. The dynamic loader said: {loader_message.strip()}"
        )
        super().__init__(message, LOADER_EXIT, command)
        self.library = library
        self.package = package


def binary_path() -> Path:
    """The binary the API runs: ``$JUDGECAL_BINARY`` when set, else the one the wheel installed."""
    named = os.environ.get(BINARY_VARIABLE)
    if named:
        return Path(named)
    return Path(__file__).resolve().parent / "bin" / "judgecal"


@dataclass(frozen=True)
class Completed:
    """What one run of judgecal wrote, and how it ended."""

    command: list[str]
    exit_code: int
    stdout: str
    stderr: str


def run(arguments: list[str], accepted: frozenset[int] = frozenset({0}), cwd: str | os.PathLike | None = None) -> Completed:
    """Runs judgecal with ``arguments``; raises unless it exits with one of ``accepted``.

    Raises:
        MissingLibraryError: the loader could not start it (exit 127 and the loader's line).
        JudgecalError: it could not be started, or exited with another code; the message is
            its standard error.
    """
    binary = binary_path()
    command = [str(binary), *arguments]
    try:
        answer = subprocess.run(command, capture_output=True, text=True, cwd=cwd, env={**os.environ, "NO_COLOR": "1"})
    except OSError as error:
        where = f"${BINARY_VARIABLE}" if os.environ.get(BINARY_VARIABLE) else "the judgecal wheel"
        # As a shell says it: 127 for a program not found, 126 for one found but not runnable.
        status = LOADER_EXIT if isinstance(error, FileNotFoundError) else 126
        raise JudgecalError(f"the judgecal binary {binary} (from {where}) cannot be run: {error}", status, command) from error
    if answer.returncode == LOADER_EXIT:
        failure = _LOADER_FAILURE.search(answer.stderr)
        if failure:
            library = failure.group(1)
            raise MissingLibraryError(library, DEBIAN_PACKAGES.get(library), failure.group(0), command)
    if answer.returncode not in accepted:
        raise JudgecalError(answer.stderr.strip(), answer.returncode, command)
    return Completed(command, answer.returncode, answer.stdout, answer.stderr)
