"""An engine that fails says why through ``ludus.Engine``: the exception's
message tells how the process ended and quotes the last lines of its
standard error (the fake engines of tests/engines)."""

import pathlib

import pytest

import ludus

ENGINES = pathlib.Path(__file__).resolve().parents[3] / "tests" / "engines"


def test_an_engine_that_cannot_start_quotes_its_stderr():
    with pytest.raises(RuntimeError) as raised:
        ludus.Engine.popen([str(ENGINES / "nostart.sh")])
    message = str(raised.value)
    assert message.startswith("engine nostart.sh exited (exit status 1)"), message
    assert "its last lines on stderr:" in message
    assert "ModuleNotFoundError: No module named 'ludus'" in message


def test_an_engine_that_dies_at_go_quotes_its_stderr():
    with ludus.Engine.popen([str(ENGINES / "crash.sh")]) as engine:
        with pytest.raises(RuntimeError) as raised:
            engine.play(ludus.Position("alak"), ludus.Limit(depth=1))
    message = str(raised.value)
    assert "exited (exit status 3)" in message, message
    assert "fake: cannot search: out of memory" in message


def test_an_engine_silent_at_its_handshake_times_out_and_quotes_its_stderr():
    with pytest.raises(TimeoutError) as raised:
        ludus.Engine.popen([str(ENGINES / "mute.sh")], timeout=0.5)
    assert "fake: waiting for the network file to load" in str(raised.value)
