"""Explicit chance (interpreter.search.chance), clone and resample_hidden."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from gameplay import hidden_swapped

from interpreter import RummyError, load_variant, new_game
from interpreter.agents import make_agent
from interpreter.search import (
    CHANCE,
    ChanceState,
    clone,
    dealt_order,
    new_chance_game,
    resample_hidden,
)

REPLAYED = [("gin_standard", 200), ("indian_rummy", 6), ("basic_rummy_buying", 40),
            ("three_thirteen", 40)]          # (variant, most actions played)


def unseen_faces(game: ChanceState) -> Counter:
    """The faces nobody has seen: the deal's undealt cards, or the stock's."""
    state = game.state
    cards = game.deal.order[game.deal.fixed:] if game.deal else state.stock
    return Counter(state.variant.faces.name(state.face_of[c]) for c in cards)


def follow(game: ChanceState, ref, stock_before: list[int] | None) -> None:
    """Play the chance outcomes the seeded game ``ref`` had (its deal, the cards it drew)."""
    name, face_of = ref.variant.faces.name, ref.face_of
    while game.is_chance_node:
        if game.deal is not None:
            card = dealt_order(ref)[0][game.deal.fixed]
        else:
            assert stock_before is not None
            card = stock_before[-1 - game.draw.fixed]
        game.apply(name(face_of[card]))


def test_a_deal_starts_with_every_card_equally_likely():
    game = new_chance_game("gin_standard", seed=3)
    assert game.is_chance_node and game.current_player == CHANCE
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 52 and all(p == pytest.approx(1 / 52) for _, p in outcomes)
    assert game.legal_actions() == [card for card, _ in outcomes]


@pytest.mark.parametrize("name", ["gin_standard", "indian_rummy"])
def test_outcomes_are_the_unseen_cards_and_sum_to_one(name):
    rng = random.Random(1)
    game = new_chance_game(name, seed=2)
    bots = [make_agent("greedy", s) for s in range(game.state.players)]
    draws = deals = 0
    while len(game.state.history) < 1 and draws < 3:
        if game.is_chance_node:
            outcomes = game.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1)
            unseen = unseen_faces(game)
            total = sum(unseen.values())
            assert {c: pytest.approx(n / total) for c, n in unseen.items()} == dict(outcomes)
            draws += game.draw is not None
            deals += game.deal is not None
            cards, weights = zip(*outcomes)
            game.apply(rng.choices(cards, weights)[0])
        else:
            game.apply(bots[game.current_player].act(game.state))
    assert draws and deals


@pytest.mark.parametrize("name,actions", REPLAYED)
def test_choosing_a_seeded_games_outcomes_replays_it(name, actions):
    ref, game = new_game(name, seed=5), new_chance_game(name, seed=5)
    follow(game, ref, None)
    bots = [make_agent("greedy", s) for s in range(ref.players)]
    hands = len(ref.history)
    for _ in range(actions):
        if ref.is_terminal or len(ref.history) > hands + 1:
            break
        action = bots[ref.current_player].act(ref)
        stock = list(ref.stock)
        ref.apply(action)
        game.apply(action)
        follow(game, ref, stock)
        for seat in range(ref.players):
            assert json.dumps(game.observation(seat)) == json.dumps(ref.observation(seat))
    if name == "gin_standard":
        assert len(ref.history) > hands + 1      # whole hands, and the next ones' deals


def test_the_cards_chosen_are_the_cards_dealt():
    game = new_chance_game("gin_standard", seed=5)
    chosen = [card for card, _ in game.chance_outcomes()[-21:]]
    for card in chosen:
        game.apply(card)
    assert not game.is_chance_node
    state = game.state
    first, second = state.in_play
    assert state.names(state.hands[first]) == state.names(
        [c for c in dealt_order(state)[0][0:20:2]])
    assert sorted(state.names(state.hands[first] + state.hands[second]) +
                  game.observation(0)["discard"]) == sorted(chosen)
    assert game.observation(0)["discard"] == [chosen[20]]


def test_a_chance_node_refuses_an_action_and_a_seen_card():
    game = new_chance_game("gin_standard", seed=5)
    with pytest.raises(RummyError):
        game.apply("draw stock")
    for card, _ in game.chance_outcomes():
        if game.is_chance_node:
            game.apply(card)
    game.apply(game.legal_actions()[0])
    while not game.is_chance_node:
        game.apply("draw stock" if game.state.is_legal("draw stock") else
                   game.legal_actions()[0])
    seen = game.observation(0)["hand"][0]
    before = game.chance_outcomes()
    with pytest.raises(RummyError):
        game.apply(seen)
    assert game.chance_outcomes() == before


def mid_hand(name: str, seed: int, actions: int):
    state = new_game(name, seed=seed)
    bots = [make_agent("greedy", s) for s in range(state.players)]
    for _ in range(actions):
        state.apply(bots[state.current_player].act(state))
    return state


def all_cards(state) -> Counter:
    cards = Counter(c for h in state.hands for c in h)
    cards.update(state.stock + state.discard + [c for m in state.table for c, _ in m])
    cards.update(c for reserve in state.reserves for c in reserve)
    cards.update(c for aside in state.laid_aside.values() for c in aside)
    return cards


@pytest.mark.parametrize("name", ["gin_standard", "three_hand_gin", "indian_rummy",
                                  "basic_rummy_buying", "carousel"])
def test_resampling_keeps_what_the_seat_sees(name):
    rng = random.Random(4)
    state = mid_hand(name, 7, 9)
    original = state.to_json()
    changed = False
    for seat in state.in_play:
        twin = resample_hidden(state, seat, rng)
        assert json.dumps(twin.observation(seat)) == json.dumps(state.observation(seat))
        assert [len(h) for h in twin.hands] == [len(h) for h in state.hands]
        assert all_cards(twin) == all_cards(state)
        assert all(set(state.known[s]) <= set(twin.hands[s]) for s in state.in_play)
        changed |= twin.hands != state.hands
        twin.apply(twin.legal_actions()[0])          # the copy plays on
    assert changed and state.to_json() == original


def test_resampling_deals_the_face_down_reserve_hands_again():
    """Reserve hands (deal.reserve) are hidden from every seat: a determinisation does not
    leave them where they lie (a search would otherwise know them)."""
    state = mid_hand("basic_rummy_whole_pile", 3, 4)
    assert state.reserves and all(state.reserves)
    twins = [resample_hidden(state, state.current_player, random.Random(k)) for k in range(5)]
    assert all([len(r) for r in t.reserves] == [len(r) for r in state.reserves] for t in twins)
    assert all(all_cards(t) == all_cards(state) for t in twins)
    assert any(t.reserves != state.reserves for t in twins)


def test_resampling_reads_only_what_the_seat_may_know():
    state = mid_hand("gin_standard", 3, 7)
    twin = hidden_swapped(state)
    seat = state.current_player
    assert twin.hands != state.hands
    a = resample_hidden(state, seat, random.Random(9))
    b = resample_hidden(twin, seat, random.Random(9))
    assert a.hands == b.hands and a.stock == b.stock


def test_a_clone_is_independent():
    state = mid_hand("gin_standard", 2, 5)
    original = state.to_json()
    copy = clone(state)
    assert copy.to_json() == original
    copy.apply(copy.legal_actions()[0])
    assert state.to_json() == original and copy.to_json() != original
    game = ChanceState.wrap(state)
    other = game.clone()
    other.apply(other.legal_actions()[-1])
    assert state.to_json() == original


def test_a_reshuffle_makes_the_old_stock_come_first():
    variant = load_variant("basic_rummy")
    game = ChanceState.wrap(new_game(variant, seed=1))
    game.parts = [3, len(game.state.stock) - 3]      # as if the bottom had been reshuffled
    top = Counter(game.state.names(game.state.stock[-3:]))
    while not game.is_chance_node:
        game.apply("draw stock" if game.state.is_legal("draw stock") else
                   game.legal_actions()[0])
    outcomes = dict(game.chance_outcomes())
    assert set(outcomes) == set(top) and sum(outcomes.values()) == pytest.approx(1)


def test_resampling_after_a_reshuffle_keeps_what_the_seat_sees():
    state = new_game("basic_rummy", seed=11)
    bots = [make_agent("random", s) for s in range(state.players)]
    while not state.reshuffles:
        state.apply(bots[state.current_player].act(state))
    for _ in range(4):
        state.apply(bots[state.current_player].act(state))
    rng = random.Random(2)
    for seat in state.in_play:
        twin = resample_hidden(state, seat, rng)
        assert json.dumps(twin.observation(seat)) == json.dumps(state.observation(seat))
