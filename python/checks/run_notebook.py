"""Executes a notebook end to end with nbclient, in the notebook's own folder, as Jupyter would.

    python run_notebook.py NOTEBOOK.ipynb OUT     # OUT/executed.ipynb: the notebook with its outputs

A cell that raises stops the run with the cell's error (exit 1). Used by the Swift tests
(Tests/judgecalTests/PythonPackageTests.swift), which set the notebook's own variables.
"""

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit("usage: run_notebook.py NOTEBOOK.ipynb OUT")
    notebook, out = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
    nb = nbformat.read(notebook, as_version=4)
    client = NotebookClient(nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(notebook.parent)}})
    client.execute()
    out.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, out / "executed.ipynb")


if __name__ == "__main__":
    main()
