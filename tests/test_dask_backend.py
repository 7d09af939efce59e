"""The Dask backend: byte-identical results to the local runner, chunks that survive failing
tasks and killed workers, clear errors for a bad scheduler or a missing extra."""
from __future__ import annotations

import os
import subprocess
import sys
from functools import partial

import cloudpickle
import dask
import distributed
import pytest

from interpreter import RummyError
from interpreter.frontends.cli import main
from interpreter.simulate import make_plan, on_dask, run, run_chunk
from interpreter.simulate.runner import merge

cloudpickle.register_pickle_by_value(sys.modules[__name__])    # workers need not import tests


@pytest.fixture(scope="module")
def cluster():
    """Two worker processes; a task may see one of its workers die, not two."""
    with dask.config.set({"distributed.scheduler.allowed-failures": 1}), \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     dashboard_address=":0") as local:
        yield local


def cli_json(capsys, *args) -> str:
    assert main([*args, "--json"]) == 0
    return capsys.readouterr().out


def test_simulate_gives_the_same_json_on_every_backend(capsys, cluster):
    args = ["simulate", "gin_standard", "--games", "6", "--seed", "4"]
    one = cli_json(capsys, *args, "--workers", "1")
    assert cli_json(capsys, *args, "--workers", "2", "--chunk", "1") == one
    assert cli_json(capsys, *args, "--backend", "dask", "--workers", "2") == one
    assert cli_json(capsys, *args, "--backend", "dask", "--scheduler",
                    cluster.scheduler_address, "--chunk", "2") == one


def test_compare_gives_the_same_json_on_every_backend(capsys, cluster, tmp_path, monkeypatch):
    (tmp_path / "house.yaml").write_text("extends: gin_standard\nname: House gin\n"
                                         "params: {knock_limit: 7}\n")
    monkeypatch.chdir(tmp_path)                   # a relative path, found by the workers too
    args = ["compare", "gin_standard", "house.yaml", "--hands", "8", "--seed", "9"]
    one = cli_json(capsys, *args, "--workers", "1")
    assert '"House gin"' in one
    assert cli_json(capsys, *args, "--workers", "2", "--chunk", "3") == one
    assert cli_json(capsys, *args, "--backend", "dask", "--scheduler",
                    cluster.scheduler_address, "--chunk", "1") == one


def fail_once(marks, plan, start, stop):
    """run_chunk, except that each chunk's first try raises."""
    mark = marks / f"failed-{start}"
    if not mark.exists():
        mark.touch()
        raise RuntimeError(f"chunk at {start} fails once")
    return run_chunk(plan, start, stop)


def die_once(marks, plan, start, stop):
    """run_chunk, except that the first try of the chunk at game 2 kills its worker."""
    mark = marks / "died"
    if start == 2 and not mark.exists():
        mark.touch()
        os._exit(1)
    return run_chunk(plan, start, stop)


@pytest.mark.parametrize("play,marked", [
    (fail_once, [f"failed-{i}" for i in range(6)]),
    (die_once, ["died"]),
], ids=["task fails once", "worker killed"])
def test_chunks_are_retried_and_counted_once(cluster, tmp_path, play, marked):
    plan = make_plan(["gin_standard", "oklahoma_gin"], seed=5, single_hand=True)
    reference = run(plan, 6, workers=1)
    chunked = on_dask.play_chunks(plan, 6, None, 1, cluster.scheduler_address,
                                  play=partial(play, tmp_path))
    total = merge(chunked)
    assert sorted(p.name for p in tmp_path.iterdir()) == marked
    assert total == reference and total.games == 6


def die_always(plan, start, stop):
    os._exit(1)


def test_a_chunk_that_keeps_killing_workers_stops_the_run_naming_it(cluster):
    plan = make_plan(["gin_standard"], single_hand=True)
    with pytest.raises(RummyError, match=r"chunk 0 \(game 0\) killed its workers"):
        merge(on_dask.play_chunks(plan, 1, None, 1, cluster.scheduler_address,
                                  play=die_always))


def test_a_repeated_chunk_is_not_counted_twice():
    plan = make_plan(["gin_standard"], single_hand=True)
    parts = [(i, run_chunk(plan, i, i + 1)) for i in range(3)]
    arrived = [parts[2], parts[0], parts[2], parts[1], parts[0]]
    assert merge(arrived) == run(plan, 3, workers=1)


@pytest.mark.parametrize("address,message", [
    ("nonsense://host:1", "unknown address scheme 'nonsense'"),
    ("no-port", "missing port number"),
    ("tcp://127.0.0.1:1", "Timed out trying to connect"),
])
def test_a_bad_scheduler_address_gets_one_clear_line(capsys, address, message):
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        code = main(["simulate", "gin_standard", "--hands", "2", "--backend", "dask",
                     "--scheduler", address])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1, err
    assert f"cannot reach the Dask scheduler at '{address}'" in err and message in err


@pytest.mark.parametrize("args,message", [
    (["--scheduler", "tcp://127.0.0.1:8786"], "--scheduler needs --backend dask"),
    (["--backend", "dask", "--scheduler", "tcp://127.0.0.1:8786", "--workers", "2"],
     "the cluster at --scheduler has its own workers"),
])
def test_options_that_do_not_go_together(capsys, args, message):
    assert main(["simulate", "gin_standard", "--hands", "2", *args]) == 1
    assert message in capsys.readouterr().err


def test_without_the_extra_the_dask_backend_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(RummyError, match=r"pip install 'rummy-interpreter\[dask\]'"):
        run(make_plan(["gin_standard"]), 2, backend="dask")


def test_the_core_does_not_import_dask():
    code = ("import sys, interpreter.frontends.cli, interpreter.simulate; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"
