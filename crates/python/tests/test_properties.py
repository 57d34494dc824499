"""Property-based tests (Hypothesis) of the package's rules against the
``ludus`` program: positions reached by random walks, mutated position
texts and arbitrary move texts are judged alike by ``ludus.Position`` and by
the daemon's protocol, and a text the package refuses leaves the position
as it was."""

import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ludus

GAMES = ludus.games()
#: Each property is tried on this many examples: the daemon answers in
#: milliseconds, so a run stays within seconds.
EXAMPLES = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


class Daemon:
    """One ``ludus`` daemon for the whole session, asked with ``query``."""

    def __init__(self, path):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)

    def ask(self, game, position, queries):
        """The daemon's answers to ``queries`` after ``position`` in ``game``,
        and whether it refused the position (``info string error``)."""
        lines = [f"setoption name UCI_Variant value {game}", position]
        lines += [f"query {query}" for query in queries]
        for line in lines + ["isready"]:
            self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answers, refused = [], False
        while True:
            line = self.process.stdout.readline()
            assert line, "the daemon closed its output"
            if line.startswith("readyok"):
                return answers, refused
            if line.startswith("info string error"):
                refused = True
            if line.startswith("response"):
                answers.append(line.rstrip("\n")[len("response "):])

    def close(self):
        self.process.stdin.write("quit\n")
        self.process.stdin.flush()
        self.process.wait(timeout=30)


@pytest.fixture(scope="module")
def daemon(ludus_bin):
    daemon = Daemon(ludus_bin)
    yield daemon
    daemon.close()


def position_command(position):
    moves = " moves " + " ".join(position.moves) if position.moves else ""
    return f"position fen {position.start_fen}{moves}"


def result_word(position):
    outcome = position.result()
    if outcome is None:
        return "none"
    return {None: "draw", 0: "p1win", 1: "p2win"}[outcome.winner]


@EXAMPLES
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32), plies=st.integers(0, 80))
def test_random_walks_agree_with_the_daemon(daemon, game, seed, plies):
    start = ludus.Position(game, seed=seed) if ludus.Game(game).has_random_start else None
    position = (start or ludus.Position(game)).random_playout(seed, plies)
    answers, refused = daemon.ask(game, position_command(position),
                                  ["fen", "moves", "gameover", "result"])
    assert not refused
    fen, moves, over, result = answers
    assert fen == position.fen()
    assert sorted(moves.split()) == sorted(str(m) for m in position.legal_moves())
    assert over == ("true" if position.is_over() else "false")
    assert result == result_word(position)


#: Characters of the games' notations, and a few that none uses.
NOTATION = "0123456789abcdefghijklmnopqrstuvwxyz-+,./()_xoBWDJ#é"


@EXAMPLES
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32), plies=st.integers(0, 30),
       data=st.data())
def test_move_texts_are_judged_alike_and_a_refused_one_changes_nothing(
        daemon, game, seed, plies, data):
    position = ludus.Position(game).random_playout(seed, plies)
    if position.is_over():
        return
    before = position.fen()
    legal = sorted(str(m) for m in position.legal_moves())
    # A legal move, one with a character changed, or any text.
    text = data.draw(st.one_of(
        st.sampled_from(legal),
        st.tuples(st.sampled_from(legal), st.integers(0, 40), st.sampled_from(NOTATION)).map(
            lambda t: t[0][:t[1] % len(t[0])] + t[2] + t[0][t[1] % len(t[0]) + 1:]),
        st.text(alphabet=NOTATION, min_size=1, max_size=24)))
    try:
        played = position.copy()
        played.push(text)
        accepted = True
    except ValueError:
        accepted = False
        played = None
    _, refused = daemon.ask(game, position_command(position) + (" " if position.moves
                                                                 else " moves ") + text, [])
    assert accepted == (not refused), (game, position.fen(), text)
    # Every legal move's own spelling is accepted (other spellings may be).
    assert accepted or text not in legal
    assert position.fen() == before
    if accepted:
        answers, _ = daemon.ask(game, position_command(played), ["fen"])
        assert answers == [played.fen()]


@EXAMPLES
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32), plies=st.integers(0, 30),
       edits=st.lists(st.tuples(st.integers(0, 200), st.sampled_from(NOTATION + " w")),
                      min_size=1, max_size=4))
def test_mutated_position_texts_are_judged_alike(daemon, game, seed, plies, edits):
    fen = list(ludus.Position(game).random_playout(seed, plies).fen())
    for at, char in edits:
        fen[at % len(fen)] = char
    text = "".join(fen).strip()
    if not text or "moves" in text.split():
        return
    try:
        mine = ludus.Position(game, fen=text).fen()
    except ValueError:
        mine = None
    answers, refused = daemon.ask(game, f"position fen {text}", ["fen"])
    assert (mine is None) == refused, (game, text)
    if mine is not None:
        assert answers == [mine]
