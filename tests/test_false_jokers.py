"""False jokers (``melds.wilds.jokers: wild_card``): with an indicator, the printed jokers are
the wild tile itself as a plain tile: they meld only as it and count its points, while both
copies of the wild tile stay wild."""
from __future__ import annotations

import pytest

from interpreter import SpecError, new_game
from interpreter.frontends.rules_sheet import rules_sheet
from tests.test_rules_rummikub import stacked
from tests.test_tiles import tiles

FALSE = """\
extends: rummikub
name: False jokers
melds:
  wilds: {turned_card: next, jokers: wild_card}
"""
HANDS = {1: "10k 10r 10b 10o 1r 2r 3r 12r 13r 5k 5b 6k 7o 8o",
         0: "11k 12k 13k 9b 11b 2k 4k 4r 2b 3o 6r 7b 8k 9o"}


@pytest.fixture
def rules(tmp_path):
    """The meld rules of a hand whose indicator is 7r: 8r is wild, a joker is a plain 8r."""
    v = tiles(tmp_path, FALSE)
    g = new_game(v, players=2, seed=0, dealer=0, deck=stacked(HANDS, 0, "7r"))
    return g.meld_rules, v.faces


def test_a_false_joker_melds_only_as_the_wild_tile(rules):
    r, faces = rules
    p = faces.parse_many
    assert r.meld(p("7r Jk 9r"), p("7r 8r 9r")) is not None
    assert r.meld(p("8k 8b Jk"), p("8k 8b 8r")) is not None
    assert r.meld(p("1k 2k Jk"), p("1k 2k 3k")) is None
    assert r.meld(p("1k 2k 8r"), p("1k 2k 3k")) is not None           # the wild tile is wild
    assert not r.is_wild(faces.parse("Jk")) and r.is_wild(faces.parse("8r"))


def test_arrangements_show_the_false_joker_held(rules):
    r, faces = rules
    p = faces.parse_many
    best = r.arrange(p("7r 9r Jk 1k 2k"))
    assert [faces.token(c, d) for m in best.melds for c, d in zip(m.cards, m.declared)] == [
        "7r", "Jk(8r)", "9r"]
    assert best.points == 3 and r.deadwood(p("7r 9r Jk 1k 2k")) == 3
    assert r.deadwood(p("1k 2k Jk")) == 1 + 2 + 8                     # it counts the 8r's 8
    assert r.deadwood(p("1k 2k 8r")) == 0
    # both wild tiles as wilds, both false jokers as 8r: 6r 7r Jk and 8r(6r) 8r(7r) Jk 9r
    assert r.deadwood(p("8r 8r Jk Jk 7r 9r 6r")) == 0


def test_melds_in_a_hand_use_the_false_joker_as_the_wild_tile(rules):
    r, faces = rules
    found = {tuple(faces.name(c) for c in m.cards) for m in r.melds_in(faces.parse_many(
        "7r 9r Jk 1k"))}
    assert ("7r", "Jk", "9r") in found and not any("1k" in m for m in found)
    assert r.declared_meld(faces.parse_many("7r Jk 9r")) is not None


def test_false_jokers_need_an_indicator(tmp_path):
    text = "extends: rummikub\nname: Bad\nmelds:\n  wilds: {jokers: wild_card}\n"
    with pytest.raises(SpecError, match="melds.wilds.jokers: .*turned_card: next"):
        tiles(tmp_path, text)


def test_the_rules_sheet_says_the_jokers_are_false(tmp_path):
    sheet = " ".join(rules_sheet(tiles(tmp_path, FALSE)).split())
    assert "The printed jokers are not wild: each is the wild card itself" in sheet
