"""Rule scenarios for Carousel (manipulation rummy): seed 000 (variants/carousel.yaml,
shared/RULES.md section 1) and the house rule variants/carousel_opening30.yaml.

Every scenario deals from an explicit deck order built by ``deck_for`` from the hands it
needs (one card at a time from the player left of the dealer, 10 each, no upcard, then the
stock top first), so each test reads like the rule it checks. Seats are numbered from 0; with
``dealer=D`` the first player is ``(D + 1) % players``. Meld actions state the whole new table.
"""
from __future__ import annotations

from collections import Counter

import pytest

from interpreter import Action, State, load_variant, new_game
from interpreter.errors import CardError, IllegalAction
from interpreter.frontends.meld_edit import TableEdit

CAROUSEL = load_variant("carousel")
OPENING30 = load_variant("carousel_opening30")

ONE_DECK = [r + s for s in "cdhs" for r in "A23456789TJQK"]


# ---- helpers ------------------------------------------------------------------------------
def cards(text) -> list[str]:
    return text.split() if isinstance(text, str) else list(text)


def full_deck(players: int) -> list[str]:
    """The physical deck as notation: one deck and a joker for 2 players, else two of each."""
    return ONE_DECK + ["Jk"] if players == 2 else ONE_DECK * 2 + ["Jk", "Jk"]


def deck_for(hands: dict, dealer: int, players: int | None = None, stock=()) -> list[str]:
    """A whole deck order, top first, that deals ``hands`` (seat -> 10 cards) in the engine's
    order: one card at a time starting left of the dealer; then the stock, ``stock`` first
    (the next card drawn is its first), the rest of the deck after it."""
    players = players or len(hands)
    seats = sorted(hands, key=lambda s: (s - dealer - 1) % players)
    dealt = {s: cards(h) for s, h in hands.items()}
    assert all(len(h) == 10 for h in dealt.values()), "Carousel deals 10 cards each"
    order = [dealt[s][i] for i in range(10) for s in seats] + cards(stock)
    left = Counter(full_deck(players))
    left.subtract(order)
    assert min(left.values()) >= 0, f"more copies than the deck has: {-left}"
    rest = []
    for c in full_deck(players):
        if left[c] > 0:
            rest.append(c)
            left[c] -= 1
    return order + rest


def deal(hands: dict, dealer: int, players: int | None = None, stock=(), variant=CAROUSEL):
    players = players or len(hands)
    return new_game(variant, players=players, deck=deck_for(hands, dealer, players, stock),
                    dealer=dealer, seed=0)


def play(g, *actions) -> None:
    for a in actions:
        g.apply(a)


def legal(g) -> set[str]:
    return {str(a) for a in g.legal_actions()}


def table(g) -> list[list[str]]:
    return g.observation(g.current_player)["table"]


def melds_text(melds) -> str:
    return " ".join("[" + " ".join(m) + "]" for m in melds)


def meld_adding(g, new: str) -> str:
    """A meld action keeping the table as it is and adding the melds ``new`` ("[..] [..]")."""
    kept = melds_text(table(g))
    return f"meld {kept} {new}" if kept else f"meld {new}"


def points(hand) -> int:
    faces = CAROUSEL.faces
    return sum(faces.points[faces.parse(c)] for c in cards(hand))


def refused(g, action: str) -> str:
    """Apply ``action``, expect IllegalAction and an untouched game; return the message."""
    before = g.to_json()
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    assert g.to_json() == before
    return str(info.value)


def accepted(g, action: str):
    """A copy of the game with ``action`` applied (the original is left as it was)."""
    copy = State.from_json(g.to_json(), g.variant)
    copy.apply(action)
    return copy


def same_table(a, b) -> bool:
    key = lambda melds: sorted(sorted(m) for m in melds)   # noqa: E731
    return key(a) == key(b)


def listed(g, action: str) -> bool:
    """Whether legal_actions lists this meld (any order of melds or cards)."""
    wanted = Action.parse(action).melds
    return any(a.kind == "meld" and same_table(a.melds, wanted) for a in g.legal_actions())


def last(g) -> dict:
    return g.history[-1]


def physical_cards(g) -> list[int]:
    return ([c for h in g.hands for c in h] + list(g.stock)
            + [c for meld in g.table for c, _ in meld])


# ---- the deck and the deal ------------------------------------------------------------------
def test_two_players_use_one_deck_and_one_joker():
    """"Deck: 2 players, one 52-card deck + 1 joker (53 cards)." 10 each, the rest is stock."""
    deck = CAROUSEL.deck_for(2)
    names = Counter(CAROUSEL.faces.name(f) for f in deck.faces_of)
    assert len(deck.faces_of) == 53
    assert names["Jk"] == 1 and all(names[c] == 1 for c in ONE_DECK)
    g = new_game(CAROUSEL, players=2, seed=3)
    assert g.observation(0)["hand_sizes"] == [10, 10]
    assert g.observation(0)["stock"] == 53 - 20
    with pytest.raises(CardError):          # a two-deck order is not a 2-player deck
        new_game(CAROUSEL, players=2, deck=full_deck(3), dealer=0)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_three_to_five_players_use_two_decks_and_two_jokers(players):
    """"3+ players, two such decks (106 cards, 2 jokers)." """
    deck = CAROUSEL.deck_for(players)
    names = Counter(CAROUSEL.faces.name(f) for f in deck.faces_of)
    assert len(deck.faces_of) == 106
    assert names["Jk"] == 2 and all(names[c] == 2 for c in ONE_DECK)
    g = new_game(CAROUSEL, players=players, seed=3)
    assert g.observation(0)["hand_sizes"] == [10] * players
    assert g.observation(0)["stock"] == 106 - 10 * players
    with pytest.raises(CardError):          # a one-deck order is too short
        new_game(CAROUSEL, players=players, deck=full_deck(2), dealer=0)


