"""The discard pile's terms (`turn: {draw: {pile: ...}}`): the whole pile, the top card's
obligation (meld it at once, or only to open with it), a frozen pile and cards that block it;
scenarios with explicit decks over Basic Rummy with two jokers."""
from __future__ import annotations

from collections import Counter

import pytest
from test_options_honoured import ONE_DECK

from interpreter import IllegalAction, SpecError, State, load_variant, new_game
from interpreter.agents import make_agent


def stacked(hands: dict[int, str], dealer: int, then: str) -> list[str]:
    """A deck order, top first, dealing ``hands`` (two players) one card at a time from the
    dealer's left, then ``then``, then the rest of a pack with two jokers."""
    seats = sorted(hands, key=lambda s: (s - dealer - 1) % 2)
    dealt = {s: h.split() for s, h in hands.items()}
    order = [dealt[s][i] for i in range(len(dealt[seats[0]])) for s in seats] + then.split()
    left = Counter(ONE_DECK + ["Jk", "Jk"])
    left.subtract(order)
    assert min(left.values()) >= 0
    return order + [c for c, n in left.items() for _ in range(n)]


# Basic Rummy, dealer 0: seat 1 plays first. Upcard Kd; seat 1 draws 7h and throws 9c; seat 0
# draws 2d and throws Kc: the pile is Kd 9c Kc (Kc on top), seat 1 holding Kh Ks.
HANDS = {1: "Kh Ks 5h 6h 2s 3d 9c 8d Js 4c", 0: "Ac 2c 3c Td Th Ts 7s 8s 9s Kc"}
DECK = stacked(HANDS, dealer=0, then="Kd 7h 2d")
OPENING = ("draw stock", "discard 9c", "draw stock", "discard Kc")


def variant(tmp_path, pile: str, extra: str = "", turn: str = "  - meld: {}\n"):
    path = tmp_path / "pile.yaml"
    path.write_text(f"extends: basic_rummy\nname: Pile\ndeck: {{jokers: 2}}\n{extra}turn:\n"
                    f"  - draw: {{pile: {pile}}}\n{turn}  - discard: {{}}\n")
    return load_variant(path)


def game(tmp_path, pile: str, opening=OPENING, deck=DECK, **more) -> State:
    g = new_game(variant(tmp_path, pile, **more), deck=deck, dealer=0)
    for action in opening:
        g.apply(action)
    return g


def legal(g: State) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def test_the_whole_pile_is_taken_and_its_top_card_must_be_melded(tmp_path):
    g = game(tmp_path, "{take: whole, use: at_once}")
    assert legal(g) == ["draw stock", "draw discard 3"]
    with pytest.raises(IllegalAction, match="takes the whole discard pile: 'draw discard 3'"):
        g.apply("draw discard")
    g.apply("draw discard 3")
    assert g.observation(1)["discard"] == [] and {"Kd", "9c", "Kc"} <= set(g.observation(1)["hand"])
    assert set(g.observation(0)["known"]["1"]) == {"Kd", "9c", "Kc"}
    melds = legal(g)
    assert melds and all("Kc" in m for m in melds)           # only melds playing the Kc
    for refused in ("discard 2s", "meld [Kd Kh Ks]"):
        assert not g.is_legal(refused)
    with pytest.raises(IllegalAction, match="does not meld Kc, taken from the discard pile"):
        g.apply("meld [Kd Kh Ks]")
    again = State.from_json(g.to_json())                     # the obligation is saved
    assert legal(again) == melds
    g.apply("meld [Kc Kh Ks]")
    assert g.is_legal("discard 2s")


