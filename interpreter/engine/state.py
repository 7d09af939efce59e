"""The game state, declared once: every field with its type, its lifetime and the one module
that writes it. JSON save/load and snapshot/restore are derived from this declaration.

Lifetimes: ``match`` fields last the whole match, ``hand`` fields are reset by each deal,
``turn`` fields at the start of each turn; ``position`` says who acts and where. Derived
fields (the variant, card faces, caches) are worked out again from the rest, never saved.
"""
from __future__ import annotations

import ast
import collections.abc
import copy as copying
import dataclasses
import functools
import types
import typing
from dataclasses import dataclass, field
from enum import Enum
from importlib.resources import files
from typing import Any, Callable, Mapping

from ..errors import IllegalAction
from ..melds import MeldRules
from ..model.actions import Action
from ..model.variant import Variant
from ..steps.spread import Spreads
from .story import Entry


class Phase(str, Enum):
    """What the game is waiting for."""

    OFFER = "offer"            # the upcard offer before the first turn of a hand
    TURN = "turn"              # a player's turn, step by step
    SPREAD = "spread"          # the spread and layoffs after a knock
    WALL = "wall"              # the stock is at its last cards: knock with the discard, or pass
    BUY = "buy"                # the others are asked in turn whether they buy the discard
    OVER = "over"              # the match has ended


def _field(lifetime: str, owner: str, default: Any = None, factory: Any = None,
           key: str | None = None, grows: bool = False) -> Any:
    """A data field; ``grows``: a list only ever appended to (its JSON form is kept)."""
    meta = {"lifetime": lifetime, "owner": owner, "key": key, "grows": grows}
    if factory is not None:
        return field(default_factory=factory, metadata=meta)
    return field(default=default, metadata=meta)


def _derived(default: Any = dataclasses.MISSING, factory: Any = dataclasses.MISSING) -> Any:
    """A field :meth:`GameState.derive` works out (never saved); without a default it is
    unset until then."""
    return field(default=default, default_factory=factory, init=False, repr=False,
                 compare=False, metadata={"lifetime": "derived"})


