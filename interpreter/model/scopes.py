"""The names each kind of formula may use, in one place: the builder compiles against these and
the engine supplies exactly these values when it evaluates."""
from __future__ import annotations

from ..formula import BOOL, CARD, NUM, PLAYER, PLAYERS, STR, Scope

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
    "dropped": BOOL,            # dropped out of this hand (a drop step)
    "drop_penalty": NUM,        # the penalty of its drop this hand (0: it did not drop)
    "contracts_done": NUM,      # contracts it has laid this match (opening.contract_by: progress)
}
CARD_ATTRS = {"points": NUM, "rank": STR, "suit": STR, "is_joker": BOOL}

_BASE = Scope(names={"players": PLAYERS, "dealer": PLAYER, "upcard": CARD, "stock_left": NUM,
                     "round": NUM},
              player_attrs=PLAYER_ATTRS, card_attrs=CARD_ATTRS)


def knock_scope(roles: tuple[str, ...] = ()) -> Scope:
    """A knock condition, seen from the player who would knock (``me``)."""
    return _BASE.with_names(me=PLAYER, opponents=PLAYERS, deadwood=NUM, hand_points=NUM,
                            deadwood_after_discard=NUM, **_role_names(roles))


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
                 player_attrs=PLAYER_ATTRS, card_attrs=CARD_ATTRS)


def deal_scope() -> Scope:
    """A hand size that changes from hand to hand: ``round`` is the hand's number (1, 2...)."""
    return Scope(names={"round": NUM, "player_count": NUM})


def _role_names(roles: tuple[str, ...]) -> dict:
    return {r: PLAYER for r in roles}
