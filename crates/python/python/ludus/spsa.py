"""θ's trajectory in a `ludus spsa` state file: a table every so many
iterations, and a picture of it.

    python -m ludus.spsa table STATE [--every N]
    python -m ludus.spsa plot STATE --out FILE.png [--title TEXT]

The state (JSON Lines) starts with the run's `settings` line (each
parameter's start, bounds and final perturbation `c_end`) and holds a
`step` line for each iteration done, with θ after it. The picture draws
each parameter's distance from its start in units of its `c_end`, so
parameters of every scale share one axis, and a line that has levelled off
within about ±1 (the last perturbation) has settled.
"""

import argparse
import json
import sys
from dataclasses import dataclass


@dataclass
class Trajectory:
    """The parameters of a run and θ after each iteration done."""

    #: The parameters' `settings` entries: name, start, min, max, c_end, r_end.
    params: list
    #: `(iteration, θ)` for each step, θ in the order of `params`.
    steps: list

    @property
    def names(self):
        return [p["name"] for p in self.params]

    def at(self, iteration):
        """θ after `iteration` (the start for 0)."""
        if iteration == 0:
            return [p["start"] for p in self.params]
        return self.steps[iteration - 1][1]

    def in_perturbations(self):
        """Per parameter, its distance from the start after each step in
        units of its final perturbation `c_end`."""
        return [[(theta[i] - p["start"]) / p["c_end"] for _, theta in self.steps]
                for i, p in enumerate(self.params)]


def read(path):
    """The trajectory of the state file at `path`."""
    params, steps = None, []
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as error:
                raise ValueError(f"{path} line {number}: {error}") from None
            kind = record.get("record")
            if kind == "settings":
                params = record["params"]
            elif kind == "step":
                if params is None:
                    raise ValueError(f"{path} line {number}: a step before the settings")
                if record["iteration"] != len(steps) + 1:
                    raise ValueError(f"{path} line {number}: step {record['iteration']} "
                                     f"after {len(steps)} steps")
                steps.append((record["iteration"], record["theta"]))
    if params is None:
        raise ValueError(f"{path}: no settings line: not a ludus spsa state")
    return Trajectory(params, steps)


def table(trajectory, every):
    """θ every `every` iterations (and after the last), as Markdown."""
    done = len(trajectory.steps)
    rows = [0] + list(range(every, done + 1, every))
    if rows[-1] != done:
        rows.append(done)
    lines = ["| iteration | " + " | ".join(trajectory.names) + " |",
             "|---" * (len(trajectory.names) + 1) + "|"]
    for iteration in rows:
        theta = trajectory.at(iteration)
        lines.append(f"| {iteration} | " + " | ".join(f"{v:.1f}" for v in theta) + " |")
    return "\n".join(lines)


def plot(trajectory, path, title):
    """A picture of the trajectory: each parameter in units of its c_end."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    iterations = [i for i, _ in trajectory.steps]
    figure, axes = plt.subplots(figsize=(8, 4.5))
    for name, values in zip(trajectory.names, trajectory.in_perturbations()):
        axes.plot(iterations, values, label=name, linewidth=1)
    axes.axhspan(-1, 1, color="grey", alpha=0.15, label="±1 final perturbation")
    axes.set_xlabel("iteration")
    axes.set_ylabel("θ − start, in final perturbations (c_end)")
    axes.set_title(title)
    axes.grid(alpha=0.3)
    axes.legend(fontsize="small", loc="best")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m ludus.spsa", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    table_parser = commands.add_parser("table", help="θ every N iterations, as Markdown")
    table_parser.add_argument("state")
    table_parser.add_argument("--every", type=int, default=500)
    plot_parser = commands.add_parser("plot", help="a picture of θ's trajectory")
    plot_parser.add_argument("state")
    plot_parser.add_argument("--out", required=True)
    plot_parser.add_argument("--title", default="SPSA: θ by iteration")
    args = parser.parse_args(argv)
    try:
        trajectory = read(args.state)
    except (OSError, ValueError, KeyError) as error:
        print(f"python -m ludus.spsa: {error}", file=sys.stderr)
        return 1
    if args.command == "table":
        if args.every < 1:
            print("python -m ludus.spsa: --every must be at least 1", file=sys.stderr)
            return 1
        print(table(trajectory, args.every))
    else:
        plot(trajectory, args.out, args.title)
    return 0


if __name__ == "__main__":
    sys.exit(main())