@dataclass(eq=False, slots=True)
class GameState:
    """A match's data (the rules are its Variant's); :class:`interpreter.engine.State` adds the
    public API. ``owner`` names the module (under ``interpreter``) that writes a field."""

    # ---- the match
    players: int = _field("match", "engine.game", 2)
    seed: int = _field("match", "engine.game", 0)
    deck_orders: list[list[int]] = _field("match", "engine.game", factory=list, key="decks")
    totals: list[int] = _field("match", "engine.scoring", factory=list, key="scores")
    rounds_won: list[int] = _field("match", "engine.scoring", factory=list)
    hands_played: int = _field("match", "engine.scoring", 0)
    deals: int = _field("match", "engine.dealing", 0)
    dealer: int = _field("match", "engine.seating", 0)
    roles: dict[str, int] | None = _field("match", "engine.seating", None)
    over: bool = _field("match", "engine.scoring", False)
    stopped: bool = _field("match", "engine.scoring", False)   # over by the guard, unfinished
    eliminated: list[int] = _field("match", "engine.scoring", factory=list)   # out of the match
    counters: dict[str, list[float]] = _field("match", "engine.counters", factory=dict)
    history: list[Mapping[str, Any]] = _field("match", "engine.scoring", factory=list)  # records
    # are never changed once written
    # ---- the hand
    stock: list[int] = _field("hand", "engine.dealing", factory=list)
    discard: list[int] = _field("hand", "engine.dealing", factory=list)
    hands: list[list[int]] = _field("hand", "engine.dealing", factory=list)
    upcard: int | None = _field("hand", "engine.dealing", None)
    turned: int | None = _field("hand", "engine.dealing", None)   # set aside: names the wild rank
    known: list[list[int]] = _field("hand", "engine.dealing", factory=list)
    reshuffles: int = _field("hand", "engine.dealing", 0)
    last_lap: list[int] | None = _field("hand", "engine.dealing", None)
    offer: list[int] = _field("hand", "steps.offer_upcard", factory=list)
    table: list[list[list[int]]] = _field("hand", "steps.table_melds", factory=list)
    table_owners: list[int] = _field("hand", "steps.table_melds", factory=list)  # who laid
    # each table meld (index as in ``table``)
    opened: list[int] = _field("hand", "steps.table_melds", factory=list)
    table_points: dict[int, int] = _field("hand", "steps.table_melds", factory=dict)  # seat ->
    # points of the hand cards it put on the table
    table_laid_off: dict[int, int] = _field("hand", "steps.table_melds", factory=dict)  # seat ->
    # hand cards it laid off onto other players' table melds
    knocker: int | None = _field("hand", "steps.knock", None)
    kept_all: bool = _field("hand", "steps.knock", False)
    spread: Spreads | None = _field("hand", "steps.spread", None)
    defenders: list[int] = _field("hand", "steps.spread", factory=list)
    went_out: int | None = _field("hand", "engine.turn", None)
    discarder: int | None = _field("hand", "steps.discard", None)   # seat of the top discard
    buys: dict[int, int] = _field("hand", "steps.buying", factory=dict)   # seat -> buys made
    turns: int = _field("hand", "engine.turn", 0)
    log: list[Entry] = _field("hand", "engine.story", factory=list, grows=True)   # one entry per action
    # and deal-time event, see engine.story
    # ---- the turn
    stock_only: bool = _field("turn", "steps.offer_upcard", False)
    taken: int | None = _field("turn", "steps.draw", None)
    must_use: int | None = _field("turn", "steps.draw", None)   # a depth draw's deepest card,
    # to be melded this turn (pending while it is in the hand)
    draws: int = _field("turn", "steps.draw_until_meld", 0)
    melded: bool = _field("turn", "steps.table_melds", False)
    buyers: list[int] = _field("turn", "steps.buying", factory=list)   # still to be asked,
    # the first being asked now
    in_turn: int | None = _field("turn", "steps.buying", None)   # whose turn a buying stage holds
    # ---- who acts, and where
    phase: Phase = _field("position", "engine.turn", Phase.TURN)
    player: int = _field("position", "engine.turn", 0)
    step: int = _field("position", "engine.turn", 0)
    # ---- derived
    variant: Variant = field(kw_only=True, repr=False, compare=False,   # the rules followed
                             metadata={"lifetime": "derived"})
    face_of: tuple[int, ...] = _derived(())
    plain: bool = _derived(True)                 # card ids are faces (one deck, no copies)
    meld_rules: MeldRules = _derived()           # the variant's, with this hand's wild rank
    top_points: int = _derived(0)                # the most a card counts by ``meld_rules``
    in_play: list[int] = _derived()              # seats dealt a hand, from left of the dealer
    action_cache: dict = _derived(factory=dict)  # (kept by derive: actions made once a game)
    legal_cache: Any = _derived(None)
    quiet_steps: tuple = _derived(())           # the variant's, read per action (engine.turn)
    log_views: dict = _derived(factory=dict)    # the log as each seat reads it (engine.story)
    json_kept: dict = _derived(factory=dict)    # growing fields' JSON so far (to_data)

    # ---- lifetimes ------------------------------------------------------------------------
    def reset(self, lifetime: str) -> None:
        """Give every field of ``lifetime`` its declared starting value."""
        _RESETS[lifetime](self)

    def derive(self) -> None:
        """Work out the derived fields from the variant, the seats, the dealer and roles."""
        deck = self.variant.deck_for(self.players)
        self.face_of = deck.faces_of
        self.plain = all(f == c for c, f in enumerate(self.face_of))
        roles = self.variant.roles
        seats: list[int] = [s for s in range(self.players) if s not in self.eliminated]
        if roles and self.roles:
            playing = {self.roles[r] for r in roles.play}
            seats = [s for s in seats if s in playing]
        n, first = self.players, self.dealer + (self.variant.deal.first_player == "left_of_dealer")
        self.in_play = sorted(seats, key=lambda s: (s - first) % n)
        self.legal_cache = None
        self.log_views, self.json_kept = {}, {}
        self.quiet_steps = self.variant.quiet_steps
        self.derive_wilds()

    def derive_wilds(self) -> None:
        """The meld rules of this hand: its wild rank by the round or the turned card."""
        v = self.variant
        turned = None if self.turned is None else self.face_of[self.turned]
        self.meld_rules = v.rules_for(v.wild_rank(max(self.deals, 1), self.players, turned)
                                      if v.wilds.ranks_vary else None)
        self.top_points = max(self.meld_rules.points, default=0)

    # ---- JSON, snapshots ------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """Every data field as JSON values, under its key: a saved game's ``state``."""
        data = {key: encode(getattr(self, name)) for name, key, encode in _ENCODERS}
        for name, key, encode in _GROWING:
            data[key] = self._grown(name, encode)
        return data

    def _grown(self, name: str, encode: Callable[[Any], Any]) -> list:
        """An append-only list field as JSON values: the items written before are kept (the
        log of a long hand is saved after every action by a server) until it is another list."""
        value = getattr(self, name)
        kept = self.json_kept.get(name)
        if kept is None or kept[0] is not value:
            kept = self.json_kept[name] = (value, [])
        done: list = kept[1]
        done.extend(map(encode, value[len(done):]))
        return list(done)

    def load_data(self, data: dict) -> None:
        """Set every data field from :meth:`to_data`'s form, then the derived ones."""
        for f in _DATA:
            setattr(self, f.name, _DECODERS[f.name](data[_key(f)]))
        self.derive()

    def snapshot(self) -> dict[str, Any]:
        """A copy of every data field, for :meth:`restore`."""
        return _snapshot(self)

    def restore(self, snapshot: dict[str, Any]) -> None:
        """Set every data field to its value in ``snapshot``. Lists and dicts are refilled in
        place (a list of lists down to the inner lists, when their count is unchanged), so
        what a caller holds (``state.history``, a hand) stays the state's own after a
        refused or trial move."""
        for name, value in snapshot.items():
            current = getattr(self, name)
            if type(current) is list and type(value) is list:
                _refill(current, value)
            elif type(current) is dict and type(value) is dict:
                current.clear()
                current.update(value)
            else:
                setattr(self, name, value)
        self.derive()

    # ---- reading cards ----------------------------------------------------------------------
    def names(self, cards) -> list[str]:
        """Notation of physical cards, in the variant's sort order."""
        faces, face_of = self.variant.faces, self.face_of
        return list(map(faces.name, sorted((face_of[c] for c in cards), key=faces.sort_key)))

    def hand_faces(self, seat: int) -> list[int]:
        """Faces of a seat's cards (the hand list itself when card ids are faces: read only)."""
        if self.plain:
            return self.hands[seat]
        face_of = self.face_of
        return [face_of[c] for c in self.hands[seat]]

    def card_actions(self, kind: str) -> list[Action]:
        """The Action of ``kind`` naming each face (index = face), made once per game."""
        found = self.action_cache.get(kind)
        if found is None:
            name = self.variant.faces.name
            found = self.action_cache[kind] = [Action(kind, cards=(name(f),))
                                               for f in range(self.variant.faces.count)]
        return found

    def card_in_hand(self, seat: int, name: str) -> int:
        """A card of the seat's hand showing ``name`` (with copies, the first held)."""
        face = self.variant.faces.parse(name)
        hand = self.hands[seat]
        if self.plain:
            if face in hand:
                return face
        else:
            for c in hand:
                if self.face_of[c] == face:
                    return c
        raise IllegalAction(f"seat {seat} holds no {name}")

    def next_in_play(self, seat: int) -> int:
        order = self.in_play
        return order[(order.index(seat) + 1) % len(order)]


