"""Spec formats (docs/spec-format.md): older files load with located warnings, ``rummy upgrade``
rewrites them keeping comments and layout, and files that declare the current format and still
use what changed get located errors naming the change.

The fixtures in tests/formats/v1/ are format 1 files: every variant of commit 27eaa82 as it
was, and hand-written ones using each removed key in block and flow style. They are named
``*.yaml.v1`` because they hold keys the current schema rejects (editors flag them, as they
should, until the file is upgraded).
"""
from __future__ import annotations

import io
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter import SpecError, bundled_names, load_variant, new_game
from interpreter.frontends import stdio
from interpreter.frontends.rules_sheet import rules_sheet
from interpreter.spec import formats, schema_path
from interpreter.spec.formats import CURRENT, Removed, Renamed, ValueRenamed
from interpreter.spec.upgrade import upgrade_file, upgraded

ROOT = Path(__file__).resolve().parent.parent
V1 = ROOT / "tests" / "formats" / "v1"
FIXTURES = sorted(p.name for p in V1.glob("*.yaml.v1"))
FROM_HISTORY = ["carousel", "carousel_opening30", "gin", "gin_standard", "oklahoma_gin",
                "straight_gin", "three_hand_gin"]       # variants/ at commit 27eaa82
IF_ALL_PASS, ONTO = "turn[0].offer_upcard.if_all_pass", "round_end.layoffs.onto"
ASSIGN, JOKERS = "roles.assign", "table.jokers_released"

# Each fixture's migration warnings: (file, line, column, path); the file is the fixture's.
WARNINGS = {
    "carousel.yaml.v1": [],
    "carousel_opening30.yaml.v1": [],
    "gin.yaml.v1": [(None, 20, 38, IF_ALL_PASS), (None, 30, 13, ONTO)],
    "gin_standard.yaml.v1": [(None, 14, 50, IF_ALL_PASS), (None, 21, 13, ONTO)],
    "oklahoma_gin.yaml.v1": [(None, 8, 50, IF_ALL_PASS)],
    "straight_gin.yaml.v1": [(None, 8, 50, IF_ALL_PASS)],
    "three_hand_gin.yaml.v1": [(None, 14, 3, ASSIGN), (None, 30, 50, IF_ALL_PASS),
                               (None, 40, 13, ONTO)],
    "block_style.yaml.v1": [(None, 6, 3, ASSIGN), (None, 10, 7, IF_ALL_PASS),
                            (None, 18, 5, ONTO)],
    "flow_style.yaml.v1": [(None, 5, 9, JOKERS), (None, 9, 54, ONTO)],
    "flow_first.yaml.v1": [(None, 4, 23, "turn.offer_upcard.if_all_pass")],
    "alone.yaml.v1": [(None, 6, 3, ASSIGN), (None, 8, 3, JOKERS), (None, 10, 20, IF_ALL_PASS),
                      (None, 15, 13, ONTO)],
    "patch.yaml.v1": [(None, 6, 5, "turn.offer_upcard.if_all_pass")],
    "base.yaml.v1": [(None, 6, 13, ONTO)],
    "chain_top.yaml.v1": [("base.yaml.v1", 6, 13, ONTO)],
}
REASONS = {change.path.replace("[]", "[0]"): change.reason for change in formats.CHANGES}


def migration_warnings(variant) -> list[str]:
    return [w for w in variant.warnings if " in format " in w]


def history(variant, seed: int = 5, moves: int = 300) -> list:
    """A seeded game of random legal moves (at most ``moves``): each move with the moves it
    was chosen from, then the hands recorded and the scores."""
    game = new_game(variant, variant.players[0], seed)
    chooser = random.Random(seed)
    played = []
    for _ in range(moves):
        if game.is_terminal:
            break
        legal = [str(action) for action in game.legal_actions()]
        played.append((chooser.choice(legal), legal))
        game.apply(played[-1][0])
    return [played, json.loads(json.dumps(game.history)), list(game.scores)]


def rummy(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "interpreter", *args], capture_output=True,
                          text=True, cwd=cwd, env={"PYTHONPATH": str(ROOT), "PATH": ""})


