"""The table solver gives the same answers as when they were recorded (tests/solver_moves/
record.py): the same move, not just one as good, since greedy Carousel games follow the move
chosen among equally good ones; for the bots' calls, also whether their budget ran out.
The first three benchmark positions and one in 25 bot positions run by default, all of them
with ``-m slow``."""
from __future__ import annotations

import gzip
import json

import pytest
from solver_moves.record import MOVES, answer

from interpreter import load_variant
from interpreter.budget import Budget
from interpreter.cards import Faces
from interpreter.melds import MeldRules
from interpreter.table import Opening, find_play

with gzip.open(MOVES, "rt") as _file:
    CASES = json.load(_file)
BENCHMARK = [c for c in CASES if c["source"] == "benchmark"]
GAMES = [c for c in CASES if c["source"] == "game"]
CHUNK = 50
# the rules of benchmarks/manipulation.py's positions: two decks, two jokers, ace low or high
BENCHMARK_RULES = MeldRules(Faces.build(jokers=True), group=(3, 4), run=(3, None), ace="both",
                            copies=2, deck_jokers=2)


def _rules(case):
    if case["source"] == "benchmark":
        return BENCHMARK_RULES
    return load_variant(case["variant"]).meld_rules


def _table(case):
    return [[tuple(pair) for pair in meld] for meld in case["table"]]


@pytest.mark.parametrize("case", [pytest.param(c, marks=() if i < 6 else pytest.mark.slow,
                                               id=f"{i // 2}-{c['objective']}")
                                  for i, c in enumerate(BENCHMARK)])
def test_benchmark_positions_give_the_recorded_moves(case):
    play = find_play(_rules(case), _table(case), case["hand"], case["objective"])
    assert answer(play) == {"play": case["play"], "added": case["added"]}


@pytest.mark.parametrize("step", [pytest.param(25), pytest.param(1, marks=pytest.mark.slow)],
                         ids=["some", "all"])
def test_bot_positions_from_the_corpus_give_the_recorded_moves(step):
    for case in GAMES[::step]:
        opening = None if case["opening"] is None else Opening(*case["opening"])
        budget = Budget(case["nodes"], seconds=3600)
        play = find_play(_rules(case), _table(case), case["hand"], case["objective"], opening,
                         manipulation=case["manipulation"], budget=budget)
        expected = {k: case[k] for k in ("play", "added", "exhausted")}
        assert answer(play, budget) == expected, (case["table"], case["hand"])
