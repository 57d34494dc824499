"""The strength ladder of a game: players from a random mover up to ludus at
full strength, each rung playing its neighbours with `ludus match`, and
ratings of all the games at once (see `ludus.ratings`), the random mover
at 0 Elo.

    python -m ludus.ladder run GAME --dir DIR [--shard K/N] [--players ...]
    python -m ludus.ladder fit DIR [DIR ...] [--table FILE] [--chart FILE] [--calibration st:0.1]

`run` plays every pair of rungs at most `--span` apart as its own match
(openings of `ludus openings`, each played twice with sides swapped, drawn
after `--maxmoves` moves each if given), each into `DIR/A__B.jsonl`; it resumes what a killed run left, and with
`--shard K/N` plays the K-th slice of every pair's match, so N machines
(or a Slurm array) share a ladder and `fit` reads all their folders.
In a game whose rules score pairs (Wyx's Double Wyx: both games of one
rack, the fewer tokens left over the two winning), `fit` also reports
each pair of players' pairs won, lost and drawn beside their games.

A player is `KIND[:VALUE]`, listed weakest first:
`random`; `mcts:SIMULATIONS` and `alphabeta:DEPTH` (OpenSpiel's bots
through `python -m ludus.bot`); `nodes:N` and `st:SECONDS` (ludus at
full strength with that limit a move); `level:L` (ludus at `Skill
Level` L, −20 to 20: below 0 a share of its moves is random) and `elo:E` (ludus with `UCI_LimitStrength` and `UCI_Elo`
E), both at `--level-st` seconds a move.
"""

import argparse
import pathlib
import shutil
import subprocess
import sys
import tempfile

from . import ratings

#: The rungs played when `--players` is not given, weakest first.
DEFAULT_PLAYERS = ["random", "level:0", "level:4", "level:8", "mcts:100", "level:12",
                   "nodes:1000", "level:16", "nodes:10000", "st:0.1"]
#: The player at 0 Elo.
ANCHOR = "random"


def engine_words(spec, ludus, python, level_st):
    """The `--engine` words of `ludus match` for the player `spec`."""
    kind, _, value = spec.partition(":")
    bot = [f"cmd={python}", "proto=ugi", f"name={spec}"]
    wants_value = {"mcts", "alphabeta", "nodes", "st", "level", "elo"}
    if (kind in wants_value) != bool(value):
        raise ValueError(f"player '{spec}': write random, or KIND:VALUE with KIND one of "
                         f"{', '.join(sorted(wants_value))}")
    if kind in {"mcts", "alphabeta", "nodes", "level", "elo"}:
        try:
            int(value)
        except ValueError:
            raise ValueError(f"player '{spec}': '{value}' is not a whole number") from None
    if kind == "st":
        try:
            float(value)
        except ValueError:
            raise ValueError(f"player '{spec}': '{value}' is not a number of seconds") from None
    engine = [f"cmd={ludus}", f"name={spec}"]
    words = {
        "random": [*bot, "args=-m ludus.bot random", "nodes=1"],
        "mcts": [*bot, f"args=-m ludus.bot mcts --simulations {value}", f"nodes={value}"],
        "alphabeta": [*bot, f"args=-m ludus.bot alphabeta --depth {value}", f"depth={value}"],
        "nodes": [*engine, f"nodes={value}"],
        "st": [*engine, f"st={value}"],
        "level": [*engine, f"option.Skill Level={value}", f"st={level_st}"],
        "elo": [*engine, "option.UCI_LimitStrength=true", f"option.UCI_Elo={value}",
                f"st={level_st}"],
    }.get(kind)
    if words is None:
        raise ValueError(f"player '{spec}': unknown kind '{kind}'")
    return words


def pairs_of(players, span):
    """Every pair of rungs at most `span` apart, lower first."""
    return [(players[i], players[j]) for i in range(len(players))
            for j in range(i + 1, min(i + span + 1, len(players)))]


def file_name(first, second):
    """The results file of a pair (`:` and `.` kept out of names)."""
    clean = lambda s: s.replace(":", "-").replace("/", "_")  # noqa: E731
    return f"{clean(first)}__{clean(second)}.jsonl"


def finished(results):
    """Whether a pair's results file holds its whole match (or shard): its
    `end` line. Such a pair is not played again, whatever the settings of
    this run; an unfinished one is resumed with them."""
    if not results.exists():
        return False
    return any('"record":"end"' in line for line in results.read_text().splitlines())


