"""Ruleset comparison: common random numbers, paired differences, the table and the report."""
from __future__ import annotations

import json
import sys

import pytest

from interpreter import RummyError
from interpreter.frontends.cli import main
from interpreter.simulate import make_plan, report, simulate
from interpreter.simulate.playout import play

KNOCK_AT_7 = """extends: gin_standard
name: Gin, knock at 7
turn:
  - offer_upcard: {to: first_player_then_dealer}
  - draw: {from: [stock, discard]}
  - knock: {when: "deadwood_after_discard <= 7", without_discard_when: "deadwood == 0"}
  - discard: {}
"""


@pytest.fixture(scope="module")
def oklahoma():
    """Single hands: standard gin against Oklahoma, same seeds."""
    return simulate(["gin_standard", "oklahoma_gin"], games=300, single_hand=True, seed=2)


def test_a_variant_against_itself_shows_no_difference():
    results = simulate(["gin_standard", "gin_standard"], games=20, workers=1)
    for m in results.metrics():
        d = results.difference(m, 1)
        assert not d.significant and d.value in (0, None), m.key
    assert not any(line.rstrip().endswith("*") for line in results.table().splitlines())


def test_same_rules_under_another_name_play_identical_games(tmp_path):
    copy = tmp_path / "copy.yaml"
    copy.write_text("extends: gin_standard\nname: A copy\n")
    plan = make_plan(["gin_standard", str(copy)], bots="strong,greedy")
    a, b = plan.loaded()
    for seed in (1, 2, 3):
        assert play(a, 2, plan.bots, seed, 500, False) == play(b, 2, plan.bots, seed, 500, False)


def test_common_random_numbers_make_the_paired_interval_narrower(tmp_path):
    house = tmp_path / "knock7.yaml"
    house.write_text(KNOCK_AT_7)
    results = simulate(["gin_standard", str(house)], games=200, single_hand=True, workers=1)
    turns = next(m for m in results.metrics() if m.key == "turns_per_hand")
    paired = results.difference(turns, 1).se
    unpaired = (results.estimate(turns, 0).se ** 2 + results.estimate(turns, 1).se ** 2) ** 0.5
    assert paired < 0.8 * unpaired


def test_oklahoma_has_more_gins_and_longer_hands(oklahoma):
    by_key = {m.key: m for m in oklahoma.metrics()}
    for key in ("outcome:gin", "turns_per_hand"):
        d = oklahoma.difference(by_key[key], 1)
        assert d.significant and d.value > 0, key


def test_table_and_json_show_values_differences_and_significance(oklahoma):
    table = oklahoma.table()
    assert table.startswith("A: Gin Rummy (standard two-player)  (gin_standard)\nB: Oklahoma Gin")
    gin = next(line for line in table.splitlines() if line.startswith("gin rate"))
    assert gin.rstrip().endswith("*") and gin.count("[") == 3
    data = oklahoma.as_dict()
    json.dumps(data)
    assert data["variants"][1]["difference"]["outcome:gin"]["significant"] is True
    assert "difference" not in data["variants"][0]


def test_cli_compare_prints_the_table(capsys, tmp_path):
    assert main(["compare", "gin_standard", "oklahoma_gin", "--hands", "20", "--workers", "1",
                 "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "B-A" in out and "turns per hand" in out and "paired difference" in out


def test_compare_needs_two_variants(capsys):
    assert main(["compare", "gin_standard", "--games", "5"]) == 1
    assert "at least two variants" in capsys.readouterr().err


def test_compare_checks_the_player_count_for_every_variant(capsys):
    assert main(["compare", "gin", "gin_standard", "--players", "3", "--games", "5"]) == 1
    assert "Gin Rummy (standard two-player) is for 2 players, not 3" in capsys.readouterr().err


def test_plots_without_matplotlib_fail_clearly(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(RummyError, match=r"rummy-interpreter\[plot\]"):
        report.require()


def test_html_report_is_self_contained(oklahoma, tmp_path):
    pytest.importorskip("matplotlib")
    page = tmp_path / "r.html"
    report.write_html(oklahoma, str(page))
    text = page.read_text()
    assert "<table>" in text and "data:image/png;base64," in text and "gin rate" in text
    assert "http://" not in text and "https://" not in text and "<script" not in text


def test_cli_report_and_plot_files(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    png, page = tmp_path / "r.png", tmp_path / "r.html"
    assert main(["compare", "gin_standard", "straight_gin", "--hands", "10", "--workers", "1",
                 "--plot", str(png), "--report", str(page)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert page.stat().st_size > 10_000
