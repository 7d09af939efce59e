"""Schema checking: every problem at once, one located plain-English line each, in file order."""
import json

import pytest

from interpreter.spec import schema_path, validate
from interpreter.spec.loader import load_yaml
from interpreter.spec.validate import check, format_problem, load_schema, path_text

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "required": ["name", "deck"],
    "properties": {
        "name": {"type": "string", "minLength": 1},
        "deck": {
            "type": "object",
            "additionalProperties": False,
            "required": ["decks"],
            "properties": {
                "decks": {"type": "integer", "minimum": 1, "maximum": 4},
                "ace": {"enum": ["low", "high", "both"]},
            },
        },
        "deal": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "upcard": {"type": "boolean"},
                "hand_size": {"oneOf": [
                    {"type": "integer", "minimum": 1},
                    {"type": "object", "propertyNames": {"pattern": "^[0-9]+$"},
                     "additionalProperties": {"type": "integer"}},
                ]},
            },
        },
        "scoring": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["outcome"],
                "properties": {
                    "outcome": {"type": "string"},
                    "when": {"type": "string"},
                    "points": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
                },
            },
        },
    },
}

GOOD = """\
name: Gin
deck: {decks: 1, ace: low}
deal:
  upcard: true
  hand_size: {2: 10, 3: 7}
scoring:
  - outcome: gin
    points: 25
"""


def lines(source: str) -> list[str]:
    data, marks = load_yaml(source, "v.yaml")
    return check(data, marks, "v.yaml", SCHEMA)


def test_valid_spec_has_no_problems():
    assert lines(GOOD) == []


def test_all_problems_at_once_in_file_order():
    src = """\
extra: 1
name: Gin
deal:
  upcrad: true
  hand_size: {2: 10, 3: seven}
scoring:
  - outcome: gin
    points: [1]
  - points: 3
    whne: x
deck: {decks: ten, ace: hgh}
"""
    assert lines(src) == [
        "v.yaml:1:1: (top level): unknown key 'extra'",
        "v.yaml:4:3: deal: unknown key 'upcrad' (did you mean 'upcard'?)",
        "v.yaml:5:25: deal.hand_size.3: expected an integer, got 'seven'",
        "v.yaml:8:13: scoring[0].points: expected a string or an integer, got a list",
        "v.yaml:9:5: scoring[1]: missing required key 'outcome'",
        "v.yaml:10:5: scoring[1]: unknown key 'whne' (did you mean 'when'?)",
        "v.yaml:11:15: deck.decks: expected an integer, got 'ten'",
        "v.yaml:11:25: deck.ace: must be one of: low, high, both (got 'hgh')",
    ]


def test_missing_keys_located_at_the_mapping():
    assert lines("deck:\n  ace: low\n") == [
        "v.yaml:1:1: (top level): missing required key 'name'",
        "v.yaml:1:1: deck: missing required key 'decks'",
    ]


def test_bounds_and_sizes():
    src = "name: ''\ndeck: {decks: 5}\nscoring: []\n"
    assert lines(src) == [
        "v.yaml:1:7: name: must have at least 1 character (got 0)",
        "v.yaml:2:15: deck.decks: must be at most 4 (got 5)",
        "v.yaml:3:10: scoring: must have at least 1 item (got 0)",
    ]


@pytest.mark.parametrize("hand_size, line", [
    ("0", "v.yaml:3:19: deal.hand_size: must be at least 1 (got 0)"),
    ("{x: 7}", "v.yaml:3:20: deal.hand_size: key must match the pattern '^[0-9]+$' (got 'x')"),
    ("ten", "v.yaml:3:19: deal.hand_size: expected an integer or a mapping, got 'ten'"),
])
def test_one_of_explains_the_closest_branch(hand_size, line):
    assert lines(f"name: a\ndeck: {{decks: 1}}\ndeal: {{hand_size: {hand_size}}}\n") == [line]


def test_unknown_key_without_close_match_has_no_hint():
    assert lines(GOOD + "zzz: 1\n") == ["v.yaml:9:1: (top level): unknown key 'zzz'"]


def test_path_text():
    assert path_text(()) == "(top level)"
    assert path_text(("scoring", 0, "points")) == "scoring[0].points"
    assert path_text(("deal", "hand_size", "2")) == "deal.hand_size.2"
    assert path_text((0, "a b", "c.d")) == '[0]["a b"]["c.d"]'


def test_format_problem():
    assert format_problem("g.yaml", 3, 7, ("deal",), "oops") == "g.yaml:3:7: deal: oops"
    assert format_problem("g.yaml", 3, 7, (), "oops") == "g.yaml:3:7: (top level): oops"
    assert format_problem("g.yaml", 3, 7, None, "oops") == "g.yaml:3:7: oops"


def test_validator_built_once_per_schema(monkeypatch):
    built = []
    monkeypatch.setattr(validate, "_validators", {})
    monkeypatch.setattr(validate.Draft202012Validator, "check_schema",
                        classmethod(lambda cls, schema: built.append(schema)))
    for _ in range(3):
        lines(GOOD)
    assert built == [SCHEMA]


def test_load_schema_is_cached(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SCHEMA), encoding="utf-8")
    assert load_schema(path) == SCHEMA
    assert load_schema(path) is load_schema(path)


def test_an_unknown_step_kind_is_named_with_a_hint():
    data, marks = load_yaml("name: x\nplayers: {min: 2, max: 2}\nturn:\n  - knok: {}\n"
                            "scoring: {outcomes: [{outcome: a}]}\n", "v.yaml")
    (line,) = check(data, marks, "v.yaml", load_schema(schema_path()))
    assert line == ("v.yaml:4:5: turn[0]: unknown kind 'knok' (did you mean 'knock'?); the "
                    "kinds are offer_upcard, draw, draw_until_meld, meld, knock, discard, drop, "
                    "turn_up")
