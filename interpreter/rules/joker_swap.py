"""The joker swap (the spec's ``table.joker_swap``): a player may put the natural card a table
joker stands for in its place and free the joker, where the table is otherwise kept as laid.
The check is :func:`interpreter.table.check_move`'s (``swap``); the meld steps offer swaps
(:mod:`interpreter.steps.table_melds`)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..table.swaps import JokerSwap


def build_swap(options: Mapping[str, Any]) -> JokerSwap | None:
    """The swap rule from the checked ``joker_swap`` section (None: no swaps)."""
    if not options["allowed"]:
        return None
    return JokerSwap(runs_only=options["from"] == "runs",
                     before_opening=options["before_opening"],
                     to_hand=options["joker_to"] == "hand")


def swap_sentence(swap: JokerSwap) -> str:
    """The rules sheet's sentence."""
    who = "Any player" if swap.before_opening else "A player who has opened"
    where = "in a run" if swap.runs_only else "in a meld"
    then = ("takes the joker into the hand" if swap.to_hand else
            "must play the joker on the table in the same move (in a new meld or laid off)")
    also = (" (a player who has not opened may do so only in the move that opens, and the "
            "natural card does not count toward the opening)") if swap.before_opening else ""
    return (f"Joker swap: {who}, holding the natural card a joker stands for {where} on the "
            f"table, may put it in the joker's place, and {then}{also}.")