def run(args):
    """Plays the ladder's pairs (the shard's slice of each)."""
    ludus = shutil.which(args.ludus) or args.ludus
    if not pathlib.Path(ludus).exists():
        raise ValueError(f"no ludus program at '{args.ludus}' (give --ludus PATH)")
    folder = pathlib.Path(args.dir)
    folder.mkdir(parents=True, exist_ok=True)
    words = {p: engine_words(p, ludus, args.python, args.level_st) for p in args.players}
    if len(set(args.players)) != len(args.players):
        raise ValueError("a player is listed twice")
    with tempfile.TemporaryDirectory() as work:
        openings = pathlib.Path(work) / "openings.txt"
        subprocess.run([ludus, "openings", args.game, "--count", str(args.games // 2),
                        "--seed", str(args.seed)], stdout=openings.open("w"),
                       stderr=subprocess.DEVNULL, check=True)
        for first, second in pairs_of(args.players, args.span):
            results = folder / file_name(first, second)
            if finished(results):
                continue
            command = [ludus, "match", "--game", args.game, "--games", str(args.games),
                       "--repeat", "--openings", str(openings), "--seed", str(args.seed),
                       "--concurrency", str(args.concurrency), "--ratinginterval", "0",
                       "--timemargin", str(args.timemargin), "--movetimeout", "600",
                       "--results", str(results), "--resume",
                       "--event", f"ludus ladder {args.game}"]
            if args.shard:
                command += ["--shard", args.shard]
            if args.maxmoves:
                command += ["--maxmoves", str(args.maxmoves)]
            command += ["--engine", *words[first], "--engine", *words[second]]
            print(f"{first} v {second}", file=sys.stderr, flush=True)
            subprocess.run(command, check=True, stdout=sys.stderr)


def report(args):
    """Fits the ratings of the folders' games; prints and writes them."""
    pairs = ratings.pair_scores(ratings.read_games(args.dirs))
    fitted = ratings.fit(pairs, args.anchor)
    text = ratings.table(fitted, pairs)
    paired = ratings.rule_pairs(args.dirs)
    if paired:
        text += ("\nPairs as the game's rules score them (an opening played from both sides, "
                 "the smaller count left over its two games winning):\n\n"
                 + ratings.rule_pairs_table(paired))
    if args.calibration:
        text += "\n" + ratings.calibration_text(*ratings.calibration(fitted, args.calibration, ANCHOR))
    print(text, end="")
    if args.table:
        pathlib.Path(args.table).write_text(text)
    if args.chart:
        ratings.chart(fitted, args.chart, args.title or "ludus ladder")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m ludus.ladder",
                                     description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("run", help="play the ladder's games")
    play.add_argument("game")
    play.add_argument("--dir", required=True, help="the folder of the results files")
    play.add_argument("--players", nargs="+", default=DEFAULT_PLAYERS)
    play.add_argument("--games", type=int, default=40, help="games a pair (even)")
    play.add_argument("--span", type=int, default=1, help="each rung plays the next SPAN")
    play.add_argument("--shard", help="K/N: the K-th slice of every pair")
    play.add_argument("--seed", type=int, default=11)
    play.add_argument("--concurrency", type=int, default=1)
    play.add_argument("--timemargin", type=int, default=300,
                      help="ms past its time a move may take (a busy machine needs a wide one)")
    play.add_argument("--maxmoves", type=int,
                      help="draw a game after N moves each (games between players who move "
                           "mostly at random may not end otherwise; OpenSpiel's version of "
                           "the games draws at 1000 plies)")
    play.add_argument("--level-st", default="0.1", help="seconds a move for level:/elo: players")
    play.add_argument("--ludus", default="ludus", help="the ludus program")
    play.add_argument("--python", default=sys.executable, help="the python that runs the bots")
    fit = commands.add_parser("fit", help="rate the players of played ladders")
    fit.add_argument("dirs", nargs="+", help="folders (or files) of results")
    fit.add_argument("--anchor", default=ANCHOR)
    fit.add_argument("--table", help="write the Markdown table here")
    fit.add_argument("--chart", help="draw the ladder here (.svg or .png)")
    fit.add_argument("--title")
    fit.add_argument("--calibration", metavar="FULL",
                     help="also print the levels' calibration (Tooling::LEVEL_ELO), the "
                          "player FULL (e.g. st:0.1) as level 20")
    args = parser.parse_args(argv)
    try:
        if args.command == "run":
            if args.games < 2 or args.games % 2 or args.span < 1:
                parser.error("--games must be even and at least 2, --span at least 1")
            run(args)
        else:
            report(args)
    except (ValueError, subprocess.CalledProcessError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
