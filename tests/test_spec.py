"""Spec loading end to end: bundled variants build, bad specs give located one-line errors."""
from __future__ import annotations

import json

import pytest

from interpreter import SpecError, bundled_names, load_variant
from interpreter.spec import schema_path

GOOD = """\
name: Tiny
players: {min: 2, max: 2}
turn:
  - draw: {from: [stock, discard]}
  - knock: {when: "deadwood_after_discard <= 10"}
  - discard: {}
scoring:
  outcomes:
    - outcome: knock
      winners: knocker
      award: [{to: winners, points: "sum(o.deadwood - p.deadwood for o in losers)"}]
"""


def write(tmp_path, text, name="v.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def problems(path) -> list[str]:
    with pytest.raises(SpecError) as caught:
        load_variant(path)
    return caught.value.problems


@pytest.mark.parametrize("name", bundled_names())
def test_every_bundled_variant_builds(name):
    variant = load_variant(name)
    assert variant.name and variant.turn and variant.scoring.outcomes
    low, high = variant.players
    for n in range(low, high + 1):
        deck = variant.deck_for(n)
        hands = len(variant.roles.play) if variant.roles else n
        assert hands * variant.hand_size(n) + variant.deal.upcard <= deck.size


def test_bundled_variants_name_their_rules_source():
    for name in bundled_names():
        first = (schema_path().parents[1] / "variants" / f"{name}.yaml").read_text().splitlines()[0]
        assert first.startswith("# "), name


def test_minimal_spec_gets_schema_defaults(tmp_path):
    v = load_variant(write(tmp_path, GOOD))
    assert v.hand_size(2) == 10 and v.deal.upcard is True
    assert v.spec["melds"]["run"] == {"min": 3, "max": None, "ace": "low", "wrap": False,
                                      "low_ace_points": None, "high_ace_points": None}
    assert v.spec["deck"]["suits"] == ["c", "d", "h", "s"]
    assert v.stock.then == "end_round" and v.scoring.mode == "points"


def test_unknown_key_and_enum_are_located(tmp_path):
    path = write(tmp_path, GOOD + "deal: {upcrad: true}\nmelds: {run: {ace: hgh}}\n")
    assert problems(path) == [
        f"{path}:12:8: deal: unknown key 'upcrad' (did you mean 'upcard'?)",
        f"{path}:13:20: melds.run.ace: must be one of: low, high, both (got 'hgh')",
    ]


def test_formula_errors_point_into_the_formula(tmp_path):
    text = GOOD.replace("deadwood_after_discard <= 10", "deadwod_after_discard <= 10")
    (line,) = problems(write(tmp_path, text))
    # the double-quoted formula's text starts at column 20 of line 5; the name is its first token
    assert line.endswith("turn[1].knock.when: unknown name 'deadwod_after_discard' (did you mean "
                         "'deadwood_after_discard'?) (in formula 'deadwod_after_discard <= 10')")
    assert line.split(":")[1:3] == ["5", "20"]


def test_formula_column_inside_an_unquoted_scalar(tmp_path):
    text = GOOD + "match: {ends_when: max(players.scor) >= 100}\n"
    (line,) = problems(write(tmp_path, text))
    assert ":12:32: match.ends_when: unknown player attribute 'scor' (did you mean 'score'?)" in line


def test_semantic_checks_are_all_reported(tmp_path):
    text = GOOD.replace("players: {min: 2, max: 2}", "players: {min: 2, max: 3}") + (
        "deal: {hand_size: {2: 30}}\n"
        "deck: {points: {Z: 3}}\n"
        "stock: {then: reshuffle_discards}\n")
    found = problems(write(tmp_path, text))
    assert any("deck.points.Z: unknown rank 'Z'" in p for p in found)
    assert any("deal.hand_size: no value for 3 players" in p for p in found)
    assert any("2 hands of 30 and an upcard need 61 cards" in p for p in found)
    assert all(p.startswith(str(tmp_path)) for p in found)


def test_turn_order_and_references_are_checked(tmp_path):
    text = GOOD.replace("  - discard: {}\n", "") + "deal: {upcard: false}\n"
    found = problems(write(tmp_path, text))
    assert any("a knock that discards needs a discard step after it" in p for p in found)
    assert any("drawing from the discard pile needs an upcard or a discard step" in p for p in found)


def test_last_scoring_row_must_catch_everything(tmp_path):
    text = GOOD.replace("      winners: knocker", "      when: knocked\n      winners: knocker")
    (line,) = problems(write(tmp_path, text))
    assert "the last row must have no 'when'" in line


def test_roles_must_name_known_roles(tmp_path):
    text = GOOD.replace("players: {min: 2, max: 2}", "players: {min: 3, max: 3}") + (
        "roles:\n  names: [a, b, c]\n  play: [a, d]\n  dealer: c\n"
        "  rotate: [{next: {a: b, b: b, c: c}}]\n")
    found = problems(write(tmp_path, text))
    assert any("roles.play[1]: unknown role 'd'" in p for p in found)
    assert any("roles.dealer: the dealer role 'c' must play" in p for p in found)
    assert any("must map every role to a new role, each used once" in p for p in found)


def test_extends_merges_and_locates_errors_in_each_file(tmp_path):
    write(tmp_path, GOOD.replace("name: Tiny", "name: Base\ndeal: {first_dealer: randm}"), "base.yaml")
    child = write(tmp_path, "extends: base.yaml\nname: Child\ndeal: {upcard: 3}\n", "child.yaml")
    found = problems(child)
    assert any(p.startswith(f"{tmp_path / 'base.yaml'}:2:") and "first_dealer" in p for p in found)
    assert any(p.startswith(f"{child}:3:16: deal.upcard:") for p in found)


def test_extends_a_bundled_variant_with_one_line(tmp_path):
    path = write(tmp_path, "extends: gin_standard\nname: Knock at 7\nturn:\n"
                 "  - offer_upcard: {to: first_player_then_dealer}\n"
                 "  - draw: {from: [stock, discard]}\n"
                 "  - knock: {when: 'deadwood_after_discard <= 7'}\n  - discard: {}\n")
    v = load_variant(path)
    assert v.name == "Knock at 7" and v.scoring.outcomes[0].name == "big_gin"


def test_extends_cycle_is_an_error(tmp_path):
    write(tmp_path, "extends: b.yaml\nname: A\n", "a.yaml")
    write(tmp_path, "extends: a.yaml\nname: B\n", "b.yaml")
    (line,) = problems(tmp_path / "a.yaml")
    assert "circular" in line


def test_unknown_variant_name_suggests(tmp_path):
    with pytest.raises(SpecError) as caught:
        load_variant("gin_standart")
    assert "did you mean 'gin_standard'" in str(caught.value)


@pytest.mark.parametrize("text", [
    "a: &a [1,2]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
    "f: [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n",
    "name: " + "[" * 5000 + "]" * 5000 + "\n",
    "name: x\n\tplayers: 2\n",
    "- just\n- a list\n",
    "",
])
def test_hostile_yaml_gives_located_errors_not_tracebacks(tmp_path, text):
    found = problems(write(tmp_path, text))
    assert found and all(p.startswith(str(tmp_path)) for p in found)


def test_schema_documents_every_field():
    schema = json.loads(schema_path().read_text())

    def resolve(node):
        ref = node.get("$ref", "")
        return {**schema["$defs"][ref.rsplit("/", 1)[1]], **node} if ref else node

    def walk(node, path, whole):
        """``whole``: the same place in what a file that extends nothing must give (``then``)."""
        node = resolve(node)
        required = node.get("required", []) + whole.get("required", [])
        for key, sub in node.get("properties", {}).items():
            assert "description" in sub, path + [key]
            assert "default" in sub or key in required, path + [key]
            walk(sub, path + [key], whole.get("properties", {}).get(key, {}))
        for key in ("items", "additionalProperties"):
            if isinstance(node.get(key), dict):
                walk(node[key], path + [key], {})
        for branch in node.get("oneOf", []):
            walk(branch, path, {})

    walk(schema, [], schema["then"])
    assert schema["additionalProperties"] is False
