"""Simulation: exact, chunk- and worker-independent statistics; intervals that cover."""
from __future__ import annotations

import json
import random

import pytest

from interpreter import RummyError, load_variant, new_game
from interpreter.agents import make_agent
from interpreter.frontends.cli import main
from interpreter.simulate import Moments, make_plan, run, simulate, stats
from interpreter.simulate.playout import mix
from interpreter.spec import bundled_names


def replay(variant, seed, names=("greedy",)):
    """A match played the plain way, bots seeded as the runner seeds them."""
    state = new_game(variant, players=2, seed=seed)
    bots = [make_agent(names[s % len(names)], mix(seed, s)) for s in range(2)]
    while not state.is_terminal:
        state.apply(bots[state.current_player].act(state))
    return state


def test_tiny_run_counts_exactly_what_the_games_did():
    results = simulate(["gin_standard"], games=4, seed=3, workers=1)
    variant = load_variant("gin_standard")
    games = [replay(variant, mix(3, i)) for i in range(4)]
    hands = [r for g in games for r in g.history]
    m = results.moments
    assert m.games == 4
    assert m.total((0, "hands")) == len(hands)
    assert m.total((0, "turns")) == sum(r["turns"] for r in hands)
    for outcome in {r["outcome"] for r in hands}:
        assert m.total((0, f"outcome:{outcome}")) == sum(r["outcome"] == outcome for r in hands)
    for seat in range(2):
        assert m.total((0, f"match_win:{seat}")) == sum(seat in g.winners() for g in games)
    assert m.total((0, "margin")) == sum(max(g.scores) - min(g.scores) for g in games)
    by_key = {metric.key: metric for metric in results.metrics()}
    assert results.estimate(by_key["hands_per_match"]).value == len(hands) / 4
    assert results.as_dict() == simulate(["gin_standard"], games=4, seed=3,
                                         workers=1).as_dict()


@pytest.mark.parametrize("name", bundled_names())
def test_the_runner_plays_every_bundled_variant(name):
    """One short game per variant through the runner's own loop (which holds on to
    ``state.history`` while bots check moves on the state)."""
    results = simulate([name], games=1, seed=5, workers=1, max_hands=2)
    assert results.moments.games == 1
    assert 1 <= results.moments.total((0, "hands")) <= 2