def test_identical_cards_of_two_decks_are_distinct_physical_cards():
    """"Two decks": each card exists twice. Both 8s of spades are real, separate cards: one
    hand holds both, they go to two different melds, and every one of the 106 physical cards
    is still somewhere exactly once (hands, stock, table)."""
    g = deal({0: "8s 8s 8h 8d 6s 7s Kc Kd Qc Qh", 1: "Ac 2c 3c 5d 6d 7d Qs Qd Js Jd",
              2: "5c 5h 6c 6h 8c Td 9c 9d Tc Ks"}, dealer=2, stock="Ah")
    spades = [c for c in g.hands[0] if g.face_of[c] == CAROUSEL.faces.parse("8s")]
    assert len(spades) == 2 and spades[0] != spades[1]
    play(g, "draw stock", "meld [8s 8h 8d] [6s 7s 8s]")
    assert table(g) == [["8s", "8h", "8d"], ["6s", "7s", "8s"]]
    on_table = [c for meld in g.table for c, _ in meld]
    assert set(spades) <= set(on_table)
    every = physical_cards(g)
    assert sorted(every) == list(range(106))
    faces = Counter(CAROUSEL.faces.name(g.face_of[c]) for c in every)
    assert faces["Jk"] == 2 and all(faces[c] == 2 for c in ONE_DECK)


def test_deal_ten_each_and_no_discard_pile():
    """"Deal 10 each; the rest is the face-down stock. There is no discard pile." No upcard,
    nothing to draw but the stock, and no discard anywhere in a turn."""
    hand0, hand1 = "Ah 2h 3h 4c 4d 4s 7s 8s 9s Kc", "Ac 2c 3c 5d 6d 7d Qh Qd Qs Kd"
    g = deal({0: hand0, 1: hand1}, dealer=1, stock="Td 9d 8d")
    obs = g.observation(0)
    assert sorted(obs["hand"]) == sorted(cards(hand0))
    assert sorted(g.observation(1)["hand"]) == sorted(cards(hand1))
    assert obs["discard"] == [] and obs["upcard"] is None
    assert legal(g) == {"draw stock"}
    for _ in range(3):
        g.apply("draw stock")
        assert not any(a.kind == "discard" or a.pile == "discard" for a in g.legal_actions())
    assert sorted(g.observation(0)["hand"]) == sorted(cards(hand0) + ["Td", "9d", "8d"])


def test_three_player_two_deck_deal():
    """A 3-player deal from two decks: cards go one at a time from the player left of the
    dealer, 10 each (both copies of a card may land anywhere), and the stock's top is the
    next card of the order."""
    hands = {0: "Ah Ah 2h 3h 4c 4c 7s 8s 9s Jk", 1: "Ac 2c 3c 5d 6d 7d Qh Qd Qs Jk",
             2: "Kc Kc Kd Kd Qc Qc Jc Jc Tc Tc"}
    order = deck_for(hands, dealer=1, stock="9h 9h")
    assert order[:3] == ["Kc", "Ah", "Ac"]           # seat 2 (left of dealer 1), then 0, 1
    g = new_game(CAROUSEL, players=3, deck=order, dealer=1, seed=0)
    for s, h in hands.items():
        assert sorted(g.observation(s)["hand"]) == sorted(cards(h))
    assert g.observation(0)["stock"] == 76
    assert g.current_player == 2
    g.apply("draw stock")
    assert g.observation(2)["hand"].count("9h") == 1
    play(g, "draw stock")
    assert g.observation(2)["hand"].count("9h") == 2


def test_first_player_is_left_of_the_dealer_and_play_goes_round():
    """"Turn (clockwise, starting left of the dealer)": with seat 1 dealing, seat 2 plays
    first, then seat 0, then seat 1."""
    g = deal({0: "Ah 2h 3h 4c 4d 4s 7s 8s 9s Kc", 1: "Ac 2c 3c 5d 6d 7d Qh Qd Qs Kd",
              2: "Kh Ks Jh Js Th Ts 9c 9d 5h 5s"}, dealer=1)
    seen = []
    for _ in range(4):
        seen.append(g.current_player)
        play(g, "draw stock", "draw stock", "draw stock", "end")
    assert seen == [2, 0, 1, 2]


# ---- the turn -------------------------------------------------------------------------------
def two_player_turn():
    """Seat 0 plays first and holds three melds; the stock gives it Td, 9d, 8d."""
    return deal({0: "Ah 2h 3h 4c 4d 4s 7s 8s 9s Kc", 1: "Ac 2c 3c 5d 6d 7d Qh Qd Qs Kd"},
                dealer=1, stock="Td 9d 8d 2s")


def test_turn_draw_one_then_may_meld_else_draw_a_second_then_may_meld():
    """"Turn: draw 1 card, then may meld. If the player did not meld, draw a 2nd card, then may
    meld." A turn starts with a draw; after it the player melds or draws again; after the
    2nd draw a meld is still allowed."""
    g = two_player_turn()
    assert legal(g) == {"draw stock"}
    refused(g, "meld [Ah 2h 3h]")                   # no meld before the first draw
    refused(g, "end")
    g.apply("draw stock")
    after_one = legal(g)
    assert "draw stock" in after_one and "meld [Ah 2h 3h]" in after_one
    assert "end" not in after_one and "knock" not in after_one
    assert accepted(g, "meld [Ah 2h 3h]").observation(0)["table"] == [["Ah", "2h", "3h"]]
    g.apply("draw stock")
    assert "draw stock" in legal(g) and "meld [Ah 2h 3h]" in legal(g)
    g.apply("meld [Ah 2h 3h] [7s 8s 9s]")
    assert table(g) == [["Ah", "2h", "3h"], ["7s", "8s", "9s"]]


