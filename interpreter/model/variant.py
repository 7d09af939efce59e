"""The built, frozen model of a variant: what the engine reads. Formulas are compiled callables;
turn steps are the typed step objects of :mod:`interpreter.steps`."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..cards import Deck, Faces
from ..errors import CardError
from ..formula import Formula
from ..melds import Arrangement, MeldRules

if TYPE_CHECKING:
    from ..rules.counters import Counter
    from ..rules.deal import Deal
    from ..rules.match import Match
    from ..rules.partnerships import Partnerships
    from ..rules.round_end import RoundEnd
    from ..rules.scoring import Scoring
    from ..rules.seating import RoleRules
    from ..rules.shared_table import TableRules
    from ..rules.special_cards import SpecialCards
    from ..rules.stock import Stock
    from ..steps.base import Stage, Step

KEEPS_TURN = "keeps_turn"      # Variant.quiet_steps: a simple step that never ends the turn



@dataclass(frozen=True)
class WildRules:
    """Natural cards that are wild: a fixed rank, a rank by round, or the turned card's rank."""

    rank: int | None = None                 # a fixed wild rank (index into the ranks)
    rank_by_round: Formula | None = None    # of round and player_count: the rank's position, 1 up
    # a card turned after the deal names the wild rank (True), or the one wild card just above
    # it in its suit ("next")
    turned_card: bool | str = False
    if_turned_joker: int | None = None      # the wild rank when that card is a printed joker
    points: int | None = None               # a wild-rank card left in hand (None: its own value)
    stand_in: tuple[str, ...] = ("group", "run")    # meld kinds where a wild stands for a card
    false_jokers: bool = False              # printed jokers are the wild card itself, not wild
    natural_groups: bool = True             # wild-rank cards may be a group of their own rank

    @property
    def ranks_vary(self) -> bool:
        """Whether some natural cards may be wild."""
        return self.rank is not None or self.rank_by_round is not None or bool(self.turned_card)


@dataclass(frozen=True)
class Award:
    to: Formula                             # -> player set
    when: Formula                           # per receiver p
    points: Formula                         # per receiver p
    into: str | None = None                 # a counter to add to instead of the total


