"""A refusal explains itself from the rule that refused it, and changes nothing."""
from __future__ import annotations

import pytest
from test_story import DECK

from interpreter import IllegalAction, NotYourTurn, load_variant, new_game
from interpreter.engine import refusals
from interpreter.spec.sources import data_dir


def _seen(g) -> tuple:
    return g.to_json(), [g.observation(s) for s in range(g.players)]


def _refused(g, action: str, message: str, seat: int | None = None, error=IllegalAction):
    before = _seen(g)
    with pytest.raises(error) as refused:
        g.apply(action, seat=seat)
    assert str(refused.value) == message
    assert _seen(g) == before
    return refused.value


def _gin(variant="gin_standard", **more):
    return new_game(load_variant(variant), players=2, seed=1, dealer=0, deck=DECK, **more)


def test_the_upcard_offer_and_another_seats_turn():
    g = _gin()
    _refused(g, "draw stock", "draw stock: seat 1 is at the upcard offer: take or pass")
    error = _refused(g, "take", "not your turn: seat 1 is to act (the upcard offer)", seat=0,
                     error=NotYourTurn)
    assert isinstance(error, IllegalAction)
    g.apply("take", seat=1)
    _refused(g, "discard 2c", "not your turn: seat 1 is to act (knock)", seat=0,
             error=NotYourTurn)


def test_draws_and_the_turns_order():
    g = _gin()
    g.apply("pass")
    g.apply("pass")
    _refused(g, "discard Ah", "discard Ah: first draw: draw stock")
    _refused(g, "draw discard", "draw discard: everyone passed the upcard: the first turn "
                                "draws from the stock")
    _refused(g, "end", "end: the turn cannot end yet: first draw: draw stock")
    _refused(g, "layoff Ah on 0", "layoff Ah on 0: nobody has knocked: a spread and layoffs "
                                  "come after a knock")
    g.apply("draw stock")
    _refused(g, "draw stock", "draw stock: you have already drawn this turn")


def test_discards_and_knocks():
    ones, twos = ["Ah", "3c", "5d", "7s", "9h", "Jc", "Kd", "2s", "4h", "6c"], ["2c", "4c", "8c", "Tc", "Qc", "3d", "6d", "9d", "Qd", "5s"]
    top = [c for pair in zip(ones, twos) for c in pair] + ["Ks", "Qh"]
    g = new_game(load_variant("gin_standard"), players=2, seed=1, dealer=0,
                 deck=top + [c for c in DECK if c not in top])
    g.apply("take")
    _refused(g, "discard Qs", "discard Qs: you do not hold Qs")
    _refused(g, "discard Zz", "discard Zz: Zz is not a card of this deck")
    _refused(g, "knock Ks", "knock Ks: your deadwood after discarding Ks would be 57; this "
                            "variant knocks at 10 or less")
    _refused(g, "knock", "knock: your deadwood is 67; a knock keeping every card needs: "
                         "deadwood == 0")


def test_a_knock_limit_in_words(tmp_path):
    text = (data_dir("variants") / "gin.yaml").read_text()
    path = tmp_path / "taken.yaml"
    path.write_text(text.replace("  - discard: {}", "  - discard: {not_taken_card: true}"))
    g = new_game(load_variant(path), players=2, seed=1, dealer=0, deck=DECK)
    g.apply("take")
    _refused(g, "discard Kd", "discard Kd: you took Kd from the discard pile this turn and may "
                              "not discard it")
    _refused(g, "knock Kd", "knock Kd: you took Kd from the discard pile this turn and may "
                            "not discard it")


def test_an_empty_discard_pile():
    g = new_game(load_variant("basic_rummy"), players=2, seed=2)
    g.discard.clear()                     # (as after a deal with no upcard)
    g.legal_cache = None
    if g.phase.value == "turn":
        _refused(g, "draw discard", "draw discard: the discard pile is empty")


@pytest.mark.parametrize("explained", [lambda *_: None, lambda *_: 1 / 0])
def test_without_a_reason_the_refusal_lists_the_legal_actions(monkeypatch, explained):
    g = _gin()
    monkeypatch.setattr(refusals, "why", explained)
    _refused(g, "draw stock", "draw stock is not legal now for seat 1 (offer); legal: take, pass")
