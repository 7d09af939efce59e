"""The names each kind of formula may use, in one place: the builder compiles against these and
the engine supplies exactly these values when it evaluates."""
from __future__ import annotations

from ..formula import BOOL, CARD, MELDS, NUM, PLAYER, PLAYERS, STR, Scope

PLAYER_ATTRS = {
    "deadwood": NUM,            # points that count against the player now (after spread and layoffs)
    "hand_points": NUM,         # points of every card in hand
    "cards_left": NUM,          # cards in hand
    "score": NUM,               # match total so far
    "rounds_won": NUM,          # rounds won in this match
    "seat": NUM,                # 0-based seat number
    "is_knocker": BOOL,
    "is_dealer": BOOL,
    "went_out": BOOL,           # played or melded every card
    "knocked_without_discard": BOOL,
    "opened": BOOL,             # has put a meld on the shared table this hand (gone down)
    "melded_points": NUM,       # points of its cards in melds this hand: on the shared table,
                                # or laid out at the end of the hand
    "laid_off": NUM,            # cards it laid off onto others' melds this hand (on the
                                # shared table, or onto the knocker's melds at the end)
    "is_out": BOOL,             # out of the match (match.eliminate_when)
    "team": PLAYERS,            # its team, itself included (partnerships; else itself alone)
    "partners": PLAYERS,        # its team but itself
    "rivals": PLAYERS,          # the players in play of the other teams
    "special_cards": NUM,       # special cards laid face up this hand (special_cards)
    "took_reserve": BOOL,       # has taken a reserve hand this hand (deal.reserve)
    "melds": MELDS,             # its melds on the table this hand (shared table, or laid out
                                # at the end of the hand), each with MELD_ATTRS
    "dropped": BOOL,            # dropped out of this hand (a drop step)
    "drop_penalty": NUM,        # the penalty of its drop this hand (0: it did not drop)
    "contracts_done": NUM,      # contracts it has laid this match (opening.contract_by: progress)
}
CARD_ATTRS = {"points": NUM, "rank": STR, "suit": STR, "is_joker": BOOL}
MELD_ATTRS = {
    "size": NUM,                # cards in it
    "kind": STR,                # 'group' or 'run'
    "wilds": NUM,               # cards standing for another card (a wild in its own place is
                                # natural), as melds.jokers.max_per_meld counts them
    "natural": BOOL,            # no card stands for another (wilds == 0)
    "mixed": BOOL,              # some card stands for another (wilds > 0)
    "clean": BOOL,              # the same as natural (Burraco's word)
    "dirty": BOOL,              # the same as mixed
    "points": NUM,              # points of its cards, each card's own (wild points for a wild)
}

_BASE = Scope(names={"players": PLAYERS, "dealer": PLAYER, "upcard": CARD, "stock_left": NUM,
                     "round": NUM},
              player_attrs=PLAYER_ATTRS, card_attrs=CARD_ATTRS, meld_attrs=MELD_ATTRS)


def knock_scope(roles: tuple[str, ...] = ()) -> Scope:
    """A knock condition, seen from the player who would knock (``me``)."""
    return _BASE.with_names(me=PLAYER, opponents=PLAYERS, deadwood=NUM, hand_points=NUM,
                            deadwood_after_discard=NUM, **_role_names(roles))


def going_out_scope(roles: tuple[str, ...] = ()) -> Scope:
    """Whether a player may go out (round_end.may_go_out_when), seen from that player (``me``,
    also ``p``) as the table would be after the move."""
    return _BASE.with_names(me=PLAYER, p=PLAYER, opponents=PLAYERS, **_role_names(roles))


def opening_scope(roles: tuple[str, ...] = ()) -> Scope:
    """An opening's fewest points (table.opening.min_points), seen from the player opening
    (``me``, also ``p``) when they meld."""
    return going_out_scope(roles)


def round_scope(roles: tuple[str, ...] = ()) -> Scope:
    """Conditions and winners of the round scoring table, and the layoff condition."""
    return _BASE.with_names(knocker=PLAYER, knocked=BOOL, opponents=PLAYERS, **_role_names(roles))


def award_scope(roles: tuple[str, ...] = ()) -> Scope:
    """Who receives points and how many: the receiver is ``p``."""
    return round_scope(roles).with_names(winners=PLAYERS, losers=PLAYERS, p=PLAYER)


def scored_scope(roles: tuple[str, ...] = ()) -> Scope:
    """A counter's update after a scored hand: an award's names, its value, the hand's points
    to p and the outcome's name."""
    return award_scope(roles).with_names(value=NUM, points=NUM, outcome=STR)


def rotation_scope(roles: tuple[str, ...] = ()) -> Scope:
    return round_scope(roles).with_names(winners=PLAYERS, losers=PLAYERS)


def match_scope() -> Scope:
    """The match end condition; bonuses add the receiver ``p``."""
    return Scope(names={"players": PLAYERS, "hands_played": NUM, "round": NUM},
                 player_attrs=PLAYER_ATTRS, card_attrs=CARD_ATTRS, meld_attrs=MELD_ATTRS)


def deal_scope() -> Scope:
    """A hand size that changes from hand to hand: ``round`` is the hand's number (1, 2...)."""
    return Scope(names={"round": NUM, "player_count": NUM})


def _role_names(roles: tuple[str, ...]) -> dict:
    return {r: PLAYER for r in roles}
