"""Determinisations weighted by the opponents' choices (interpreter.search.inference)."""
from __future__ import annotations

import random

import pytest

from interpreter import new_game
from interpreter.agents import make_agent
from interpreter.search import resample_hidden
from interpreter.search.inference import Reader, likelihood, sampled_worlds


def played(seed: int, actions: int):
    state = new_game("gin_standard", seed=seed)
    strong = make_agent("strong", 0)
    for _ in range(actions):
        state.apply(strong.act(state))
    return state


def faces(state, text: str) -> list[int]:
    return [state.variant.faces.parse(card) for card in text.split()]


def test_a_card_taken_fits_a_hand_it_melds_with():
    state = new_game("gin_standard", seed=1)
    reader = Reader(state)
    top = faces(state, "9h")[0]
    melding = faces(state, "7h 8h Kc Qd Js 2c 4d 6s 3h Tc")
    lone = faces(state, "2s 4s 6c 8d Tc Qh Kd 3c 5d Js")
    assert reader.take(melding, top, True) == 1
    assert reader.take(lone, top, True) == reader.miss
    assert reader.take(lone, top, False) == 1


def test_a_discard_breaking_a_meld_does_not_fit():
    state = new_game("gin_standard", seed=1)
    reader = Reader(state)
    hand = faces(state, "7h 8h 9h Kc Qd Js 2c 4d 6s 3h Tc")
    fits = reader.discard(hand, faces(state, "Kc")[0], turn=20)
    assert fits > 0
    assert reader.discard(hand, faces(state, "8h")[0], turn=20) == pytest.approx(
        reader.miss * fits)


def test_the_true_hands_fit_better_than_uniform_ones():
    state = played(3, 20)
    seat = state.current_player
    reader, rng = Reader(state), random.Random(1)
    uniform = [likelihood(resample_hidden(state, seat, rng), seat, reader) for _ in range(50)]
    assert likelihood(state, seat, reader) > sum(uniform) / len(uniform)


def test_sampled_worlds_give_the_opponent_better_hands_than_uniform_ones():
    state = played(3, 20)
    seat, other = state.current_player, 1 - state.current_player
    reader, rng = Reader(state), random.Random(2)
    deadwood = state.meld_rules.deadwood

    def mean(worlds) -> float:
        return sum(deadwood(w.hand_faces(other)) for w in worlds) / len(worlds)
    sampled = sampled_worlds(state, seat, rng, reader, 200, 20)
    uniform = [resample_hidden(state, seat, rng) for _ in range(20)]
    assert len(sampled) == 20
    assert mean(sampled) < mean(uniform) - 5


def test_sampled_worlds_keep_what_the_seat_sees_and_read_nothing_else():
    state = played(5, 15)
    seat = state.current_player
    twin = resample_hidden(state, seat, random.Random(3))      # (its log tells its cards)
    assert twin.hands != state.hands
    a = sampled_worlds(state, seat, random.Random(4), Reader(state), 60, 5)
    b = sampled_worlds(twin, seat, random.Random(4), Reader(twin), 60, 5)
    for world, other in zip(a, b):
        assert world.observation(seat) == state.observation(seat)
        assert world.hands == other.hands and world.stock == other.stock
