"""Melds: which card sets are legal melds, and a hand's optimal arrangement.

``rules`` holds the meld rules and the arrangement search; ``bits`` answers plain hands (one
deck, no wild cards) by table lookups instead, from ``suit_tables`` (what runs do in one suit)
and ``rank_groups`` (which group choices matter at one rank); ``wilds`` the ways of splitting
wild-rank cards, ``needs`` the melds a player must lay or hold (contracts), and
``needs_search`` the arrangement search that meets them.
"""
from .needs import MeldValues, Need
from .rules import MAX_CARDS, Arrangement, Meld, MeldRules

__all__ = ["MAX_CARDS", "Arrangement", "Meld", "MeldRules", "MeldValues", "Need"]
