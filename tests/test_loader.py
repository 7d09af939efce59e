"""Safe YAML loading: plain data, exact marks, and located errors for every bad input."""
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from interpreter.errors import SpecError
from interpreter.spec import loader
from interpreter.spec.loader import load_file, load_yaml

ROOT = Path(__file__).resolve().parent.parent
LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])

SPEC = """\
name: Gin   # a comment
deal:
  hand_size: {2: 10, 3: 7}
  upcard: true
scoring:
  - outcome: gin
    points: "knocker + 25"
    when: 'x'
  - outcome: knock
    points: |
      a + b
    note: >
      folded
"""


@pytest.fixture(autouse=True, params=LOADERS, ids=lambda cls: cls.__name__)
def yaml_loader(request, monkeypatch):
    """Every test runs with libyaml and with the pure-Python fallback."""
    monkeypatch.setattr(loader, "_LOADER", request.param)


def problems(source: str) -> list[str]:
    with pytest.raises(SpecError) as caught:
        load_yaml(source, "f.yaml")
    return caught.value.problems


def test_plain_data_with_string_keys():
    data, _ = load_yaml(SPEC, "f.yaml")
    assert data["deal"] == {"hand_size": {"2": 10, "3": 7}, "upcard": True}
    assert data["scoring"][1] == {"outcome": "knock", "points": "a + b\n", "note": "folded\n"}


def test_marks_of_values_and_keys():
    _, marks = load_yaml(SPEC, "f.yaml")
    assert marks.value(("scoring", 0, "points")) == (7, 13)
    assert marks.key(("scoring", 0, "points")) == (7, 5)
    assert marks.value(("deal", "hand_size", "3")) == (3, 25)
    assert marks.key(("deal", "hand_size", "3")) == (3, 22)
    assert marks.key(("deal",)) == (2, 1)
    assert marks.value(("scoring", 1)) == (9, 5)


def test_marks_fall_back_to_nearest_ancestor():
    _, marks = load_yaml(SPEC, "f.yaml")
    assert marks.value(("deal", "missing", 0)) == marks.value(("deal",)) == (3, 3)
    assert marks.key(("scoring", 1)) == marks.value(("scoring", 1))  # list items have no key
    assert marks.value(()) == marks.key(()) == (1, 1)
    assert marks.value(["scoring", 0, "points"]) == (7, 13)  # any sequence works as a path


def test_scalar_styles():
    _, marks = load_yaml(SPEC, "f.yaml")
    styles = {key: marks.scalar_style(("scoring", 0, key)) for key in ("outcome", "points", "when")}
    assert styles == {"outcome": "", "points": '"', "when": "'"}
    assert marks.scalar_style(("scoring", 1, "points")) == "|"
    assert marks.scalar_style(("scoring", 1, "note")) == ">"
    assert marks.scalar_style(("deal",)) is None


def test_scalar_keys_become_text():
    data, _ = load_yaml("m:\n  2: a\n  true: b\n  null: c\n  1.50: d\n  0x10: e\n", "f.yaml")
    assert data["m"] == {"2": "a", "true": "b", "null": "c", "1.50": "d", "16": "e"}


def test_dates_stay_text():
    data, _ = load_yaml("d: 2024-01-31\n", "f.yaml")
    assert data == {"d": "2024-01-31"}


def test_duplicate_keys_all_reported():
    src = "deal:\n  hand_size:\n    2: 10\n    2: 11\nname: a\nname: b\n"
    assert problems(src) == ["f.yaml:4:5: deal.hand_size: duplicate key '2'",
                             "f.yaml:6:1: (top level): duplicate key 'name'"]


def test_duplicate_after_key_conversion():
    assert problems("m: {2: a, 02: b}\n") == ["f.yaml:1:11: m: duplicate key '2'"]


def test_non_scalar_key():
    assert problems("? [a, b]\n: 1\n") == [("f.yaml:1:3: (top level): a key must be a single "
                                          "value, not a list")]


def test_unsupported_tags():
    assert problems("a: !!binary aGk=\nb: !!set {x}\n") == [
        "f.yaml:1:4: a: unsupported YAML tag '!!binary'",
        "f.yaml:2:4: b: unsupported YAML tag '!!set'"]


@pytest.mark.parametrize("source, where", [
    ("a: 1\nb: [1, 2\n", "f.yaml:3:1: YAML syntax error: "),
    ("a: b: c\n", "f.yaml:1:5: YAML syntax error: "),
    ("a: 1\n---\nb: 2\n", "f.yaml:2:1: YAML syntax error: "),
    ("a: *nothing\n", "f.yaml:1:4: YAML syntax error: "),
])
def test_syntax_errors_are_located(source, where):
    [line] = problems(source)
    assert line.startswith(where) and len(line) > len(where)


def test_tab_indentation_hint():
    [line] = problems("a:\n\tb: 1\n")
    assert line.startswith("f.yaml:2:1: YAML syntax error: ")
    assert line.endswith("(indent with spaces; tabs are not allowed)")


def test_control_character():
    [line] = problems("a: 1\nb: x\x07\n")
    assert line.startswith("f.yaml:2:5: YAML syntax error: ") and "U+0007" in line


