"""Shared tables (manipulation rummy): check a move, find plays, openings and meld owners.

``check`` judges one move, ``play`` finds the best play (over the rank sweep's ``moves`` and
the dynamic programme in ``solver``), ``openings`` lists the openings a hand can lay, and
``owners`` tracks who laid each meld.
"""
from .check import Opening, Table, added_cards, check_move
from .openings import opening_sets
from .play import Play, find_play

__all__ = ["Opening", "Play", "Table", "added_cards", "check_move", "find_play", "opening_sets"]
