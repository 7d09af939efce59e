"""Seeded randomness, deck orders, dealing a hand, and the stock running low.

Every random choice comes from ``random.Random`` seeded with a string naming the master seed
and what is being decided (``"7/hand/3"``), so a game replays exactly from its seed, and a
state's JSON needs no generator state.
"""
from __future__ import annotations

import random
from enum import Enum

from ..errors import CardError
from ..model.views import knock_env
from . import counters


def rng(seed: int, *what) -> random.Random:
    return random.Random("/".join(map(str, (seed,) + what)))


def shuffled(cards: list[int], seed: int, *what) -> list[int]:
    out = list(cards)
    rng(seed, *what).shuffle(out)
    return out


def deck_order(deck_faces: tuple[int, ...], faces, order: list) -> list[int]:
    """Physical card ids for an explicit deck order given as notation or face ids, top first.

    The order must hold every card of the deck exactly once (copies counted).
    """
    wanted = faces.parse_many(order)
    pool: dict[int, list[int]] = {}
    for pid in reversed(range(len(deck_faces))):
        pool.setdefault(deck_faces[pid], []).append(pid)
    out = []
    for f in wanted:
        if not pool.get(f):
            raise CardError(f"deck order: too many {faces.name(f)} (the deck has "
                            f"{deck_faces.count(f)})")
        out.append(pool[f].pop())
    if len(out) != len(deck_faces):
        missing = sorted({faces.name(f) for f, left in pool.items() if left})
        raise CardError(f"deck order has {len(out)} cards, the deck {len(deck_faces)}; "
                        f"missing: {' '.join(missing)}")
    return out


def cut_order(n: int, seed: int, purpose: str, deck_faces: tuple[int, ...], faces) -> list[int]:
    """Seats from highest cut card to lowest: each seat draws a card, rank then suit decide."""
    cards = shuffled(list(range(len(deck_faces))), seed, purpose)[:n]

    def strength(pid: int) -> tuple[int, int]:
        face = deck_faces[pid]
        if faces.is_joker(face):
            return (len(faces.ranks), len(faces.suits))
        return (faces.rank_of(face), faces.suit_of(face))

    return sorted(range(n), key=lambda seat: strength(cards[seat]), reverse=True)


def deal(order: list[int], seats: list[int], hand_size: int, upcard: bool):
    """Deal one card at a time to ``seats`` in order, ``hand_size`` rounds, from the top.

    Returns (hands by seat, upcard or None, stock with its top card last).
    """
    hands: dict[int, list[int]] = {s: [] for s in seats}
    top = 0
    for _ in range(hand_size):
        for seat in seats:
            hands[seat].append(order[top])
            top += 1
    up = None
    if upcard:
        up = order[top]
        top += 1
    stock = order[top:][::-1]
    return hands, up, stock


def deal_hand(state) -> None:
    """Deal the next hand (explicit deck orders first, then seeded shuffles); every hand and
    turn field starts afresh."""
    v = state.variant
    state.deals += 1
    state.derive()
    if state.deck_orders:
        order = state.deck_orders.pop(0)
    else:
        order = shuffled(list(range(len(state.face_of))), state.seed, "hand", state.deals)
    state.reset("hand")
    state.reset("turn")
    counters.start(state, "hand")
    size = v.hand_size(state.players, state.deals)
    hands, up, stock = deal(order, state.in_play, size, v.deal.upcard)
    state.hands = [hands.get(s, []) for s in range(state.players)]
    state.discard = [up] if up is not None else []
    state.upcard = state.face_of[up] if up is not None else None
    state.stock = stock
    state.known = [[] for _ in range(state.players)]
    if v.wilds.turned_card and state.stock:
        state.turned = state.stock.pop()
    state.derive_wilds()


def instant_winner(state) -> int | None:
    """The first seat, from the first player on, whose dealt hand wins at once
    (``deal.instant_win``), or None."""
    rule = state.variant.deal.instant_win
    if rule is None:
        return None
    for seat in state.in_play:
        if rule.when(knock_env(state, seat, state.hand_faces(seat))):
            return seat
    return None


class LowStock(Enum):
    """What the end of a turn does about the stock."""

    PLAY_ON = "play_on"        # the next player's turn
    VOID = "void"              # the hand is void
    SCORE = "score"            # the hands are counted now
    LAST_LAP = "last_lap"      # the last lap: ``state.last_lap`` says who plays
    WALL = "wall"              # the next player is at the wall (knock with the discard or pass)


_PLAY_ON = LowStock.PLAY_ON                # read once per turn: a constant is faster


def after_turn(state, seat: int) -> LowStock:
    """The stock rule after ``seat``'s turn (and the last lap, once it has begun)."""
    if state.last_lap is not None:          # this seat has had its last turn
        state.last_lap.pop(0)
        return LowStock.LAST_LAP if state.last_lap else LowStock.SCORE
    rules = state.variant.stock
    if len(state.stock) > rules.exhausted_at:
        return _PLAY_ON
    if rules.then == "void_hand":
        return LowStock.VOID
    if rules.then == "end_round":
        return LowStock.SCORE
    if rules.then == "knock_or_void":
        return LowStock.WALL
    if rules.then == "last_lap":
        start_last_lap(state, seat, others_only=False)
        return LowStock.LAST_LAP
    return LowStock.PLAY_ON if _reshuffle(state) else LowStock.VOID


def start_last_lap(state, seat: int, others_only: bool) -> list[int]:
    """Every player after ``seat`` (and ``seat`` itself last, unless ``others_only``) has one
    more turn; returns them in order."""
    order = state.in_play
    at = order.index(seat)
    state.last_lap = order[at + 1:] + order[:at if others_only else at + 1]
    return state.last_lap


def _reshuffle(state) -> bool:
    """The discard pile but its top card, shuffled, goes under the stock; False if the guard
    on reshuffles is reached or there is nothing to reshuffle."""
    limit = state.variant.stock.max_reshuffles
    if (limit is not None and state.reshuffles >= limit) or len(state.discard) < 2:
        return False
    state.reshuffles += 1
    pile, state.discard = state.discard[:-1], state.discard[-1:]
    state.stock = shuffled(pile, state.seed, "hand", state.deals, "reshuffle",
                           state.reshuffles) + state.stock
    return True
