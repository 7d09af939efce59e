"""The game state: the core declared here (the match, the hand's cards and piles, seats and
position), and each rule's slice declared in the rule's module (:mod:`interpreter.steps`).
Every field says its type, lifetime, start and kind (:mod:`interpreter.model.state_fields`);
saving, loading, snapshots, resets, the saved-game schema and checks are derived from these
declarations (:mod:`.layout`, :mod:`.saved_checks`).

Lifetimes: ``match`` fields last the whole match, ``hand`` fields are reset by each deal,
``turn`` fields at the start of each turn; ``position`` says who acts and where. Derived
fields (the variant, card faces, caches) are worked out again from the rest, never saved.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..errors import IllegalAction
from ..melds import MeldRules
from ..model.actions import Action
from ..model.state_fields import (
    CARD,
    CARDS,
    COUNT,
    NAMED,
    PER_SEAT_CARDS,
    PLACE,
    SEAT,
    Kind,
    state_field,
)
from ..model.variant import Variant
from ..rules.counters import CountersMemory
from ..rules.deal import ReserveMemory
from ..rules.match import MatchMemory
from ..rules.scoring import ScoringMemory
from ..rules.seating import SeatingMemory
from ..rules.special_cards import SpecialCardsMemory
from ..rules.stock import StockMemory
from ..steps.buying import BuyingMemory
from ..steps.discard import DiscardMemory
from ..steps.draw import DrawMemory
from ..steps.draw_until_meld import DrawUntilMeldMemory
from ..steps.drop import DropMemory
from ..steps.knock import KnockMemory
from ..steps.offer_upcard import OfferMemory
from ..steps.spread import SpreadMemory
from ..steps.table_melds import TableMemory
from ..steps.turn_up import TurnUpMemory
from .core_kinds import (
    DECK_ORDERS,
    LOG,
    PLAYER_COUNT,
    SEED,
    STEP,
    parse_action,
)
from .layout import LAYOUTS, layout_of
from .story import Entry

LOG_DOC = ("The hand's story (interpreter/engine/story.py): one entry per action applied and "
           "per deal-time event, each [the actor's seat, the action's notation (null: a "
           "deal-time event), the card ids it moved (into the actor's hand; for a meld or "
           "spread, out of it), the phase it was played in (turn, offer, buy, wall, spread) or "
           "the event (deal: the dealer and the upcard; turned: the turned card)]. The entries "
           "are checked on loading (a schema per entry would make loading a long hand slow). "
           "Optional: a game saved before it loads with an empty log.")


class Phase(str, Enum):
    """What the game is waiting for."""

    OFFER = "offer"            # the upcard offer before the first turn of a hand
    TURN = "turn"              # a player's turn, step by step
    SPREAD = "spread"          # the spread and layoffs after a knock
    WALL = "wall"              # the stock is at its last cards: knock with the discard, or pass
    BUY = "buy"                # the others are asked in turn whether they buy the discard
    OVER = "over"              # the match has ended


PHASE = Kind("phase", {"enum": [phase.value for phase in Phase]})
PHASES = {phase.value: phase for phase in Phase}      # by name (a stage names its phase)


def _derived(default: Any = dataclasses.MISSING, factory: Any = dataclasses.MISSING) -> Any:
    """A field :meth:`GameState.derive` works out (never saved); without a default it is
    unset until then."""
    return field(default=default, default_factory=factory, init=False, repr=False,
                 compare=False)


@dataclass(eq=False, slots=True)
class GameState(SeatingMemory, ScoringMemory, CountersMemory, MatchMemory, StockMemory, OfferMemory, DrawMemory, DrawUntilMeldMemory, TableMemory,
                KnockMemory, SpreadMemory, DiscardMemory, BuyingMemory, SpecialCardsMemory,
                ReserveMemory, DropMemory, TurnUpMemory):
    """A match's data (the rules are its Variant's); :class:`interpreter.engine.State` adds the
    public API. The core is declared here (``owner`` names the module that writes a field);
    each base is a rule's slice, declared in the rule's module, which writes it."""

    # ---- the match
    players: int = state_field("match", PLAYER_COUNT, 2, owner="engine.game")
    seed: int = state_field("match", SEED, 0, owner="engine.game")
    deck_orders: list[list[int]] = state_field("match", DECK_ORDERS, factory=list, cards=NAMED,
                                               key="decks", owner="engine.game")
    deals: int = state_field("match", COUNT, 0, owner="engine.dealing")
    # ---- the hand
    stock: list[int] = state_field("hand", CARDS, factory=list, cards=PLACE,
                                   owner="engine.dealing")
    discard: list[int] = state_field("hand", CARDS, factory=list, cards=PLACE,
                                     owner="engine.dealing")
    hands: list[list[int]] = state_field("hand", PER_SEAT_CARDS, factory=list, cards=PLACE,
                                         owner="engine.dealing")
    upcard: int | None = state_field("hand", CARD, None, cards=NAMED, owner="engine.dealing")
    turned: int | None = state_field("hand", CARD, None, cards=PLACE,
                                     owner="engine.dealing")  # set aside: names the wild rank
    known: list[list[int]] = state_field("hand", PER_SEAT_CARDS, factory=list, cards=NAMED,
                                         owner="engine.dealing")
    went_out: int | None = state_field("hand", SEAT, None, owner="engine.turn")
    turns: int = state_field("hand", COUNT, 0, owner="engine.turn")
    log: list[Entry] = state_field("hand", LOG, factory=list, cards=NAMED, grows=True,
                                   added=True, owner="engine.story", doc=LOG_DOC)
    # ---- who acts, and where
    phase: Phase = state_field("position", PHASE, Phase.TURN, owner="engine.turn")
    player: int = state_field("position", SEAT, 0, owner="engine.turn")
    step: int = state_field("position", STEP, 0, owner="engine.turn")
    # ---- derived
    variant: Variant = field(kw_only=True, repr=False, compare=False)   # the rules followed
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
        (LAYOUTS.get(type(self)) or layout_of(type(self))).resets[lifetime](self)

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
        self.meld_rules = v.hand_rules(max(self.deals, 1), self.players, turned)
        self.top_points = max(self.meld_rules.points, default=0)

    # ---- JSON, snapshots ------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """Every data field as JSON values, under its key: a saved game's ``state``."""
        layout = layout_of(type(self))
        data = {key: encode(getattr(self, name)) for name, key, encode in layout.encoders}
        for name, key, encode in layout.growing:
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
        for name, key, decode in layout_of(type(self)).decoders:
            setattr(self, name, decode(data[key]))
        self.derive()

    def snapshot(self) -> dict[str, Any]:
        """A copy of every data field, for :meth:`restore`."""
        return (LAYOUTS.get(type(self)) or layout_of(type(self))).snapshot(self)

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
        """The next seat to play after ``seat``, passing over those that dropped."""
        order = self.in_play
        at = order.index(seat)
        for k in range(1, len(order)):
            after = order[(at + k) % len(order)]
            if after not in self.dropped:
                return after
        return order[(at + 1) % len(order)]


def _refill(current: list, value: list) -> None:
    """Make ``current`` equal to ``value`` keeping its identity, and its inner lists' when
    both hold as many lists."""
    if len(current) == len(value) and all(type(a) is list and type(b) is list
                                          for a, b in zip(current, value)):
        for inner, new in zip(current, value):
            _refill(inner, new)
    else:
        current[:] = value




reset_turn = layout_of(GameState).resets["turn"]     # the turn driver's, every turn
FIELDS = {f.name: f for f in layout_of(GameState).fields}
__all__ = ["FIELDS", "PHASES", "GameState", "Phase", "parse_action", "reset_turn"]