@pytest.fixture
def v1(tmp_path) -> Path:
    """A copy of the fixtures (upgrades are written beside them, so local extends resolve)."""
    folder = tmp_path / "v1"
    shutil.copytree(V1, folder)
    return folder


# ---- the table of changes -----------------------------------------------------------------
def test_every_variant_of_the_first_commits_is_a_fixture():
    assert sorted(f"{name}.yaml.v1" for name in FROM_HISTORY) == \
        sorted(set(FIXTURES) & {f"{name}.yaml.v1" for name in FROM_HISTORY})
    assert set(FIXTURES) == set(WARNINGS)


def _schema_paths() -> set[str]:
    """Every key path the schema allows (``[]`` for list items and patches by name)."""
    schema = json.loads(schema_path().read_text())
    out: set[str] = set()

    def walk(node: dict, path: str, seen: tuple) -> None:
        ref = node.get("$ref", "")
        if ref.startswith("#/$defs/") and ref not in seen:
            walk(schema["$defs"][ref.rsplit("/", 1)[1]], path, seen + (ref,))
        for key in ("oneOf", "anyOf"):
            for branch in node.get(key, []):
                walk(branch, path, seen)
        for name, sub in node.get("properties", {}).items():
            out.add(f"{path}.{name}" if path else name)
            walk(sub, f"{path}.{name}" if path else name, seen)
        if isinstance(node.get("items"), dict):
            walk(node["items"], path + "[]", seen)

    walk(schema, "", ())
    return out


def test_the_changes_name_keys_the_schema_no_longer_has_in_places_it_still_has():
    paths = _schema_paths()
    assert "turn[].offer_upcard.to" in paths and "roles.names" in paths
    for change in formats.CHANGES:
        parent = change.path.rsplit(".", 1)[0]
        assert parent in paths, change
        if isinstance(change, (Removed, Renamed)):
            assert change.path not in paths, f"{change.path} is in the schema again"
        if isinstance(change, Renamed):
            assert f"{parent}.{change.to}" in paths, change
        assert 1 < change.format <= CURRENT and change.reason, change


def test_format_2_removed_exactly_the_four_single_valued_keys():
    assert [(c.format, c.path, c.only) for c in formats.CHANGES] == [
        (2, "turn[].offer_upcard.if_all_pass", "first_player_draws"),
        (2, "round_end.layoffs.onto", "knocker"), (2, "table.jokers_released", "play_same_move"),
        (2, "roles.assign", "high_card")]


def test_the_schema_allows_the_formats_this_interpreter_reads():
    key = json.loads(schema_path().read_text())["properties"]["format"]
    assert (key["type"], key["minimum"], key["maximum"]) == (["integer", "null"], 1, CURRENT)
    assert key["default"] is None and "x-added" in key     # spec hashes stay as they were


# ---- loading old files -------------------------------------------------------------------
@pytest.mark.parametrize("name", FIXTURES)
def test_a_format_1_file_loads_with_a_located_warning_per_migration(name):
    variant = load_variant(V1 / name)
    expected = [f"{V1 / (file or name)}:{line}:{col}: {path}: warning: removed in format 2 "
                f"({REASONS[path.replace('turn.', 'turn[0].')]}); "
                f"run 'rummy upgrade {V1 / (file or name)}'"
                for file, line, col, path in WARNINGS[name]]
    assert migration_warnings(variant) == expected


def test_a_migrated_file_loads_as_its_keys_left_out():
    spec = load_variant(V1 / "three_hand_gin.yaml.v1").spec
    assert spec["format"] is None and "assign" not in spec["roles"]   # a resolved spec: none
    assert spec["turn"][0] == {"offer_upcard": {"to": "first_player_then_dealer"}}
    assert spec["round_end"]["layoffs"]["when"] == "knocker.deadwood > 0"
    assert "onto" not in spec["round_end"]["layoffs"]


def test_other_problems_of_an_old_file_are_still_located_in_it(tmp_path):
    spec = tmp_path / "old.yaml"
    spec.write_text("extends: gin\nturn:\n  offer_upcard: {if_all_pass: first_player_draws,"
                    " to: sideways}\nround_end:\n  layoffs:\n    onto: knocker\n"
                    "    max_per_meld: -1\n")
    with pytest.raises(SpecError) as error:
        load_variant(spec)
    assert error.value.problems == [
        f"{spec}:3:55: turn[0].offer_upcard.to: must be one of: around_table, "
        "first_player_then_dealer (got 'sideways')",
        f"{spec}:7:19: round_end.layoffs.max_per_meld: must be at least 0 (got -1)"]


