"""The match (the spec's ``match`` section): when it ends, who is out of it, its bonuses, what
ranks the players, and the guard that stops an endless match.

The hand's scoring (:mod:`interpreter.engine.scoring`) asks :meth:`Match.eliminate` after a
scored hand and :meth:`Match.after_hand` after every hand.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

from ..formula import BOOL, NUM, PLAYER, PLAYERS, Formula, Scope
from ..model.rule_options import build_options, built, option
from ..model.scopes import match_scope
from ..model.state_fields import FLAG, SEATS, state_field
from ..model.variant import Award
from ..model.views import match_env
from .scoring import payees

if TYPE_CHECKING:
    from ..engine.state import GameState
    from ..model.rule_options import BuildContext
    from ..model.variant import Variant

STOP_AFTER_DEALS = 1000           # the guard's default (the schema's), named on the rules sheet


def _of_match(roles: tuple[str, ...]) -> Scope:
    return match_scope()


def _of_each_player(roles: tuple[str, ...]) -> Scope:
    return match_scope().with_names(p=PLAYER)


@dataclass(eq=False)
class MatchMemory:
    """The match's slice of the game state: whether it is over (``stopped``: by the guard,
    unfinished), and the seats out of it."""

    __slots__ = ()
    over: bool = state_field("match", FLAG, False)
    stopped: bool = state_field("match", FLAG, False)
    eliminated: list[int] = state_field("match", SEATS, factory=list)


@dataclass(frozen=True)
class Match:
    """The options, as the schema gives them (it holds their defaults)."""

    # checked after each scored hand
    ends_when: Formula = option(scope=_of_match, expect=BOOL)
    max_hands: int | None = None             # the match ends after this many deals
    # per player p still in, after each scored hand: p is out (None: never)
    eliminate_when: Formula | None = option(default=None, scope=_of_each_player, expect=BOOL,
                                            false_is_none=True)
    # per player p: what ranks the match, more is better (None: the totals)
    standing: Formula | None = option(default=None, scope=_of_each_player, expect=NUM)
    stop_after_deals: int = STOP_AFTER_DEALS  # the guard: an unfinished match stops here
    bonuses: tuple[Award, ...] = built(())   # paid once at the end, in order

    @classmethod
    def build(cls, options: dict[str, Any], at: BuildContext, counters: set[str]) -> Match:
        """The rule from the checked ``match`` section; ``counters``: the spec's counters."""
        values = build_options(cls, options, at)
        ends = values["ends_when"]
        if ends is not None and ends.constant and not ends(None) and \
                values["max_hands"] is None and values["eliminate_when"] is None:
            at.problem("ends_when", "the match can never end (the condition is always false; "
                       "give match.max_hands or match.eliminate_when)")
        if (values["max_hands"] or 0) > values["stop_after_deals"]:
            at.problem("max_hands", f"more than match.stop_after_deals "
                       f"({values['stop_after_deals']}), the guard that would stop the match "
                       "first")
        bonuses = tuple(_bonus(i, row, at, counters) for i, row in enumerate(options["bonuses"]))
        return cls(**values, bonuses=bonuses)

    # ---- hooks ---------------------------------------------------------------------------
    def eliminate(self, state: GameState) -> None:
        """After a scored hand: players still in for whom ``eliminate_when`` holds are out."""
        if self.eliminate_when is None:
            return
        env = match_env(state)
        for p in env["players"]:
            if p.seat not in state.eliminated:
                env["p"] = p
                if self.eliminate_when(env):
                    state.eliminated.append(p.seat)

    def after_hand(self, state: GameState, scored: bool) -> None:
        """End the match (paying its bonuses) after a scored hand that meets its end, or when
        the deals allowed are used up or one player is left; stop it unfinished at the
        guard."""
        out_of_hands = self.max_hands is not None and state.deals >= self.max_hands
        last_one = state.players - len(state.eliminated) <= 1
        if not out_of_hands and not last_one and not (
                scored and self.ends_when(match_env(state))):
            if state.deals >= self.stop_after_deals:
                state.over = state.stopped = True
            return
        for bonus in self.bonuses:
            env = match_env(state)
            gains = [0] * state.players
            for p in payees(state, bonus.to(env)):
                env["p"] = p
                if bonus.when(env):
                    gains[p.seat] += bonus.points(env)
            if state.variant.partnerships is not None:
                gains = state.variant.partnerships.shared(state.players, gains)
            if bonus.into is not None:            # into a counter instead of the totals
                values = state.counters[bonus.into]
                state.counters[bonus.into] = [v + g for v, g in zip(values, gains)]
                continue
            for seat, gain in enumerate(gains):
                state.totals[seat] += gain
        state.over = True

    def standings(self, state: GameState) -> list[float]:
        """Each seat's ``standing`` (what ranks the match, more is better)."""
        assert self.standing is not None
        env = match_env(state)
        out = []
        for p in env["players"]:
            env["p"] = p
            out.append(self.standing(env))
        return out

    # ---- words ---------------------------------------------------------------------------
    def sentences(self) -> list[str]:
        """How the match ends, for the rules sheet (the bonuses follow, then the winner)."""
        never = self.ends_when.constant and not self.ends_when(None)
        out = [] if never else [f"Ends after a scored hand when: {self.ends_when.text}."]
        if self.max_hands is not None:
            also = "also " if not never else ""
            out.append(f"It {also}ends after {_plural(self.max_hands, 'deal')}, void hands "
                       "included.")
        if self.eliminate_when is not None:
            out.append(f"After each scored hand, a player p is out of the match when "
                       f"{self.eliminate_when.text}; the last player left wins.")
        if self.stop_after_deals != STOP_AFTER_DEALS:
            out.append(f"A match still going after {_plural(self.stop_after_deals, 'deal')} "
                       "stops unfinished, with no winner: a guard against endless play.")
        if self.bonuses:
            seen = "totals and counters" if any(b.into for b in self.bonuses) else "totals"
            out.append(f"Then bonuses, in order (each sees the {seen} after the one before):")
        return out

    def winner_sentence(self, variant: Variant) -> str | None:
        """Who wins the match, for the rules sheet."""
        if self.standing is not None:
            return (f"The highest standing wins the match, each player p's being "
                    f"{self.standing.text}.")
        never = self.ends_when.constant and not self.ends_when(None)
        if self.eliminate_when is None or not never or self.max_hands:
            best = "lowest" if variant.scoring.mode == "penalty" else "highest"
            if variant.partnerships is not None:
                return f"The team with the {best} total wins the match, partners together."
            return f"The {best} total wins the match."
        return None


def _bonus(i: int, row: dict[str, Any], at: BuildContext, counters: set[str]) -> Award:
    """A bonus row, its formulas seeing the receiver ``p``; ``into`` names a counter."""
    scope = match_scope().with_names(p=PLAYER)
    key = f"bonuses.{i}"
    # (a formula is None only after a problem, and the build then fails)
    award = Award(cast(Formula, at.formula(f"{key}.to", scope, PLAYERS, "players")),
                  cast(Formula, at.formula(f"{key}.when", scope, BOOL, "true")),
                  cast(Formula, at.formula(f"{key}.points", scope, NUM)))
    into = row["into"]
    if into is None:
        return award
    if into not in counters:
        at.problem(f"{key}.into", f"unknown counter {into!r} (counters: "
                   f"{', '.join(counters) or 'none'})")
    return replace(award, into=into)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