def test_third_draw_ends_the_turn_without_melding():
    """"If still no meld, draw a 3rd card and the turn ends: a player who drew a 3rd card may
    not meld that turn." After the 3rd draw nothing is left but to end (or knock)."""
    g = two_player_turn()
    play(g, "draw stock", "draw stock", "draw stock")
    assert legal(g) == {"end"}
    message = refused(g, "meld [Ah 2h 3h]")
    assert "drew 3 cards without melding" in message
    refused(g, "meld [Ah 2h 3h] [4c 4d 4s] [7s 8s 9s]")
    refused(g, "draw stock")
    g.apply("end")
    assert g.current_player == 1 and table(g) == []
    assert len(g.observation(0)["hand"]) == 13


def test_a_meld_stops_further_draws():
    """"Draw 1 card, then may meld. If the player did not meld, draw a 2nd card": once the
    player has melded there is no further draw; further melds and the end of the turn are."""
    g = two_player_turn()
    play(g, "draw stock", "meld [Ah 2h 3h]")
    assert "draw stock" not in legal(g)
    refused(g, "draw stock")
    assert "end" in legal(g)
    g.apply("meld [Ah 2h 3h] [4c 4d 4s]")         # melding again in the same turn is fine
    refused(g, "draw stock")
    g.apply("end")
    assert g.current_player == 1
    assert len(g.observation(0)["hand"]) == 5


# ---- melds ----------------------------------------------------------------------------------
def test_groups_are_three_or_four_of_a_rank_never_two_identical_cards():
    """"A group is 3 or 4 cards of one rank, never two identical cards (two decks: only one 8
    of spades in a group of 8s)." A joker may not stand for a card the group already has."""
    g = deal({0: "8s 8s 8h 8d 8c 7s Jk Kd Qc Qh", 1: "Ac 2c 3c 5d 6d 7d Qs Qd Js Jd",
              2: "5c 5h 6c 6h 8c Td 9c 9d Tc Ks"}, dealer=2, stock="Ah")
    g.apply("draw stock")
    assert "is not a legal meld" in refused(g, "meld [8s 8s 8h]")
    refused(g, "meld [8s 8s 8h 8d]")
    refused(g, "meld [8s 8h 8d Jk(8s)]")
    refused(g, "meld [8s 8h]")
    refused(g, "meld [8s 8h 8d 8c 8s]")
    assert accepted(g, "meld [8s 8h 8d]").observation(0)["table"] == [["8s", "8h", "8d"]]
    assert accepted(g, "meld [8s 8h 8d 8c]").observation(0)["table"] == [["8s", "8h", "8d", "8c"]]
    assert accepted(g, "meld [8s 8h Jk(8c)]").observation(0)["table"] == [["8s", "8h", "Jk(8c)"]]


def test_runs_three_or_more_ace_low_or_high_no_wrap():
    """"A sequence is 3+ consecutive cards of one suit; ace low (A-2-3) or high (Q-K-A) but no
    wrap (K-A-2 is illegal)." """
    g = deal({0: "Ah 2h 3h Qs Ks As Kc Ac 2c 9d", 1: "5c 6c 7c 5d 6d 7d Qh Qd Jh Jd"},
             dealer=1, stock="Td")
    g.apply("draw stock")
    assert accepted(g, "meld [Ah 2h 3h]").observation(0)["table"] == [["Ah", "2h", "3h"]]
    assert accepted(g, "meld [Qs Ks As]").observation(0)["table"] == [["Qs", "Ks", "As"]]
    assert accepted(g, "meld [Ah 2h 3h] [Qs Ks As]").observation(0)["hand_sizes"] == [5, 10]
    assert "is not a legal meld" in refused(g, "meld [Kc Ac 2c]")
    refused(g, "meld [Ah 2h]")
    refused(g, "meld [9d Td Ac]")


def test_first_meld_of_the_round_must_hold_a_complete_meld_from_hand():
    """"The first player ever to meld must lay down at least one complete group or sequence
    (3+ cards). Later players may make new melds and may rearrange": on an empty table only
    whole melds from the hand go down; once the table has melds, a single card may be added."""
    g = deal({0: "5h 6h 7h 9c 9d 9s Kc Kd Qc Qd", 1: "8h 4h 2c 3c Ts Js Qs Ks 2d 3d"},
             dealer=1, stock="Ad Ac")
    g.apply("draw stock")
    refused(g, "meld [5h 6h]")
    assert all(len(m) >= 3 for a in g.legal_actions() if a.kind == "meld" for m in a.melds)
    play(g, "meld [5h 6h 7h]", "end", "draw stock")
    assert "meld [5h 6h 7h 8h]" in legal(g)          # seat 1 lays one card, no meld of its own
    g.apply("meld [5h 6h 7h 8h]")
    assert table(g) == [["5h", "6h", "7h", "8h"]]


def table_of_two_melds():
    """Seat 0 has melded [5h 6h 7h] [9c 9d 9s]; seat 1 has drawn and holds 4h 8h 8c 8d."""
    g = deal({0: "5h 6h 7h 9c 9d 9s Kc Kd Qc Qd", 1: "8h 4h 8c 8d Ts Js Qs Ks 2d 3d"},
             dealer=1, stock="Ad Ac")
    play(g, "draw stock", "meld [5h 6h 7h] [9c 9d 9s]", "end", "draw stock")
    return g


def test_a_meld_must_add_at_least_one_hand_card():
    """"A meld move must: add at least one card from hand." Restating or reordering the
    table adds nothing and is refused."""
    g = table_of_two_melds()
    assert "no card was played from the hand" in refused(g, "meld [5h 6h 7h] [9c 9d 9s]")
    refused(g, "meld [9s 9d 9c] [7h 6h 5h]")
    assert accepted(g, "meld [4h 5h 6h 7h] [9c 9d 9s]").observation(1)["table"] == [
        ["4h", "5h", "6h", "7h"], ["9c", "9d", "9s"]]


def test_no_table_card_goes_back_to_a_hand():
    """"A meld move must ... remove no card from the table to a hand." Leaving out a table card
    (even while adding others) is refused."""
    g = table_of_two_melds()
    assert "5h may not leave the table" in refused(g, "meld [6h 7h 8h] [9c 9d 9s]")
    refused(g, "meld [4h 5h 6h 7h 8h]")
    assert "9s may not leave the table" in refused(g, "meld [4h 5h 6h 7h 8h] [9c 9d]")


