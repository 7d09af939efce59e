"""Tile sets: numbered ranks (deck.ranks: "1..13"), colours with names (deck.suit_names), their
notation (7r, 13b, Jk(7r)) and the meld rules on them; play or draw (draw.ends_turn) and play
until every player passes (stock.then: until_all_pass) are in tests/test_rules_rummikub.py."""
from __future__ import annotations

import pytest

from interpreter import SpecError, load_variant, new_game
from interpreter.cards import Faces, number_ranks
from interpreter.errors import CardError
from interpreter.frontends.rules_sheet import rules_sheet
from tests.test_rules_rummikub import stacked

TILES = Faces.build(("k", "r", "b", "o"), number_ranks(1, 13), {"Jk": 30}, jokers=True,
                    suit_names=("black", "red", "blue", "orange"))

SPEC = """\
extends: carousel
name: Tiles
deck:
  decks: 2
  jokers: 2
  suits: [k, r, b, o]
  suit_names: {k: black, r: red, b: blue, o: orange}
  ranks: "1..13"
  points: {Jk: 30}
melds:
  run: {min: 3, ace: low, wrap: false}
"""


def tiles(tmp_path, text: str = SPEC):
    path = tmp_path / "tiles.yaml"
    path.write_text(text)
    return load_variant(path)


def test_every_tile_round_trips():
    names = [TILES.name(f) for f in range(TILES.count)]
    assert names[:13] == [f"{n}k" for n in range(1, 14)] and names[-1] == "Jk"
    assert len(set(names)) == TILES.count == 53
    assert [TILES.parse(n) for n in names] == list(range(TILES.count))
    assert TILES.parse("13b") == TILES.face(2, 12) and TILES.parse("10r") == TILES.face(1, 9)
    assert TILES.parse_token("Jk(7r)") == (52, TILES.face(1, 6))
    assert TILES.token(52, TILES.face(3, 0)) == "Jk(1o)"


@pytest.mark.parametrize("text", ["14r", "0k", "7g", "Ar", "Kb"])
def test_tiles_outside_the_set_are_refused(text):
    with pytest.raises(CardError):
        TILES.parse(text)


def test_points_are_face_value_and_the_joker_its_own():
    assert [TILES.points[TILES.parse(t)] for t in ("1k", "7r", "10b", "13o", "Jk")] == [
        1, 7, 10, 13, 30]


def test_a_spec_builds_the_tile_set(tmp_path):
    v = tiles(tmp_path)
    assert v.faces == TILES
    assert v.faces.suit_name(1) == "red"
    assert sum(1 for _ in range(v.decks[2] * 52 + v.jokers[2])) == 106
    sheet = rules_sheet(v)
    assert "Suits black (k), red (r), blue (b), orange (o); ranks from low to high 1 2 3" in sheet
    assert "1-13 face value, joker 30" in sheet


@pytest.mark.parametrize("meld,legal", [
    ("7k 7r 7b", True), ("7k 7r 7b 7o", True), ("7k 7k 7r", False),   # distinct colours
    ("7k 7r", False),
    ("1r 2r 3r", True), ("11b 12b 13b", True), ("12b 13b 1b", False),  # 1 is low only
    ("13b 1b 2b", False),                                             # no wrap
    ("3r 4r 5b", False), ("3r 5r 6r", False),
])
def test_groups_and_runs_of_tiles(tmp_path, meld, legal):
    rules = tiles(tmp_path).meld_rules
    assert (rules.meld(TILES.parse_many(meld)) is not None) is legal


def test_a_joker_stands_in_a_run_of_tiles(tmp_path):
    rules = tiles(tmp_path).meld_rules
    cards = TILES.parse_many("5o Jk 7o")
    assert rules.meld(cards, [cards[0], TILES.parse("6o"), cards[2]]) is not None