# ---- files that declare a format ---------------------------------------------------------
@pytest.mark.parametrize("text, where, path", [
    ("format: 2\nextends: gin\nturn: {offer_upcard: {if_all_pass: first_player_draws}}\n",
     "3:23", "turn.offer_upcard.if_all_pass"),
    ("format: 2\nextends: three_hand_gin\nroles:\n  assign: high_card\n", "4:3", ASSIGN),
    ("extends: gin\nformat: 2\ntable: {manipulation: false, jokers_released: play_same_move}\n",
     "3:30", JOKERS),
])
def test_a_current_file_using_a_removed_key_is_a_located_error_naming_the_change(
        tmp_path, text, where, path):
    spec = tmp_path / "new.yaml"
    spec.write_text(text)
    with pytest.raises(SpecError) as error:
        load_variant(spec)
    reason = REASONS[path.replace("turn.", "turn[0].")]
    assert error.value.problems == [f"{spec}:{where}: {path}: removed in format 2 ({reason}); "
                                    "this file says format 2: remove it"]


def test_a_removed_key_with_a_value_it_never_allowed_is_an_error_in_any_file(tmp_path):
    spec = tmp_path / "odd.yaml"
    spec.write_text("extends: three_hand_gin\nroles: {assign: random}\n")
    with pytest.raises(SpecError) as error:
        load_variant(spec)
    assert error.value.problems == [
        f"{spec}:2:9: {ASSIGN}: removed in format 2 ({REASONS[ASSIGN]}); it only ever "
        "allowed 'high_card', not 'random': remove it"]
    with pytest.raises(SpecError, match="it only ever allowed 'high_card', not 'random'"):
        upgraded(spec.read_text(), str(spec))


def test_the_change_is_reported_beside_the_other_problems(tmp_path):
    spec = tmp_path / "new.yaml"
    spec.write_text("format: 2\nextends: gin\nround_end: {layoffs: {onto: knocker}}\nnmae: x\n")
    with pytest.raises(SpecError) as error:
        load_variant(spec)
    assert len(error.value.problems) == 2
    assert error.value.problems[0].startswith(f"{spec}:3:23: {ONTO}: removed in format 2 (")
    assert error.value.problems[1] == f"{spec}:4:1: (top level): unknown key 'nmae' " \
                                      "(did you mean 'name'?)"


@pytest.mark.parametrize("value, message", [
    ("3", "this file is written for format 3, but this interpreter reads formats up to 2: "
          "use a newer rummy"),
    ("0", "expected a whole number from 1 (the current format is 2), got 0"),
    ("two", "expected a whole number from 1 (the current format is 2), got 'two'"),
    ("true", "expected a whole number from 1 (the current format is 2), got true"),
])
def test_a_format_this_interpreter_does_not_read_is_a_located_error(tmp_path, value, message):
    spec = tmp_path / "future.yaml"
    spec.write_text(f"# from the future\nextends: gin\nformat: {value}\nnew_section: {{}}\n")
    with pytest.raises(SpecError) as error:
        load_variant(spec)
    assert error.value.problems == [f"{spec}:3:9: format: {message}"]


def test_a_null_format_is_no_format(tmp_path):
    spec = tmp_path / "null.yaml"
    spec.write_text("format: null\nextends: gin\nround_end: {layoffs: {onto: knocker}}\n")
    assert len(migration_warnings(load_variant(spec))) == 1
    spec.write_text("format:\nextends: gin\n")
    assert migration_warnings(load_variant(spec)) == []
    assert upgraded(spec.read_text(), "f") == (spec.read_text(), [])
    for null in ("", " ~", " null  # none yet"):
        assert upgraded(f"format:{null}\nroles: {{assign: high_card}}\n", "f")[0] == \
            f"format: 2{null.replace(' ~', '').replace(' null', '')}\nroles: {{}}\n"


