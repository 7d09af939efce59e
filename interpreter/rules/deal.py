"""The deal (the spec's ``deal`` section): how many cards each player is dealt (by the number of
players, or by a formula of the round), whether a card is turned up to start the discard pile,
who deals first and next, who plays first, and a dealt hand that wins at once.

The engine deals (:mod:`interpreter.engine.dealing`) by these options and asks
:meth:`Deal.instant_winner` after each deal. Reserve hands (``reserve``) are dealt face down
from the top of the stock after the deal (:meth:`Deal.after_deal`); a player who runs out of
cards takes one and plays on (:meth:`Deal.take_reserve`, asked by the turn driver when a hand
empties mid-turn and first after each turn).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..errors import RummyError
from ..formula import BOOL, NUM, Formula
from ..model.rule_options import build_options, built
from ..model.scopes import deal_scope, knock_scope
from ..model.state_fields import PLACE, SEATS, Checker, Kind, state_field
from ..model.views import knock_env
from .base import Quiet

if TYPE_CHECKING:
    from ..engine.state import GameState
    from ..model.rule_options import BuildContext
    from ..model.variant import Variant

FIRST_DEALER = {"random": "chosen at random", "high_card": "the player who cuts the highest card",
                "first_seat": "seat 0"}
NEXT_DEALER = {"left": "the player to the dealer's left", "winner": "the winner of the hand",
               "loser": "the loser of the hand", "same": "the same dealer"}


def _walk_reserves(value: list[list[int]], at: str, check: Checker) -> None:
    for k, cards in enumerate(value):
        for i, card in enumerate(cards):
            check.card(f"{at}[{k}][{i}]", card)


RESERVES = Kind("reserve hands", {"type": "array", "maxItems": 8,
                                  "items": {"$ref": "#/$defs/cards"}}, _walk_reserves,
                holds_cards=True)


@dataclass(eq=False)
class ReserveMemory:
    """The deal's slice of the game state: the reserve hands not yet taken (face down), and
    the seats that have taken one this hand."""

    __slots__ = ()
    reserves: list[list[int]] = state_field("hand", RESERVES, factory=list, cards=PLACE)
    took_reserve: list[int] = state_field("hand", SEATS, factory=list)


@dataclass(frozen=True)
class Reserve:
    """Reserve hands: ``hands`` of ``size`` cards each, at most one to each player (``per``:
    player) or to each team (team)."""

    hands: int | Mapping[str, int] = 2      # or per player count
    size: int = 11
    per: str = "player"

    def count(self, players: int) -> int:
        """Reserve hands dealt at a table of ``players`` (a count the map leaves out: none)."""
        if isinstance(self.hands, int):
            return self.hands
        return next((k for n, k in self.hands.items() if int(n) == players), 0)


@dataclass(frozen=True)
class InstantWin:
    """A dealt hand that wins at once: ``when`` per seat (seen as a knock condition sees the
    turn); the hand is scored by the outcome row named ``outcome``."""

    when: Formula
    outcome: str


@dataclass(frozen=True)
class Deal:
    """The options, as the schema gives them (it holds their defaults)."""

    upcard: bool                             # a card turned up starts the discard pile
    first_dealer: str                        # random | high_card | first_seat
    next_dealer: str                         # left | winner | loser | same
    first_player: str = "left_of_dealer"     # left_of_dealer | dealer: who plays first
    first_player_extra: int = 0              # more cards to the first player, who then skips
    #                                          the first turn's draw
    reserve: Reserve | None = None           # reserve hands, taken by who runs out first
    # cards dealt each, per player count (for a formula: in round 1)
    hand_size: Mapping[int, int] = built()
    hand_size_by_round: Formula | None = built()   # of round and player_count, when given
    instant_win: InstantWin | None = built()       # a dealt hand that wins the hand at once

    @classmethod
    def build(cls, options: dict[str, Any], at: BuildContext, counts: range) -> Deal:
        """The rule from the checked ``deal`` section; ``counts``: the player counts."""
        values = build_options(cls, options, at)
        instant = None
        if options["instant_win"] is not None:
            when = at.formula("instant_win.when", knock_scope(at.roles), BOOL)
            instant = InstantWin(cast(Formula, when), options["instant_win"]["outcome"])
        by_round = None
        raw = options["hand_size"]
        if isinstance(raw, str):
            by_round = at.formula("hand_size", deal_scope(), NUM)
            sizes = {n: size_in_round(by_round, n, 1) or 0 for n in counts}
        elif isinstance(raw, int):
            sizes = {n: raw for n in counts}
        else:
            table = {int(k): v for k, v in raw.items()}
            missing = [n for n in counts if n not in table]
            if missing:
                at.problem("hand_size", f"no value for {', '.join(map(str, missing))} players")
            sizes = {n: table.get(n, 0) for n in counts}
        return cls(**values, hand_size=sizes, hand_size_by_round=by_round,
                   instant_win=instant)

    def size(self, players: int, round: int = 1) -> int:
        """Cards dealt to each of ``players`` in hand number ``round``."""
        if self.hand_size_by_round is None:
            return self.hand_size[players]
        return int(self.hand_size_by_round({"round": round, "player_count": players}))

    # ---- hooks ---------------------------------------------------------------------------
    def after_deal(self, state: GameState) -> None:
        """Deal the first player's extra cards, then the reserve hands face down, from the
        top of the stock."""
        for _ in range(self.first_player_extra):
            if state.stock:
                state.hands[state.in_play[0]].append(state.stock.pop())
        if self.reserve is not None:
            stock = state.stock
            state.reserves = [[stock.pop() for _ in range(min(self.reserve.size, len(stock)))]
                              for _ in range(self.reserve.count(state.players))]

    def take_reserve(self, state: GameState, seat: int) -> bool:
        """``seat``, out of cards, takes a reserve hand if it may (:meth:`may_take_reserve`);
        whether it did (it then plays on)."""
        if state.hands[seat] or not self.may_take_reserve(state, seat):
            return False
        state.hands[seat] = state.reserves.pop(0)
        state.took_reserve.append(seat)
        return True

    def may_take_reserve(self, state: GameState, seat: int) -> bool:
        """Whether ``seat`` would take a reserve hand on running out of cards: one is left,
        and neither it nor (``per``: team) a partner has taken one."""
        if not state.reserves:
            return False
        assert self.reserve is not None                 # (reserves are dealt by it)
        partnerships = state.variant.partnerships
        takers = ((seat,) if self.reserve.per == "player" or partnerships is None
                  else partnerships.team_of(state.players, seat))
        return not any(s in state.took_reserve for s in takers)

    def after_turn(self, state: GameState, seat: int) -> None:
        """After ``seat``'s turn: a seat that has run out takes a reserve hand (and the next
        rules asked then see it holding cards); never an ending."""
        if self.reserve is not None:
            self.take_reserve(state, seat)

    def quiet_while(self) -> Quiet:
        """:meth:`after_turn` does nothing while the player holds a card."""
        return Quiet(hand_left=self.reserve is not None)

    def instant_winner(self, state: GameState) -> int | None:
        """The first seat, from the first player on, whose dealt hand wins at once, or
        None."""
        rule = self.instant_win
        if rule is None:
            return None
        for seat in state.in_play:
            if rule.when(knock_env(state, seat, state.hand_faces(seat))):
                return seat
        return None

    # ---- words ---------------------------------------------------------------------------
    def sentences(self, variant: Variant, sizes: list[tuple[str, int]]) -> list[str]:
        """The section's paragraphs; ``sizes``: (player counts in words, cards each)."""
        each = "; ".join(f"{n} card{'s' if n != 1 else ''} each"
                         + (f" with {span} players" if len(sizes) > 1 else "")
                         for span, n in sizes)
        if self.hand_size_by_round is not None:
            each = (f"{self.hand_size_by_round.text} cards each (round is the hand's number, 1 "
                    "for the first; player_count the number of players)")
        out = [f"Deal {each}, one card at a time, starting left of the dealer. "
               + ("The next card is turned face up to start the discard pile. "
                  if self.upcard else "") + "The rest is the stock, face down."]
        roles = variant.roles
        if roles and roles.dealer:
            out.append(f"The {roles.dealer} deals every hand.")
        else:
            out.append(f"First dealer: {FIRST_DEALER[self.first_dealer]}. "
                       f"Next dealer: {NEXT_DEALER[self.next_dealer]}.")
        if not roles:
            first = ("dealer" if self.first_player == "dealer"
                     else "player to the dealer's left")
            out.append(f"The {first} plays first; play passes to the left.")
        if self.first_player_extra:
            extra = self.first_player_extra
            out.append(f"The first player is dealt {extra} more card{'s' if extra != 1 else ''} "
                       "from the stock and starts the hand without drawing.")
        if self.reserve is not None:
            r = self.reserve
            side = r.per == "team" and variant.partnerships is not None
            low, high = variant.players
            by_count = {n: r.count(n) for n in range(low, high + 1)}
            hands = (f"{r.hands} reserve hand{'s' if r.hands != 1 else ''}"
                     if isinstance(r.hands, int) else "reserve hands (" + "; ".join(
                         f"{k} with {n} players" for n, k in by_count.items()) + ")")
            out.append(f"Then {hands} of {r.size} "
                       "cards are dealt face down from the stock. The first player "
                       + ("of a side " if side else "") + "to run out of cards (by melding or "
                       "discarding the last one) takes one instead of going out and plays on "
                       "(at once when melding; on the next turn after a discard); each "
                       + ("side (partnership)" if side else "player") + " takes at most one.")
        if self.instant_win is not None:
            out.append(f"A dealt hand wins at once when {self.instant_win.when.text} (checked "
                       "for each player from the first player on, before anyone plays): the "
                       f"hand ends and is scored as {self.instant_win.outcome}, that player "
                       "its winner.")
        return out


def size_in_round(formula: Formula | None, players: int, round_: int) -> int | None:
    """A hand size formula's value, or None when it is not a whole number 0 or more (or
    fails)."""
    if formula is None:
        return None
    try:
        value = formula({"round": round_, "player_count": players})
    except RummyError:
        return None
    return int(value) if value == int(value) and value >= 0 else None
