"""The built, frozen model of a variant: what the engine reads. Formulas are compiled callables."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ..cards import Deck, Faces
from ..errors import CardError
from ..melds import Arrangement, MeldRules

Formula = Callable[[Mapping[str, Any]], Any]


@dataclass(frozen=True)
class DealRules:
    hand_size: Mapping[int, int]            # per player count
    upcard: bool
    first_dealer: str                       # random | high_card | first_seat
    next_dealer: str                        # left | winner | loser | same


@dataclass(frozen=True)
class RoleRules:
    names: tuple[str, ...]                  # the first goes to the highest card drawn
    assign: str
    play: tuple[str, ...]                   # roles dealt a hand, in turn order
    dealer: str | None
    advise: Mapping[str, str]               # advisor role -> advised role
    no_score: frozenset[str]
    rotate: tuple["Rotation", ...]


@dataclass(frozen=True)
class Rotation:
    when: Formula
    next: Mapping[str, str]                 # old role -> new role


@dataclass(frozen=True)
class Step:
    """One turn step: ``kind`` is offer_upcard | draw | draw_until_meld | meld | knock | discard."""

    kind: str
    options: Mapping[str, Any] = field(default_factory=dict)
    when: Formula | None = None                      # knock condition
    without_discard_when: Formula | None = None      # knock keeping every card
    bound: tuple[str, Formula] | None = None         # when is "deadwood_after_discard op expr"
    kept_bound: tuple[str, Formula] | None = None    # without_discard_when is "deadwood op expr"
    # both knock conditions with constant limits, worked out once: (op, limit, kept op, kept
    # limit); a constant without_discard_when gives kept op None and its value as the limit
    fixed_limits: tuple | None = None


@dataclass(frozen=True)
class TableRules:
    manipulation: bool
    opening_applies_to: str
    opening_complete_melds: int
    opening_min_points: int


@dataclass(frozen=True)
class StockRules:
    exhausted_at: int
    then: str                               # reshuffle_discards | void_hand | last_lap | end_round
    max_reshuffles: int | None
    void_dealer: str


@dataclass(frozen=True)
class LayoffRules:
    allowed: bool
    onto: str
    original_melds_only: bool
    when: Formula


@dataclass(frozen=True)
class RoundEnd:
    spread: bool
    empty_hand_ends_round: bool
    layoffs: LayoffRules


@dataclass(frozen=True)
class Award:
    to: Formula                             # -> player set
    when: Formula                           # per receiver p
    points: Formula                         # per receiver p
    text: str                               # the points formula as written, for rules sheets


@dataclass(frozen=True)
class Outcome:
    name: str
    when: Formula
    winners: Formula
    awards: tuple[Award, ...]


@dataclass(frozen=True)
class Scoring:
    mode: str                               # points | penalty
    outcomes: tuple[Outcome, ...]
    void_outcome: str


@dataclass(frozen=True)
class MatchRules:
    ends_when: Formula
    bonuses: tuple[Award, ...]
    max_hands: int | None = None


@dataclass(frozen=True)
class Variant:
    """A variant, built once from its spec; immutable; shared by every game that uses it."""

    name: str
    source: str
    description: str
    path: str
    spec: Mapping[str, Any]                 # the checked spec with defaults filled in
    players: tuple[int, int]
    faces: Faces
    decks: Mapping[int, int]                # copies per player count
    jokers: Mapping[int, int]               # jokers per player count
    meld_rules: MeldRules
    deal: DealRules
    roles: RoleRules | None
    turn: tuple[Step, ...]
    table: TableRules
    stock: StockRules
    round_end: RoundEnd
    scoring: Scoring
    match: MatchRules

    def deck_for(self, players: int) -> Deck:
        """The physical deck used with this many players."""
        return Deck(self.faces, self.decks[players], self.jokers[players])

    def hand_size(self, players: int) -> int:
        return self.deal.hand_size[players]

    def cards(self, cards: Sequence[str | int] | str) -> list[int]:
        """Faces of cards given as notation (``"Ah 2h"``, ``["Ah", "10d"]``) or face ids."""
        return self.faces.parse_many(cards)

    def names(self, faces: Sequence[int]) -> list[str]:
        return [self.faces.name(f) for f in faces]

    def arrange(self, cards: Sequence[str | int] | str) -> Arrangement:
        """The optimal arrangement: legal melds with the fewest deadwood points."""
        return self.meld_rules.arrange(self._hand(cards))

    def deadwood(self, cards: Sequence[str | int] | str) -> int:
        """Minimum deadwood points of a hand."""
        return self.meld_rules.deadwood(self._hand(cards))

    def best_discards(self, cards: Sequence[str | int] | str) -> tuple[int, list[str]]:
        """(deadwood after the best discard, every card whose discard achieves it)."""
        points, faces = self.meld_rules.best_discards(self._hand(cards))
        return points, self.names(faces)

    def _hand(self, cards) -> list[int]:
        hand = self.cards(cards)
        most = max(self.decks.values())
        for f in set(hand):
            have = max(self.jokers.values()) if self.faces.is_joker(f) else most
            if hand.count(f) > have:
                raise CardError(f"{hand.count(f)} copies of {self.faces.name(f)}: "
                                f"this variant's deck has at most {have}")
        return hand
