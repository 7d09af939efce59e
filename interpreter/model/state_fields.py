"""How the game state is declared: every field, in the core or in a rule's slice, says its
lifetime, its start and its *kind*; saving, loading, snapshots, the saved-game schema and the
saved-game checks are all derived from these declarations (``docs/state.md``).

A rule keeps its memory in a *slice*: a dataclass mixin with ``__slots__ = ()`` declared in
the rule's own module, whose fields are made by :func:`state_field`. The game state
(:class:`interpreter.engine.state.GameState`) is the core plus the slices.

A kind is what a field holds, in the terms a saved game is checked in: its JSON Schema (with
references to the saved-game schema's ``$defs``) and a walk that shows the checker every seat
and card id in a value. A card-holding field also says whether its cards *lie* there (each
card of the deck lies in exactly one place) or are only *named* there (a reference).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

LIFETIMES = ("match", "hand", "turn", "position")
PLACE, NAMED = "place", "named"        # where a field's card ids lie, or only name cards


class Checker(Protocol):
    """What a kind's walk reports to (:mod:`interpreter.engine.saved_checks`)."""

    players: int

    def seat(self, path: str, seat: int) -> None:
        """A seat number, which must be one of the players'."""

    def card(self, path: str, card: int, place: bool | None = None) -> None:
        """A card id, lying at ``path`` or named there (None: as its field declares)."""

    def melds(self, path: str, melds: list) -> None:
        """Melds as lists of [card id, face shown] pairs, whose cards lie there."""

    def fail(self, path: str, message: str) -> Exception:
        """The error to raise for a broken invariant at ``path``."""


Walk = Callable[[Any, str, Checker], None]


@dataclass(frozen=True)
class Kind:
    """What a state field holds: its saved form's schema, and what the checker must see."""

    name: str
    schema: dict[str, Any]
    walk: Walk | None = None             # shows seats and cards of a value to the checker
    per_seat: bool = False               # a list with one entry per player
    holds_cards: bool = False            # its values hold card ids (a field says where they lie)


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


def _one_seat(value: int, at: str, check: Checker) -> None:
    check.seat(at, value)


def _each_seat(value: Iterable[int], at: str, check: Checker) -> None:
    for i, seat in enumerate(value):
        check.seat(f"{at}[{i}]", seat)


def _seat_keys(value: dict, at: str, check: Checker) -> None:
    for key in value:
        check.seat(f"{at}[{key!r}]", int(key))


def _one_card(value: int, at: str, check: Checker) -> None:
    check.card(at, value)


def _each_card(value: Iterable[int], at: str, check: Checker) -> None:
    for i, card in enumerate(value):
        check.card(f"{at}[{i}]", card)


def _cards_per_seat(value: list[list[int]], at: str, check: Checker) -> None:
    for seat, cards in enumerate(value):
        _each_card(cards, f"{at}[{seat}]", check)


def _cards_by_seat_key(value: dict, at: str, check: Checker) -> None:
    for key, cards in value.items():
        check.seat(f"{at}[{key!r}]", int(key))
        _each_card(cards, f"{at}[{key!r}]", check)


def _melds(value: list, at: str, check: Checker) -> None:
    check.melds(at, value)


def _seat_map(of: str) -> dict[str, Any]:
    return {"type": "object", "maxProperties": 64, "propertyNames": _ref("seat_key"),
            "additionalProperties": _ref(of)}


COUNT = Kind("count", _ref("count"))
NUMBER = Kind("number", _ref("number"))
FLAG = Kind("flag", {"type": "boolean"})
SEAT = Kind("seat", _ref("seat"), _one_seat)
SEATS = Kind("seats", _ref("seats"), _each_seat)                 # distinct seats
SEAT_LIST = Kind("seat list", {"type": "array", "maxItems": 10000, "items": _ref("seat")},
                 _each_seat)                                     # a seat per item of a list
SEAT_COUNTS = Kind("seat counts", _seat_map("count"), _seat_keys)
SEAT_NUMBERS = Kind("seat numbers", _seat_map("number"), _seat_keys)
PER_SEAT_COUNTS = Kind("per-seat counts", {"type": "array", "maxItems": 64,
                                           "items": _ref("count")}, per_seat=True)
PER_SEAT_NUMBERS = Kind("per-seat numbers", _ref("per_seat_numbers"), per_seat=True)
CARD = Kind("card", _ref("card"), _one_card, holds_cards=True)
CARDS = Kind("cards", _ref("cards"), _each_card, holds_cards=True)
PER_SEAT_CARDS = Kind("per-seat cards", {"type": "array", "maxItems": 64, "items": _ref("cards")},
                      _cards_per_seat, per_seat=True, holds_cards=True)
SEAT_CARDS = Kind("seat cards", _seat_map("cards"), _cards_by_seat_key, holds_cards=True)
MELDS = Kind("melds", {"type": "array", "maxItems": 10000, "items": _ref("meld")}, _melds,
             holds_cards=True)


def state_field(lifetime: str, kind: Kind, start: Any = None, factory: Any = None, *,
                cards: str | None = None, key: str | None = None, grows: bool = False,
                added: bool = False, owner: str | None = None, doc: str | None = None) -> Any:
    """A field of the game state: reset to ``start`` (or ``factory()``) at the start of each
    ``lifetime``; saved under ``key`` (default: its name) as ``kind`` says. ``cards``: PLACE
    or NAMED for a field holding card ids; ``grows``: a list only ever appended to (its saved
    form is kept between saves); ``added``: a core field added to the saved-game format after
    its version 1, which a game saved before it lacks (a rule's slice fields may always be
    missing: both load with their start); ``owner``: the module (under ``interpreter``) that
    writes it, by default the one declaring it; ``doc``: its description in the saved-game
    schema."""
    assert lifetime in LIFETIMES, lifetime
    assert (cards in (PLACE, NAMED)) == kind.holds_cards, f"say where a {kind.name} field's cards lie"
    meta = {"lifetime": lifetime, "kind": kind, "cards": cards, "key": key, "grows": grows,
            "added": added, "owner": owner, "doc": doc}
    if factory is not None:
        return field(default_factory=factory, metadata=meta)
    return field(default=start, metadata=meta)


def data_fields(cls: type) -> list[dataclasses.Field]:
    """The fields of a state class that are saved (every field but the derived ones)."""
    return [f for f in dataclasses.fields(cls) if "kind" in f.metadata]


def declared_in(cls: type) -> dict[str, type]:
    """Each data field of ``cls`` with the class (core or slice) that declares it."""
    found: dict[str, type] = {}
    for klass in reversed(cls.__mro__):
        for name in klass.__dict__.get("__annotations__", {}):
            found[name] = klass
    return found


def owner_of(cls: type, f: dataclasses.Field) -> str:
    """The module that writes field ``f`` of state class ``cls``, as ``engine.turn``."""
    named = f.metadata["owner"]
    if named is not None:
        return named
    return declared_in(cls)[f.name].__module__.removeprefix("interpreter.")
