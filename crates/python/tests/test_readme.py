"""The README's Python examples run as written (so they cannot go stale),
with ``ludus`` on the PATH as the README assumes."""

import contextlib
import io
import os
import pathlib
import re

from conftest import ROOT


def python_blocks():
    text = (ROOT / "README.md").read_text()
    section = text[text.index("\n## Python\n"):]
    section = section[:section.index("\n## ", 1)]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_readme_examples_run(ludus_bin, monkeypatch):
    blocks = python_blocks()
    assert len(blocks) >= 3
    monkeypatch.setenv("PATH", f"{pathlib.Path(ludus_bin).parent}{os.pathsep}{os.environ['PATH']}")
    namespace = {}
    with contextlib.redirect_stdout(io.StringIO()) as shown:
        for block in blocks:
            exec(compile(block, "README.md", "exec"), namespace)
    assert shown.getvalue()