def test_every_table_meld_is_legal_after_the_move_or_nothing_changes():
    """"A meld move must ... leave every table card in a legal meld." An illegal meld left on
    the table raises IllegalAction and leaves the game exactly as it was (to_json)."""
    g = table_of_two_melds()
    before = g.to_json()
    message = refused(g, "meld [5h 6h 7h] [9c 9d 9s] [8c 8d]")
    assert "[8c 8d] is not a legal meld" in message
    refused(g, "meld [5h 6h] [7h 8h 9s] [9c 9d 8c 8d]")
    refused(g, "meld [5h 6h 7h 8h 9c] [9d 9s 8c 8d]")
    assert g.to_json() == before
    g.apply("meld [5h 6h 7h] [9c 9d 9s] [8h 8c 8d]")
    assert table(g) == [["5h", "6h", "7h"], ["9c", "9d", "9s"], ["8h", "8c", "8d"]]


# ---- manipulation ---------------------------------------------------------------------------
def manipulation_table():
    """Seat 0 has melded the run [4h 5h 6h 7h 8h] and the group [9c 9d 9h 9s]; seat 1 has
    drawn and holds the second 6h, 7s and 8s (two decks)."""
    g = deal({0: "4h 5h 6h 7h 8h 9c 9d 9h 9s Kc", 1: "6h 7s 8s Ac 3d 5d Ks Qs Js Jd",
              2: "5c 5s 6c 6s 8c Td Tc Tc Kd Kd"}, dealer=2, stock="Kc Ad")
    play(g, "draw stock", "meld [4h 5h 6h 7h 8h] [9c 9d 9h 9s]", "end", "draw stock")
    return g


def test_manipulation_split_a_run_into_two_melds_with_an_added_card():
    """"Later players ... may rearrange (manipulate) any melds on the table": the run
    4h-8h is split in two around the second 6h from the hand."""
    g = manipulation_table()
    move = "meld [4h 5h 6h] [6h 7h 8h] [9c 9d 9h 9s]"
    g.apply(move)
    assert table(g) == [["4h", "5h", "6h"], ["6h", "7h", "8h"], ["9c", "9d", "9h", "9s"]]
    assert "6h" not in g.observation(1)["hand"]
    assert sorted(physical_cards(g)) == list(range(106))     # both 6h, each once


def test_manipulation_take_a_card_from_a_four_group_into_a_new_meld():
    """"Later players ... may rearrange (manipulate) any melds on the table": the 9s leaves
    the group of four (three remain) to make the run 7s 8s 9s with hand cards."""
    g = manipulation_table()
    g.apply("meld [4h 5h 6h 7h 8h] [9c 9d 9h] [7s 8s 9s]")
    assert table(g) == [["4h", "5h", "6h", "7h", "8h"], ["9c", "9d", "9h"], ["7s", "8s", "9s"]]
    assert sorted(g.observation(1)["hand"]) == sorted(cards("6h Ac 3d 5d Ks Qs Js Jd Ad"))


def test_a_legal_rearrangement_not_listed_is_still_accepted():
    """legal_actions lists only part of the possible moves (new melds from the hand, single
    cards onto a meld); any other rearrangement the rules allow is accepted by apply."""
    g = manipulation_table()
    for move in ("meld [4h 5h 6h] [6h 7h 8h] [9c 9d 9h 9s]",
                 "meld [4h 5h 6h 7h 8h] [9c 9d 9h] [7s 8s 9s]",
                 "meld [4h 5h 6h] [6h 7h 8h 9h] [9c 9d 9s]"):
        assert not listed(g, move)
        assert accepted(g, move).observation(1)["table"] == [m.split() for m in
                                                             move[6:-1].split("] [")]


# ---- jokers ---------------------------------------------------------------------------------
def joker_run_table(hand1="7h 8h 4h 3h 7c 7d 7s Ts Js 2c"):
    """Two players, one joker: seat 0 melded [5h 6h Jk(7h)] [9c 9d 9s]; seat 1 has drawn."""
    g = deal({0: "5h 6h Jk 9c 9d 9s Kc Kd Qc Qd", 1: hand1}, dealer=1, stock="Ks 2d")
    play(g, "draw stock", "meld [5h 6h Jk(7h)] [9c 9d 9s]", "end", "draw stock")
    return g


def test_joker_declares_its_card_when_played():
    """"When played, its player declares exactly which card (rank and suit)." A joker written
    without its card is refused; the table shows the declared card."""
    g = deal({0: "5h 6h Jk 9c 9d 9s Kc Kd Qc Qd", 1: "8h 4h 3h 7c 7d 7s Ts Js 2c 2s"},
             dealer=1, stock="Ks")
    g.apply("draw stock")
    refused(g, "meld [5h 6h Jk]")
    refused(g, "meld [5h 6h Jk(8h)]")               # not a run: 5 6 8
    g.apply("meld [5h 6h Jk(7h)]")
    assert table(g) == [["5h", "6h", "Jk(7h)"]]


def test_joker_keeps_its_card_unless_the_real_card_replaces_it():
    """"That identity never changes unless the joker is replaced by the real card." Seat 1 has
    no 7h: it may extend the run around the joker (still the 7h), but not turn the joker
    into the 3h."""
    g = joker_run_table(hand1="8h 4h 3h 7c 7d 7s Ts Js 2c 2s")
    assert accepted(g, "meld [4h 5h 6h Jk(7h)] [9c 9d 9s]").observation(1)["table"][0] == \
        ["4h", "5h", "6h", "Jk(7h)"]
    assert accepted(g, "meld [3h 4h 5h 6h Jk(7h) 8h] [9c 9d 9s]") is not None
    message = refused(g, "meld [Jk(3h) 4h 5h 6h] [9c 9d 9s]")
    assert "joker standing for 7h changed" in message
    refused(g, "meld [Jk(4h) 5h 6h] [9c 9d 9s] [7c 7d 7s]")
    refused(g, "meld [4h 5h 6h] [7c 7d Jk(7s)] [9c 9d 9s]")


