"""The kinds of the core state's own fields (see :mod:`interpreter.model.state_fields`): the
match's seed and deck orders, the hand's log and the position. Their walks show the saved-game checker every seat and card in them."""
from __future__ import annotations

import functools

from ..errors import IllegalAction
from ..model.actions import Action, show
from ..model.state_fields import Checker, Kind
from .story import EVENTS

parse_action = functools.lru_cache(maxsize=4096)(Action.parse)    # (notations repeat)


def _orders(value: list[list[int]], at: str, check: Checker) -> None:
    for k, order in enumerate(value):
        for i, card in enumerate(order):
            check.card(f"{at}[{k}][{i}]", card)


def _entries(value: list, at: str, check: Checker) -> None:
    """Each entry [seat, notation or null, card ids, phase or event] (not checked by the
    schema: per entry, it would make loading slow)."""
    for i, entry in enumerate(value):
        here = f"{at}[{i}]"
        if type(entry) is not list or len(entry) != 4:
            raise check.fail(here, f"expected [seat, action, cards, event], got {show(entry)}")
        seat, action, cards, event = entry
        if type(seat) is not int or seat < 0:
            raise check.fail(f"{here}[0]", f"expected a seat, got {show(seat)}")
        check.seat(f"{here}[0]", seat)
        if action is not None:
            if type(action) is not str:
                raise check.fail(f"{here}[1]", "expected an action's notation or null, got "
                                 f"{show(action)}")
            try:
                parse_action(action)
            except IllegalAction as error:
                raise check.fail(f"{here}[1]", str(error)) from None
        if type(cards) is not list or not all(type(c) is int and c >= 0 for c in cards):
            raise check.fail(f"{here}[2]", f"expected a list of card ids, got {show(cards)}")
        for j, card in enumerate(cards):
            check.card(f"{here}[2][{j}]", card)
        if event not in EVENTS:
            raise check.fail(f"{here}[3]", f"expected one of {', '.join(EVENTS)}, got "
                             f"{show(event)}")


PLAYER_COUNT = Kind("player count", {"type": "integer", "minimum": 1, "maximum": 64})
SEED = Kind("seed", {"type": "integer", "minimum": -2 ** 63, "maximum": 2 ** 63 - 1})
DECK_ORDERS = Kind("deck orders", {"type": "array", "maxItems": 10000,
                                   "items": {"$ref": "#/$defs/cards"}}, _orders, holds_cards=True)
LOG = Kind("log", {"type": "array", "maxItems": 100000}, _entries, holds_cards=True)
STEP = Kind("step", {"type": "integer", "minimum": 0, "maximum": 99})
