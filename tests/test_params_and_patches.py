"""Params (named constants for formulas) and patches (change one turn step or scoring row of
the variant a file extends, by name): one-line house rules, located errors, --resolved."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from interpreter import SpecError, load_variant, new_game
from interpreter.frontends.cli import main


def spec(tmp_path, text: str, name: str = "house.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def problems(path) -> list[str]:
    with pytest.raises(SpecError) as error:
        load_variant(path)
    return error.value.problems


def test_a_one_line_house_rule_changes_the_knock_limit():
    base, house = load_variant("gin_standard"), load_variant("gin_standard_knock7")
    assert base.params["knock_limit"] == 10 and house.params["knock_limit"] == 7
    assert (base.step("knock").limits.limit, house.step("knock").limits.limit) == (10, 7)
    # seat 1 holds two runs and 8 points of deadwood after discarding the king it draws
    hand1 = ["Ah", "2h", "3h", "4h", "5c", "6c", "7c", "8c", "3d", "5s"]
    hand0 = ["Kc", "Qc", "Jc", "Tc", "9c", "Kd", "Qd", "Jd", "Td", "9d"]
    order = [c for pair in zip(hand1, hand0) for c in pair] + ["2s", "Ks"]
    full = [r + s for s in "cdhs" for r in "A23456789TJQK"]
    order += [c for c in full if c not in order]
    knocks = []
    for variant in (base, house):
        g = new_game(variant, deck=order, dealer=0)
        g.apply("pass")
        g.apply("pass")
        g.apply("draw stock")
        knocks.append({str(a) for a in g.legal_actions() if a.kind == "knock"})
    assert knocks[0] == {"knock Ks"} and knocks[1] == set()


def test_params_are_constants_every_formula_may_use(tmp_path):
    path = spec(tmp_path, """
extends: gin
name: House
params: {gin_bonus: 40, knock_limit: 0.5, doubled: true}
scoring:
  outcomes:
    knock: {award: [{to: losers, points: "(p.deadwood - knocker.deadwood) * (2 if doubled else 1)"}]}
""")
    v = load_variant(path)
    assert v.params == {"knock_limit": 0.5, "gin_bonus": 40, "undercut_penalty": 25,
                        "game_to": 100, "doubled": True}
    assert v.step("knock").limits.limit == 0.5


def test_a_param_may_not_take_a_formula_name_and_typos_are_caught(tmp_path):
    path = spec(tmp_path, "extends: gin\nname: House\nparams: {deadwood: 3}\n")
    (line,) = problems(path)
    assert line.startswith(f"{path}:3:10: params.deadwood: a param may not be called 'deadwood'")
    path = spec(tmp_path, "extends: gin\nname: House\nturn:\n  knock: {when: 'deadwood_after_discard <= knock_limt'}\n")
    (line,) = problems(path)
    assert line.startswith(f"{path}:4:") and "did you mean 'knock_limit'" in line
    path = spec(tmp_path, "extends: gin\nname: House\nparams: {Knock: 3}\n")
    assert "params" in problems(path)[0]


def test_a_patch_merges_into_the_step_of_its_kind(tmp_path):
    path = spec(tmp_path, """
extends: gin_standard
name: House
turn:
  draw: {from: [stock]}
""")
    v = load_variant(path)
    assert [s.kind for s in v.turn] == ["offer_upcard", "draw", "knock", "discard"]
    assert v.step("draw").piles == ("stock",)
    assert v.step("knock").when.text == "deadwood_after_discard <= knock_limit"


def test_null_removes_a_step_or_a_row(tmp_path):
    path = spec(tmp_path, """
extends: gin_standard
name: House
turn: {offer_upcard: null}
deal: {upcard: false}
scoring: {outcomes: {big_gin: null}}
""")
    v = load_variant(path)
    assert [s.kind for s in v.turn] == ["draw", "knock", "discard"]
    assert [o.name for o in v.scoring.outcomes] == ["gin", "undercut", "knock"]


def test_patch_errors_are_located_in_the_file_that_wrote_them(tmp_path):
    path = spec(tmp_path, """
extends: gin_standard
name: House
turn:
  meld: {optional: true}
""")
    (line,) = problems(path)
    assert line.startswith(f"{path}:5:3: turn.meld: the variant this file extends has no step "
                           "kind 'meld' (it has offer_upcard, draw, knock, discard)")
    path = spec(tmp_path, """
extends: gin_standard
name: House
scoring:
  outcomes:
    gin: {award: [{to: winners, points: "sum(o.deadwood for o in losers) + bonus"}]}
""")
    (line,) = problems(path)
    assert line.startswith(f"{path}:6:") and "scoring.outcomes[1].award[0].points" in line
    assert "unknown name 'bonus'" in line
    path = spec(tmp_path, """
extends: gin_standard
name: House
turn:
  knock: {when: "deadwood_after_discrd <= 7"}
""")
    (line,) = problems(path)
    assert line.startswith(f"{path}:5:18: turn[2].knock.when: unknown name")


def test_a_patch_needs_a_base(tmp_path):
    path = spec(tmp_path, yaml.safe_dump({"name": "Alone", "turn": {"draw": {}},
                                          "scoring": {"outcomes": [{"outcome": "x"}]}}))
    (line,) = problems(path)
    assert "turn: a mapping patches the list of the variant this file extends" in line


def test_validate_resolved_prints_the_effective_spec(capsys):
    assert main(["validate", "--resolved", "straight_gin"]) == 0
    out = capsys.readouterr().out
    effective = yaml.safe_load(out.split("\n", 1)[1])
    assert effective["params"]["knock_limit"] == 0
    assert effective["turn"][2]["knock"]["when"] == "deadwood_after_discard <= knock_limit"
    assert effective["round_end"]["layoffs"]["allowed"] is False
    assert "extends" not in effective


def test_the_readmes_variant_examples_load(tmp_path):
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    blocks = [b.split("```", 1)[0] for b in readme.split("```yaml\n")[1:]]
    examples = [b for b in blocks if b.startswith("extends:")]
    assert len(examples) >= 2
    for i, text in enumerate(examples):
        load_variant(spec(tmp_path, text, f"example{i}.yaml"))