def test_joker_in_a_group_is_freed_only_by_its_own_card():
    """"That identity never changes unless the joker is replaced by the real card": a joker
    standing for the 7h in a group of 7s is not freed by the 7s."""
    g = deal({0: "7c 7d Jk 9c 9d 9s Kc Kd Qc Qd", 1: "7s 8s 9h 4h 3h 2h Ts Js 2c 5d"},
             dealer=1, stock="Ks 6d")
    play(g, "draw stock", "meld [7c 7d Jk(7h)] [9c 9d 9s]", "end", "draw stock")
    assert "joker standing for 7h" in refused(g, "meld [7c 7d 7s] [9c 9d 9s] [8s Jk(9s) Ts]")
    g.apply("meld [7c 7d 7s Jk(7h)] [9c 9d 9s]")    # adding the 7s beside it is fine
    assert table(g) == [["7c", "7d", "7s", "Jk(7h)"], ["9c", "9d", "9s"]]


def test_joker_replaced_by_the_real_card_from_hand():
    """"... unless the joker is replaced by the real card, from a hand": the 7h from hand takes
    the joker's place and the joker, used again in the same move, stands for a new card."""
    g = joker_run_table()
    g.apply("meld [5h 6h 7h 8h Jk(9h)] [9c 9d 9s]")
    assert table(g) == [["5h", "6h", "7h", "8h", "Jk(9h)"], ["9c", "9d", "9s"]]
    g2 = joker_run_table()
    g2.apply("meld [5h 6h 7h] [7c 7d Jk(7s)] [9c 9d 9s]")
    assert table(g2) == [["5h", "6h", "7h"], ["7c", "7d", "Jk(7s)"], ["9c", "9d", "9s"]]


def test_joker_replaced_by_the_real_card_from_another_table_meld():
    """"... replaced by the real card, from a hand or from another table meld": the 7h moves
    from the group of four into the joker's run; the joker, freed, is used again as the 9h
    (seat 1 adds the 8h from hand)."""
    g = deal({0: "5h 6h Jk 7h 7c 7d 7s Kc Kd Qd", 1: "8h 4c 3c Ts Js 2c 2s Qs Qc Td"},
             dealer=1, stock="Ks 2d")
    play(g, "draw stock", "meld [5h 6h Jk(7h)] [7h 7c 7d 7s]", "end", "draw stock")
    move = "meld [5h 6h 7h 8h Jk(9h)] [7c 7d 7s]"
    assert not listed(g, move)
    g.apply(move)
    assert table(g) == [["5h", "6h", "7h", "8h", "Jk(9h)"], ["7c", "7d", "7s"]]
    assert "7h" not in g.observation(1)["hand"]


def test_joker_replaced_from_a_table_meld_then_the_run_split():
    """"... replaced by the real card, from a hand or from another table meld" and "Later
    players ... may rearrange (manipulate) any melds on the table": the 7h leaves the group of
    four for the joker's place ([5h 6h 7h]); the freed joker becomes the Th; with 4h 8h 9h
    from hand the run 4h-Th is split into [4h 5h 6h] [7h 8h 9h Jk(Th)]. The same move
    without the split is accepted, and the split is accepted when the 7h comes from hand."""
    g = deal({0: "5h 6h Jk 7h 7c 7d 7s Kc Kd Qd", 1: "4h 8h 9h Ts Js 2c 2s Qs Qc Td"},
             dealer=1, stock="Ks 2d")
    play(g, "draw stock", "meld [5h 6h Jk(7h)] [7h 7c 7d 7s]", "end", "draw stock")
    assert accepted(g, "meld [4h 5h 6h 7h 8h 9h Jk(Th)] [7c 7d 7s]") is not None
    g.apply("meld [4h 5h 6h] [7h 8h 9h Jk(Th)] [7c 7d 7s]")
    assert table(g) == [["4h", "5h", "6h"], ["7h", "8h", "9h", "Jk(Th)"], ["7c", "7d", "7s"]]


def test_joker_replaced_from_hand_then_the_run_split():
    """The control for the test above: with the 7h from hand the same split is accepted."""
    g = deal({0: "5h 6h Jk 7c 7d 7s Kc Kd Qd Qh", 1: "4h 7h 8h 9h Ts Js 2c 2s Qs Qc"},
             dealer=1, stock="Ks 2d")
    play(g, "draw stock", "meld [5h 6h Jk(7h)] [7c 7d 7s]", "end", "draw stock")
    g.apply("meld [4h 5h 6h] [7h 8h 9h Jk(Th)] [7c 7d 7s]")
    assert table(g) == [["4h", "5h", "6h"], ["7h", "8h", "9h", "Jk(Th)"], ["7c", "7d", "7s"]]


def test_joker_may_move_to_another_meld_keeping_its_card():
    """"A joker may move between melds as long as the card it represents does not change":
    the joker standing for the 7h leaves the run for a group of 7s, still the 7h."""
    g = joker_run_table(hand1="8h 4h 3h 7c 7d 7s Ts Js 2c 2s")
    move = "meld [4h 5h 6h] [7c 7d Jk(7h)] [9c 9d 9s]"
    g.apply(move)
    assert table(g) == [["4h", "5h", "6h"], ["7c", "7d", "Jk(7h)"], ["9c", "9d", "9s"]]


def test_freed_joker_must_be_used_on_the_table_in_the_same_move():
    """"A joker released by replacement may not go back to a hand: it must be used on the
    table in that same move." A meld action cannot drop a table card (the joker included);
    TableEdit refuses to build the action while a freed joker is loose."""
    g = joker_run_table()
    assert "Jk may not leave the table" in refused(g, "meld [5h 6h 7h] [9c 9d 9s]")
    edit = TableEdit(g)
    edit.replace_joker(0, "7h")
    assert edit.problem() == "a freed joker must be used on the table in the same move"
    with pytest.raises(IllegalAction, match="freed joker must be used"):
        edit.action()
    edit.place_joker(0, "8h")
    assert edit.problem() is None
    g.apply(edit.action())
    assert table(g) == [["5h", "6h", "7h", "Jk(8h)"], ["9c", "9d", "9s"]]


