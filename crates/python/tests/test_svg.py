"""Pictures from Python: `ludus.svg` and `Position._repr_svg_` draw every
game as SVG that parses, with one element per cell, the last move framed,
arrows drawn; bad options raise `ValueError` and change nothing."""

import xml.etree.ElementTree as ElementTree

import pytest

import ludus

#: The cells of every game's board.
CELLS = {"alak": 11, "wyke": 16, "wyke6": 36, "pylyx": 140, "pylyx10": 96, "wyx": 64}


def parts(svg, attribute):
    """The values of `attribute` in the picture (which must parse)."""
    root = ElementTree.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return [node.get(attribute) for node in root.iter() if node.get(attribute) is not None]


def framed(svg):
    root = ElementTree.fromstring(svg)
    return sorted(node.get("data-cell") or node.get("data-kind") or node.get("data-domino")
                  for node in root.iter() if node.get("data-last") == "true")


def test_every_game_is_drawn_with_one_element_per_cell():
    assert set(CELLS) == set(ludus.games())
    for name, cells in CELLS.items():
        position = ludus.Game(name).start().random_playout(seed=3, max_plies=6)
        for svg in (ludus.svg(position), position._repr_svg_()):
            drawn = parts(svg, "data-cell")
            assert len(drawn) == cells and len(set(drawn)) == cells, name


def test_the_last_move_is_framed_in_a_notebook():
    position = ludus.Game("alak").start()
    assert framed(position._repr_svg_()) == []
    position.push("4-5")
    assert framed(position._repr_svg_()) == ["4", "5"]
    wyke = ludus.Game("wyke").start().play("3-1(c3,a1)")
    assert framed(wyke._repr_svg_()) == ["3-1", "a1", "c3"]


def test_options():
    position = ludus.Game("wyx").start()
    move = position.legal_moves()[0]
    after = position.play(move)
    svg = ludus.svg(after, lastmove=move, arrows=[("d4", str(move)), "e5-e5"], flip=True,
                    size=300)
    assert framed(svg) == [str(move)]
    assert parts(svg, "data-arrow") == [f"d4-{move}", "e5-e5"]
    assert ElementTree.fromstring(svg).get("width") == "300"


@pytest.mark.parametrize("options", [
    {"arrows": ["a1-z9"]},
    {"arrows": ["a1"]},
    {"arrows": [("a1", "b2", "c3")]},
    {"lastmove": "q7"},
    {"size": 0},
])
def test_bad_options_raise_and_change_nothing(options):
    position = ludus.Game("wyke").start().play("4(b2)")
    before = (position.fen(), position.moves)
    with pytest.raises(ValueError):
        ludus.svg(position, **options)
    assert (position.fen(), position.moves) == before