@pytest.mark.parametrize("deck,message", [
    ('"5..2"', "is not a range of 1 to 26 ranks"),
    ('"1..40"', "is not a range of 1 to 26 ranks"),
    ("  suit_names: {k: black, x: grey}\n", "unknown suit 'x'"),
    ("  suit_names: {k: black}\n", "no name for suit r, b, o"),
    ("  points: {14: 3}\n", "unknown rank '14'"),
])
def test_bad_tile_decks_are_located(tmp_path, deck, message):
    ranks, extra = (deck, "") if deck.startswith('"') else ('"1..13"', deck)
    text = f"extends: carousel\nname: Bad\ndeck:\n  suits: [k, r, b, o]\n  ranks: {ranks}\n{extra}"
    with pytest.raises(SpecError, match=message) as error:
        tiles(tmp_path, text)
    assert "tiles.yaml:" in str(error.value)


def test_a_jack_of_k_would_read_as_the_joker(tmp_path):
    with pytest.raises(SpecError, match="a suit k with a rank J"):
        tiles(tmp_path, "extends: carousel\nname: Bad\ndeck: {suits: [k, r]}\n")


INDICATOR = """\
extends: rummikub
name: Indicator
melds:
  wilds: {turned_card: next}
"""
HANDS = {1: "10k 10r 10b 10o 1r 2r 3r 12r 13r 5k 5b 6k 7o 8o",
         0: "11k 12k 13k 9b 11b 2k 4k 4r 2b 3o 6r 7b 8k 9o"}


def indicator_game(tmp_path, turned: str):
    v = tiles(tmp_path, INDICATOR)
    return new_game(v, players=2, seed=0, dealer=0, deck=stacked(HANDS, 0, turned))


@pytest.mark.parametrize("turned,wild", [("7r", "8r"), ("13b", "1b"), ("1o", "2o")])
def test_the_card_above_the_indicator_is_wild(tmp_path, turned, wild):
    g = indicator_game(tmp_path, turned)
    faces = g.variant.faces
    assert g.observation(0)["turned"] == turned
    assert g.meld_rules.wild_faces == {faces.parse(wild)}
    stands_in = faces.parse_many(f"3k {wild} 5k")
    assert g.meld_rules.meld(stands_in, faces.parse_many("3k 4k 5k")) is not None
    other = "9k" if wild != "9k" else "9r"                   # the same rank, another colour
    assert g.meld_rules.meld(faces.parse_many(f"3k {other} 5k"),
                             faces.parse_many("3k 4k 5k")) is None


def test_a_wild_tile_plays_in_a_meld_action(tmp_path):
    g = indicator_game(tmp_path, "4k")                        # 5k is wild: seat 1 holds it
    assert g.is_legal("meld [12r 13r 5k(11r)]")             # 36 with the wild as 11r
    assert not indicator_game(tmp_path, "3k").is_legal("meld [12r 13r 5k(11r)]")


def test_the_indicator_rule_reads_in_the_rules_sheet(tmp_path):
    sheet = " ".join(rules_sheet(tiles(tmp_path, INDICATOR)).split())
    assert ("only the card one rank above it in its suit is wild (both copies; above 13 comes "
            "1)") in sheet


def test_the_terminal_writes_tiles_in_their_colours():
    from interpreter.frontends.terminal import PLAIN, RED, Painter

    paint = Painter(TILES, on=True)
    assert paint("meld [7r 13b Jk(8r)]") == (f"meld [{RED}7r{PLAIN} \033[34m13b{PLAIN} "
                                             f"Jk({RED}8r{PLAIN})]")
    assert Painter(TILES, on=False)("draw stock 7r") == "draw stock 7r"


def test_playing_until_all_pass_needs_a_meld_step(tmp_path):
    text = "extends: gin\nname: Bad\nstock: {then: until_all_pass}\n"
    with pytest.raises(SpecError, match="until_all_pass needs a meld or draw_until_meld step"):
        tiles(tmp_path, text)


def test_the_rules_sheet_counts_a_numbered_set_by_copies_and_names_its_lowest_rank():
    from interpreter.frontends.rules_sheet import rules_sheet
    sheet = " ".join(rules_sheet(load_variant("rummikub")).split())
    assert "2 copies of each of 52 cards and 2 jokers (106 cards)." in sheet
    assert "1 low only (1-2-3); no 13-1-2" in sheet and " ace " not in sheet.lower()
