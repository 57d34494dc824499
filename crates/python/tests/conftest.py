"""Shared fixtures: the ``ludus`` program the tests compare with and play
against (``LUDUS_BIN``, else the workspace's release build)."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def ludus_bin():
    path = pathlib.Path(os.environ.get("LUDUS_BIN", ROOT / "target" / "release" / "ludus"))
    if not path.exists():
        pytest.fail(f"{path} is missing: build it with `cargo build --release` or set LUDUS_BIN")
    return str(path)


@pytest.fixture(scope="session")
def run_ludus(ludus_bin):
    """Runs ``ludus`` with arguments; returns its standard output."""
    def run(*args, input=None):
        done = subprocess.run([ludus_bin, *args], input=input, capture_output=True, text=True,
                              timeout=600, check=True)
        return done.stdout
    return run
