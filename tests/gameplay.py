"""Helpers shared by the scenario and bot tests: card lists, playing notation, reading actions."""
from __future__ import annotations

import json

from interpreter import State

FULL_DECK = [r + s for s in "cdhs" for r in "A23456789TJQK"]


def cards(text) -> list[str]:
    return text.split() if isinstance(text, str) else list(text)


def play(g, *actions) -> None:
    for a in actions:
        g.apply(a)


def knocks(g) -> set[str]:
    return {str(a) for a in g.legal_actions() if a.kind == "knock"}


def layoffs(g) -> set[str]:
    return {str(a) for a in g.legal_actions() if a.kind == "layoff"}


def hidden_swapped(state: State) -> State:
    """The same state with the other hands' unseen cards traded for stock cards and the stock
    reordered: nothing the seat to act may know has changed."""
    doc = json.loads(state.to_json())
    data = doc["state"]
    seat, stock = state.current_player, data["stock"]
    for other in state.in_play:
        if other == seat:
            continue
        hand, known = data["hands"][other], set(data["known"][other])
        for i, card in enumerate(hand):
            if card not in known and stock:
                hand[i] = stock.pop(0)
                stock.append(card)
    stock.reverse()
    return State.from_json(json.dumps(doc), state.variant)


def draw_and_discard(g) -> str:
    """The player to act draws from the stock and discards the card drawn; returns it."""
    seat = g.current_player
    before = set(g.observation(seat)["hand"])
    g.apply("draw stock")
    (card,) = set(g.observation(seat)["hand"]) - before
    g.apply(f"discard {card}")
    return card
