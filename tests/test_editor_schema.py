"""The published schema as editors and standard validators see it: each file alone, unmerged.

Every file the loader accepts must validate raw, including partial files that extend another;
typos must still be rejected, and a file that extends nothing must be a whole variant.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from interpreter import SpecError, load_variant
from interpreter.spec import schema_path

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads(schema_path().read_text())
VALIDATOR = Draft202012Validator(SCHEMA)
BUNDLED = sorted((ROOT / "variants").glob("*.yaml"))
FIXTURES = sorted(p for p in (ROOT / "tests").rglob("*") if p.suffix in (".yaml", ".yml"))
README_EXAMPLES = [block.split("```", 1)[0]
                   for block in (ROOT / "README.md").read_text().split("```yaml\n")[1:]
                   if block.startswith("extends:")]
PARTIAL = {
    "patches": "extends: gin_standard\nname: House\nturn: {offer_upcard: null, draw: {}}\n"
               "deal: {upcard: false}\nscoring: {mode: penalty, outcomes: {big_gin: null,\n"
               "  gin: {award: [{to: winners, points: 30}]}}}\n",
    "a list replaces the base's": "extends: gin\nturn:\n  - draw: {}\n  - knock: {}\n"
                                  "  - discard: {}\n",
    "partial roles": "extends: three_hand_gin\nroles: {advise: {}}\n",
    "extends alone": "extends: gin\n",
    "names its schema": "$schema: ../schema/variant.schema.json\nextends: gin\n",
}
TYPOS = {
    "step kind": "extends: gin\nname: x\nturn: {knok: {}}\n",
    "step option": "extends: gin\nturn: {knock: {whn: 'true'}}\n",
    "section key": "extends: gin\ndeal: {hand_sise: 7}\n",
    "outcome row key": "extends: gin\nscoring: {outcomes: {gin: {awrd: []}}}\n",
    "top-level key": "extends: gin\nnmae: x\n",
    "a whole row in a list": "extends: gin\nscoring: {outcomes: [{when: 'true'}]}\n",
}


def errors(text: str) -> list[str]:
    """The standard validator's messages for a YAML file alone, as JSON (keys are strings)."""
    data = json.loads(json.dumps(yaml.safe_load(text), default=str))
    return [error.message for error in VALIDATOR.iter_errors(data)]


def loads(path: Path) -> bool:
    try:
        load_variant(path)
    except SpecError:
        return False
    return True


def test_the_schema_is_valid_draft_2020_12():
    Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", BUNDLED + [p for p in FIXTURES if loads(p)],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_every_valid_file_validates_raw(path):
    assert errors(path.read_text()) == []


def test_bundled_files_name_the_schema_for_editors():
    for path in BUNDLED:
        first = path.read_text().splitlines()[0]
        assert first == "# yaml-language-server: $schema=../schema/variant.schema.json", path


@pytest.mark.parametrize("text", README_EXAMPLES + list(PARTIAL.values()),
                         ids=[f"readme{i}" for i in range(len(README_EXAMPLES))] + list(PARTIAL))
def test_partial_files_validate_raw(tmp_path, text):
    path = tmp_path / "house.yaml"
    path.write_text(text)
    assert loads(path)
    assert errors(text) == []


@pytest.mark.parametrize("text", TYPOS.values(), ids=TYPOS)
def test_typos_in_partial_files_are_rejected(text):
    assert errors(text)


@pytest.mark.parametrize("extends", ["", "extends: null\n"])
def test_a_file_that_extends_nothing_must_be_whole(tmp_path, extends):
    text = extends + "name: x\nplayers: {}\nscoring: {outcomes: [{outcome: a}]}\n"
    assert errors(text) == ["'turn' is a required property"]
    path = tmp_path / "v.yaml"
    path.write_text(text)
    with pytest.raises(SpecError) as caught:
        load_variant(path)
    assert caught.value.problems == [f"{path}:1:1: (top level): missing required key 'turn'"]


def test_patches_need_extends():
    text = "name: x\nplayers: {}\nturn: {draw: {}}\nscoring: {outcomes: {a: {}}}\n"
    assert errors(text) == ["{'draw': {}} is not of type 'array'",
                                            "{'a': {}} is not of type 'array'"]


def test_check_jsonschema_accepts_the_bundled_files():
    pytest.importorskip("check_jsonschema")
    run = subprocess.run([sys.executable, "-m", "check_jsonschema", "--schemafile",
                          str(schema_path()), *map(str, BUNDLED)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
