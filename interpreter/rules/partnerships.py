"""Partnerships (the spec's ``partnerships`` section): fixed teams by seating, whose members
share one score. The teams follow from the seats, so the rule has no slice of the state.

What it changes elsewhere, each through this rule's methods (read duck-typed from
``variant.partnerships`` below the rules' level):

- formulas read a player's ``team``, ``partners`` and ``rivals`` (:mod:`..model.views`);
- each award of a hand or of the match pays each team once, and the team's members share
  its total (:mod:`.scoring`, :mod:`.match`);
- ``State.returns()`` is zero-sum between the teams (:mod:`..engine.game`);
- on a shared table, ``own`` melds are the team's and the opening may be the team's
  (``opening``: team | player; :mod:`..steps.table_melds`);
- observations and the agent API show the teams (public).

Without the section every player is a team of one, and nothing changes.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..model.rule_options import BuildContext
    from ..model.variant import Variant

TABLE_MELDING = ("meld", "draw_until_meld")       # step kinds that put melds on the table

Teams = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Partnerships:
    """The teams for each player count the variant allows, and how they were given."""

    teams: str | Teams                     # across | alternate | the seats of each team
    by_count: Mapping[int, Teams]          # player count -> teams (each a tuple of seats)
    opening: str = "team"                  # team | player: whose first meld the opening is
    from_players: int | None = None        # fewer players than this play alone (None: never)

    @classmethod
    def build(cls, options: dict[str, Any], at: BuildContext,
              counts: Iterable[int]) -> Partnerships:
        """The teams for each player count in ``counts``; a count they cannot seat is a
        located problem."""
        how, least = options["teams"], options["from_players"]
        by_count: dict[int, Teams] = {}
        counts = list(counts)
        if least is not None:                  # fewer players: each a team of one
            by_count = {n: tuple((s,) for s in range(n)) for n in counts if n < least}
            counts = [n for n in counts if n >= least]
            if not counts:
                at.warn("from_players", f"no player count of the variant reaches {least}: "
                        "every player plays alone")
                return cls(how, by_count, options["opening"], least)
        if isinstance(how, list):
            given = tuple(tuple(team) for team in how)
            seats = sorted(s for team in given for s in team)
            if len(counts) != 1 or seats != list(range(counts[0])):
                at.problem("teams", f"the teams must hold each seat 0-{max(counts) - 1} "
                           f"exactly once, for a variant with one player count (players is "
                           f"{counts[0]}-{counts[-1]})")
            by_count.update({n: given for n in counts})
            return cls(given, by_count, options["opening"], least)
        for n in counts:
            found = _seated(how, n)
            if found is None:
                at.problem("teams", f"{how} teams need {ALLOWED[how]}, not {n} players")
                continue
            by_count[n] = found
        return cls(how, by_count, options["opening"], least)

    # ---- what the other rules ask ------------------------------------------------------
    def of(self, players: int) -> Teams:
        """The teams at a table of ``players``."""
        return self.by_count[players]

    def team_of(self, players: int, seat: int) -> tuple[int, ...]:
        """The seats of ``seat``'s team, itself included."""
        return next(team for team in self.by_count[players] if seat in team)

    def shared(self, players: int, gains: list[int]) -> list[int]:
        """Per-seat ``gains`` as each team's sum, given to every member."""
        out = list(gains)
        for team in self.by_count[players]:
            total = sum(gains[s] for s in team)
            for s in team:
                out[s] = total
        return out

    def returns(self, players: int, values: list[float]) -> list[float]:
        """Each seat's team value (its first member's: partners share their totals) less the
        mean of the teams' values: zero-sum between teams, partners alike."""
        teams = self.by_count[players]
        mean = sum(values[team[0]] for team in teams) / len(teams)
        return [values[self.team_of(players, s)[0]] - mean for s in range(players)]

    # ---- words ---------------------------------------------------------------------------
    def sentences(self, variant: Variant) -> list[str]:
        """The section, for the rules sheet."""
        counts = [n for n in sorted(self.by_count)
                  if self.from_players is None or n >= self.from_players]
        shown = "; ".join(f"with {n} players, seats " + " against ".join(
            "+".join(str(s) for s in team) for team in self.by_count[n]) for n in counts)
        if self.from_players is not None and min(self.by_count) < self.from_players:
            shown += f"; with fewer than {self.from_players} players each plays alone"
        how = {"across": "teams of two, partners sitting facing each other",
               "alternate": "two teams, partners on every other seat"}.get(
            str(self.teams), "teams by seat")
        return [f"Fixed partnerships, {how}: {shown}.",
                "Partners share one score: each award pays a team once (p is the first of "
                "its members it names), a team's members hold its total, and a hand won by "
                "one partner is won by the whole team (rounds_won). The match is won or lost "
                "by teams. A partner's hand stays hidden; p.team, p.partners and p.rivals "
                "name a player's team (itself included), its partners and the players of "
                "the other teams."] + self._table_sentences(variant)

    def _table_sentences(self, variant: Variant) -> list[str]:
        """Team melds and the team's opening, where the variant has a shared table."""
        if not any(step.kind in TABLE_MELDING for step in variant.turn):
            return []
        out = []
        table = variant.table
        if table.layoff_onto == "own" or (table.manipulation and table.rearrange == "own"):
            out.append("A meld on the table belongs to its player's team: either partner may "
                       "do with it what its owner may.")
        if table.has_opening() and table.opening_applies_to == "first_meld_of_each_player":
            out.append("The opening is the team's: once one partner has opened, the others "
                       "meld and lay off without opening." if self.opening == "team" else
                       "Each partner must open on their own.")
        return out


ALLOWED = {"across": "4, 6 or 8 players", "alternate": "an even number of players, at least 4"}


def _seated(how: str, n: int) -> Teams | None:
    """The teams ``how`` gives ``n`` players, or None when it cannot seat them."""
    if n < 4 or n % 2:
        return None
    if how == "across":
        if n > 8:
            return None
        half = n // 2
        return tuple((s, s + half) for s in range(half))
    return (tuple(range(0, n, 2)), tuple(range(1, n, 2)))