def test_each_file_of_a_chain_has_its_own_format(tmp_path):
    (tmp_path / "base.yaml").write_text("format: 2\nextends: gin\nname: Base\n")
    top = tmp_path / "top.yaml"
    top.write_text("format: 1\nextends: base.yaml\nround_end: {layoffs: {onto: knocker}}\n")
    assert [w.split(": warning")[0] for w in migration_warnings(load_variant(top))] == \
        [f"{top}:3:23: {ONTO}"]
    (tmp_path / "base.yaml").write_text("format: 2\nextends: gin\ntable: {jokers_released: "
                                        "play_same_move}\n")
    with pytest.raises(SpecError, match=r"base.yaml:3:9: table.jokers_released: removed"):
        load_variant(top)


def test_bundled_variants_load_with_no_migration_warning():
    for name in bundled_names():
        assert migration_warnings(load_variant(name)) == [], name


# ---- rummy upgrade -----------------------------------------------------------------------
@pytest.mark.parametrize("name", FIXTURES)
def test_an_upgraded_file_loads_with_no_warning_as_the_same_variant(v1, name):
    """Every file is upgraded (a chain's base too), then ``name`` loaded again."""
    old = load_variant(v1 / name)
    for path in v1.iterdir():
        _, text, notes = upgrade_file(path)
        own = [w for w in WARNINGS[path.name] if w[0] is None]
        assert len(notes) == len(own) and all("removed in format 2" in n for n in notes)
        path.write_text(text)
    new_text = (v1 / name).read_text()
    upgraded_path = v1 / name
    new = load_variant(upgraded_path)
    assert migration_warnings(new) == []
    assert new.warnings == tuple(w for w in old.warnings if w not in migration_warnings(old))
    assert new.spec == old.spec
    assert rules_sheet(new) == rules_sheet(old)
    assert history(new) == history(old)
    assert upgraded(new_text, str(upgraded_path)) == (new_text, [])


@pytest.mark.parametrize("name", FIXTURES)
def test_upgrade_keeps_comments_and_every_line_it_does_not_change(name):
    """Each line is kept, or held a removed key (or format), or named a mapping now ``{}``."""
    text = (V1 / name).read_text()
    new, _ = upgraded(text, name)
    removed = ("if_all_pass", "onto:", "assign:", "jokers_released", "format:")
    for line in text.splitlines():
        assert line in new.splitlines() or any(key in line for key in removed) or \
            f"{line} {{}}" in new.splitlines(), line


def test_upgrade_edits_block_and_flow_style_in_place():
    text = (V1 / "block_style.yaml.v1").read_text()
    assert upgraded(text, "f")[0] == text.replace(
        "(No format key: a file without one is read as current unless it uses an old key.)\n",
        "(No format key: a file without one is read as current unless it uses an old key.)\n"
        "format: 2\n").replace("roles:\n  assign: high_card          # how roles were given "
                               "out\n", "roles: {}\n").replace(
        "      if_all_pass: first_player_draws   # the first player draws\n", "").replace(
        "    onto: knocker\n", "")
    text = (V1 / "alone.yaml.v1").read_text()
    assert upgraded(text, "f")[0] == text.replace("format: 1", "format: 2").replace(
        "roles:\n  assign: high_card\n", "roles: {}\n").replace(
        "table:\n  jokers_released: play_same_move\n", "table: {}\n").replace(
        "{if_all_pass: first_player_draws}", "{}").replace("{onto: knocker}", "{}")
    assert upgraded("extends: gin\nturn:\n  - offer_upcard: {to: around_table, if_all_pass: "
                    "first_player_draws}\n", "f")[0] == \
        "format: 2\nextends: gin\nturn:\n  - offer_upcard: {to: around_table}\n"
    assert upgraded("{extends: gin, table: {jokers_released: play_same_move}}\n", "f")[0] == \
        "{format: 2, extends: gin, table: {}}\n"
    assert upgraded("extends: gin\nturn:\n  - offer_upcard:\n      if_all_pass: "
                    "first_player_draws\n      to: around_table\n  - draw: {}\n", "f")[0] == \
        "format: 2\nextends: gin\nturn:\n  - offer_upcard:\n      to: around_table\n" \
        "  - draw: {}\n"


