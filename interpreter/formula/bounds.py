"""Spot formulas of the form ``NAME op expr``, so a caller can work ``expr`` out once and
compare many candidate values of NAME in plain Python: same meaning, far fewer evaluations."""
from __future__ import annotations

from lark import Token, Tree

from .parse import parse

_MIRROR = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


def comparison_bound(text: str, name: str) -> tuple[str, str] | None:
    """(op, text of expr) when ``text`` is ``name op expr`` or ``expr op name`` and expr does
    not mention ``name``; else None. ``op`` is given with ``name`` on the left."""
    tree = parse(text)
    if not (isinstance(tree, Tree) and tree.data == "compare" and len(tree.children) == 3):
        return None
    left, op_node, right = tree.children
    op = "".join(str(t) for t in op_node.children)
    if op not in _MIRROR:
        return None
    if _is_name(left, name) and not _mentions(right, name):
        return op, _source(text, right)
    if _is_name(right, name) and not _mentions(left, name):
        return _MIRROR[op], _source(text, left)
    return None


def _is_name(node, name: str) -> bool:
    return isinstance(node, Tree) and node.data == "name" and str(node.children[0]) == name


def _mentions(node, name: str) -> bool:
    if isinstance(node, Token):
        return node.type == "NAME" and str(node) == name
    return any(_mentions(child, name) for child in node.children)


def _source(text: str, node: Tree) -> str:
    return text[node.meta.start_pos:node.meta.end_pos]