def test_every_outcome_seen_is_reported_under_its_own_name(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("""extends: gin_standard
name: House gin
scoring:
  outcomes:
    - outcome: schneider
      when: "knocker.deadwood == 0"
      winners: knocker
      award: [{to: winners, points: "25"}]
    - outcome: plain
      winners: knocker
      award: [{to: winners, points: "sum(o.deadwood - p.deadwood for o in losers)"}]
""")
    results = simulate([str(house)], games=40, single_hand=True, workers=1)
    keys = [m.key for m in results.metrics() if m.group == "outcomes"]
    assert "outcome:plain" in keys and not any("knock" in k or "undercut" in k for k in keys)
    rates = sum(results.estimate(m).value for m in results.metrics() if m.group == "outcomes")
    assert rates == pytest.approx(1.0)


@pytest.mark.parametrize("workers,chunk", [(2, 1), (2, 4), (1, 10)])
def test_results_do_not_depend_on_workers_or_chunks(workers, chunk):
    plan = make_plan(["gin_standard", "oklahoma_gin"], seed=11)
    reference = run(plan, 10, workers=1, chunk=3)
    assert run(plan, 10, workers=workers, chunk=chunk) == reference


def test_moments_merge_is_associative_and_exact():
    rng = random.Random(5)
    games = [{(0, "a"): rng.randrange(5), (0, "b"): rng.random(), (1, "a"): rng.randrange(3)}
             for _ in range(30)]
    parts = [Moments(), Moments(), Moments()]
    whole = Moments()
    for i, figures in enumerate(games):
        parts[i % 3].add(figures, {(0, "a"): [figures[(0, "a")]]})
        whole.add(figures, {(0, "a"): [figures[(0, "a")]]})
    a, b, c = parts
    assert (a + b) + c == a + (b + c) == c + a + b == whole


def test_wilson_interval_known_values():
    low, high = stats.wilson(0.5, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert stats.wilson(0.0, 50)[0] == 0.0 and 0.06 < stats.wilson(0.0, 50)[1] < 0.08


def _coverage(trials, draw, truth, estimate):
    rng = random.Random(1)
    hits = 0
    for _ in range(trials):
        m = Moments()
        for figures in draw(rng):
            m.add(figures)
        e = estimate(m)
        hits += e.low <= truth <= e.high
    return hits / trials


def test_rate_intervals_cover_a_known_rate():
    """Independent trials, then clustered ones (1-12 'hands' per 'match'): ~95% coverage."""
    p = 0.3

    def single(rng):
        return [{"n": 1, "x": rng.random() < p} for _ in range(150)]

    def clustered(rng):
        out = []
        for _ in range(60):
            n = rng.randint(1, 12)
            out.append({"n": n, "x": sum(rng.random() < p for _ in range(n))})
        return out
    for draw in (single, clustered):
        covered = _coverage(400, draw, p, lambda m: stats.rate(m, "x", "n"))
        assert 0.92 <= covered <= 0.98, (draw.__name__, covered)


def test_mean_and_spread_intervals_cover_known_values():
    def draw(rng):
        out = []
        for _ in range(80):
            values = [rng.gauss(10, 3) for _ in range(rng.randint(1, 6))]
            out.append({"n": len(values), "x": sum(values), "xx": sum(v * v for v in values)})
        return out
    mean = _coverage(300, draw, 10, lambda m: stats.normal(m, stats.ratio(m, "x", "n")))
    sd = _coverage(300, draw, 3, lambda m: stats.normal(m, stats.spread(m, "x", "xx", "n")))
    assert 0.91 <= mean <= 0.98 and 0.88 <= sd <= 0.98


def test_single_hands_and_the_max_hands_guard():
    hands = simulate(["gin_standard"], games=12, single_hand=True, workers=1)
    assert hands.moments.total((0, "hands")) == 12
    assert not any(m.key == "hands_per_match" for m in hands.metrics())
    capped = simulate(["straight_gin"], games=3, bots="random", max_hands=2, workers=1)
    assert capped.capped() and capped.moments.total((0, "hands")) == 6
    assert "--max-hands 2" in capped.table()


def test_game_seeds_depend_only_on_master_seed_and_index():
    seeds = [mix(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000 and seeds[:3] == [mix(7, 0), mix(7, 1), mix(7, 2)]
    assert mix(7, 0) != mix(8, 0)


def test_cli_simulate_json_and_quiet_progress(capsys):
    assert main(["simulate", "gin_standard", "--hands", "6", "--workers", "1", "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert err == ""                                   # no progress bar off a terminal
    assert data["games"] == 6 and data["unit"] == "hand"
    turns = data["variants"][0]["metrics"]["turns_per_hand"]
    assert turns["low"] <= turns["value"] <= turns["high"]


@pytest.mark.parametrize("args,message", [
    (["--bots", "greedy,smart"], "unknown bot 'smart'"),
    (["--bots", "strong:speed=3"], "has no option 'speed'"),
    (["--bots", "greedy:x"], "expected NAME=VALUE"),
    (["--games", "0"], "at least 1"),
    (["--hands", "-2"], "at least 1"),
    (["--players", "3"], "is for 2 players, not 3"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--max-hands", "0"], "--max-hands must be at least 1"),
])
def test_cli_bad_options_get_one_clear_line(capsys, args, message):
    assert main(["simulate", "gin_standard", *args]) == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


def test_unknown_variant_is_reported():
    with pytest.raises(RummyError):
        make_plan(["no_such_variant"])


def test_benchmark_runs_quick():
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "benchmarks/simulate.py", "--quick"], cwd=root,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "games/s" in done.stdout and "MISMATCH" not in done.stdout
