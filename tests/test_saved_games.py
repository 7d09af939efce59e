"""Saved games: the versioned format, its schema against the state's declaration, round trips
over every bundled variant, and hostile documents each refused with a SavedGameError that says
what is wrong and where (the JSON path)."""
from __future__ import annotations

import copy
import json
import random
import shutil
import typing
from enum import Enum
from pathlib import Path

import pytest

from interpreter import State, new_game
from interpreter.engine import saved
from interpreter.engine.state import FIELDS, GameState
from interpreter.errors import SavedGameError
from interpreter.spec import bundled_names, load_variant
from interpreter.spec.sources import data_dir

SCHEMA = saved.schema()
HINTS = typing.get_type_hints(GameState)
STATE = SCHEMA["properties"]["state"]


def _types(schema: dict) -> set[str]:
    """The JSON types a (sub)schema of the saved-game schema allows."""
    if "$ref" in schema:
        return _types(SCHEMA["$defs"][schema["$ref"].split("/")[-1]])
    if "anyOf" in schema:
        return set().union(*(_types(s) for s in schema["anyOf"]))
    if "enum" in schema:
        return {"string"}
    kind = schema["type"]
    return {kind} if isinstance(kind, str) else set(kind)


def _expected(kind) -> set[str]:
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if type(None) in args:
        return {"null"} | set().union(*(_expected(a) for a in args if a is not type(None)))
    if kind is bool:
        return {"boolean"}
    if kind is int:
        return {"integer"}
    if isinstance(kind, type) and issubclass(kind, Enum):
        return {"string"}
    if origin is list:
        return {"array"}
    return {"object"}           # dicts, mappings, dataclasses


def test_the_schema_covers_every_data_field_of_the_state():
    keys = {f.key: f.name for f in FIELDS.values()}
    assert set(STATE["properties"]) == set(keys)
    optional = {"log"} | {f.key for f in FIELDS.values() if not f.owner.startswith("engine.")}
    assert set(STATE["required"]) == set(keys) - optional    # added since, or a rule's: optional
    for key, name in keys.items():
        found, want = _types(STATE["properties"][key]), _expected(HINTS[name])
        if want == {"integer"} and found == {"number"}:
            continue                               # points may be computed as numbers
        assert found == want, f"{key}: schema allows {found}, state.py declares {want}"


def test_the_schema_ships_beside_the_variant_schema():
    assert saved.schema_path().parent == data_dir("schema")
    frame = json.loads(saved.schema_path().read_text())
    assert SCHEMA["properties"]["version"] == frame["properties"]["version"] == {
        "const": saved.VERSION}


# ---- round trips ----------------------------------------------------------------------
CASES = [(name, n) for name in bundled_names()
         for n in range(load_variant(name).players[0], load_variant(name).players[1] + 1)]


@pytest.mark.parametrize("name,players", CASES)
def test_round_trip_continues_identically(name, players):
    variant = load_variant(name)
    game = new_game(variant, players=players, seed=11)
    rng = random.Random(f"{name}/{players}")
    played: list = []
    saves = []
    while not game.is_terminal and len(played) < 240:
        if len(played) in (0, 7, 60, 200):
            saves.append((len(played), game.to_json()))
        action = rng.choice(game.legal_actions())
        game.apply(action)
        played.append(action)
    saves.append((len(played), game.to_json()))
    final = saves[-1][1]
    for at, text in saves:
        doc = json.loads(text)
        assert doc["variant"] == {"name": name, "bundled": True, "hash": doc["variant"]["hash"]}
        copy_ = State.from_json(text)                 # the bundled variant, by name
        assert copy_.to_json() == text
        for action in played[at:]:
            copy_.apply(action)
        assert copy_.to_json() == final, f"{name} saved after {at} actions continued otherwise"


