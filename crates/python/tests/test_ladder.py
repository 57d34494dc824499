"""``python -m ludus.ladder`` and ``ludus.ratings``: the fit against scores
worked out by hand, and a small ladder played through ``ludus match``."""

import gzip
import json
import math
import subprocess
import sys

import pytest

from conftest import ROOT
from ludus import ladder, ratings

LADDER = [sys.executable, "-m", "ludus.ladder"]


def game(white, black, result, plies=20):
    return (white, black, result, plies)


def expected_elo(points, games):
    """The Elo of a score over a pair with the prior's one virtual draw."""
    share = (points + 0.5) / (games + 1)
    return 400 * math.log10(share / (1 - share))


def test_a_chain_of_pairs_is_rated_pair_by_pair_from_the_anchor():
    games = ([game("random", "a", "0-1")] * 9 + [game("a", "random", "1/2-1/2")] * 1
             + [game("a", "b", "1-0")] * 3 + [game("b", "a", "1-0")] * 7)
    pairs = ratings.pair_scores(games)
    fitted = {r.name: r for r in ratings.fit(pairs, "random")}
    a = expected_elo(9.5, 10)
    assert fitted["random"].elo == 0
    assert fitted["a"].elo == pytest.approx(a, abs=0.5)
    assert fitted["b"].elo == pytest.approx(a + expected_elo(7, 10), abs=0.5)
    assert fitted["b"].error > fitted["a"].error > 0, "errors add up along the chain"
    assert [r.games for r in ratings.fit(pairs, "random")] == [10, 20, 10]


def test_every_game_counts_at_once_and_wins_are_kept_per_side():
    games = ([game("x", "y", "1-0", 30)] * 6 + [game("y", "x", "1-0", 50)] * 4
             + [game("x", "z", "1/2-1/2")] * 10 + [game("y", "z", "0-1")] * 5)
    pairs = ratings.pair_scores(games)
    pair = next(p for p in pairs if {p.first, p.second} == {"x", "y"})
    assert (pair.wins, pair.losses, pair.draws) == (6, 4, 0)
    assert pair.win_plies == [30] * 6 and pair.loss_plies == [50] * 4
    fitted = {r.name: r.elo for r in ratings.fit(pairs, "x")}
    assert fitted["z"] > fitted["x"] == 0 > fitted["y"]
    text = ratings.table(ratings.fit(pairs, "x"), pairs)
    assert "| x v y | 6-4-0 | 60.0 % | 30/50 |" in text
    assert "outside 10–90 %" in text


def test_the_calibration_keeps_levels_that_rise_under_full_strength_and_the_ends_of_flat_stretches():
    fitted = [ratings.Rating(name, elo, 50.0, 40) for name, elo in [
        ("st:0.1", 1500), ("level:18", 1600), ("level:12", 1300), ("level:16", 1250),
        ("level:4", 900), ("mcts:100", 1000), ("level:0", 700), ("level:2", 650),
        ("level:3", 690), ("level:-10", 300), ("level:-12", -4), ("random", 0)]]
    kept, left_out = ratings.calibration(fitted, "st:0.1")
    # The random mover is the weakest level's, which plays as it does.
    # Levels 2 and 3 play as level 0, level -12 as the random mover and
    # level 16 as level 12: each stretch's last level is kept at its first
    # one's Elo, so that a rating just above the stretch asks for more than
    # its last level.
    assert kept == [(-20, 0), (-12, 0), (-10, 300), (0, 700), (3, 700), (4, 900),
                    (12, 1300), (16, 1300), (20, 1500)]
    assert sorted(left_out) == [(-12, -4), (2, 650), (3, 690), (16, 1250), (18, 1600)]
    text = ratings.calibration_text(kept, left_out)
    assert text.startswith("Calibration kept: -20: 0, -12: 0, -10: 300, 0: 700, 3: 700, 4: 900, "
                           "12: 1300, 16: 1300, 20: 1500; own ratings left out")
    with pytest.raises(ValueError, match="full-strength player 'st:1'"):
        ratings.calibration(fitted, "st:1")


