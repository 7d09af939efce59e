"""Layering: imports between the package's parts go one way, down the order that README.md's
"Layout" states, counting type-only imports (under ``if TYPE_CHECKING:``) and imports inside
functions; and the modules import each other with no cycle when they run
(docs/architecture.md, "Layers and the import order").

A part is a top-level module or package of ``interpreter/`` (``cards``, ``steps``, ...);
``interpreter`` is the package's own ``__init__`` (the public names) and ``__main__`` is
``python -m interpreter``. An upward import is allowed only when it is type-only and listed in
``TYPE_ONLY_UP`` with its reason; a runtime upward import never is.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "interpreter"                  # read as source, never imported
README = ROOT / "README.md"

# Bottom first. A part imports only parts on lower levels; parts on one level import none of
# each other. The README's sentence lists the same order without "interpreter" and "__main__".
LEVELS: tuple[tuple[str, ...], ...] = (
    ("errors",),                                # the located errors users see
    ("cards", "budget", "formula"),             # card text, search budgets, the formula language
    ("melds",),
    ("table",),
    ("model",),
    ("steps",),
    ("rules",),                                 # the rules that are not turn steps
    ("spec",),
    ("engine",),
    ("interpreter",),                           # __init__: re-exports engine, spec, melds
    ("search",),
    ("agents",),
    ("simulate",),
    ("frontends", "rl", "native"),              # native imports any module by name at run time
    ("__main__",),
)
LEVEL = {part: i for i, parts in enumerate(LEVELS) for part in parts}

# Upward imports that only name a type for annotations (they never run), importing module ->
# imported module. Either side is one module, or a tuple of prefixes that covers every module
# under them. Keep this short; remove an entry once its import goes.
TYPE_ONLY_UP: dict[tuple[str | tuple[str, ...], str | tuple[str, ...]], str] = {
    ("interpreter.model.variant", "interpreter.steps.base"):
        "Variant.turn is annotated as a tuple of Step",
    ("interpreter.model.variant", ("interpreter.rules.",)):
        "Variant's sections are annotated as the rules built from them (stock, round_end, ...)",
    ("interpreter.model.views", "interpreter.engine.state"):
        "the formulas' views (players, environments) annotate the game state they read",
    (("interpreter.steps.", "interpreter.rules."), "interpreter.engine.state"):
        "a rule annotates the game state it reads and writes; the state is composed of the "
        "rules' slices, so it sits above them",
}


def _allowances(module: str, target: str) -> list[tuple[str | tuple[str, ...],
                                                       str | tuple[str, ...]]]:
    """The entries of TYPE_ONLY_UP that let ``module`` import ``target`` type-only."""
    return [(by, to) for by, to in TYPE_ONLY_UP if _covers(to, target) and _covers(by, module)]


def _covers(side: str | tuple[str, ...], module: str) -> bool:
    return module.startswith(side) if isinstance(side, tuple) else module == side


class Import(NamedTuple):
    line: int
    target: str                 # the module of the package it names (resolved, see _resolve)
    type_only: bool             # under ``if TYPE_CHECKING:``
    in_function: bool


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _part(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _resolve(name: str, modules) -> str:
    """The module ``name`` is or lies in (``a.b.Class`` -> ``a.b``)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