def test_the_top_card_must_be_usable_at_once_to_be_taken(tmp_path):
    g = game(tmp_path, "{take: whole, use: at_once}", opening=OPENING[:2] + (
        "draw stock", "discard 9s"))                          # 9s on top: seat 1 has no use
    assert legal(g) == ["draw stock"]
    with pytest.raises(IllegalAction, match="could not meld 9s, the top card, at once"):
        g.apply("draw discard 3")
    top = game(tmp_path, "{use: at_once}")                    # the top card alone
    assert legal(top) == ["draw stock", "draw discard"]
    top.apply("draw discard")
    assert top.observation(1)["discard"] == ["Kd", "9c"]
    assert all("Kc" in m for m in legal(top))


def test_the_whole_pile_with_no_condition(tmp_path):
    g = game(tmp_path, "{take: whole}", opening=OPENING[:2] + ("draw stock", "discard 9s"))
    assert legal(g) == ["draw stock", "draw discard 3"]
    g.apply("draw discard 3")
    assert "discard 9s" in legal(g) and "discard 2s" in legal(g)    # no obligation


def test_a_top_card_taken_to_open_must_open(tmp_path):
    opening = "table: {opening: {complete_melds: 0, min_points: 30}}\n"
    g = game(tmp_path, "{use: to_open}", extra=opening)
    assert legal(g) == ["draw stock", "draw discard"]         # Kc Kh Ks: 30 points
    g.apply("draw discard")
    assert legal(g) == ["meld [Kc Kh Ks]"]
    short = game(tmp_path, "{use: to_open}",
                 extra="table: {opening: {complete_melds: 0, min_points: 31}}\n")
    assert legal(short) == ["draw stock"]
    with pytest.raises(IllegalAction, match="melded in the player's opening"):
        short.apply("draw discard")


def test_a_player_who_has_opened_takes_the_top_card_freely(tmp_path):
    # seat 1 opens with 5h 6h 7h; seat 0 throws 9s; seat 1 takes it with no duty
    g = game(tmp_path, "{use: to_open}", opening=(
        "draw stock", "meld [5h 6h 7h]", "discard 9c", "draw stock", "discard 9s"))
    assert legal(g) == ["draw stock", "draw discard"]
    g.apply("draw discard")
    assert g.is_legal("discard 2s")


# Seat 0 throws a joker (the pile freezes), seat 1 a 4c, seat 0 then the Kc.
FROZEN = ("draw stock", "discard 9c", "draw stock", "discard Jk", "draw stock", "discard 4c",
          "draw stock", "discard Kc")
FROZEN_DECK = stacked({1: HANDS[1], 0: "Ac 2c 3c Td Th Ts 7s 8s Jk Kc"}, dealer=0,
                      then="Kd 7h 2d 8h 3h")


def test_a_wild_card_freezes_the_pile_until_it_is_taken(tmp_path):
    terms = "{take: whole, use: at_once, freezes: [wild]}"
    g = game(tmp_path, terms, opening=FROZEN[:4], deck=FROZEN_DECK)
    assert g.observation(0)["pile_frozen"] and g.observation(1)["pile_frozen"]
    assert legal(g) == ["draw stock"]                         # a wild on top: no naturals
    with pytest.raises(IllegalAction, match="2 natural cards of the top card's rank"):
        g.apply("draw discard 3")
    for action in FROZEN[4:]:
        g.apply(action)
    assert legal(g) == ["draw stock", "draw discard 5"]       # Kh Ks: two naturals for Kc
    g.apply("draw discard 5")
    assert not g.observation(0)["pile_frozen"]                # taken: it thaws


def test_a_frozen_pile_needs_the_naturals(tmp_path):
    # seat 1 holds one king: unfrozen, Kc Kh and a joker would do; frozen, they would not
    hands = {1: "Kh Jk 5h 6h 2s 3d 9c 8d Js 4c", 0: "Ac 2c 3c Td Th Ts 7s 8s Jk Kc"}
    deck = stacked(hands, dealer=0, then="Kd 7h 2d 8h 3h")
    frozen = game(tmp_path, "{take: whole, use: at_once, freezes: [wild]}", opening=FROZEN,
                  deck=deck)
    assert legal(frozen) == ["draw stock"]
    loose = game(tmp_path, "{take: whole, use: at_once, freezes: [wild], frozen_naturals: 1}",
                 opening=FROZEN, deck=deck)
    assert legal(loose) == ["draw stock", "draw discard 5"]
    unfrozen = game(tmp_path, "{take: whole, use: at_once}", opening=FROZEN, deck=deck)
    assert legal(unfrozen) == ["draw stock", "draw discard 5"]