def _refill(current: list, value: list) -> None:
    """Make ``current`` equal to ``value`` keeping its identity, and its inner lists' when
    both hold as many lists."""
    if len(current) == len(value) and all(type(a) is list and type(b) is list
                                          for a, b in zip(current, value)):
        for inner, new in zip(current, value):
            _refill(inner, new)
    else:
        current[:] = value


_DATA = [f for f in dataclasses.fields(GameState) if f.metadata["lifetime"] != "derived"]


def _declared_types() -> dict[str, Any]:
    """Each field's type as declared in this file, which it reads: in the compiled build
    (:mod:`interpreter.native`) a class keeps only the outer class of each annotation."""
    source = files(__name__.rpartition(".")[0]).joinpath("state.py").read_text("utf-8")
    declared = next(node for node in ast.parse(source).body
                    if isinstance(node, ast.ClassDef) and node.name == "GameState")
    return {node.target.id: eval(ast.unparse(node.annotation), globals())
            for node in declared.body
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}


_TYPES = _declared_types()
FIELDS = {f.name: dict(f.metadata) for f in _DATA}


def _reset_function(lifetime: str):
    """A function giving every field of ``lifetime`` its starting value, generated from the
    declaration as dataclasses generates ``__init__`` (a loop of setattr is slower, and resets
    run every turn)."""
    values: dict[str, Any] = {}
    lines = ["def reset(state):"]
    for f in _DATA:
        if f.metadata["lifetime"] == lifetime:
            if f.default_factory is not dataclasses.MISSING:
                values[f"make_{f.name}"] = f.default_factory
                lines.append(f"    state.{f.name} = make_{f.name}()")
            else:
                values[f"start_{f.name}"] = f.default
                lines.append(f"    state.{f.name} = start_{f.name}")
    exec("\n".join(lines + ["    return None"]), values)
    return values["reset"]


_RESETS = {lifetime: _reset_function(lifetime) for lifetime in ("match", "hand", "turn", "position")}
reset_turn = _RESETS["turn"]          # state.reset("turn") without the look-up (every turn)


def _key(f: dataclasses.Field) -> str:
    return f.metadata["key"] or f.name