def test_a_variant_not_bundled_travels_with_its_resolved_spec(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: gin_standard\nname: House gin\nparams: {gin_bonus: 30}\n")
    variant = load_variant(path)
    game = new_game(variant, players=2, seed=5)
    for _ in range(9):
        game.apply(random.Random(len(game.to_json())).choice(game.legal_actions()))
    text = game.to_json()
    doc = json.loads(text)
    assert doc["variant"]["bundled"] is False and doc["variant"]["name"] == "house"
    assert doc["variant"]["spec"]["params"]["gin_bonus"] == 30 and str(path) not in text
    path.unlink()                                     # nothing is read from a file
    copy_ = State.from_json(text)
    assert copy_.variant.params["gin_bonus"] == 30 and copy_.to_json() == text
    assert State.from_json(text, variant).to_json() == text


def test_the_unversioned_format_loads_only_with_its_variant():
    game = new_game("gin_standard", players=2, seed=3)
    old = dict(json.loads(game.to_json())["state"], variant="/etc/passwd")
    text = json.dumps(old)
    with pytest.raises(SavedGameError, match=r"\$\.variant: an unversioned saved game .* "
                                             r"never opened; pass the variant"):
        State.from_json(text)
    assert State.from_json(text, game.variant).to_json() == game.to_json()


# ---- hostile documents ------------------------------------------------------------------
def _base(name="gin_standard", players=2, actions=6, seed=3) -> dict:
    game = new_game(name, players=players, seed=seed)
    rng = random.Random(1)
    for _ in range(actions):
        game.apply(rng.choice(game.legal_actions()))
    return json.loads(game.to_json())


def _set(path, value):
    def edit(doc):
        *parents, last = path
        target = doc
        for part in parents:
            target = target[part]
        target[last] = value(target[last]) if callable(value) else value
    return edit


def _dup(doc):
    s = doc["state"]
    s["hands"][1][0] = s["hands"][0][0]


def _phase_spread(doc):
    doc["state"]["phase"] = "spread"


def _deep_history(doc):
    record = doc["state"]["history"]
    nested: list = []
    for _ in range(40):
        nested = [nested]
    record.append(nested)


HOSTILE = [
    ("duplicate card", _dup, r"\$\.state\.hands\[1\]\[0\]: card \d+ \(\w+\) is also at "
                             r"\$\.state\.hands\[0\]\[0\]"),
    ("missing card", _set(("state", "stock"), lambda s: s[1:]),
     r"\$\.state: 1 card\(s\) of the deck in no hand, pile, meld or spread: \d+ \(\w+\)"),
    ("card beyond the deck", _set(("state", "stock", 0), 52),
     r"\$\.state\.stock\[0\]: card id 52, but the deck has ids 0-51"),
    ("card as text", _set(("state", "hands", 0, 0), "Ah"),
     r"\$\.state\.hands\[0\]\[0\]: expected an integer, got 'Ah'"),
    ("integer as float", _set(("state", "players"), 2.0),
     r"\$\.state\.players: expected an integer, got 2\.0"),
    ("boolean as integer", _set(("state", "turns"), True),
     r"\$\.state\.turns: expected an integer, got true"),
    ("bad seat", _set(("state", "dealer"), 5), r"\$\.state\.dealer: seat 5, but seats are 0-1"),
    ("negative seat", _set(("state", "player"), -1),
     r"\$\.state\.player: must be at least 0 \(got -1\)"),
    ("too many players", _set(("state", "players"), 3),
     r"\$\.state\.players: 3 players, but gin_standard is for 2-2"),
    ("scores for another count", _set(("state", "scores"), [0, 0, 0]),
     r"\$\.state\.scores: 3 entries for 2 players"),
    ("spread without a knock", _phase_spread,
     r"\$\.state\.phase: a spread, but no knock"),
    ("a stage the variant does not have", _set(("state", "phase"), "buy"),
     r"\$\.state\.phase: the variant has no buy stage"),
    ("over but playing", _set(("state", "phase"), "over"),
     r"\$\.state\.phase: 'over' with over false"),
    ("unknown phase", _set(("state", "phase"), "bidding"),
     r"\$\.state\.phase: must be one of: offer, turn, spread, wall, buy, over \(got 'bidding'\)"),
    ("step beyond the turn", _set(("state", "step"), 9),
     r"\$\.state\.step: step 9, but a turn has 4"),
    ("hands played not in the history", _set(("state", "hands_played"), 4),
     r"\$\.state\.hands_played: 4, but the history records 0 scored hands"),
    ("roles in a variant without", _set(("state", "roles"), {"box": 0}),
     r"\$\.state\.roles: this variant has no roles"),
    ("unknown counter", _set(("state", "counters"), {"x": [1, 2]}),
     r"\$\.state\.counters: the counters are none \(got x\)"),
    ("unknown key", _set(("state", "cheat"), 1),
     r"\$\.state: unknown key 'cheat'"),
    ("missing key", lambda d: d["state"].pop("stock"),
     r"\$\.state: missing required key 'stock'"),
    ("seed out of range", _set(("state", "seed"), 10 ** 30),
     r"\$\.state\.seed: must be at most 9223372036854775807"),
    ("deck order not a permutation", _set(("state", "decks"), [[0, 0]]),
     r"\$\.state\.decks\[0\]: not an order of the 52 cards of the deck"),
    ("wrong hash", _set(("variant", "hash"), "sha256:" + "0" * 64),
     r"\$\.variant\.hash: saved with a different version of gin_standard"),
    ("a path as variant", _set(("variant", "name"), "../../etc/passwd"),
     r"\$\.variant\.name: must match the pattern"),
    ("an unknown bundled name", _set(("variant", "name"), "passwd"),
     r"\$\.variant\.name: no bundled variant 'passwd'"),
    ("not bundled, no spec", _set(("variant", "bundled"), False),
     r"\$\.variant: gin_standard is not bundled and the document carries no spec"),
    ("wrong version", _set(("version",), 2),
     r"\$\.version: format version 2 is not one this reader knows \(it reads version 1\)"),
    ("not a saved game", lambda d: d.pop("format"),
     r"\$\.format: not a saved game"),
    ("nesting inside", _deep_history, r"\$: nested too deeply \(more than 32 levels\)"),
]


@pytest.mark.parametrize("edit,message", [(e, m) for _, e, m in HOSTILE],
                         ids=[name for name, *_ in HOSTILE])
def test_hostile_edits_are_refused_with_their_path(edit, message):
    doc = _base()
    edit(doc)
    with pytest.raises(SavedGameError, match=message):
        State.from_json(json.dumps(doc))


TEXTS = [
    ("truncated", lambda t: t[:len(t) // 2], r"\$: not JSON: .* at line 1 column \d+"),
    ("huge nesting", lambda t: "[" * 200_000 + "]" * 200_000,
     r"\$: nested too deeply \(more than 32 levels\)"),
    ("escaped quotes", lambda t: '"' + '\\"' * 500_000, r"\$: not JSON: Unterminated string"),
    ("too large", lambda t: " " * (saved.MAX_BYTES + 1) + t, r"\$: \d+ characters, more than"),
    ("NaN", lambda t: t.replace('"scores": [0, 0]', '"scores": [NaN, 0]'),
     r"\$: not JSON this reader accepts: NaN is not a number"),
    ("infinite", lambda t: t.replace('"scores": [0, 0]', '"scores": [1e400, 0]'),
     r"\$: not JSON this reader accepts: 1e400 is out of range"),
    ("a list", lambda t: "[]", r"\$: expected a JSON object"),
    ("not UTF-8", lambda t: b"\xff" + t.encode(), r"\$: not UTF-8 text \(byte 0\)"),
]


@pytest.mark.parametrize("change,message", [(c, m) for _, c, m in TEXTS],
                         ids=[name for name, *_ in TEXTS])
def test_hostile_texts_are_refused(change, message):
    text = json.dumps(_base())
    assert '"scores": [0, 0]' in text
    with pytest.raises(SavedGameError, match=message):
        State.from_json(change(text))


def test_roles_counters_and_seats_in_play_are_checked():
    doc = _base("three_hand_gin", 3, actions=3)
    roles = doc["state"]["roles"]
    bad = copy.deepcopy(doc)
    bad["state"]["roles"] = dict(roles, box=roles["captain"])
    with pytest.raises(SavedGameError, match=r"\$\.state\.roles: must give each of .* a "
                                             r"distinct seat 0-2"):
        State.from_json(json.dumps(bad))
    bad = copy.deepcopy(doc)
    out = next(s for s in range(3) if not doc["state"]["hands"][s])
    bad["state"]["player"] = out
    with pytest.raises(SavedGameError, match=rf"\$\.state\.player: seat {out} acts, but the "
                                             r"seats in play are"):
        State.from_json(json.dumps(bad))
    doc = _base("hollywood_gin", 2)
    doc["state"]["counters"]["closed"] = [0]
    with pytest.raises(SavedGameError, match=r"\$\.state\.counters\.closed: 1 entries for 2"):
        State.from_json(json.dumps(doc))


def test_a_carried_spec_is_checked_by_hash_and_by_the_variant_schema(tmp_path):
    path = tmp_path / "mine.yaml"
    shutil.copy(data_dir("variants") / "gin.yaml", path)
    doc = json.loads(new_game(load_variant(path), players=2, seed=1).to_json())
    doc["variant"]["spec"]["deal"]["hand_size"] = {"2": 99}
    with pytest.raises(SavedGameError, match=r"\$\.variant\.hash: does not match the carried "
                                             r"spec of mine"):
        State.from_json(json.dumps(doc))
    doc["variant"]["spec"]["extends"] = "/etc/passwd"
    doc["variant"]["hash"] = saved.spec_hash(doc["variant"]["spec"])
    with pytest.raises(SavedGameError, match=r"\$\.variant\.spec: <saved game mine>: extends: "
                                             r"a carried spec must be resolved"):
        State.from_json(json.dumps(doc))


def _mutations(doc, rng):
    """Paths of the document, each replaced by a value of a surprising kind."""
    paths = []

    def walk(value, path):
        paths.append(path)
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, path + (k,))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, path + (i,))
    walk(doc["state"], ("state",))
    odd = [None, -1, 0, 1, 3, 51, 52, 10 ** 6, 1.5, "x", "0", [], {}, [0], {"0": 0}, True]
    for _ in range(250):
        path = rng.choice(paths)
        yield path, rng.choice(odd)


def test_random_edits_load_or_are_refused_cleanly():
    """Whatever is changed, from_json loads a consistent game or raises SavedGameError."""
    rng = random.Random(7)
    for name, players in (("gin_standard", 2), ("carousel", 3), ("three_hand_gin", 3)):
        base = _base(name, players, actions=40)
        for path, value in _mutations(base, rng):
            doc = copy.deepcopy(base)
            _set(path, value)(doc)
            try:
                game = State.from_json(json.dumps(doc))
            except SavedGameError:
                continue
            game.legal_actions()                  # a loaded game can be played


def test_the_cli_checks_saved_games_in_one_line_each(tmp_path, capsys):
    from interpreter.frontends.cli import main
    good, bad, deep = tmp_path / "good.json", tmp_path / "bad.json", tmp_path / "deep.json"
    doc = _base()
    good.write_text(json.dumps(doc))
    _dup(doc)
    bad.write_text(json.dumps(doc))
    deep.write_text("[" * 100_000)
    assert main(["check-game", str(good)]) == 0
    assert capsys.readouterr().out == (f"{good}: ok (Gin Rummy (standard two-player), 2 players, hand 1, "
                                       "seat 1 to act (turn))\n")
    assert main(["check-game", str(bad), str(deep), str(tmp_path / "none.json")]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 3 and "Traceback" not in "".join(lines)
    assert lines[0].startswith(f"{bad}: saved game: $.state.hands[1][0]: card ")
    assert lines[1] == f"{deep}: saved game: $: nested too deeply (more than 32 levels)"
    assert lines[2].startswith(f"{tmp_path / 'none.json'}: cannot read file: ")


def test_the_schemas_phases_are_the_engines():
    from interpreter.engine.state import Phase
    assert STATE["properties"]["phase"]["enum"] == [p.value for p in Phase]


# ---- options added after games began to be saved ----------------------------------------------
def _added_paths(node, path="", out=None) -> list[str]:
    """The options the variant schema marks ``x-added`` (each with a default)."""
    out = [] if out is None else out
    if isinstance(node, dict):
        if "x-added" in node:
            assert "default" in node, f"{path}: an added option needs a default"
            out.append(path)
        for key, value in node.items():
            _added_paths(value, f"{path}.{key}", out)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _added_paths(value, f"{path}[{i}]", out)
    return out


def test_an_option_added_at_its_default_leaves_the_spec_hash_and_old_saves_as_they_were():
    from interpreter.spec.resolved import spec_hash
    from interpreter.spec.sources import schema_path
    assert _added_paths(json.loads(schema_path().read_text()))      # (the test can fail)
    spec = copy.deepcopy(load_variant("rummy_500").spec)
    draw = spec["turn"][0]["draw"]
    before = copy.deepcopy(spec)                       # as written before the two options
    del before["turn"][0]["draw"]["not_own_discard"], before["stock"]["reshuffle"]
    assert spec_hash(spec) == spec_hash(before)
    draw["not_own_discard"] = True                     # used: another version of the game
    assert spec_hash(spec) != spec_hash(before)
    saved_before = Path(__file__).with_name("positions") / "costly_carousel.json"
    State.from_json(saved_before.read_text())          # a game saved before them loads