# ---- the knock ------------------------------------------------------------------------------
def knock_game(kept: str, drawn: str):
    """Seat 0 melds nine cards, keeping its 10th card ``kept`` and the card ``drawn``."""
    return deal({0: f"Ah 2h 3h 4c 4d 4s 7s 8s 9s {kept}", 1: "Ac 3c 5c 5d 6d 7d Qh Qd Qs Kd"},
                dealer=1, stock=[drawn, "Kc"])


def test_knock_with_five_points_or_less():
    """"After finishing a turn, a player with 5 or fewer points left in hand may knock; the
    round ends at once." 2c + 3d = 5 may knock; 3s + 3d = 6 may not."""
    g = knock_game("2c", "3d")
    play(g, "draw stock", "meld [Ah 2h 3h] [4c 4d 4s] [7s 8s 9s]")
    assert "knock" in legal(g)
    g.apply("knock")
    assert len(g.history) == 1 and last(g)["knocker"] == 0
    g = knock_game("3s", "3d")
    play(g, "draw stock", "meld [Ah 2h 3h] [4c 4d 4s] [7s 8s 9s]")
    assert "knock" not in legal(g)
    refused(g, "knock")
    assert legal(g) == {"end"}


def test_knock_only_after_the_turn_is_complete():
    """"Knock: after finishing a turn ...": a player with few points who has drawn without
    melding must keep drawing; after the 3rd draw the turn is complete and the knock is
    allowed (Ac Ad Ah As = 4 points, unmelded)."""
    g = deal({0: "2h 3h 4h 5h 6c 6d 6s 9c 9d 9s", 1: "Kc Kd Qc Qd Jc Jd Tc Td 8c 8d"},
             dealer=1, stock="Ac Kh Qh Jh Ad Ah As")
    play(g, "draw stock", "meld [2h 3h 4h 5h] [6c 6d 6s] [9c 9d 9s]")
    assert g.observation(0)["hand"] == ["Ac"] and "knock" in legal(g)
    play(g, "end", "draw stock", "draw stock", "draw stock", "end")
    g.apply("draw stock")
    assert "knock" not in legal(g)
    refused(g, "knock")
    g.apply("draw stock")                            # Ac Ad Ah: a meld, not taken
    assert "knock" not in legal(g)
    g.apply("draw stock")
    assert points(g.observation(0)["hand"]) == 4
    assert legal(g) == {"knock", "end"}
    g.apply("knock")
    assert last(g)["knocker"] == 0 and last(g)["deadwood"]["0"] == 4


# ---- round scoring --------------------------------------------------------------------------
LOSER = "5c 5h 6c 6h 8c 8d 9c 9d Tc Kc"                 # 76 points, seat 2 never melds


def three_player_round(x0, y0, x1, y1, loser=LOSER):
    """Three players, seat 2 deals: seat 0 then seat 1 each meld nine cards from hand, keeping
    their 10th card and the card drawn (x0 + y0, x1 + y1)."""
    hands = {0: f"Ah 2h 3h 4c 4d 4s 7s 8s 9s {x0}", 1: f"Ac 2c 3c 5d 6d 7d Qh Qd Qs {x1}",
             2: loser}
    return deal(hands, dealer=2, stock=[y0, y1, "Kh", "Kd", "Ks"])


def seat0_melds(g):
    play(g, "draw stock", "meld [Ah 2h 3h] [4c 4d 4s] [7s 8s 9s]")


def seat1_melds(g):
    g.apply("draw stock")
    g.apply(meld_adding(g, "[Ac 2c 3c] [5d 6d 7d] [Qh Qd Qs]"))


def test_lowest_hand_wins_two_players_winner_scores_the_difference():
    """"The player with the fewest points in hand wins the round ... Two players: the winner
    scores the difference." Seat 0 knocks with 5 against 10 cards worth 72."""
    g = knock_game("2c", "3d")
    play(g, "draw stock", "meld [Ah 2h 3h] [4c 4d 4s] [7s 8s 9s]", "knock")
    loser = points("Ac 3c 5c 5d 6d 7d Qh Qd Qs Kd")
    assert loser == 67
    record = last(g)
    assert record["outcome"] == "knock" and record["winners"] == [0] and record["knocker"] == 0
    assert record["deadwood"] == {"0": 5, "1": 67}
    assert record["points"] == [67 - 5, 0]
    assert g.scores == [62, 0]


def test_three_players_winner_scores_the_sum_of_differences():
    """"3-5 players: the winner scores the sum of the differences to every other player."
    Seat 0 knocks with 2 (Ad Ac); seat 1 holds 56, seat 2 holds 76."""
    g = three_player_round("Ad", "Ac", "2d", "2s")
    seat0_melds(g)
    g.apply("knock")
    record = last(g)
    assert record["deadwood"] == {"0": 2, "1": 56, "2": 76}
    assert record["outcome"] == "knock" and record["winners"] == [0]
    assert record["points"] == [(56 - 2) + (76 - 2), 0, 0]
    assert g.scores == [128, 0, 0]


def test_winner_who_is_not_the_knocker_gets_ten_more():
    """"If the winner is not the knocker: +10 (undercut)." Seat 0 kept 2 points; seat 1 knocks
    with 4; seat 0 wins (4 - 2) + (76 - 2) + 10."""
    g = three_player_round("Ad", "Ac", "2d", "2s")
    seat0_melds(g)
    g.apply("end")
    seat1_melds(g)
    assert "knock" in legal(g)
    g.apply("knock")
    record = last(g)
    assert record["deadwood"] == {"0": 2, "1": 4, "2": 76}
    assert record["outcome"] == "undercut"
    assert record["winners"] == [0] and record["knocker"] == 1
    assert record["points"] == [(4 - 2) + (76 - 2) + 10, 0, 0]


