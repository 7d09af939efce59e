"""The spread after a knock: the knocker lays out melds, then each other player in turn lays
out theirs and lays off cards onto the knocker's melds. Built from ``round_end``.

It owns the fields ``spread`` (the melds laid out) and ``defenders`` (who is still to play).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, cast

from ..errors import RummyError
from ..formula import BOOL, Formula
from ..model.actions import Action
from ..model.rule_options import build_options, option
from ..model.scopes import round_scope
from ..model.state_fields import PLACE, SEATS, Checker, Kind, state_field
from ..model.views import round_env
from .base import SCORE_NOW, Resume, ask, not_held

if TYPE_CHECKING:
    from ..engine.state import GameState
    from .knock import Knock

SPREAD = Action("spread")


@dataclass
class Spreads:
    """The melds laid out this hand: the knocker's (with the layoffs, as [card, face] pairs)
    as first laid, each seat's own arranged melds, and the layoffs each seat made."""

    melds: list[list[list[int]]] = field(default_factory=list)
    orig: list[list[list[int]]] = field(default_factory=list)
    arranged: dict[int, list[list[int]]] = field(default_factory=dict)
    laid: dict[int, list[list[int]]] = field(default_factory=dict)   # seat -> [meld, card]


def _walk_spreads(value: dict, at: str, check: Checker) -> None:
    """The spread's seats and cards: its melds' and each seat's arranged cards lie there; the
    melds as first laid and the layoffs name cards of the melds."""
    check.melds(f"{at}.melds", value["melds"])
    for part in ("arranged", "laid"):
        for key in value[part]:
            check.seat(f"{at}.{part}[{key!r}]", int(key))
    for seat, melds in value["arranged"].items():
        for i, meld in enumerate(melds):
            for j, card in enumerate(meld):
                check.card(f"{at}.arranged[{seat!r}][{i}][{j}]", card)
    for i, meld in enumerate(value["orig"]):
        for j, (card, _) in enumerate(meld):
            check.card(f"{at}.orig[{i}][{j}]", card, place=False)
    for seat, laid in value["laid"].items():
        for i, (meld, card) in enumerate(laid):
            check.card(f"{at}.laid[{seat!r}][{i}][1]", card, place=False)
            if meld >= len(value["melds"]):
                raise check.fail(f"{at}.laid[{seat!r}][{i}][0]", f"no meld {meld}")


SPREADS = Kind("spreads", {"$ref": "#/$defs/spreads"}, _walk_spreads, holds_cards=True)


@dataclass(eq=False)
class SpreadMemory:
    """The spread's slice of the game state: the melds laid out this hand, and the seats
    still to lay out theirs and lay off."""

    __slots__ = ()
    spread: Spreads | None = state_field("hand", SPREADS, None, cards=PLACE)
    defenders: list[int] = state_field("hand", SEATS, factory=list)


