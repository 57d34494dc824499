"""The engine in process (``ludus.search``) and the engine client
(``ludus.Engine``) against the ``ludus`` program."""

import threading

import pytest

import ludus


@pytest.mark.parametrize("name", ludus.games())
def test_search_in_process_gives_a_legal_move_and_its_line(name):
    position = ludus.Game(name).start(1 if name == "wyx" else None)
    result = ludus.search(position, depth=3)
    position.play(result.best)  # legal, or it raises
    assert result.pv[0] == result.best
    assert result.depth >= 1 and result.nodes > 0
    assert (result.score.cp is None) != (result.score.mate is None)


def test_search_with_multipv_and_options():
    position = ludus.Game("alak").start()
    result = ludus.search(position, depth=4, multipv=3, options={"AlakSolution": False})
    assert [line.multipv for line in result.lines] == [1, 2, 3]
    firsts = [line.pv[0] for line in result.lines]
    assert len(set(firsts)) == 3 and firsts[0] == result.best
    with pytest.raises(ValueError, match="no option 'Nonsense'|has no option"):
        ludus.search(position, depth=1, options={"Nonsense": 1})


def test_search_refuses_bad_requests():
    position = ludus.Game("wyke").start()
    with pytest.raises(ValueError, match="limit"):
        ludus.search(position)
    with pytest.raises(ValueError):
        ludus.search(position, depth=2, searchmoves=["9(z9)"])
    over = ludus.Game("wyx").start(seed=3).random_playout(3)
    with pytest.raises(ValueError, match="over"):
        ludus.search(over, depth=2)


def test_search_in_process_matches_the_daemon_at_a_depth(ludus_bin):
    position = ludus.Game("wyke").start()
    position.push(position.legal_moves()[5])
    mine = ludus.search(position, depth=4)
    with ludus.Engine.popen(ludus_bin, game="wyke") as engine:
        theirs = engine.play(position, ludus.Limit(depth=4))
    assert theirs.move == mine.best
    assert theirs.info.score == mine.score


def test_searches_let_other_threads_run():
    position = ludus.Game("pylyx10").start()
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.001)

    thread = threading.Thread(target=tick)
    thread.start()
    try:
        ludus.search(position, nodes=300_000)
    finally:
        stop.set()
        thread.join()
    assert len(ticks) > 1


@pytest.mark.parametrize("proto", ["uci", "ugi"])
def test_engine_client_plays_and_analyses(ludus_bin, proto):
    with ludus.Engine.popen([ludus_bin], proto=proto) as engine:
        assert engine.id["name"].startswith("ludus")
        assert "UCI_Variant" in engine.options
        position = ludus.Game("pylyx10").start()
        played = engine.play(position, ludus.Limit(nodes=2000))
        assert played.move in [str(m) for m in position.legal_moves()]
        lines = engine.analyse(position, ludus.Limit(depth=3), multipv=2)
        assert [line.multipv for line in lines] == [1, 2]
        assert engine.analyse(position, ludus.Limit(depth=2)).depth == 2
        position.push(played.move)
        again = engine.play(position, ludus.Limit(time=0.05))
        assert again.move in [str(m) for m in position.legal_moves()]


def test_engine_client_reports_errors(ludus_bin):
    with ludus.Engine.popen(ludus_bin) as engine:
        with pytest.raises(ludus.EngineError, match="error"):
            engine.configure({"Hash": "lots"})
        with pytest.raises(ValueError):
            ludus.Limit().go()
    with pytest.raises(RuntimeError):
        ludus.Engine.popen("/nonexistent/engine")
