"""The guide's Python examples run with a `ludus` program on the PATH, as a
reader has it: the one `LUDUS_BIN` names, else the workspace's release
build, put first."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def ludus_on_the_path(monkeypatch):
    program = pathlib.Path(os.environ.get("LUDUS_BIN", ROOT / "target" / "release" / "ludus"))
    if program.exists():
        monkeypatch.setenv("PATH", f"{program.parent}{os.pathsep}{os.environ['PATH']}")