def _encode(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value):
        return {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return str(value) if type(value) is Action else [_encode(v) for v in value]
    return value


def _same(value: Any) -> Any:
    return value


def _encoder(kind: Any) -> Callable[[Any], Any]:
    """A function writing a value of the declared type ``kind`` as JSON values: for numbers,
    strings, actions and lists or tuples of them, a fast one; else :func:`_encode`."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind in (int, bool, str):
        return _same
    if kind is Action:
        return str
    if origin in (typing.Union, types.UnionType):
        inner = _encoder(next(a for a in args if a is not type(None)))
        return _same if inner is _same else (lambda value: None if value is None else inner(value))
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        item = _encoder(args[0])
        return list if item is _same else (lambda value: [item(v) for v in value])
    if origin is tuple:
        return _each_of([_encoder(a) for a in args], "[{}]")
    return _encode


def _each_of(parts: list[Callable[[Any], Any]], form: str) -> Callable[[Any], Any]:
    """A function applying ``parts[i]`` to item i of a fixed-size tuple or list, giving them in
    ``form`` ("[{}]": a list, "({},)": a tuple); generated, as the resets are (a loop over the
    parts costs more than the parts)."""
    values = {f"part{i}": part for i, part in enumerate(parts)}
    items = ", ".join(f"value[{i}]" if part is _same else f"part{i}(value[{i}])"
                      for i, part in enumerate(parts))
    exec(f"def each(value):\n    return {form.format(items)}", values)
    return values["each"]


def _decoder(kind: Any) -> Callable[[Any], Any]:
    """A function reading a JSON value back as the declared type ``kind``."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        inner = _decoder(next(a for a in args if a is not type(None)))
        return lambda value: None if value is None else inner(value)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind
    if kind is Action:
        return parse_action
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _decoder(args[0])
            return tuple if each is _same else (lambda value: tuple(map(each, value)))
        return _each_of([_decoder(a) for a in args], "({},)")
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        parts = {f.name: _decoder(hints[f.name]) for f in dataclasses.fields(kind)}
        return lambda value: kind(**{name: read(value[name]) for name, read in parts.items()})
    if origin is dict:
        key = int if args[0] is int else _same
        item = _decoder(args[1])
        return lambda value: {key(k): item(v) for k, v in value.items()}
    if origin is list:
        item = _decoder(args[0])
        return list if item is _same else (lambda value: [item(v) for v in value])
    return _same


parse_action = functools.lru_cache(maxsize=4096)(Action.parse)    # (notations repeat)
_DECODERS = {f.name: _decoder(_TYPES[f.name]) for f in _DATA}
_ENCODERS = [(f.name, _key(f), _encoder(_TYPES[f.name])) for f in _DATA
             if not f.metadata["grows"]]
_GROWING = [(f.name, _key(f), _encoder(typing.get_args(_TYPES[f.name])[0])) for f in _DATA
            if f.metadata["grows"]]


def _copier(kind: Any) -> Callable[[Any], Any]:
    """A function copying a value of the declared type ``kind`` as deep as it can change
    (numbers, strings, enums and read-only mappings are shared)."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        inner = _copier(next(a for a in args if a is not type(None)))
        return _same if inner is _same else (lambda value: None if value is None else inner(value))
    if kind in (int, bool, str, Action) or origin in (collections.abc.Mapping, tuple) or (
            isinstance(kind, type) and issubclass(kind, Enum)):
        return _same                      # (tuples here hold only values like these)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        parts = {f.name: _copier(hints[f.name]) for f in dataclasses.fields(kind)}
        return lambda value: kind(**{n: part(getattr(value, n)) for n, part in parts.items()})
    if origin is dict:
        item = _copier(args[1])
        return dict.copy if item is _same else (
            lambda value: {k: item(v) for k, v in value.items()})
    if origin is list:
        item = _copier(args[0])
        return list.copy if item is _same else (lambda value: [item(v) for v in value])
    return copying.deepcopy


_COPIERS = {f.name: _copier(_TYPES[f.name]) for f in _DATA}


def _snapshot_function() -> Callable[[GameState], dict[str, Any]]:
    """``snapshot`` generated from the copiers, as ``reset`` is (a snapshot is taken before
    every action that may end a hand)."""
    values: dict[str, Any] = {}
    lines = ["def snapshot(state):", "    return {"]
    for name, copy in _COPIERS.items():
        if copy is _same:
            lines.append(f"        {name!r}: state.{name},")
        else:
            values[f"copy_{name}"] = copy
            lines.append(f"        {name!r}: copy_{name}(state.{name}),")
    exec("\n".join(lines + ["    }"]), values)
    return values["snapshot"]


_snapshot = _snapshot_function()
