"""The benchmarks run from the repo root and print their tables (no timing checks).

Peers that are not installed (OpenSpiel, RLCard) are skipped by the scripts themselves; the
checks that need a peer's figures run only when it is installed.
"""
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HAS_OPENSPIEL = importlib.util.find_spec("pyspiel") is not None


def bench(*args, timeout=120):
    """Run a benchmark script from the repo root; its completed process."""
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


def goal_lines(stdout: str) -> dict[str, str]:
    """goal name -> verdict and figure, from the scripts' ``goal: NAME, TARGET: ...`` lines."""
    return {line[6:].split(", ")[0]: line.rsplit(": ", 1)[1]
            for line in stdout.splitlines() if line.startswith("goal: ")}


@pytest.fixture
def benchmarks_path():
    """The benchmark modules importable in this process."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    yield
    sys.path.remove(str(ROOT / "benchmarks"))


def test_deadwood_benchmark_quick():
    run = bench("benchmarks/deadwood.py", "--hands", "8", "--rounds", "2", "--peer-hands", "2")
    assert run.returncode == 0, run.stdout + run.stderr
    rows = [line.split() for line in run.stdout.splitlines()]
    for name in ("random", "dense", "recorded"):
        assert [name, "10", "deadwood"] in [row[:3] for row in rows]
        assert [name, "11", "best", "discard"] in [row[:4] for row in rows]
    goals = goal_lines(run.stdout)
    assert set(goals) == {"deadwood on dense hands", "deadwood on recorded hands",
                          "best discard of 11 on random hands", "best discard of 11 on dense hands",
                          "best discard of 11 on recorded hands"}
    if HAS_OPENSPIEL:
        assert all(v.startswith(("met", "NOT met")) for v in goals.values()), goals
        assert "random    deadwood      openspiel  16/16 hands equal" in run.stdout
        assert "recorded  best discard  openspiel  16/16 hands equal" in run.stdout
    assert "DISAGREEMENT" not in run.stdout


def test_deadwood_benchmark_refuses_an_unknown_set():
    run = bench("benchmarks/deadwood.py", "--sets", "dense,sparse")
    assert run.returncode == 2
    assert "unknown set 'sparse': the sets are random, dense, recorded" in run.stderr


def test_the_agreement_check_sees_a_wrong_value(benchmarks_path):
    """A peer value that differs from ours is reported, hand by hand."""
    import deadwood
    import hand_sets
    sets = hand_sets.build(3, 1, ("dense",))
    ours = deadwood.ours()
    _, values = deadwood.measure(sets, [ours], 3, 1, 3)
    peer = deadwood.Engine("peer", list, {deadwood.DEADWOOD: len})
    values["dense", deadwood.DEADWOOD, "peer"] = {0: values["dense", deadwood.DEADWOOD, "ours"][0],
                                                  1: -1}
    lines = deadwood.disagreements(sets, [ours, peer], values)
    assert lines == [(False, "dense     deadwood      peer       1/2 hands equal")]


def test_hand_sets_are_seeded_distinct_and_as_named(benchmarks_path):
    import hand_sets
    first = hand_sets.build(40, 5)
    assert first == hand_sets.build(40, 5)
    rules = hand_sets.load_variant(hand_sets.VARIANT).meld_rules
    mean = {}
    for name, sizes in first.items():
        for size, hands in sizes.items():
            assert len(hands) == 40 and all(len(set(h)) == size for h in hands)
            assert len({frozenset(h) for h in hands}) == 40
        mean[name] = sum(map(rules.deadwood, sizes[10])) / 40
    assert mean["dense"] < mean["recorded"] < mean["random"], mean


def test_random_play_benchmark_quick():
    run = bench("benchmarks/random_play.py", "--hands", "3", "--rounds", "2")
    assert run.returncode == 0, run.stdout + run.stderr
    rows = [line.split() for line in run.stdout.splitlines()]
    assert any(row[:1] == ["ours"] and float(row[1]) > 0 for row in rows if row)
    verdict = goal_lines(run.stdout)["random play of gin_standard"]
    assert verdict.startswith(("met", "NOT met") if HAS_OPENSPIEL else "not measured")


def test_manipulation_benchmark_quick():
    run = bench("benchmarks/manipulation.py", "--positions", "2")
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("illegal plays 0, positions without a play where a simple move "
                            "exists 0") == 2
    goals = goal_lines(run.stdout)
    assert set(goals) == {"table solver time (objective cards)",
                          "table solver time (objective points)", "table solver moves"}
    assert goals["table solver moves"].startswith("met")
    assert "cut off" not in run.stdout


def test_manipulation_benchmark_counts_the_decisions_its_budget_cut_off():
    run = bench("benchmarks/manipulation.py", "--positions", "2", "--objective", "points",
                "--nodes", "50")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "cut off by the budget 2" in run.stdout and "objective cards" not in run.stdout


def test_bots_benchmark_against_head():
    """This tree against its own last commit: the same statistics, ratios near 1."""
    run = bench("benchmarks/bots.py", "--rev", "HEAD", "--greedy", "1", "--strong", "1",
                "--rounds", "1")
    assert run.returncode == 0, run.stdout + run.stderr
    rows = {row[0]: row for row in map(str.split, run.stdout.splitlines()) if row}
    assert rows["greedy"][-1] == "yes" and rows["strong"][-1] == "yes"
    assert set(goal_lines(run.stdout)) == {"greedy-bot matches per second",
                                           "strong-bot matches per second"}


def test_bots_benchmark_names_an_unknown_revision():
    run = bench("benchmarks/bots.py", "--rev", "no-such-revision", "--quick")
    assert run.returncode == 1
    assert "cannot extract revision 'no-such-revision' with git archive" in run.stderr


def test_goals_quick():
    run = bench("benchmarks/goals.py", "--quick", "--rev", "HEAD", timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    table = run.stdout.split("== issue-12 goals")[1].splitlines()
    assert table[1].split()[:3] == ["goal", "target", "verdict"]
    assert table[-1].endswith("of 11 goals met")
    assert "a legal move whenever one exists" in run.stdout


def test_before_after_benchmark_quick():
    """Two trees compared alternately (here the same tree twice, so every ratio is near 1)."""
    run = subprocess.run([sys.executable, "benchmarks/before_after.py", "--before", str(ROOT),
                          "--rounds", "1", "--quick"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    rows = {line[:30].strip(): line[30:].split() for line in run.stdout.splitlines()[2:]}
    assert float(rows["random gin_standard hands/s"][0]) > 0
    assert "dense deadwood us/hand" in rows and "greedy carousel actions/s" in rows


def test_action_path_benchmark_quick():
    """The modules an action crosses, per action kind, on this checkout."""
    run = subprocess.run([sys.executable, "benchmarks/action_path.py", "--actions", "30"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    rows = run.stdout.splitlines()
    assert len(rows) == 4 and all("modules per action, median: " in row for row in rows)
    assert "draw " in rows[0] and int(rows[0].rsplit("modules met: ", 1)[1]) > 3


def test_decision_bounds_benchmark_quick():
    run = subprocess.run([sys.executable, "benchmarks/decision_bounds.py", "--quick",
                          "--variant", "gin", "--variant", "carousel"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    rows = [line.split() for line in run.stdout.splitlines()]
    assert {(row[0], row[2]) for row in rows if len(row) == 11} >= {
        ("gin", "strong"), ("carousel", "greedy"), ("carousel", "random")}
    assert ("carousel", "strong") not in {(row[0], row[2]) for row in rows if len(row) == 11}
    assert "stated bounds hold" in run.stdout


def test_soak_benchmark_quick():
    """A short match of every variant, player count and line-up, checked after every action."""
    run = subprocess.run([sys.executable, "benchmarks/soak.py", "--quick"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "failures 0 (goal 0)" in run.stdout
    assert "RSS start" in run.stdout and "growth" in run.stdout