@dataclass(frozen=True)
class Spread:
    kind: ClassVar[str] = "spread"
    waiting: ClassVar[str] = "the spread after the knock"
    answers: ClassVar[tuple[str, ...]] = ("spread", "layoff")   # it explains their refusals
    # False: no spread; every card in hand counts
    enabled: bool = option("spread")
    # others may lay off onto the knocker's melds
    layoffs: bool = option("layoffs.allowed")
    # only onto the melds as first laid, not onto layoffs
    original_melds_only: bool = option("layoffs.original_melds_only")
    # when layoffs are allowed
    layoffs_when: Formula = option("layoffs.when", scope=round_scope, expect=BOOL, text="true")
    # at most this many cards laid off onto one meld
    max_per_meld: int | None = option("layoffs.max_per_meld", default=None)
    # when the others lay out melds (None: always)
    defenders_meld: Formula | None = option("defenders_meld_when", default=None,
                                            scope=round_scope, expect=BOOL, text="true",
                                            true_is_none=True)
    # the others always choose their melds themselves
    defenders_choose: bool = option("defenders_choose_melds", default=False)
    # at most this many laid off past each end of a run
    max_per_run_end: int | None = option("layoffs.max_per_run_end", default=None)

    @classmethod
    def build(cls, options, at) -> Spread | None:
        """The spread from ``round_end``; None after a problem."""
        values = build_options(cls, options, at)
        if values["layoffs"] and not values["enabled"]:
            at.problem("layoffs.allowed", "layoffs need round_end.spread: true")
        return None if values["layoffs_when"] is None else cls(**values)

    # ---- starting ------------------------------------------------------------------------
    def start(self, state: GameState) -> bool:
        """After a knock: True when the knocker now spreads, False when the hand is scored."""
        if not self.enabled:
            return False
        state.spread = Spreads()
        return True

    # ---- legal actions -------------------------------------------------------------------
    def actions(self, state: GameState) -> list[Action]:
        seat = state.player
        legal = [SPREAD]
        for melds in self._arrangements(state, seat):
            legal.append(Action("spread", melds=melds))
        if seat != state.knocker and (not self.defenders_choose or self._may_lay_off(state)):
            legal += [Action("layoff", cards=(card,), target=k)
                      for card, k in self._layoffs(state, seat)]
        return list(dict.fromkeys(legal))

    def _arrangements(self, state: GameState, seat: int) -> list[tuple]:
        """Every set of disjoint melds in the hand the knocker's condition allows, as notation
        (melds in the order :meth:`MeldRules.melds_in` lists them, sets depth first)."""
        rules, name = state.meld_rules, state.variant.faces.name
        hand = state.hand_faces(seat)
        if seat != state.knocker and not self._defenders_meld(state):
            return [()]
        melds = [m for m in rules.melds_in(hand) if not m.jokers()]
        named = [tuple(map(name, m.cards)) for m in melds]
        points = rules.points
        worth = [sum(points[f] for f in m.cards) for m in melds]
        passes = self._knock_test(state, seat)
        out: list[tuple] = []
        if len(set(hand)) == len(hand):          # every face once: melds as bit masks
            masks = [sum(1 << f for f in m.cards) for m in melds]

            def grow(start: int, chosen: tuple, used: int, left: int) -> None:
                if chosen and passes(left):
                    out.append(chosen)
                for i in range(start, len(melds)):
                    if not masks[i] & used:
                        grow(i + 1, chosen + (named[i],), used | masks[i], left - worth[i])
            grow(0, (), 0, sum(points[f] for f in hand))
        else:                                    # copies of a face: counted

            def grow_counted(start: int, chosen: tuple, left: list[int], total: int) -> None:
                if chosen and passes(total):
                    out.append(chosen)
                for i in range(start, len(melds)):
                    cards = melds[i].cards
                    if all(left.count(c) >= cards.count(c) for c in cards):
                        remaining = list(left)
                        for c in cards:
                            remaining.remove(c)
                        grow_counted(i + 1, chosen + (named[i],), remaining, total - worth[i])
            grow_counted(0, (), list(hand), sum(points[f] for f in hand))
        if passes(sum(points[f] for f in hand)):
            out.append(())
        return out

    def _knock_test(self, state: GameState, seat: int) -> Callable[[int], bool]:
        """Whether a deadwood total meets the knock's condition (every total for the others),
        each total worked out once."""
        if seat != state.knocker:
            return lambda deadwood: True
        knock = cast("Knock", state.variant.step("knock"))   # there is a knocker: a knock step
        check = knock.check(state, seat, state.kept_all)
        results: dict[int, bool] = {}

        def passes(deadwood: int) -> bool:
            if deadwood not in results:
                results[deadwood] = check(deadwood)
            return results[deadwood]
        return passes

    def _layoffs(self, state: GameState, seat: int) -> list[tuple[str, int]]:
        assert state.spread is not None                # (the spread stage)
        rules = state.meld_rules
        face_of, name = state.face_of, state.variant.faces.name
        out = []
        own = state.spread.laid.get(seat, [])
        held = sorted({face_of[c] for c in state.hands[seat]})
        for k, meld in enumerate(state.spread.melds):
            if self.max_per_meld is not None and \
                    len(meld) - len(state.spread.orig[k]) >= self.max_per_meld:
                continue
            base = [d for _, d in state.spread.orig[k]] + [face_of[c] for m, c in own if m == k]
            for f, kind in rules.extensions([d for _, d in meld], held):
                if (not self.original_melds_only or rules.kind_of(base + [f])) and (
                        kind != "run" or self.max_per_run_end is None
                        or self._room_past_end(state, k, f)):
                    out.append((name(f), k))
        return out

    def _room_past_end(self, state: GameState, k: int, face: int) -> bool:
        """Whether run ``k`` takes another card past the end ``face`` extends, by rank."""
        assert state.spread is not None
        rank = state.variant.faces.rank_of
        low = min(rank(d) for _, d in state.spread.orig[k])
        below = rank(face) < low
        past = sum(1 for _, d in state.spread.melds[k][len(state.spread.orig[k]):]
                   if (rank(d) < low) == below)
        return past < self.max_per_run_end          # type: ignore[operator]

    def same_spread_listed(self, state: GameState, action: Action, legal) -> bool:
        """Whether a spread naming its melds in another order (or cards in another order) is
        one of the legal spreads; the order the player gives is the order the melds are laid."""
        if action.melds is None:
            return False
        try:
            key = _spread_key(state, action.melds)
        except RummyError:
            return False
        return any(a.kind == "spread" and a.melds is not None
                   and _spread_key(state, a.melds) == key for a in legal)

    def explain(self, state: GameState, action: Action) -> str | None:
        """Why a layoff or a spread of the seat to act is refused (None: nothing to add)."""
        seat, faces = state.player, state.variant.faces
        if action.kind == "layoff":
            if seat == state.knocker:
                return "the knocker lays out melds and does not lay off"
            if not self.layoffs or not self._may_lay_off(state):
                return "no layoffs now" if self.layoffs else "this variant has no layoffs"
            assert state.spread is not None
            melds = state.spread.melds
            if action.target is None or action.target >= len(melds):
                return f"there is no meld {action.target}: the knocker laid melds 0-" \
                       f"{len(melds) - 1}" if melds else "the knocker laid no melds"
            for name in action.cards:
                reason = not_held(state, name)
                if reason is not None:
                    return reason
            shown = " ".join(faces.name(d) for _, d in melds[action.target])
            return f"{' '.join(action.cards)} does not extend meld {action.target} [{shown}] " \
                   "(or that meld takes no more layoffs)"
        if action.kind != "spread":
            return None
        for meld in action.melds or ():
            for name in meld:
                reason = not_held(state, name)
                if reason is not None:
                    return reason
            try:
                if state.meld_rules.kind_of(faces.parse_many(meld)) is None:
                    return f"[{' '.join(meld)}] is not a meld"
            except RummyError:
                return f"[{' '.join(meld)}] is not a meld"
        if seat == state.knocker and action.melds is not None:
            return "with these melds the knocker's deadwood would not meet the knock " \
                   "condition (or the melds share a card)"
        return None

    # ---- applying ------------------------------------------------------------------------
    @property
    def stage(self) -> str | None:
        """The spread is a stage where the spec has one."""
        return "spread" if self.enabled else None

    opens: ClassVar[str] = "knock"

    def open(self, state: GameState) -> int | None:
        """After a knock: the knocker spreads first, or None (the hand is scored)."""
        return state.knocker if self.start(state) else None

    def saved_position(self, data: Mapping[str, Any]) -> str | None:
        if data["knocker"] is None or data["spread"] is None:
            return "a spread, but no knock"
        return None

    def stage_actions(self, state: GameState) -> list[Action]:
        return self.actions(state)

    def answer(self, state: GameState, action: Action) -> Resume:
        """Lay out or lay off; then the next seat, or the hand is scored."""
        seat = self.apply(state, action)
        return SCORE_NOW if seat is None else ask(seat)

    def apply(self, state: GameState, action: Action) -> int | None:
        """Lay out or lay off; returns the next seat to play, or None when all have."""
        seat = state.player
        assert state.spread is not None                # (the spread stage)
        if action.kind == "layoff":
            assert action.target is not None           # (a legal layoff names its meld)
            card = state.card_in_hand(seat, action.cards[0])
            state.hands[seat].remove(card)
            state.spread.melds[action.target].append([card, state.face_of[card]])
            state.spread.laid.setdefault(seat, []).append([action.target, card])
            return seat
        may_meld = seat == state.knocker or self._defenders_meld(state)
        melds = _lay_melds(state, seat, action.melds if may_meld else ())
        if seat == state.knocker:
            state.spread.melds = [[[c, d] for c, d in m] for m in melds]
            state.spread.orig = [list(m) for m in state.spread.melds]
            state.spread.arranged[seat] = []
            return self._start_defenders(state)
        state.spread.arranged[seat] = [[c for c, _ in m] for m in melds]
        return self._next_defender(state)

    def _start_defenders(self, state: GameState) -> int | None:
        assert state.knocker is not None and state.spread is not None
        order = state.in_play
        at = order.index(state.knocker)
        state.defenders = order[at + 1:] + order[:at]
        if self.defenders_choose or self._may_lay_off(state):
            return self._next_defender(state)
        best = None if self._defenders_meld(state) else ()
        for seat in state.defenders:      # nothing to decide: everyone spreads their best
            state.spread.arranged[seat] = [[c for c, _ in m]
                                           for m in _lay_melds(state, seat, best)]
        state.defenders = []
        return None

    def _may_lay_off(self, state: GameState) -> bool:
        return self.layoffs and bool(self.layoffs_when(round_env(state, counted(state))))

    def _defenders_meld(self, state: GameState) -> bool:
        return self.defenders_meld is None or bool(
            self.defenders_meld(round_env(state, counted(state))))

    @staticmethod
    def _next_defender(state: GameState) -> int | None:
        return state.defenders.pop(0) if state.defenders else None

    def sentence(self) -> str:
        if not self.enabled:
            return "Every card left in a hand counts (deadwood is the hand's points)."
        text = ("The knocker lays out melds, then each other player in turn; only unmelded "
                "cards (deadwood) count.")
        if self.defenders_meld is not None:
            text += (" The others lay out melds of their own only if: "
                     f"{self.defenders_meld.text}; else every card they hold counts.")
        if self.defenders_choose:
            text += (" The others choose which melds to lay out (any, or none), even where "
                     "they may not lay off.")
        if not self.layoffs:
            return text + " No layoffs."
        only = (", never onto cards another player laid off" if self.original_melds_only
                else "")
        if self.max_per_meld is not None:
            only += f", at most {self.max_per_meld} onto any one meld"
        if self.max_per_run_end is not None:
            only += f", at most {self.max_per_run_end} past each end of a run"
        cond = "" if self.layoffs_when.text == "true" else f", if: {self.layoffs_when.text}"
        return (text + " Layoffs: the other players may add cards from their hands to the "
                f"knocker's melds{only}{cond}.")


