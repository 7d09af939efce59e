"""A run's results: each variant's estimates and the paired differences against the first,
as a text table or a JSON-friendly dict."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import metrics as metric_defs
from .metrics import Metric
from .plan import Plan
from .stats import Estimate, Moments


@dataclass
class Results:
    """What :func:`interpreter.simulate.simulate` returns."""

    plan: Plan
    games: int
    moments: Moments

    @property
    def names(self) -> list[str]:
        return [v.name for v in self.plan.loaded()]

    @property
    def unit(self) -> str:
        return "hand" if self.plan.single_hand else "match"

    def metrics(self) -> list[Metric]:
        order = [o.name for v in self.plan.loaded() for o in v.scoring.outcomes]
        order += [v.scoring.void_outcome for v in self.plan.loaded()]
        return metric_defs.metrics(self.moments, order, self.plan.players,
                                   not self.plan.single_hand)

    def estimate(self, metric: Metric, index: int = 0) -> Estimate:
        return metric_defs.estimate(self.moments, metric, index)

    def difference(self, metric: Metric, index: int) -> Estimate:
        """Variant ``index`` minus the first variant, paired over the same game seeds."""
        return metric_defs.difference(self.moments, metric, 0, index)

    def histogram(self, name: str, index: int = 0) -> dict:
        """Value -> count of a per-game or per-hand figure (turns, points, hands, margin)."""
        return dict(sorted(self.moments.histograms.get((index, name), {}).items()))

    def capped(self) -> bool:
        """Whether any match was stopped at --max-hands."""
        return any(self.moments.total((i, "capped")) for i in range(len(self.plan.variants)))

    def as_dict(self) -> dict:
        plan, found = self.plan, self.metrics()
        out: dict[str, Any] = {
            "games": self.games, "unit": self.unit, "players": plan.players,
            "bots": [[name, options] for name, options in plan.bots], "seed": plan.seed,
            "max_hands": None if plan.single_hand else plan.max_hands, "variants": []}
        for i, (name, path) in enumerate(zip(self.names, plan.variants)):
            entry = {"name": name, "path": path,
                     "metrics": {m.key: self.estimate(m, i).as_dict() for m in found},
                     "histograms": {k: {str(x): n for x, n in self.histogram(k, i).items()}
                                    for k in ("hands", "turns", "points", "margin")
                                    if (i, k) in self.moments.histograms}}
            if i:
                entry["difference"] = {
                    m.key: {**d.as_dict(), "significant": d.significant}
                    for m, d in ((m, self.difference(m, i)) for m in found)}
            out["variants"].append(entry)
        return out

    def rows(self):
        """Per metric: (metric, each variant's cell, (difference cell, significant) per
        variant after the first); cells read like ``12.3% [11.8, 12.9]``."""
        for m in self.metrics():
            values = [self.estimate(m, i) for i in range(len(self.plan.variants))]
            digits = _digits(m, values)
            diffs = [self.difference(m, i) for i in range(1, len(values))]
            yield (m, [_cell(e, m, digits) for e in values],
                   [(_cell(d, m, digits, "+"), d.significant) for d in diffs])

    @property
    def letters(self) -> list[str]:
        return [chr(ord("A") + i) for i in range(len(self.plan.variants))]

    def heading(self) -> list[str]:
        """What was played: the variants (lettered when several), games, players, bots."""
        plan = self.plan
        bots = ",".join(name + "".join(f":{k}={v}" for k, v in opts.items())
                        for name, opts in plan.bots)
        count = f"{self.games} {'single hands' if plan.single_hand else 'matches'}"
        if len(plan.variants) == 1:
            return [f"{self.names[0]}: {count}, {plan.players} players, bots {bots}, "
                    f"seed {plan.seed}"]
        return [f"{letter}: {name}  ({path})"
                for letter, name, path in zip(self.letters, self.names, plan.variants)] + [
            f"{count} per variant, the same seeds and deck orders; {plan.players} players, "
            f"bots {bots}, seed {plan.seed}"]

    def table(self) -> str:
        """The side-by-side text table (one variant: its figures with intervals)."""
        plan, letters, lines = self.plan, self.letters, self.heading()
        head = [f"{'':30}"] + ([f"{letter:>23}" for letter in letters] if len(letters) > 1
                               else [f"{'value [95% CI]':>23}"])
        head += [f"{letter + '-A':>25}   " for letter in letters[1:]]
        lines.append("".join(head).rstrip())
        for m, cells, diffs in self.rows():
            row = [f"{m.label:30}"] + [f"{c:>23}" for c in cells]
            row += [f"{text:>25} {'*' if sig else ' '} " for text, sig in diffs]
            lines.append("".join(row).rstrip())
        if len(letters) > 1:
            lines.append("* the 95% interval of the paired difference excludes 0")
        if self.capped():
            lines.append(f"note: some matches reached --max-hands {plan.max_hands} and were "
                         f"stopped: they count for hands and outcomes, not for match results")
        return "\n".join(lines)


def _digits(metric: Metric, values: list[Estimate]) -> int:
    """Decimals for a row: one for percentages and for figures of 100 or more, else two."""
    largest = max((abs(e.value) for e in values if e.value is not None), default=0)
    return 1 if metric.kind == "rate" or largest >= 100 else 2


def _cell(e: Estimate, metric: Metric, digits: int, sign: str = "") -> str:
    """``12.3% [11.8, 12.9]`` for rates, ``10.21 [10.05, 10.37]`` for the rest."""
    if e.value is None or e.low is None or e.high is None:     # all None or none
        return "-"
    scale, unit = (100, "%") if metric.kind == "rate" else (1, "")
    fmt = f"{{:{sign}.{digits}f}}"
    return (f"{fmt.format(e.value * scale)}{unit} "
            f"[{fmt.format(e.low * scale)}, {fmt.format(e.high * scale)}]")