def test_upgrade_rewrites_the_first_key_of_a_list_item_and_windows_line_ends():
    text = "extends: three_hand_gin\r\nturn:\r\n  - offer_upcard:\r\n      if_all_pass: " \
           "first_player_draws\r\n  - draw: {}\r\n"
    assert upgraded(text, "f")[0] == "format: 2\r\nextends: three_hand_gin\r\nturn:\r\n" \
                                     "  - offer_upcard: {}\r\n  - draw: {}\r\n"
    items = "extends: gin\nscoring:\n  outcomes:\n    - {outcome: a}\n"
    assert upgraded(items, "f") == (items, [])


def test_upgrade_sets_an_older_declared_format_even_with_nothing_else_to_change():
    assert upgraded("# a house rule\nformat: 1   # old\nextends: gin\n", "f")[0] == \
        "# a house rule\nformat: 2   # old\nextends: gin\n"


def test_current_files_are_left_as_they_are():
    for name in bundled_names():
        text = (ROOT / "variants" / f"{name}.yaml").read_text()
        assert upgraded(text, name) == (text, []), name


def test_upgrade_refuses_what_loading_refuses(tmp_path):
    with pytest.raises(SpecError, match=r"f:1:9: format: this file is written for format 9"):
        upgraded("format: 9\nextends: gin\n", "f")
    with pytest.raises(SpecError, match=r"f:2:15: table.jokers_released: removed in format 2 "):
        upgraded("format: 2\ntable: {a: 1, jokers_released: play_same_move}\n", "f")


def test_upgrade_leaves_text_it_cannot_rewrite_safely_for_a_hand_edit():
    text = "extends: three_hand_gin\nold: &old {assign: high_card}\nroles:\n  <<: *old\n"
    with pytest.raises(SpecError, match=r"roles.assign: cannot upgrade it in the text"):
        upgraded(text, "f")
    shared = "extends: three_hand_gin\nold: &old {assign: high_card}\nroles: *old\nx: *old\n"
    with pytest.raises(SpecError) as error:           # the edit would change x too
        upgraded(shared, "f")
    assert error.value.problems == [
        "f: cannot upgrade this file's text safely (an alias or a merge holds what changed?); "
        "edit it by hand:", f"f:2:12: {ASSIGN}: removed in format 2 ({REASONS[ASSIGN]})"]


# ---- the kinds of change a later format may make ------------------------------------------
LATER = (Renamed(3, "deal.faceup", "upcard", "says what it is"),
         ValueRenamed(3, "turn[].offer_upcard.to", "dealer_last", "first_player_then_dealer",
                      "says who is asked"))


@pytest.fixture
def format_3(monkeypatch):
    monkeypatch.setattr(formats, "CURRENT", 3)
    monkeypatch.setattr(formats, "CHANGES", formats.CHANGES + LATER)


def test_a_renamed_key_and_value_load_with_warnings_and_keep_their_places(tmp_path, format_3):
    spec = tmp_path / "old.yaml"
    spec.write_text("format: 2\nextends: gin\ndeal:\n  faceup: 7\nturn:\n  - offer_upcard: "
                    "{to: dealer_last}\n  - draw: {}\n  - discard: {}\n")
    with pytest.raises(SpecError) as error:
        load_variant(spec)
    assert error.value.problems == [f"{spec}:4:11: deal.upcard: expected true or false, got 7"]
    spec.write_text(spec.read_text().replace("faceup: 7", "faceup: true"))
    variant = load_variant(spec)
    assert variant.spec["deal"]["upcard"] is True
    assert variant.spec["turn"][0] == {"offer_upcard": {"to": "first_player_then_dealer"}}
    assert [w.split(" (")[0] for w in migration_warnings(variant)] == [
        f"{spec}:4:3: deal.faceup: warning: renamed to 'upcard' in format 3",
        f"{spec}:6:24: turn[0].offer_upcard.to: warning: value 'dealer_last' renamed to "
        "'first_player_then_dealer' in format 3"]