def counted(state: GameState) -> dict[int, int]:
    """The points counted against each seat now: spreads where made, else the best deadwood
    (or every card when the spec does not spread)."""
    v = state.variant
    out = {}
    enabled = v.round_end.spread.enabled
    for seat in state.in_play:
        if state.spread is not None and seat in state.spread.arranged:
            out[seat] = sum(state.meld_rules.points[f] for f in state.hand_faces(seat))
        elif enabled:
            out[seat] = state.meld_rules.deadwood(state.hand_faces(seat))
        else:
            out[seat] = sum(state.meld_rules.points[f] for f in state.hand_faces(seat))
    return out


def _spread_key(state: GameState, melds) -> tuple:
    parse = state.variant.faces.parse_many
    return tuple(sorted(tuple(sorted(parse(m))) for m in melds))


def _lay_melds(state: GameState, seat: int, notation) -> list[list[tuple[int, int]]]:
    """Take the melds (notation, or None for the best arrangement) out of the seat's hand, as
    (card, the face it stands for) pairs: a wild of the best arrangement keeps its declared
    face (notation lists only melds without wilds)."""
    if notation is None:
        arrangement = state.meld_rules.arrange(state.hand_faces(seat))
        wanted = [list(zip(m.cards, m.declared)) for m in arrangement.melds]
    else:
        wanted = [[(f, f) for f in state.variant.faces.parse_many(m)] for m in notation]
    left, melds = list(state.hands[seat]), []
    for meld in wanted:
        cards = []
        for f, declared in meld:
            card = next(c for c in left if state.face_of[c] == f)
            left.remove(card)
            cards.append((card, declared))
        melds.append(cards)
    state.hands[seat] = left
    return melds
