"""The bundled one-line house rules: each is its base with only the named numbers changed."""
from __future__ import annotations

import pytest
import yaml

from interpreter import load_variant
from interpreter.frontends.rules_sheet import rules_sheet
from interpreter.spec.sources import find

DESCRIBE = {"name", "source", "description", "path"}
HOUSE_RULES = {
    "gin_standard_knock7": ("gin_standard", {"knock_limit": 7}),
    "gin_bonus20_undercut10": ("gin_standard", {"gin_bonus": 20, "undercut_bonus": 10}),
    "gin_standard_game150": ("gin_standard", {"game_to": 150}),
}


@pytest.mark.parametrize("name", HOUSE_RULES)
def test_a_house_rule_is_its_base_with_only_the_named_numbers_changed(name):
    base_name, changed = HOUSE_RULES[name]
    raw = yaml.safe_load(find(name).read_text())
    assert set(raw) == {"extends", "name", "source", "params"} and raw["extends"] == base_name
    assert raw["params"] == changed
    house, base = load_variant(name), load_variant(base_name)
    assert house.params == {**base.params, **changed} != base.params
    strip = lambda spec: {k: v for k, v in spec.items() if k not in DESCRIBE | {"params"}}
    assert strip(house.spec) == strip(base.spec)
    # the rules sheets differ in the title and source and in the changed numbers only
    lines = lambda v: rules_sheet(v).splitlines()
    assert len(lines(base)) == len(lines(house))
    differ = [(i, a, b) for i, (a, b) in enumerate(zip(lines(base), lines(house))) if a != b]
    heading = [(a, b) for i, a, b in differ if i < 3]        # the title, its rule, the source
    assert heading[0] == (base.name, house.name) and heading[-1][1].startswith("Rules source:")
    numbers = [(f"    {k} = {base.params[k]}", f"    {k} = {v}") for k, v in changed.items()]
    assert [(a, b) for i, a, b in differ if i >= 3] == numbers
