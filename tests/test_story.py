"""The story of a hand: the action log in observations and saved games (each seat reading
only what it may), and the end-of-hand reveal kept in the history."""
from __future__ import annotations

import json
import random

import pytest
from gameplay import FULL_DECK, play

from interpreter import IllegalAction, State, load_variant, new_game
from interpreter.agents import make_agent

GIN = load_variant("gin")
#           seat 1 gets the even places, seat 0 the odd; then the upcard, then the stock's top
HANDS = ["Ah", "2c", "2h", "3c", "3h", "4c", "4h", "5c", "5h", "6c", "6h", "7c", "7h", "8c", "8h", "9c", "9h", "Tc", "Th", "Jc"]
TOP = ["Kd", "Qs"]
DECK = HANDS + TOP + [c for c in FULL_DECK if c not in HANDS + TOP]


def _game():
    return new_game(GIN, players=2, seed=1, dealer=0, deck=DECK)


def _texts(g, seat: int) -> list[str]:
    return [e["text"] for e in g.observation(seat)["log"]]


def test_each_seat_reads_the_hand_as_it_may_see_it():
    g = _game()
    play(g, "pass", "pass", "draw stock", "discard Qs", "draw discard")
    assert _texts(g, 1) == [
        "seat 0 dealt hand 1; the upcard is Kd", "seat 1 passed on the upcard",
        "seat 0 passed on the upcard", "seat 1 drew Qs from the stock", "seat 1 discarded Qs",
        "seat 0 took Qs from the discard pile"]
    assert _texts(g, 0)[3] == "seat 1 drew a card from the stock"
    mine, theirs = g.observation(1)["log"][3], g.observation(0)["log"][3]
    assert mine == {"n": 3, "seat": 1, "action": "draw stock", "card": "Qs", "cards": ["Qs"],
                    "text": "seat 1 drew Qs from the stock"}
    assert theirs == {"n": 3, "seat": 1, "action": "draw stock",
                      "text": "seat 1 drew a card from the stock"}


def test_the_log_is_saved_and_a_refusal_leaves_it_as_it_was():
    g = _game()
    play(g, "take", "discard Ah")
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply("discard Ah")
    assert g.to_json() == before
    copy = State.from_json(before)
    assert copy.observation(0)["log"] == g.observation(0)["log"]
    assert json.loads(before)["state"]["log"][1] == [1, "take", [GIN.faces.parse("Kd")], "offer"]


def test_a_game_saved_before_the_log_loads_with_an_empty_log():
    doc = json.loads(_game().to_json())
    del doc["state"]["log"]
    for record in doc["state"]["history"]:
        record.pop("reveal", None)
    assert State.from_json(json.dumps(doc)).observation(0)["log"] == []


@pytest.mark.parametrize("entry, message", [
    ([7, None, [], "deal"], "seat 7, but seats are 0-1"),
    ([0, "fly", [], "turn"], "cannot read action 'fly'"),
    ([0, None, [999], "deal"], "card id 999"),
    ([0, None, ["Ah"], "deal"], "expected a list of card ids"),
    ([0, None, [], "party"], "expected one of turn, offer"),
    ([0, None, []], "expected [seat, action, cards, event]"),
])
def test_a_bad_log_entry_is_refused_where_it_is(entry, message):
    doc = json.loads(_game().to_json())
    doc["state"]["log"].append(entry)
    with pytest.raises(Exception) as refused:
        State.from_json(json.dumps(doc))
    assert "$.state.log[1]" in str(refused.value) and message in str(refused.value)


def test_each_hand_has_its_own_log_and_every_action_one_entry():
    g = new_game(GIN, players=2, seed=3)
    rng = random.Random(3)
    while len(g.history) < 2:
        deals, entries = g.deals, len(g.log)
        g.apply(rng.choice(g.legal_actions()))
        if g.deals == deals:
            assert len(g.log) == entries + 1
        else:
            assert [e[3] for e in g.log] == ["deal"]


@pytest.mark.parametrize("name", ["gin", "gin_standard", "basic_rummy", "oklahoma_gin"])
def test_the_reveal_shows_the_cards_that_counted(name):
    v = load_variant(name)
    g = new_game(v, players=2, seed=5)
    bots = [make_agent("greedy", 5), make_agent("random", 6)]
    while not g.is_terminal and len(g.history) < 4:
        g.apply(bots[g.current_player].act(g))
    for record in g.history:
        if record["outcome"] == v.scoring.void_outcome:
            assert "reveal" not in record
            continue
        assert set(record["reveal"]) == set(record["deadwood"])
        for seat, shown in record["reveal"].items():
            points = sum(v.meld_rules.points[v.faces.parse(c)] for c in shown["deadwood"])
            assert points == record["deadwood"][seat], (record, seat)
    assert any("reveal" in r for r in g.history)


def test_a_wild_in_a_revealed_meld_shows_the_card_it_stands_for():
    """Jokers in the declarer's and the other seat's melds name their card (indian_rummy)."""
    v = load_variant("indian_rummy")
    g = new_game(v, players=2, seed=3)
    bots = [make_agent("greedy", 1), make_agent("greedy", 2)]
    while not g.is_terminal and len(g.history) < 2:
        g.apply(bots[g.current_player].act(g))
    melds = [(r["winners"], int(seat), m) for r in g.history
             for seat, shown in r.get("reveal", {}).items() for m in shown["melds"]]
    with_joker = [(winners, seat, m) for winners, seat, m in melds
                  if any(t.startswith("Jk") for t in m)]
    assert any(seat not in winners for winners, seat, _ in with_joker)
    for _, _, meld in with_joker:
        declared = [v.faces.parse(t[3:-1] if t.startswith("Jk") else t) for t in meld]
        assert all(t.startswith("Jk(") for t in meld if t.startswith("Jk")), meld
        assert v.meld_rules.kind_of(declared) is not None, meld


def test_the_knockers_melds_and_the_layoffs_are_revealed():
    g = _game()
    hand0 = [c for c in HANDS[1::2]]
    assert len(hand0) == 10
    play(g, "take", "discard Ah")          # seat 1: 2h..Th Kd, discards Ah
    for _ in range(40):
        legal = [str(a) for a in g.legal_actions()]
        knock = next((a for a in legal if a.startswith("knock")), None)
        if knock:
            g.apply(knock)
            break
        g.apply("draw stock" if "draw stock" in legal else legal[0])
        legal = [str(a) for a in g.legal_actions()]
        if any(a.startswith("knock") for a in legal):
            continue
        g.apply(next(a for a in legal if a.startswith("discard")))
    while g.history == []:
        g.apply(g.legal_actions()[0])
    reveal = g.history[-1]["reveal"]
    knocker = str(g.history[-1]["knocker"])
    assert reveal[knocker]["melds"] and all(len(m) >= 3 for m in reveal[knocker]["melds"])