@pytest.mark.parametrize("folder", sorted((ROOT / "bench" / "ladders").iterdir()),
                         ids=lambda folder: folder.name)
def test_the_engines_calibration_is_the_fit_of_the_kept_ladder(folder):
    """protocol.md's calibration row of a game whose ladder games are kept in
    bench/ladders/GAME is what fitting them gives (the engine's table is
    checked against that row by the Rust tests)."""
    pairs = ratings.pair_scores(ratings.read_games(sorted(folder.iterdir())))
    kept, _ = ratings.calibration(ratings.fit(pairs, ladder.ANCHOR), "st:0.1")
    row = f"| `{folder.name}` | " + ", ".join(f"{level}: {elo}" for level, elo in kept) + " |"
    assert row in (ROOT / "protocol.md").read_text()


@pytest.mark.parametrize("folder", sorted((ROOT / "bench" / "ladder-rungs").iterdir()),
                         ids=lambda folder: folder.name)
def test_the_guides_ratings_of_ludus_are_the_fit_of_the_kept_games(folder):
    """The guide's rating of ludus at 0.1 s (and 1 s) a move in a game (its
    chapter "Levels and ratings") is what fitting the game's ladder with its
    rungs in bench/ladder-rungs gives."""
    paths = sorted((ROOT / "bench" / "ladders" / folder.name).iterdir()) + sorted(folder.iterdir())
    pairs = ratings.pair_scores(ratings.read_games(paths))
    fitted = {r.name: r.elo for r in ratings.fit(pairs, ladder.ANCHOR)}
    cells = [f"{round(fitted[player]):,}".replace(",", " ")
             for player in ("st:0.1", "st:1") if player in fitted]
    row = f"| {folder.name} | " + " | ".join(cells) + " |"
    assert row in (ROOT / "docs" / "src" / "levels.md").read_text()


def test_a_compressed_results_file_reads_as_the_plain_one(tmp_path):
    records = [{"record": "settings"},
               {"record": "game", "white": "a", "black": "b", "result": "1-0", "plies": 30},
               {"record": "game", "white": "b", "black": "a", "result": "1/2-1/2", "plies": 9,
                "counted": False}]
    text = "".join(json.dumps(record) + "\n" for record in records)
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "a__b.jsonl").write_text(text)
    (tmp_path / "packed").mkdir()
    (tmp_path / "packed" / "a__b.jsonl.gz").write_bytes(gzip.compress(text.encode()))
    plain = ratings.read_games([tmp_path / "plain"])
    assert plain == [("a", "b", "1-0", 30)]
    assert ratings.read_games([tmp_path / "packed"]) == plain


def write_results(path, first, second, lines):
    settings = {"record": "settings", "game": "wyx",
                "engines": [{"name": first}, {"name": second}]}
    path.write_text("".join(json.dumps(r) + "\n" for r in [settings, *lines]))


def played(number, counted=True):
    return {"record": "game", "game": number, "white": "-", "black": "-", "result": "1-0",
            "plies": 60, "counted": counted}


def test_pairs_are_scored_by_their_counts_and_by_points_where_a_game_has_none(tmp_path):
    # a v b: a pair a wins on tokens (10 left against 12), a pair scored by
    # points (a game lost on time: 1 + 0 of 2, drawn), a pair with a game
    # played after the SPRT decided (left out).
    write_results(tmp_path / "a__b.jsonl", "a", "b", [
        played(1), played(2), played(3), played(4), played(5), played(6, counted=False),
        {"record": "pair", "pair": 1, "games": [1, 2], "points": [0.0, 1.0], "counts": [10, 12]},
        {"record": "pair", "pair": 2, "games": [3, 4], "points": [1.0, 0.0]},
        {"record": "pair", "pair": 3, "games": [5, 6], "points": [1.0, 1.0], "counts": [0, 9]}])
    # The same players the other way round: b is first there and wins a
    # pair, 5 tokens left against 9 (a loss for a).
    write_results(tmp_path / "b__a.jsonl", "b", "a", [
        played(1), played(2),
        {"record": "pair", "pair": 1, "games": [1, 2], "points": [0.5, 0.5], "counts": [5, 9]}])
    [pair] = ratings.rule_pairs([tmp_path])
    assert (pair.first, pair.second) == ("a", "b")
    assert (pair.won, pair.lost, pair.drawn, pair.by_points) == (1, 1, 1, 1)
    assert pair.counts == [19, 17]
    assert "| a v b | 1-1-1 | 50.0 % | 19 v 17 | 1 |" in ratings.rule_pairs_table([pair])