def test_knocker_tied_with_one_player_that_player_wins_with_ten():
    """"Knocker tied with one player: that player wins and gets the +10." Seats 0 and 1 both
    end with 3 points; seat 1 knocks; seat 0 wins (3 - 3) + (76 - 3) + 10."""
    g = three_player_round("Ad", "2d", "As", "2s")
    seat0_melds(g)
    g.apply("end")
    seat1_melds(g)
    g.apply("knock")
    record = last(g)
    assert record["deadwood"] == {"0": 3, "1": 3, "2": 76}
    assert record["winners"] == [0] and record["knocker"] == 1
    assert record["points"] == [0 + 73 + 10, 0, 0]


def four_player_tie(loser: str, drawn: str):
    """Four players, seat 3 deals: seats 0 and 1 meld down to 3 points, seat 2 draws three
    times and ends, seat 3 melds down to 3 points and knocks."""
    hands = {0: "Ah 2h 3h 4c 4d 4s 7s 8s 9s Ad", 1: "Ac 2c 3c 5d 6d 7d Qh Qd Qs As",
             2: loser, 3: "9h Th Jh 6s 6d 6c Kh Kd Ks Ah"}
    g = deal(hands, dealer=3, stock=["2d", "2s"] + cards(drawn) + ["2h"])
    seat0_melds(g)
    g.apply("end")
    seat1_melds(g)
    play(g, "end", "draw stock", "draw stock", "draw stock", "end")
    g.apply("draw stock")
    g.apply(meld_adding(g, "[9h Th Jh] [6s 6d 6c] [Kh Kd Ks]"))
    assert g.observation(3)["hand"] == ["Ah", "2h"]
    g.apply("knock")
    return g


def test_knocker_tied_with_two_others_both_score_as_winners_with_ten():
    """"Knocker tied with two others: both score as winners, each with +10." Seats 0, 1 and
    the knocker 3 hold 3 points; seat 2 holds 76 + 10 = 86."""
    g = four_player_tie(LOSER, "3d 3s 4h")
    record = last(g)
    assert record["deadwood"] == {"0": 3, "1": 3, "2": 86, "3": 3}
    assert record["outcome"] == "undercut" and record["knocker"] == 3
    assert record["winners"] == [0, 1]
    assert record["points"] == [83 + 10, 83 + 10, 0, 0]
    assert g.rounds_won == [1, 1, 0, 0]


def test_going_out_ends_the_round_at_once_with_25_more():
    """"A player who wins by playing all cards: +25"; the round ends at once (no knock, no end
    of turn). Seat 0 lays all 11 cards; seat 1's 10 cards are worth 67."""
    g = deal({0: "Ah 2h 3h 4h 5h 6c 6d 6s 9c 9d", 1: "Ac 3c 5c 5d 6h 7d Qh Qd Qs Kd"},
             dealer=1, stock="9s")
    play(g, "draw stock")
    g.apply("meld [Ah 2h 3h 4h 5h] [6c 6d 6s] [9c 9d 9s]")
    assert len(g.history) == 1
    record = last(g)
    assert record["outcome"] == "going_out" and record["winners"] == [0]
    assert record["knocker"] is None
    assert record["deadwood"] == {"0": 0, "1": 67}
    assert record["points"] == [67 + 25, 0]
    assert g.scores == [92, 0]
    assert g.observation(0)["hand_sizes"] == [10, 10] and g.dealer == 0   # next hand dealt


def test_stock_exhausted_everyone_gets_one_more_turn_then_lowest_wins():
    """"Stock exhausted without a knock: every player (the one who took the last card
    included) gets one more turn to meld; then hands are counted and the lowest total wins the
    round." Our reading: no +10 when nobody knocked. Two players draw three cards a turn: the
    33-card stock runs out on seat 0's 6th turn; seat 1 then seat 0 each meld once more."""
    g = deal({0: "Ah 2h 3h Kc Kd Ks 7s 8s 9s Ts", 1: "Ac 2c 3c Qc Qd Qs 5d 6d 7d 8d"},
             dealer=1)
    turns = []
    while g.observation(0)["stock"] > 0:
        turns.append(g.current_player)
        play(g, "draw stock", "draw stock", "draw stock", "end")
    assert turns == [0, 1] * 5 + [0] and len(g.history) == 0
    # the last lap: seat 1, then seat 0 who took the last card; no draws, melds allowed
    assert g.current_player == 1
    assert "draw stock" not in legal(g)
    g.apply("meld [Ac 2c 3c] [Qc Qd Qs]")
    g.apply("end")
    assert len(g.history) == 0 and g.current_player == 0
    assert "draw stock" not in legal(g)
    g.apply(meld_adding(g, "[Ah 2h 3h] [Kc Kd Ks] [7s 8s 9s Ts]"))
    hand0, hand1 = g.observation(0)["hand"], g.observation(1)["hand"]
    p0, p1 = points(hand0), points(hand1)
    assert len(hand0) == 28 - 10 and len(hand1) == 25 - 6
    g.apply("end")
    record = last(g)
    assert record["knocker"] is None and record["outcome"] == "count"
    assert record["deadwood"] == {"0": p0, "1": p1}
    winner = 0 if p0 < p1 else 1
    assert p0 != p1 and record["winners"] == [winner]
    expected = [0, 0]
    expected[winner] = abs(p0 - p1)                 # the difference, no +10
    assert record["points"] == expected


