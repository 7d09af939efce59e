"""The package's shape: imports flow downward with no cycle, and every state field is written
only by the module its declaration names (shared/DESIGN.md, "Layout")."""
from __future__ import annotations

import ast
from pathlib import Path

import interpreter
from interpreter.engine.state import FIELDS

PACKAGE = Path(interpreter.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_imports(path: Path) -> set[str]:
    """Modules of the package that ``path`` imports when it runs (TYPE_CHECKING blocks and
    imports inside functions count too: they run when called)."""
    tree = ast.parse(path.read_text())
    here = _module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("interpreter"):
                found.add(target)
                found.update(f"{target}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("interpreter"))
    return found


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges = set()
        for target in _runtime_imports(path):
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                edges.add(target)                # (a package's own modules run inside it)
            # importing a.b.c first runs the packages a.b and a
            parent = target.rpartition(".")[0]
            while parent:
                if parent in modules and parent != name and not name.startswith(parent + "."):
                    edges.add(parent)
                parent = parent.rpartition(".")[0]
        graph[name] = edges
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
    assert _cycle(_graph()) is None, " -> ".join(_cycle(_graph()) or [])


def test_the_cycle_check_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_core_never_imports_a_frontend():
    graph = _graph()
    for name, edges in graph.items():
        if not name.startswith(("interpreter.frontends", "interpreter.__main__")):
            assert not {e for e in edges if e.startswith("interpreter.frontends")}, name


def _assignments(path: Path, names: tuple[str, ...]) -> set[str]:
    """State fields assigned (``state.field = ...``, ``state.field += ...``) in a module."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            for item in (target.elts if isinstance(target, ast.Tuple) else [target]):
                if isinstance(item, ast.Attribute) and item.attr in FIELDS and \
                        isinstance(item.value, ast.Name) and item.value.id in names:
                    out.add(item.attr)
    return out


def test_each_state_field_is_written_only_by_its_owner():
    skip = {"interpreter.engine.state"}          # the declaration's own generic reset/load
    for path in PACKAGE.rglob("*.py"):
        module = _module_name(path)
        if module in skip or module.startswith("interpreter.frontends"):
            continue
        names = ("state", "self") if module == "interpreter.engine.game" else ("state",)
        for name in _assignments(path, names):
            owner = "interpreter." + FIELDS[name]["owner"]
            assert module == owner, f"{module} writes state.{name}, owned by {owner}"


def test_every_field_names_an_existing_owner_module():
    modules = {_module_name(p) for p in PACKAGE.rglob("*.py")}
    for name, meta in FIELDS.items():
        assert "interpreter." + meta["owner"] in modules, name
        assert meta["lifetime"] in ("match", "hand", "turn", "position"), name
