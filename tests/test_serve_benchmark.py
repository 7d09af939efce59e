"""benchmarks/serve.py runs against a real server and prints its figures (no timing checks)."""
import subprocess
import sys
from pathlib import Path

import pytest

for module in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(module)

ROOT = Path(__file__).resolve().parent.parent


def test_serve_benchmark_tiny():
    run = subprocess.run([sys.executable, "benchmarks/serve.py", "--tables", "3",
                          "--actions-per-table", "4", "--think", "0"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("command: python benchmarks/serve.py --tables 3")
    figures = {line.split()[0]: line.split() for line in lines if line.strip()}
    assert float(figures["actions/s"][1]) > 0 and "(12 human actions)" in run.stdout
    assert "latency submit -> pushed update: p50" in run.stdout
    if Path("/proc/self/schedstat").exists():
        assert "server: on a CPU" in run.stdout and "client: on a CPU" in run.stdout
    assert "goal (200 concurrent tables, p99 under 50 ms on 2 cores): NOT met (3 tables" \
        in run.stdout
    assert "error:" not in run.stdout
