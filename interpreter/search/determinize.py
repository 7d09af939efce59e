"""Copies of a state for search: :func:`clone`, and :func:`resample_hidden`, a determinisation
from one seat's information; the hidden cards are reached through the engine's privileged
entry point (:class:`interpreter.engine.game.Privileged`, docs/agent-api.md) and nothing else.

A determinisation keeps everything the seat may see (its observation is the same, as JSON)
and deals the cards it cannot see again among the places it cannot see into: the other
seats' hands (their cards it knows stay put: those taken from the discard pile, a hand
laid out in a spread, a hand its role advises), the stock and any reserve hands still face
down, each place keeping its size.

Bound: the stock is one pile here. After a reshuffle in the hand, the seat knows which cards
went under the stock; the determinisation does not keep them there.
"""
from __future__ import annotations

import random

from ..engine import State
from ..engine.game import Privileged


def clone(state: State) -> State:
    """An independent copy of ``state``."""
    return Privileged(state).clone()


def resample_hidden(state: State, seat: int, rng: random.Random) -> State:
    """A copy of ``state`` whose cards hidden from ``seat`` are shuffled among the hidden
    places (see the module doc); ``state`` itself is unchanged. The copy depends only on
    what ``seat`` may see and ``rng``: states the seat cannot tell apart give the same one."""
    cards = sorted(hidden_cards(state, seat))   # (from the cards alone: the same for every
    rng.shuffle(cards)                          # state the seat cannot tell apart)
    return redealt(state, seat, cards)


def hidden_cards(state: State, seat: int) -> list[int]:
    """The cards hidden from ``seat``, place by place (the other hands' cards it does not
    know, the stock from the bottom, the reserve hands): the order :func:`redealt` fills them
    in."""
    return Privileged(state).hidden_cards(seat)


def redealt(state: State, seat: int, cards: list[int]) -> State:
    """A copy of ``state`` holding ``cards`` (the hidden cards in another order) in the places
    :func:`hidden_cards` lists, its log telling the others' private draws by them."""
    return Privileged(state).redealt(seat, cards)


def held_deadwood(world: State) -> list[int]:
    """Each seat's deadwood in ``world`` by this hand's meld rules: for a search's own copy
    (a determinisation), every hand of which is the search's to read."""
    rules, cards = world.seat_view().meld_rules, Privileged(world)
    return [rules.deadwood(cards.hand_faces(s)) for s in range(world.player_count)]
