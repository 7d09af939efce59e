"""Hostile specs are refused with one located line each, and runaway play is stopped by guards.

Each case pins the message a user sees: huge numbers and files, counts no card game can use,
``extends`` reaching outside the spec's folder, and matches or hands that could never end.
"""
from __future__ import annotations

import os

import pytest

from interpreter import SpecError, load_variant, new_game
from interpreter.agents import make_agent

REFUSED = [
    ("params: {knock_limit: " + "9" * 5000 + "}",
     "x.yaml:2:23: params.knock_limit: number too long (5000 characters)"),
    ("params: {knock_limit: 1.0e+400}",
     "x.yaml:2:23: params.knock_limit: 1.0e+400 is not a finite number"),
    ("params: {knock_limit: .nan}", "x.yaml:2:23: params.knock_limit: .nan is not a finite number"),
    ("params: {knock_limit: 1.0e+300}",
     "x.yaml:2:23: params.knock_limit: must be at most 1000000000000 (got 1e+300)"),
    ("deck: {decks: 1000000000}", "x.yaml:2:15: deck.decks: must be at most 8 (got 1000000000)"),
    ("deck: {jokers: {2: 99999999999}}",
     "x.yaml:2:20: deck.jokers.2: must be at most 32 (got 99999999999)"),
    ("players: {max: 99}", "x.yaml:2:16: players.max: must be at most 12 (got 99)"),
    ("deal: {hand_size: 1000}", "x.yaml:2:19: deal.hand_size: must be at most 100 (got 1000)"),
    ("round_end: {max_turns: 10000000}",
     "x.yaml:2:24: round_end.max_turns: must be at most 100000 (got 10000000)"),
    ("stock: {max_reshuffles: 100000}",
     "x.yaml:2:25: stock.max_reshuffles: must be at most 1000 (got 100000)"),
    ('match: {ends_when: "false"}',
     "x.yaml:2:20: match.ends_when: the match can never end (the condition is always false; "
     "give match.max_hands or match.eliminate_when)"),
    ("match: {max_hands: 2000}",
     "x.yaml:2:20: match.max_hands: more than match.stop_after_deals (1000), the guard that "
     "would stop the match first"),
]


def write(tmp_path, body: str, name: str = "x.yaml", base: str = "gin_standard") -> str:
    path = tmp_path / name
    path.write_text(f"extends: {base}\n{body}\n")
    return str(path)


@pytest.mark.parametrize("body, message", REFUSED, ids=[m.split(": ")[1] for _, m in REFUSED])
def test_a_hostile_value_is_refused_with_its_place(tmp_path, body, message):
    with pytest.raises(SpecError) as error:
        load_variant(write(tmp_path, body))
    assert [p.replace(str(tmp_path) + "/", "") for p in error.value.problems] == [message]


def test_a_file_over_a_megabyte_is_refused_before_it_is_parsed(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("extends: gin_standard\n# " + "x" * 1_000_000 + "\n")
    with pytest.raises(SpecError) as error:
        load_variant(str(path))
    assert error.value.problems == [f"{path}:1:1: the spec is too large (more than 1,000,000 bytes)"]


def test_a_very_long_formula_is_echoed_shortened(tmp_path):
    formula = "deadwood_after_discard <= " + "9" * 3000
    with pytest.raises(SpecError) as error:
        load_variant(write(tmp_path, f'turn: {{knock: {{when: "{formula}"}}}}'))
    (problem,) = error.value.problems
    assert "formula is too long (3026 characters, the limit is 2000)" in problem
    assert problem.endswith("...')") and len(problem) < 400


OUTSIDE = ["/etc/passwd", "../../etc/passwd", "/proc/self/environ", "sub/link.yaml"]


@pytest.mark.parametrize("base", OUTSIDE)
def test_extends_never_reads_outside_the_specs_folder(tmp_path, base):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "link.yaml").symlink_to("/etc/passwd")
    with pytest.raises(SpecError) as error:
        load_variant(write(tmp_path, "", base=base))
    assert error.value.problems == [
        f"{tmp_path}/x.yaml:1:10: extends: {base!r} is outside the folder of this spec; a spec "
        "may extend a bundled variant or a file under its own folder (add trusted folders to "
        "RUMMY_EXTENDS_FROM)"]


def test_a_missing_file_outside_is_refused_the_same_as_an_existing_one(tmp_path):
    """Whether a file exists out there is not given away."""
    with pytest.raises(SpecError) as error:
        load_variant(write(tmp_path, "", base="/nonexistent/x.yaml"))
    assert "is outside the folder of this spec" in error.value.problems[0]


def test_extends_reads_files_under_the_folder_and_bundled_names(tmp_path):
    (tmp_path / "bases").mkdir()
    (tmp_path / "bases" / "mine.yaml").write_text("extends: gin_standard\nname: mine\n")
    variant = load_variant(write(tmp_path, "params: {knock_limit: 7}", base="bases/mine.yaml"))
    assert variant.params["knock_limit"] == 7 and variant.name == "mine"


@pytest.fixture
def elsewhere(tmp_path):
    """A base in a folder beside the spec's, not under it."""
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "base.yaml").write_text("extends: gin_standard\nname: shared base\n")
    (tmp_path / "mine").mkdir()
    return write(tmp_path / "mine", "", base="../shared/base.yaml"), tmp_path / "shared"


def test_a_trusted_folder_widens_extends(elsewhere, monkeypatch):
    spec, shared = elsewhere
    with pytest.raises(SpecError):
        load_variant(spec)
    assert load_variant(spec, trusted=(shared,)).name == "shared base"
    monkeypatch.setenv("RUMMY_EXTENDS_FROM", os.pathsep.join(["/nowhere", str(shared)]))
    assert load_variant(spec).name == "shared base"


@pytest.mark.parametrize("as_given", [str, lambda folder: (str(folder),), lambda f: [f]])
def test_trusted_folders_may_be_strings_or_one_folder(elsewhere, as_given):
    """As the README writes it: ``load_variant(path, trusted=("folder",))``."""
    spec, shared = elsewhere
    assert load_variant(spec, trusted=as_given(shared)).name == "shared base"


ENDLESS = """name: endless
turn: {knock: null}
stock: {then: reshuffle_discards}
round_end: {max_turns: 20}
match: {stop_after_deals: 4}"""


def test_a_match_of_endless_hands_is_stopped_and_reported(tmp_path):
    variant = load_variant(write(tmp_path, ENDLESS))
    assert any("no hand can end" in w for w in variant.warnings)
    state = new_game(variant, seed=3)
    bot = make_agent("random", 1)
    for _ in range(1000):
        if state.is_terminal:
            break
        state.apply(bot.act(state))
    assert state.is_terminal and state.stopped and state.deals == 4
    assert state.winners() == []
    assert [r["guard"] for r in state.history] == ["round_end.max_turns"] * 4
    assert all(r["turns"] == 20 for r in state.history)
    assert state.observation(0)["stopped"] is True


def test_a_match_that_ends_normally_at_the_guard_is_not_stopped(tmp_path):
    """max_hands equal to the guard: the scheduled end wins, with its winner."""
    variant = load_variant(write(tmp_path, "match: {max_hands: 2, stop_after_deals: 2}"))
    state = new_game(variant, seed=1)
    bots = [make_agent("greedy", s) for s in range(2)]
    while not state.is_terminal:
        state.apply(bots[state.current_player].act(state))
    assert state.deals == 2 and not state.stopped and state.winners()
    assert "stopped" not in state.observation(0)
