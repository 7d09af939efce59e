"""Deck orders and dealing a hand, from the match's seed (:mod:`interpreter.model.randomness`)
or an explicit deck order. The stock running low is the stock rule's
(:mod:`interpreter.rules.stock`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import CardError
from ..model.randomness import shuffled
from ..rules import counters

if TYPE_CHECKING:
    from .state import GameState


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


def deal_hand(state: GameState) -> None:
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
    v.deal.after_deal(state)
    if v.special_cards is not None:
        v.special_cards.after_deal(state)