@dataclass(frozen=True)
class Outcome:
    name: str
    when: Formula
    winners: Formula
    awards: tuple[Award, ...]


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
    deal: Deal
    roles: RoleRules | None
    turn: tuple[Step, ...]
    table: TableRules
    stock: Stock
    round_end: RoundEnd
    scoring: Scoring
    match: Match
    params: Mapping[str, Any] = field(default_factory=dict)   # names formulas read as constants
    counters: tuple[Counter, ...] = ()      # per-player numbers, read as player attributes
    warnings: tuple[str, ...] = ()          # located notes on rules that can never apply
    wilds: WildRules = field(default_factory=WildRules)
    partnerships: Partnerships | None = None  # fixed teams by seating (None: each alone)
    special_cards: SpecialCards | None = None   # laid face up when dealt or drawn
    hand_enders: tuple[Any, ...] = ()       # rules asked after a turn before the round end
    _rules_by_rank: dict[int, MeldRules] = field(default_factory=dict, compare=False, repr=False)
    _rules_by_face: dict[int, MeldRules] = field(default_factory=dict, compare=False, repr=False)

    def hand_rules(self, round: int, players: int, turned: int | None) -> MeldRules:
        """The meld rules of hand number ``round`` (``turned``: the turned card's face): its
        wild rank's, or with ``turned_card: next`` those of the card above the turned one."""
        if not self.wilds.ranks_vary:
            return self.meld_rules
        if self.wilds.turned_card == "next" and turned is not None and \
                not self.faces.is_joker(turned):
            return self.rules_for_face(self.next_face(turned))
        return self.rules_for(self.wild_rank(round, players, turned))

    def next_face(self, face: int) -> int:
        """The card one rank above ``face`` in its suit, the highest rank wrapping to the
        lowest (an indicator's wild card)."""
        faces = self.faces
        return faces.face(faces.suit_of(face), (faces.rank_of(face) + 1) % len(faces.ranks))

    def rules_for_face(self, face: int) -> MeldRules:
        """The meld rules of a hand whose cards of face ``face`` (alone) are wild."""
        found = self._rules_by_face.get(face)
        if found is None:
            found = self._rules_by_face[face] = self.meld_rules.with_wild_faces(
                frozenset((face,)), self.wilds.points,
                joker_face=face if self.wilds.false_jokers else None)
        return found

    def wild_rank(self, round: int, players: int, turned: int | None) -> int | None:
        """The wild rank of hand number ``round`` (``turned``: the turned card's face), or None."""
        w = self.wilds
        if w.rank_by_round is not None:
            position = w.rank_by_round({"round": round, "player_count": players})
            if position != int(position) or not 1 <= position <= len(self.faces.ranks):
                raise CardError(f"melds.wilds.rank gives {position} in round {round}: "
                                f"a rank's position is 1 to {len(self.faces.ranks)}")
            return int(position) - 1
        if turned is not None:
            return w.if_turned_joker if self.faces.is_joker(turned) else self.faces.rank_of(turned)
        return w.rank

    def rules_for(self, rank: int | None) -> MeldRules:
        """The meld rules of a hand whose cards of ``rank`` are wild (made once per rank)."""
        if rank is None:
            return self.meld_rules
        found = self._rules_by_rank.get(rank)
        if found is None:
            wild = frozenset(self.faces.face(s, rank) for s in range(len(self.faces.suits)))
            found = self._rules_by_rank[rank] = self.meld_rules.with_wild_faces(
                wild, self.wilds.points)
        return found

    @cached_property
    def _step_index(self) -> dict[str, int]:
        return {step.kind: i for i, step in enumerate(self.turn)}

    @cached_property
    def action_counters(self) -> bool:
        """Whether some counter is updated by players' actions."""
        return any(event != "scored" for c in self.counters for event in c.update)

    @cached_property
    def after_turn(self) -> tuple[Any, ...]:
        """The rules asked after each turn, in order (engine.turn._end_turn): the deal's
        reserve hands (taken by a player out of cards), those a turn step adds (one player
        left when the others dropped), the round end, the stock."""
        return (self.deal, *self.hand_enders, self.round_end, self.stock)

    @cached_property
    def stages(self) -> Mapping[str, Stage]:
        """The phases outside the turn's steps that the rules add, by name (Step.Stage): the
        upcard offer, buying the discard, the spread after a knock, the wall."""
        rules = (*self.turn, self.buying, self.round_end.spread, self.stock)
        return {rule.stage: rule for rule in rules if rule is not None and rule.stage}

    @cached_property
    def opening(self) -> Mapping[str, tuple[Stage, ...]]:
        """The stages the turn driver opens at each moment (Stage.opens), in rule order."""
        return {moment: tuple(s for s in self.stages.values() if s.opens == moment)
                for moment in ("hand", "turn", "knock")}

    @cached_property
    def anytime_steps(self) -> tuple[int, ...]:
        """The turn steps whose actions are offered at the later steps too (Step.anytime)."""
        return tuple(i for i, step in enumerate(self.turn) if step.anytime)

    @cached_property
    def watchers(self) -> tuple[Step, ...]:
        """The turn steps that see every action before it is applied (Step.watch)."""
        return tuple(step for step in self.turn if step.watching)

    @cached_property
    def action_hooks(self) -> bool:
        """Whether each action is watched by a step, updates counters or is checked against
        round_end.void_when."""
        return bool(self.watchers) or self.action_counters or (
            self.round_end.void_check == "action" and self.round_end.void_when is not None)

    @cached_property
    def quiet_steps(self) -> tuple[Any, ...]:
        """Per turn step (and "end" after them), when its actions need no snapshot
        (engine.turn.quiet): KEEPS_TURN always; (turns before the last one allowed, the
        stock's low mark, the hand size to exceed or None) when the turn then surely passes
        on, as the rules asked after a turn declare it (``quiet_while``); None never. All
        None when actions are watched or a rule after a turn is never sure."""
        quiet = [rule.quiet_while() for rule in self.after_turn]
        if self.action_hooks or any(q is None for q in quiet):
            return (None,) * (len(self.turn) + 1)
        bounds = [q for q in quiet if q is not None]
        turns = min((q.turns for q in bounds if q.turns is not None), default=2 ** 62) - 1
        low = max((q.stock for q in bounds if q.stock is not None), default=-1)
        going_out = any(q.hand_left for q in bounds)     # (else the hand size is no matter)
        return tuple(KEEPS_TURN if step.simple == "next" else (turns, low, 1 if going_out else None)
                     if step.simple == "end_turn" else None for step in self.turn) + (
            (turns, low, 0 if going_out else None),)

    @cached_property
    def scored_counters(self) -> bool:
        """Whether some counter is updated after each scored hand."""
        return any("scored" in c.update for c in self.counters)

    @cached_property
    def first_step(self) -> int:
        """Where a turn starts: after the upcard offer, which only the first turn has."""
        return 1 if self.turn and self.turn[0].kind == "offer_upcard" else 0

    @cached_property
    def own_piles(self) -> bool:
        """Whether each seat discards onto a pile of its own (``discard.to: own_pile``)."""
        return getattr(self.step("discard"), "to", "pile") == "own_pile"

    @cached_property
    def opening_step(self) -> int:
        """Where a hand's first turn starts: after the draw when the first player is dealt
        extra cards (deal.first_player_extra), else where every turn does."""
        draw = self.step_index("draw")
        return draw + 1 if self.deal.first_player_extra and draw >= 0 else self.first_step

    @cached_property
    def buying(self) -> Any:
        """The rules for buying the discard out of turn (the draw step's), or None."""
        return getattr(self.step("draw"), "buying", None)

    def step_index(self, kind: str) -> int:
        """Where the turn has its step of ``kind``; -1 when it has none."""
        return self._step_index.get(kind, -1)

    def step(self, kind: str) -> Step | None:
        """The turn's step of ``kind`` (a turn has at most one of each), or None."""
        at = self._step_index.get(kind)
        return None if at is None else self.turn[at]

    def deck_for(self, players: int) -> Deck:
        """The physical deck used with this many players."""
        return Deck(self.faces, self.decks[players], self.jokers[players])

    def hand_size(self, players: int, round: int = 1) -> int:
        """Cards dealt to each player with this many players, in hand number ``round``."""
        return self.deal.size(players, round)

    def cards(self, cards: Sequence[str | int] | str) -> list[int]:
        """Faces of cards given as notation (``"Ah 2h"``, ``["Ah", "10d"]``) or face ids."""
        return self.faces.parse_many(cards)

    def names(self, faces: Sequence[int]) -> list[str]:
        return [self.faces.name(f) for f in faces]

    def arrange(self, cards: Sequence[str | int] | str, wild: str | None = None) -> Arrangement:
        """The optimal arrangement: legal melds with the fewest deadwood points (``wild``: the
        wild rank's symbol; by default the spec's fixed one, or round 1's)."""
        return self.wild_rules(wild).arrange(self._hand(cards))

    def deadwood(self, cards: Sequence[str | int] | str, wild: str | None = None) -> int:
        """Minimum deadwood points of a hand."""
        return self.wild_rules(wild).deadwood(self._hand(cards))

    def best_discards(self, cards: Sequence[str | int] | str,
                      wild: str | None = None) -> tuple[int, list[str]]:
        """(deadwood after the best discard, every card whose discard achieves it)."""
        points, faces = self.wild_rules(wild).best_discards(self._hand(cards))
        return points, self.names(faces)

    def wild_rules(self, wild: str | None = None) -> MeldRules:
        """Meld rules with the cards of rank ``wild`` wild (None: the spec's fixed wild rank,
        or round 1's)."""
        if wild is not None:
            if wild not in self.faces.ranks:
                raise CardError(f"unknown wild rank {wild!r} (ranks are "
                                f"{' '.join(self.faces.ranks)})")
            return self.rules_for(self.faces.ranks.index(wild))
        if self.wilds.rank_by_round is not None:
            return self.rules_for(self.wild_rank(1, self.players[0], None))
        return self.rules_for(self.wilds.rank)

    def _hand(self, cards) -> list[int]:
        hand = self.cards(cards)
        most = max(self.decks.values())
        for f in set(hand):
            have = max(self.jokers.values()) if self.faces.is_joker(f) else most
            if hand.count(f) > have:
                raise CardError(f"{hand.count(f)} copies of {self.faces.name(f)}: "
                                f"this variant's deck has at most {have}")
        return hand