def test_the_pile_is_frozen_for_a_player_who_has_not_opened(tmp_path):
    hands = {1: "Kh Jk 5h 6h 2s 3d 9c 8d Js 4c", 0: "Ac 2c 3c Td Th Ts 7s 8s 9s Kc"}
    deck = stacked(hands, dealer=0, then="Kd 7h 2d")
    g = game(tmp_path, "{take: whole, use: at_once, frozen_until_opened: true}", deck=deck)
    assert legal(g) == ["draw stock"] and g.observation(0)["pile_frozen_for"] == [0, 1]
    opened = game(tmp_path, "{take: whole, use: at_once, frozen_until_opened: true}",
                  deck=deck, opening=("draw stock", "meld [5h 6h 7h]", "discard 9c",
                                      "draw stock", "discard Kc"))
    assert opened.observation(0)["pile_frozen_for"] == [0]
    assert legal(opened) == ["draw stock", "draw discard 3"]


def test_a_blocking_card_on_top_blocks_the_pile(tmp_path):
    hands = {1: "Kh Ks 5h 6h 2s 3d 9c 8d Js 4c", 0: "Ac 2c 3c Td Th Ts 7s 8s 9s Kc"}
    deck = stacked(hands, dealer=0, then="Kd 7h 2d")
    g = game(tmp_path, "{take: whole, blocks: [3c, 3s]}", deck=deck,
             opening=("draw stock", "discard 9c", "draw stock", "discard 3c"))
    assert legal(g) == ["draw stock"]
    with pytest.raises(IllegalAction, match="3c on top of the discard pile blocks it"):
        g.apply("draw discard 3")
    g.apply("draw stock")
    g.apply("discard 2s")                                     # covered: seat 0 may take it
    assert legal(g) == ["draw stock", "draw discard 4"]


def test_bad_terms_are_located(tmp_path):
    with pytest.raises(SpecError, match=r"pile.yaml:5:28: turn\[0\]\.draw\.pile\.blocks\[0\]: bad card '3x'"):
        variant(tmp_path, "{blocks: [3x]}")
    with pytest.raises(SpecError, match="needs a meld step after the draw"):
        variant(tmp_path, "{use: at_once}", turn="")
    path = tmp_path / "deep.yaml"
    path.write_text("extends: basic_rummy\nname: D\nturn:\n  - draw: {depth: true, pile: {}}\n"
                    "  - meld: {}\n  - discard: {}\n")
    with pytest.raises(SpecError, match="depth draws take no terms"):
        load_variant(path)


def test_the_rules_sheet_says_the_terms(tmp_path):
    text = variant(tmp_path, "{take: whole, use: at_once, freezes: [wild, 3h], blocks: [3c]}"
                   ).turn[0].sentence()
    assert "takes the whole pile" in text and "wild card or 3h lies in the discard pile" in text
    assert "3c lies on top" in text and "melded or laid off at once" in text


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_play_whole_piles_to_the_end(tmp_path, bot):
    v = variant(tmp_path, "{take: whole, use: at_once, freezes: [wild], blocks: [3c, 3s]}")
    whole = 0
    for seed in range(3):
        g = new_game(v, seed=seed, players=3)
        agents = [make_agent(bot, seed * 10 + s) for s in range(3)]
        for _ in range(3000):
            if g.is_terminal:
                break
            action = agents[g.current_player].act(g)
            whole += action.kind == "draw" and action.pile == "discard"
            g.apply(action)
        assert g.is_terminal
    assert whole > 0
