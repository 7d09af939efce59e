"""The package's shape: every state field is written only by the module its declaration names
(docs/architecture.md, "The state"; the import layers are tests/test_layering.py's)."""
from __future__ import annotations

import ast
from pathlib import Path

import interpreter
from interpreter.engine.state import FIELDS

PACKAGE = Path(interpreter.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


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
            owner = "interpreter." + FIELDS[name].owner
            assert module == owner, f"{module} writes state.{name}, owned by {owner}"


def test_every_field_names_an_existing_owner_module():
    modules = {_module_name(p) for p in PACKAGE.rglob("*.py")}
    for name, declared in FIELDS.items():
        assert "interpreter." + declared.owner in modules, name
        assert declared.lifetime in ("match", "hand", "turn", "position"), name