def test_a_renamed_key_and_value_are_rewritten_by_upgrade(tmp_path, format_3):
    text = "format: 2\nextends: gin\ndeal:\n  faceup: true   # an upcard\nturn:\n" \
           "  - offer_upcard: {to: dealer_last}\n  - draw: {}\n  - discard: {}\n"
    new, notes = upgraded(text, "f")
    assert new == text.replace("format: 2", "format: 3").replace("faceup", "upcard").replace(
        "dealer_last", "first_player_then_dealer")
    assert len(notes) == 2
    with pytest.raises(SpecError, match=r"f:2:8: deal.faceup: renamed to 'upcard' in format 3 "
                                        r"\(says what it is\); this file says format 3: write "):
        upgraded("format: 3\ndeal: {faceup: true}\n", "f")


def test_a_removed_first_key_of_a_list_item_moves_the_next_one_up(monkeypatch):
    monkeypatch.setattr(formats, "CHANGES", (Removed(2, "scoring.outcomes[].old", "gone"),))
    text = "scoring:\n  outcomes:\n    - old: 1   # was\n      outcome: a\n    - old: 2\n" \
           "    - {old: 3, outcome: c}\n"
    assert upgraded(text, "f")[0] == "format: 2\nscoring:\n  outcomes:\n    - outcome: a\n" \
                                     "    - {}\n    - {outcome: c}\n"


# ---- the command ---------------------------------------------------------------------------
def test_the_command_prints_checks_and_rewrites_in_place(v1):
    old = v1 / "gin_standard.yaml.v1"
    text = old.read_text()
    shown = rummy("upgrade", str(old))
    assert shown.returncode == 0 and shown.stdout == upgrade_file(old)[1]
    assert shown.stderr.count("removed in format 2") == 2 and old.read_text() == text
    check = rummy("upgrade", "--check", str(old))
    assert check.returncode == 1 and check.stdout == ""
    assert check.stderr.endswith(f"{old}: needs upgrading to format 2\n")
    done = rummy("upgrade", "--in-place", str(old))
    assert done.returncode == 0 and old.read_text() == shown.stdout
    assert rummy("upgrade", "--check", str(old)).returncode == 0
    again = rummy("upgrade", "--in-place", str(old))
    assert again.returncode == 0 and old.read_text() == shown.stdout
    assert again.stderr == f"{old}: current (format 2)\n"
    validated = rummy("validate", str(old))
    assert validated.returncode == 0 and validated.stderr == ""


def test_the_command_on_current_files_and_bad_ones(tmp_path):
    gin = ROOT / "variants" / "gin.yaml"
    current = rummy("upgrade", "--check", str(gin))
    assert current.returncode == 0 and current.stderr == f"{gin}: current (format 2)\n"
    assert rummy("upgrade", str(gin)).stdout == gin.read_text()
    future = tmp_path / "future.yaml"
    future.write_text("extends: gin\nformat: 3\n")
    refused = rummy("upgrade", "--check", str(future))
    assert refused.returncode == 1 and refused.stderr.startswith(f"{future}:2:9: format: ")
    assert rummy("upgrade", "--check", "--in-place", str(gin)).returncode == 2
    assert rummy("upgrade", str(tmp_path / "missing.yaml")).returncode == 1


def test_validate_shows_the_migration_warnings():
    validated = rummy("validate", str(V1 / "three_hand_gin.yaml.v1"))
    assert validated.returncode == 0
    assert validated.stderr.count(": warning: removed in format 2 (") == 3
    assert validated.stdout.endswith(": ok (Three-hand Gin (in the box))\n")


def test_the_stdio_engine_reports_the_migration_warnings_of_a_spec_text():
    text = (V1 / "oklahoma_gin.yaml.v1").read_text()
    request = json.dumps({"id": 1, "cmd": "new", "spec": text, "players": 2, "seed": 1})
    out = io.StringIO()
    assert stdio.serve(io.BytesIO(f"{request}\n".encode()), out) == 0
    reply = [json.loads(line) for line in out.getvalue().splitlines()][-1]
    assert reply["ok"] and reply["warnings"] == [
        f"spec.yaml:8:50: {IF_ALL_PASS}: warning: removed in format 2 ({REASONS[IF_ALL_PASS]}); "
        "run 'rummy upgrade spec.yaml'"]
