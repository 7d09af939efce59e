"""The benchmarks run from the repo root and print their tables (no timing checks)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_deadwood_benchmark_quick():
    run = subprocess.run([sys.executable, "benchmarks/deadwood.py", "--quick", "--seed", "3"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert any(line.split()[:2] == ["engine", "cards"] for line in lines if line.strip())
    assert any(line.split()[:3] == ["ours", "10", "deadwood"] for line in lines if line.strip())
    assert any(line.split()[:3] == ["ours", "11", "best_discards"] for line in lines if line.strip())
    assert "goal: within 3x of OpenSpiel" in run.stdout
    assert "DISAGREEMENT" not in run.stdout


def test_random_play_benchmark_quick():
    run = subprocess.run([sys.executable, "benchmarks/random_play.py", "--quick", "--repeats", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    rows = [line.split() for line in run.stdout.splitlines()]
    assert any(row[:1] == ["ours"] and float(row[1]) > 0 for row in rows if row)


def test_before_after_benchmark_quick():
    """Two trees compared alternately (here the same tree twice, so every ratio is near 1)."""
    run = subprocess.run([sys.executable, "benchmarks/before_after.py", "--before", str(ROOT),
                          "--rounds", "1", "--quick"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    rows = {line[:30].strip(): line[30:].split() for line in run.stdout.splitlines()[2:]}
    assert float(rows["random gin_standard hands/s"][0]) > 0
    assert "dense deadwood us/hand" in rows and "greedy carousel actions/s" in rows


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