def test_a_wyx_ladder_reports_its_pairs_and_other_games_none():
    wyx = ROOT / "bench" / "ladders" / "wyx" / "s11"
    fit = subprocess.run(LADDER + ["fit", str(wyx), "--anchor", "level:0"],
                         capture_output=True, text=True, timeout=120)
    assert fit.returncode == 0, fit.stderr
    assert "Pairs as the game's rules score them" in fit.stdout
    pairs = ratings.rule_pairs([wyx])
    games = ratings.pair_scores(ratings.read_games([wyx]))
    assert sum(p.pairs for p in pairs) == sum(p.games for p in games) // 2
    for p in pairs:
        assert f"| {p.first} v {p.second} | {p.won}-{p.lost}-{p.drawn} |" in fit.stdout
    assert ratings.rule_pairs([ROOT / "bench" / "ladders" / "pylyx10" / "s11"]) == []


def test_bad_results_and_players_are_refused(tmp_path):
    with pytest.raises(ValueError, match="unknown result"):
        ratings.pair_scores([game("a", "b", "*")])
    with pytest.raises(ValueError, match="anchor"):
        ratings.fit(ratings.pair_scores([game("a", "b", "1-0")]), "random")
    (tmp_path / "bad.jsonl").write_text("{not json\n")
    with pytest.raises(ValueError, match="bad.jsonl:1"):
        ratings.read_games([tmp_path])
    for spec in ["mcts", "level:x", "st:fast", "oracle:3", "random:2"]:
        with pytest.raises(ValueError, match="player"):
            ladder.engine_words(spec, "ludus", "python", "0.1")
    assert ladder.pairs_of(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]


def test_a_small_ladder_is_played_resumed_and_fitted(tmp_path, ludus_bin):
    folder = tmp_path / "ladder"
    command = LADDER + ["run", "pylyx10", "--dir", str(folder), "--games", "2",
                        "--players", "random", "level:0", "nodes:200", "--ludus", ludus_bin]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    files = sorted(p.name for p in folder.glob("*.jsonl"))
    assert files == ["level-0__nodes-200.jsonl", "random__level-0.jsonl"]
    records = [json.loads(line) for line in (folder / files[1]).read_text().splitlines()]
    assert sum(r["record"] == "game" for r in records) == 2
    # A second run finds every game played and plays none again.
    again = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    assert (folder / files[1]).read_text().count('"record":"game"') == 2
    chart = tmp_path / "ladder.png"
    fit = subprocess.run(LADDER + ["fit", str(folder), "--chart", str(chart),
                                   "--table", str(tmp_path / "t.md")],
                         capture_output=True, text=True, timeout=120)
    assert fit.returncode == 0, fit.stderr
    assert "| random | +0 | 0 | 2 |" in fit.stdout
    assert chart.stat().st_size > 1000
    assert (tmp_path / "t.md").read_text() == fit.stdout


def test_the_command_line_reports_errors(tmp_path):
    done = subprocess.run(LADDER + ["fit", str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 1 and "no results files" in done.stderr
    done = subprocess.run(LADDER + ["run", "wyx", "--dir", str(tmp_path), "--players", "level:0",
                                    "nodes:5", "--ludus", "/no/such/ludus"],
                          capture_output=True, text=True)
    assert done.returncode == 1 and "no ludus program" in done.stderr
