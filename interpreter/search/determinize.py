"""Copies of a state for search: :func:`clone`, and :func:`resample_hidden`, a determinisation
from one seat's information.

A determinisation keeps everything the seat may see (its observation is the same, as JSON)
and deals the cards it cannot see again among the places it cannot see into: the other
seats' hands (their cards it knows stay put: ``state.known``, a hand laid out in a spread, a
hand its role advises) and the stock, each place keeping its size.

Bound: the stock is one pile here. After a reshuffle in the hand, the seat knows which cards
went under the stock; the determinisation does not keep them there.
"""
from __future__ import annotations

import random

from ..engine import State


def clone(state: State) -> State:
    """An independent copy of ``state`` (a snapshot, restored into a new State)."""
    return restored(state, state.snapshot())


def restored(state: State, snapshot: dict) -> State:
    """A new State of ``state``'s variant holding ``snapshot`` (see ``State.snapshot``)."""
    copy = State(variant=state.variant)
    copy.action_cache = state.action_cache            # (immutable actions, made once a game)
    copy.restore(snapshot)
    return copy


def visible_hands(state: State, seat: int) -> set[int]:
    """Seats whose whole hand ``seat`` sees: its own, a hand laid out in a spread, a hand
    its role advises (as in :func:`interpreter.engine.observe.observation`)."""
    seen = {seat}
    if state.spread is not None:
        seen.update(state.spread.arranged)
    roles, advise = state.roles, state.variant.roles.advise if state.variant.roles else {}
    if roles:
        for role, advised in advise.items():
            if roles.get(role) == seat and advised in roles:
                seen.add(roles[advised])
    return seen


def resample_hidden(state: State, seat: int, rng: random.Random) -> State:
    """A copy of ``state`` whose cards hidden from ``seat`` are shuffled among the hidden
    places (see the module doc); ``state`` itself is unchanged. The copy depends only on
    what ``seat`` may see and ``rng``: states the seat cannot tell apart give the same one."""
    cards = sorted(hidden_cards(state, seat))   # (from the cards alone: the same for every
    rng.shuffle(cards)                          # state the seat cannot tell apart)
    return redealt(state, seat, cards)


def hidden_cards(state: State, seat: int) -> list[int]:
    """The cards hidden from ``seat``, place by place (the other hands' cards it does not
    know, then the stock from the bottom): the order :func:`redealt` fills them in."""
    return [place[i] for place, i in _slots(state, seat, state.hands, state.stock)]


def redealt(state: State, seat: int, cards: list[int]) -> State:
    """A copy of ``state`` holding ``cards`` (the hidden cards in another order) in the places
    :func:`hidden_cards` lists, its log telling the others' private draws by them."""
    data = state.snapshot()                          # (copies: changed freely below)
    slots = _slots(state, seat, data["hands"], data["stock"])
    old = [place[i] for place, i in slots]
    for (place, i), card in zip(slots, cards):
        place[i] = card
    data["log"] = relabelled(data["log"], seat, dict(zip(old, cards)))
    return restored(state, data)


def _slots(state: State, seat: int, hands: list[list[int]],
           stock: list[int]) -> list[tuple[list[int], int]]:
    """(a place, an index in it) for each card hidden from ``seat``, in ``hands`` and
    ``stock`` (``state``'s or a snapshot's)."""
    seen = visible_hands(state, seat)
    slots: list[tuple[list[int], int]] = []
    for other, hand in enumerate(hands):
        if other in seen:
            continue
        known = set(state.known[other])
        slots += [(hand, i) for i, card in enumerate(hand) if card not in known]
    return slots + [(stock, i) for i in range(len(stock))]


def relabelled(log: list, seat: int, moved: dict[int, int]) -> list:
    """The hand's log telling the others' private draws (the cards only the actor saw, as
    :mod:`interpreter.engine.story` tells them: a stock draw's, a buy's penalty cards) by the
    cards now in their places, so that each seat's view of the copy names its own cards."""
    moved = {a: b for a, b in moved.items() if a != b}
    if not moved:
        return log
    out = []
    for entry in log:
        actor, action, cards, event = entry
        if actor != seat and action is not None and any(c in moved for c in cards):
            shown = 1 if action.kind == "buy" else 0 if (
                action.kind == "draw" and action.pile == "stock") else len(cards)
            entry = (actor, action, cards[:shown] + tuple(moved.get(c, c)
                                                          for c in cards[shown:]), event)
        out.append(entry)
    return out