# ---- the match ------------------------------------------------------------------------------
def test_match_to_150_bonuses_and_highest_total_wins():
    """"When one or more players reach 150 or more, the game ends; each such player gets +100;
    every other player gets +25 for each round they won. Highest total wins." Round 1: seat 1
    goes out for 82 (below 150, play goes on, the deal passes left). Round 2: seat 2 goes out
    for 255; seat 2 gets +100, seat 1 +25 for its round, seat 0 nothing."""
    round1 = deck_for({0: "Ac Ad As 2c 2d 2s 3c 3d 3s 4c", 1: "Ah 2h 3h 4h 5h 6c 6d 6s 9c 9d",
                       2: "Ac Ad As 2c 2d 2s 3c 3d 3s 4c"}, dealer=2, stock="4d 4s 5c 9s")
    round2 = deck_for({1: "Kc Kd Kh Ks Qc Qd Qh Qs Jc Jd", 2: "Ah 2h 3h 4h 5h 6c 6d 6s 9c 9d",
                       0: "Tc Td Th Ts Kc Kd Kh Ks Qc Qd"}, dealer=0, stock="Jh Js Tc 9s")
    g = new_game(CAROUSEL, players=3, deck=[round1, round2], dealer=2, seed=0)
    play(g, "draw stock", "draw stock", "draw stock", "end", "draw stock",
         "meld [Ah 2h 3h 4h 5h] [6c 6d 6s] [9c 9d 9s]")
    assert last(g)["points"] == [0, 35 + 22 + 25, 0]
    assert not g.is_terminal and g.dealer == 0 and g.current_player == 1
    play(g, "draw stock", "draw stock", "draw stock", "end", "draw stock",
         "meld [Ah 2h 3h 4h 5h] [6c 6d 6s] [9c 9d 9s]")
    assert last(g)["points"] == [0, 0, 130 + 100 + 25]
    assert g.is_terminal and g.current_player == -1
    assert g.rounds_won == [0, 1, 1]
    assert g.scores == [0, 82 + 25, 255 + 100]
    assert g.winners() == [2]


def test_every_player_reaching_150_gets_100():
    """"When one or more players reach 150 or more ... each such player gets +100." The two
    players tied with the knocker each score (160 - 3) + 10 = 167 in one round."""
    g = four_player_tie("Jk Jk Kc Qc Jc Tc Kd Qd Jd Td", "Ks Qs Js")
    record = last(g)
    assert record["deadwood"]["2"] == 160
    assert record["points"] == [167, 167, 0, 0]
    assert g.is_terminal
    assert g.scores == [267, 267, 0, 0]
    assert g.winners() == [0, 1]


def test_match_target_from_a_house_file(tmp_path):
    """The match end is the spec's: a house file on carousel with a target of 20 ends the
    match after a round worth 92, with +100 to the player at or above it."""
    path = tmp_path / "carousel20.yaml"
    path.write_text("extends: carousel\n"
                    "match:\n"
                    "  ends_when: \"max(players.score) >= 20\"\n"
                    "  bonuses:\n"
                    "    - {to: players, when: \"p.score >= 20\", points: \"100\"}\n"
                    "    - {to: players, when: \"p.score < 20\", points: \"25 * p.rounds_won\"}\n")
    house = load_variant(str(path))
    g = deal({0: "Ah 2h 3h 4h 5h 6c 6d 6s 9c 9d", 1: "Ac 3c 5c 5d 6h 7d Qh Qd Qs Kd"},
             dealer=1, stock="9s", variant=house)
    play(g, "draw stock", "meld [Ah 2h 3h 4h 5h] [6c 6d 6s] [9c 9d 9s]")
    assert g.is_terminal and g.scores == [92 + 100, 0] and g.winners() == [0]


# ---- house rule: opening 30 -----------------------------------------------------------------
def opening30_game(variant=OPENING30):
    """Seat 0 opens with [Th Jh Qh] (30 points); seat 1 has drawn and holds Kh, 5d 6d 7d (18
    points) and Ts Js Qs (30 points)."""
    g = deal({0: "Th Jh Qh 2c 3c 4c 8c 8d 9c 9d", 1: "Kh 5d 6d 7d Ts Js Qs Ac Ad 2s"},
             dealer=1, stock="Kc 3s Kd 4s", variant=variant)
    g.apply("draw stock")
    return g


def test_opening30_first_meld_needs_30_points_from_hand():
    """House rule carousel_opening30: "each player's first meld must total at least 30
    points, laid from the hand alone." 2c 3c 4c (9) cannot open; Th Jh Qh (30) can."""
    g = opening30_game()
    assert "30 points" in refused(g, "meld [2c 3c 4c]")
    assert not listed(g, "meld [2c 3c 4c]") and listed(g, "meld [Th Jh Qh]")
    play(g, "meld [Th Jh Qh]", "end", "draw stock")
    refused(g, "meld [Th Jh Qh] [5d 6d 7d]")
    assert not listed(g, "meld [Th Jh Qh] [5d 6d 7d]")
    g.apply("meld [Th Jh Qh] [Ts Js Qs]")
    assert table(g) == [["Th", "Jh", "Qh"], ["Ts", "Js", "Qs"]]


def test_opening30_first_meld_may_not_touch_the_table():
    """House rule carousel_opening30: the first meld is "laid from the hand alone": seat 1 may
    not add the Kh to seat 0's run before opening, not even together with a 30-point meld;
    after opening, on a later turn, it may. (Plain Carousel allows the Kh at once.)"""
    plain = opening30_game(CAROUSEL)
    play(plain, "meld [Th Jh Qh]", "end", "draw stock")
    assert "meld [Th Jh Qh Kh]" in legal(plain)
    g = opening30_game()
    play(g, "meld [Th Jh Qh]", "end", "draw stock")
    assert "meld [Th Jh Qh Kh]" not in legal(g)
    assert "opening" in refused(g, "meld [Th Jh Qh Kh]")
    refused(g, "meld [Th Jh Qh Kh] [Ts Js Qs]")
    play(g, "meld [Th Jh Qh] [Ts Js Qs]", "end")
    play(g, "draw stock", "draw stock", "draw stock", "end", "draw stock")
    g.apply("meld [Th Jh Qh Kh] [Ts Js Qs]")
    assert table(g) == [["Th", "Jh", "Qh", "Kh"], ["Ts", "Js", "Qs"]]
