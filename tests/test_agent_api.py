"""Bots and search use only the documented agent API (docs/agent-api.md): the public State,
``State.seat_view()`` and, in search alone, ``engine.game.Privileged``; never the state's
declared fields, the engine's state module or the turn steps."""
from __future__ import annotations

import ast
import json
import random
import sys
from pathlib import Path

import pytest

import interpreter
from interpreter import new_game
from interpreter.agents import make_agent
from interpreter.engine.game import State
from interpreter.native import running_compiled
from interpreter.search import clone, new_chance_game, resample_hidden
from interpreter.search.inference import Reader, likelihood, sampled_worlds

PACKAGE = Path(interpreter.__file__).parent
CHECKED = ("agents", "search")
FORBIDDEN = ("interpreter.engine.state", "interpreter.steps")


def _modules() -> list[Path]:
    return sorted(p for d in CHECKED for p in (PACKAGE / d).rglob("*.py"))


def _imports(path: Path) -> list[tuple[int, str, str | None]]:
    """(line, module, name imported from it or None) for every import in ``path``, wherever
    it is (a function, ``if TYPE_CHECKING:``), relative ones made absolute."""
    package = ("interpreter." + ".".join(path.relative_to(PACKAGE).parent.parts)).rstrip(".")
    out: list[tuple[int, str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
            module = ".".join(base + ([node.module] if node.module else [])) if node.level \
                else node.module or ""
            for alias in node.names:
                out.append((node.lineno, module, alias.name))
                out.append((node.lineno, f"{module}.{alias.name}", None))   # a submodule?
    return out


def _forbidden(module: str) -> bool:
    return any(module == f or module.startswith(f + ".") for f in FORBIDDEN)


def test_the_import_reader_resolves_relative_imports():
    path = PACKAGE / "agents" / "greedy.py"
    modules = {m for _, m, _ in _imports(path)}
    assert "interpreter.budget" in modules and "interpreter.table" in modules
    assert _forbidden("interpreter.steps.knock") and _forbidden("interpreter.engine.state")
    assert not _forbidden("interpreter.engine.game") and not _forbidden("interpreter.stepsx")


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_bot_or_search_module_imports_the_engine_state_or_the_steps(path):
    bad = [f"line {line}: {module}" + (f" ({name})" if name else "")
           for line, module, name in _imports(path)
           if _forbidden(module) or name == "GameState"]
    assert not bad, f"{path.name} reaches past the agent API: {bad}"


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_bot_or_search_module_names_game_state(path):
    tree = ast.parse(path.read_text("utf-8"))
    named = [node.lineno for node in ast.walk(tree)
             if (isinstance(node, ast.Name) and node.id == "GameState")
             or (isinstance(node, ast.Attribute) and node.attr == "GameState")]
    assert not named, f"{path.name} names GameState at lines {named}"


@pytest.mark.parametrize("path", sorted((PACKAGE / "agents").rglob("*.py")),
                         ids=lambda p: p.name)
def test_bots_never_take_the_privileged_entry_point(path):
    """Privileged (the hidden cards) is search's: a bot reading it would cheat."""
    tree = ast.parse(path.read_text("utf-8"))
    named = [node.lineno for node in ast.walk(tree)
             if (isinstance(node, ast.Name) and node.id == "Privileged")
             or (isinstance(node, ast.Attribute) and node.attr == "Privileged")
             or (isinstance(node, ast.alias) and node.name == "Privileged")]
    assert not named, f"{path.name} uses Privileged at lines {named}"


# ---- at run time: no read of the state's declared fields from agents/ or search/ ------------
class _Watched:
    """A class attribute of the state's data classes (a field's slot, a method) that records
    every read made by code in agents/ or search/."""

    def __init__(self, name: str, inner, reads: list) -> None:
        self.name, self.inner, self.reads = name, inner, reads
        self.get = getattr(type(inner), "__get__", None)

    def __get__(self, obj, owner=None):
        code = sys._getframe(1).f_code
        if _in_checked(code.co_filename):
            self.reads.append((self.name, Path(code.co_filename).name, code.co_name))
        return self.inner if self.get is None else self.get(self.inner, obj, owner)

    def __set__(self, obj, value) -> None:
        self.inner.__set__(obj, value)

    def __delete__(self, obj) -> None:
        self.inner.__delete__(obj)


def _in_checked(filename: str) -> bool:
    path = Path(filename)
    return any(path.is_relative_to(PACKAGE / d) for d in CHECKED)


@pytest.fixture
def reads(monkeypatch):
    """The reads of the State's inherited data (GameState and the rules' slices of it) made
    from agents/ or search/, recorded while the test runs."""
    found: list = []
    done: set[str] = set()
    for cls in State.__mro__[1:-1]:
        for name, value in list(vars(cls).items()):
            if name.startswith("__") or name in done:
                continue
            done.add(name)
            monkeypatch.setattr(cls, name, _Watched(name, value, found))
    return found


COMPILED = any(running_compiled(m) for m in (
    "interpreter.engine.state", "interpreter.engine.game", "interpreter.agents.greedy",
    "interpreter.agents.strong"))
needs_source = pytest.mark.skipif(COMPILED, reason="watches attribute reads from Python frames")

GAMES = [("gin", 2, 60), ("gin_standard", 2, 60), ("oklahoma_gin", 2, 40),
         ("basic_rummy", 2, 60), ("rummy_500", 2, 60), ("contract_rummy", 3, 40),
         ("three_thirteen", 2, 40)]


@needs_source
def test_the_watch_sees_a_read(reads):
    state = new_game("gin", seed=1)
    assert state.hands and not reads         # (a read from here is not recorded)
    code = compile("state.hands, state.hand_faces(0)", str(PACKAGE / "agents" / "x.py"), "eval")
    eval(code, {"state": state})             # (as though read in agents/)
    assert {name for name, _, _ in reads} == {"hands", "hand_faces"}


@needs_source
@pytest.mark.parametrize("variant,players,actions", GAMES)
def test_greedy_and_strong_read_the_state_only_through_the_agent_api(reads, variant, players,
                                                                       actions):
    state = new_game(variant, players=players, seed=4)
    bots = [make_agent("strong" if s % 2 else "greedy", s) for s in range(players)]
    for _ in range(actions):
        if state.is_terminal:
            break
        state.apply(bots[state.current_player].act(state))
    assert not sorted(set(reads))


@needs_source
def test_ismcts_and_search_read_the_state_only_through_the_agent_api(reads):
    state = new_game("gin_standard", seed=2)
    strong = make_agent("strong", 1)
    for _ in range(12):
        state.apply(strong.act(state))
    seat = state.current_player
    reader = Reader(state)
    worlds = sampled_worlds(state, seat, random.Random(1), reader, 16, 2)
    assert all(likelihood(w, seat, reader) >= 0 for w in worlds)
    twin = resample_hidden(state, seat, random.Random(2))
    assert twin.observation(seat) == clone(state).observation(seat)
    bot = make_agent("ismcts", 3, worlds=2, steps=8, depth=12)
    for _ in range(4):
        state.apply(bot.act(state))
    game = new_chance_game("gin_standard", seed=3)
    greedy, rng = make_agent("greedy", 0), random.Random(4)
    for _ in range(40):
        if game.is_chance_node:
            cards, weights = zip(*game.chance_outcomes())
            game.apply(rng.choices(cards, weights)[0])
        else:
            game.apply(greedy.act(game.state))
    assert not sorted(set(reads))


# ---- the view tells what the observation shows, nothing else ------------------------------
@pytest.mark.parametrize("variant,players", [("gin_standard", 2), ("basic_rummy", 3),
                                             ("three_thirteen", 2)])
def test_a_seat_view_agrees_with_the_seats_observation(variant, players):
    state = new_game(variant, players=players, seed=6)
    bots = [make_agent("greedy", s) for s in range(players)]
    for _ in range(30):
        if state.is_terminal:
            break
        for seat in range(players):
            view, obs = state.seat_view(seat), state.observation(seat)
            name = view.faces.name
            assert sorted(map(name, view.hand())) == sorted(obs["hand"])
            assert [name(f) for f in view.discard()] == obs["discard"]
            assert view.top == (view.discard()[-1] if obs["discard"] else None)
            assert view.stock_size == obs["stock"]
            assert [[view.faces.token(f, d) for f, d in m] for m in view.table()] == obs["table"]
            for other, cards in obs["known"].items():
                assert sorted(map(name, view.known(int(other)))) == sorted(cards)
            assert view.meld_rules is state.seat_view(seat).meld_rules
        assert state.seat_view().seat == state.current_player
        assert state.hands_recorded == len(state.observation(0)["history"])
        assert state.player_count == len(state.observation(0)["hand_sizes"])
        state.apply(bots[state.current_player].act(state))


def test_the_knock_limit_is_the_variants_constant_or_none():
    assert new_game("gin_standard", seed=1).seat_view().knock_limit == 10
    assert new_game("gin_standard_knock7", seed=1).seat_view().knock_limit == 7
    assert new_game("basic_rummy", seed=1).seat_view().knock_limit is None


def test_a_views_answers_are_plain_data():
    """The view's answers are data (faces, counts, seats), not pieces of the state."""
    state = new_game("gin_standard", seed=1)
    view = state.seat_view(0)
    assert not hasattr(view, "__dict__")
    json.dumps([view.hand(), view.discard(), view.top, view.stock_size, view.turns,
                view.in_play, view.known(1), list(view.deck), sorted(view.visible_hands())])