class _Reader(ast.NodeVisitor):
    """Every import of the package in one module's source, with where it sits."""

    def __init__(self, module: str, is_package: bool, modules) -> None:
        self.package = module if is_package else module.rpartition(".")[0]
        self.modules = modules
        self.type_only = self.in_function = False
        self.found: list[Import] = []

    def _add(self, line: int, name: str) -> None:
        if name == "interpreter" or name.startswith("interpreter."):
            target = _resolve(name, self.modules)
            self.found.append(Import(line, target, self.type_only, self.in_function))

    def visit_If(self, node: ast.If) -> None:
        if not _is_type_checking(node.test):
            self.generic_visit(node)
            return
        self.visit(node.test)
        outer, self.type_only = self.type_only, True
        for child in node.body:
            self.visit(child)
        self.type_only = outer
        for child in node.orelse:                # ``else:`` runs
            self.visit(child)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        outer, self.in_function = self.in_function, True
        self.generic_visit(node)
        self.in_function = outer

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(node.lineno, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            parts = self.package.split(".")
            base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
        for alias in node.names:                 # a name may be a submodule: from . import x
            self._add(node.lineno, f"{base}.{alias.name}")


def _imports(source: str, module: str, is_package: bool, modules) -> list[Import]:
    reader = _Reader(module, is_package, modules)
    reader.visit(ast.parse(source))
    return list(dict.fromkeys(reader.found))     # from .x import a, b: one import of .x


def _all_imports() -> list[tuple[str, Path, Import]]:
    modules = _modules()
    return [(name, path, found) for name, path in sorted(modules.items())
            for found in _imports(path.read_text(), name, path.name == "__init__.py", modules)]


def _where(path: Path, found: Import) -> str:
    return f"{path.relative_to(PACKAGE.parent)}:{found.line}"


def _upward() -> list[tuple[str, Path, Import]]:
    """Imports from one part into a part on the same level or above it."""
    return [(name, path, found) for name, path, found in _all_imports()
            if _part(name) != _part(found.target)
            and LEVEL[_part(found.target)] >= LEVEL[_part(name)]]


# ---- the layers ---------------------------------------------------------------------------

def test_every_part_has_a_level():
    missing = {_part(name) for name in _modules()} - set(LEVEL)
    assert not missing, f"place these parts in LEVELS (and README's order): {sorted(missing)}"


def test_imports_go_down_the_layers():
    bad = []
    for name, path, found in _upward():
        if found.type_only and _allowances(name, found.target):
            continue
        how = "type-only, not in TYPE_ONLY_UP" if found.type_only else "runtime"
        bad.append(f"{_where(path, found)}: {_part(name)} imports {found.target} "
                   f"({_part(found.target)} is not below {_part(name)}; {how})")
    assert not bad, "imports against the layers:\n" + "\n".join(bad)


def test_each_type_only_allowance_is_still_used():
    used = {entry for name, _, found in _upward() if found.type_only
            for entry in _allowances(name, found.target)}
    stale = set(TYPE_ONLY_UP) - used
    assert not stale, f"remove these from TYPE_ONLY_UP, nothing imports them now: {stale}"


def test_the_readme_states_the_same_order():
    text = " ".join(README.read_text().split())
    found = re.search(r"Imports flow one way, `([^`]+)`", text)
    assert found, "README.md's Layout lost its sentence 'Imports flow one way, `...`'"
    stated = tuple(tuple(p.strip() for p in level.split(","))
                   for level in found.group(1).split("<-"))
    assert stated == tuple(lv for lv in LEVELS if lv not in (("interpreter",), ("__main__",)))


def test_the_core_never_imports_a_frontend():
    for name, path, found in _all_imports():
        if _part(found.target) == "frontends":
            assert _part(name) in ("frontends", "__main__"), _where(path, found)


def test_the_reader_sees_type_only_and_function_imports():
    source = (
        "import interpreter.cards\n"
        "from typing import TYPE_CHECKING\n"
        "import typing\n"
        "if TYPE_CHECKING:\n"
        "    from ..engine.state import GameState\n"
        "else:\n"
        "    from .. import errors\n"
        "if typing.TYPE_CHECKING:\n"
        "    from interpreter.model import actions\n"
        "def f():\n"
        "    from .base import Step\n"
        "    if TYPE_CHECKING:\n"
        "        from ..engine import game\n"
    )
    modules = {"interpreter", "interpreter.cards", "interpreter.errors", "interpreter.engine",
               "interpreter.engine.state", "interpreter.engine.game", "interpreter.model",
               "interpreter.model.actions", "interpreter.steps", "interpreter.steps.base",
               "interpreter.steps.draw"}
    assert _imports(source, "interpreter.steps.draw", False, modules) == [
        Import(1, "interpreter.cards", False, False),
        Import(5, "interpreter.engine.state", True, False),
        Import(7, "interpreter.errors", False, False),
        Import(9, "interpreter.model.actions", True, False),
        Import(11, "interpreter.steps.base", False, True),
        Import(13, "interpreter.engine.game", True, True),
    ]


# ---- no cycle when the modules run ----------------------------------------------------------

def _graph() -> dict[str, set[str]]:
    """Module -> the modules of the package it runs on import or when called: type-only imports
    left out, imports inside functions in (they run when called), and importing ``a.b.c`` runs
    the packages ``a.b`` and ``a`` (but a package's own modules run inside it)."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, _, found in _all_imports():
        if found.type_only:
            continue
        target = found.target
        while target:
            if target in modules and target != name and not name.startswith(target + "."):
                graph[name].add(target)
            target = target.rpartition(".")[0]
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_import_cycle_in_the_package():
    cycle = _cycle(_graph())
    assert cycle is None, " -> ".join(cycle or [])


def test_the_cycle_check_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