def alias_bomb(levels: int) -> str:
    """Nine lists of nine aliases per level: 9**levels values once expanded."""
    src = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    for i in range(1, levels):
        prev, name = chr(96 + i), chr(97 + i)
        src += f"{name}: &{name} [{', '.join([f'*{prev}'] * 9)}]\n"
    return src


def test_aliases_expand_below_the_value_limit():
    data, _ = load_yaml(alias_bomb(5), "f.yaml")      # 9**5 values: under the limit
    assert data["e"][8][8][8][8] == ["lol"] * 9


@pytest.mark.parametrize("levels", [6, 10])  # 9**6 values would still load without a limit
def test_alias_bomb_is_refused_at_the_value_limit(levels):
    """Expanding stops at the limit, however far the bomb would grow (9**10 values would never
    finish); benchmarks/loader.py measures how fast the refusal is."""
    assert problems(alias_bomb(levels)) == [
        "f.yaml:1:8: spec too large after expanding aliases (more than 100000 values)"]


@pytest.mark.parametrize("source", [
    "[" * 10_000 + "]" * 10_000,
    "{a: " * 10_000 + "}" * 10_000,
    "a:\n" + "".join("  " * i + "- \n" for i in range(1, 300)),
], ids=["flow-lists", "flow-maps", "block-lists"])
def test_deep_nesting_is_located_error(source):
    [line] = problems(source)
    assert line.startswith("f.yaml:") and line.endswith("nested too deeply (more than 100 levels)")


def test_alias_chain_too_deep():
    src = "x0: &x0 [1]\n" + "".join(f"x{i}: &x{i} [*x{i - 1}]\n" for i in range(1, 150))
    assert problems(src)[0].endswith("nested too deeply (more than 100 levels)")


def test_recursive_alias():
    assert problems("a: &a [*a]\n") == ["f.yaml:1:4: nested too deeply (more than 100 levels)"]


def test_nesting_limit_is_exact():
    data, _ = load_yaml("a: " + "[" * 99 + "]" * 99 + "\n", "f.yaml")  # 100 levels with the root
    depth, value = 1, data["a"]
    while value:
        depth, value = depth + 1, value[0]
    assert depth == 99
    assert problems("a: " + "[" * 100 + "]" * 100 + "\n") == [
        "f.yaml:1:103: nested too deeply (more than 100 levels)"]


def test_merge_keys():
    src = ("base: &base {x: 1, y: 2}\n"
           "more: &more {y: 20, z: 30}\n"
           "c:\n  <<: [*base, *more]\n  x: 10\n")
    data, marks = load_yaml(src, "f.yaml")
    assert data["c"] == {"x": 10, "y": 2, "z": 30}  # explicit wins, then earlier merges
    assert marks.value(("c", "x")) == (5, 6)
    assert marks.value(("c", "z")) == (2, 24)  # a merged value points at its definition


def test_merge_key_may_repeat_a_merged_key():
    data, _ = load_yaml("b: &b {x: 1}\nc: {<<: *b, x: 2}\n", "f.yaml")
    assert data["c"] == {"x": 2}


def test_merge_cycle_terminates():
    data, _ = load_yaml("a: &a {x: 1, <<: *a}\n", "f.yaml")
    assert data == {"a": {"x": 1}}


def test_bad_merge_value():
    assert problems("a: {<<: 1}\n") == ["f.yaml:1:9: a: '<<' needs a mapping or a list of mappings"]


@pytest.mark.parametrize("source", ["", "\n\n", "# only a comment\n"])
def test_empty_spec(source):
    assert problems(source) == [
        "f.yaml:1:1: (top level): the spec is empty (expected a mapping of keys)"]


def test_top_level_must_be_mapping():
    assert problems("- a\n- b\n") == ["f.yaml:1:1: (top level): expected a mapping, got a list"]
    assert problems("\n'text'\n") == ["f.yaml:2:1: (top level): expected a mapping, got a string"]


def test_load_file(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_bytes("\ufeffname: Gin ♥\n".encode())
    data, marks = load_file(path)
    assert data == {"name": "Gin ♥"} and marks.value(("name",)) == (1, 7)


def test_load_file_not_utf8(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_bytes(b"name: a\nx: caf\xe9\n")
    with pytest.raises(SpecError) as caught:
        load_file(path)
    assert caught.value.problems == [f"{path}:2:7: not UTF-8 text (byte 0xe9)"]


def test_load_file_missing(tmp_path):
    path = tmp_path / "nope.yaml"
    with pytest.raises(SpecError) as caught:
        load_file(path)
    [line] = caught.value.problems
    assert line.startswith(f"{path}: cannot read file: ")


def test_errors_name_the_file(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text("a: 1\na: 2\n", encoding="utf-8")
    with pytest.raises(SpecError, match=r"v\.yaml:2:1: \(top level\): duplicate key 'a'"):
        load_file(path)


def test_loader_benchmark_quick():
    run = subprocess.run([sys.executable, "benchmarks/loader.py", "--quick"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "alias bomb, 10 levels" in run.stdout and "goal: every refusal <" in run.stdout


def test_yaml_11_booleans_as_keys_stay_as_written():
    """A key ``on`` (or yes/no/off) is that word, as YAML 1.2 reads it, not true/false."""
    data, _ = load_yaml("on: 1\nYes: 2\ntrue: 3\n", "f.yaml")
    assert data == {"on": 1, "Yes": 2, "true": 3}
