"""The conformance checks (tests/test_conformance.py: cards conserved, observations hide what
they must, legal actions accepted, saves round-trip) on random play of rules no bundled
variant uses in every form: turn_up, joker swaps, contracts by progress, counters of others'
actions."""
from __future__ import annotations

import copy

import pytest
import test_conformance as conformance

from interpreter import load_variant
from interpreter.spec.resolved import variant_from_spec

TURN_UP = [{"turn_up": {}}, {"meld": {}}, {"discard": {}}]
COUNTERS = {"taken": {"of": "next_player", "update": {"draw_discard": "value + 1"}},
            "seen": {"of": "others", "update": {"discard": "value + 1"}}}
CASES = {
    "turn_up_end": ("basic_rummy", {"turn": TURN_UP}, 3),
    "turn_up_draw": ("basic_rummy", {"turn": [{"turn_up": {"on_pass": "draw"}}, *TURN_UP[1:]]},
                     2),
    "swap_to_hand": ("scala_40", {"table": {"joker_swap": {"allowed": True}}}, 3),
    "swap_at_once": ("scala_40", {"table": {"joker_swap": {
        "allowed": True, "joker_to": "table", "before_opening": True}}}, 2),
    "progress": ("contract_rummy", {"table": {"opening": {"contract_by": "progress",
                                                          "all_cards": "false"}}}, 3),
    "counters_of": ("basic_rummy", {"counters": COUNTERS}, 3),
}


def _merged(base: dict, top: dict) -> dict:
    out = dict(base)
    for key, value in top.items():
        both = isinstance(out.get(key), dict) and isinstance(value, dict)
        out[key] = _merged(out[key], value) if both else value
    return out


@pytest.mark.parametrize("name", list(CASES))
def test_random_play_passes_every_check(name, monkeypatch):
    base, change, players = CASES[name]
    spec = _merged(copy.deepcopy(load_variant(base).spec), change)
    monkeypatch.setitem(conformance.VARIANTS, name, variant_from_spec(spec, f"{name}.yaml"))
    conformance.play_fully_checked(name, players, 0, 300)
