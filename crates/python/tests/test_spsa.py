"""ludus.spsa: θ's trajectory read from a `ludus spsa` state, as a table and
a picture."""

import json

import pytest

from ludus import spsa

PARAMS = [
    {"name": "RFP_MARGIN", "start": 120.0, "min": 20, "max": 400, "c_end": 19.0, "r_end": 0.002},
    {"name": "LMR_BASE", "start": 50.0, "min": 0, "max": 200, "c_end": 10.0, "r_end": 0.002},
]


def write_state(path, thetas):
    lines = [{"record": "settings", "params": PARAMS, "seed": 3}]
    for iteration, theta in enumerate(thetas, 1):
        lines.append({"record": "pair", "iteration": iteration, "result": 1, "games": []})
        lines.append({"record": "step", "iteration": iteration, "theta": theta})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


def test_the_table_shows_the_start_every_n_iterations_and_the_last(tmp_path):
    state = tmp_path / "run.jsonl"
    write_state(state, [[120 - i, 50 + i / 2] for i in range(1, 6)])
    text = spsa.table(spsa.read(state), every=2)
    assert text.splitlines() == [
        "| iteration | RFP_MARGIN | LMR_BASE |",
        "|---|---|---|",
        "| 0 | 120.0 | 50.0 |",
        "| 2 | 118.0 | 51.0 |",
        "| 4 | 116.0 | 52.0 |",
        "| 5 | 115.0 | 52.5 |",
    ]


def test_distances_are_in_final_perturbations(tmp_path):
    state = tmp_path / "run.jsonl"
    write_state(state, [[101.0, 60.0]])
    assert spsa.read(state).in_perturbations() == [[-1.0], [1.0]]


def test_the_plot_is_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    state, picture = tmp_path / "run.jsonl", tmp_path / "theta.png"
    write_state(state, [[120 - i, 50] for i in range(1, 40)])
    assert spsa.main(["plot", str(state), "--out", str(picture)]) == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("text, words", [
    ('{"record":"pair","iteration":1}\n', "no settings line"),
    ('{"record":"step","iteration":1,"theta":[1]}\n', "a step before the settings"),
    ("not json\n", "line 1"),
])
def test_what_is_not_a_state_is_refused_with_a_reason(tmp_path, capsys, text, words):
    state = tmp_path / "bad.jsonl"
    state.write_text(text)
    assert spsa.main(["table", str(state)]) == 1
    assert words in capsys.readouterr().err


def test_steps_out_of_order_are_refused(tmp_path):
    state = tmp_path / "run.jsonl"
    write_state(state, [[120, 50], [119, 50]])
    lines = state.read_text().splitlines()
    state.write_text("\n".join(lines[:2] + lines[3:]) + "\n")
    with pytest.raises(ValueError, match="step 2 after 0 steps"):
        spsa.read(state)
