"""What one seat may see of the state: nothing hidden from it ever leaves here."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules import counters
from . import story
from .reveal import arranged_tokens

if TYPE_CHECKING:
    from .game import State


def observation(state: State, seat: int) -> dict[str, Any]:
    v = state.variant
    names = state.names
    obs: dict[str, Any] = {
        "variant": v.name, "seat": seat, "phase": state.phase.value,
        "current_player": state.current_player, "dealer": state.dealer,
        "roles": dict(state.roles) if state.roles else None,
        "hand": names(state.hands[seat]),
        "hand_sizes": [len(h) for h in state.hands],
        "stock": len(state.stock),
        "discard": [v.faces.name(state.face_of[c]) for c in state.discard],
        "upcard": v.faces.name(state.upcard) if state.upcard is not None else None,
        "known": {str(s): names(state.known[s]) for s in range(state.players)
                  if s != seat and state.known[s]},
        "scores": list(state.totals), "rounds_won": list(state.rounds_won),
        "hands_played": state.hands_played, "history": list(state.history),
        "knocker": state.knocker, "log": story.view(state, seat),
        "table": [[v.faces.token(state.face_of[c], d) for c, d in meld] for meld in state.table],
    }
    obs.update(_rule_parts(state))
    shown = counters.shown(state)
    if shown:
        obs["shown_counters"] = shown
    if state.roles and v.roles:
        mine = [r for r, s in state.roles.items() if s == seat]
        for role in mine:
            advised = v.roles.advise.get(role)
            if advised is not None:
                other = state.roles[advised]
                obs.setdefault("advised_hands", {})[str(other)] = names(state.hands[other])
    if state.spread is not None:
        arranged = state.spread.arranged
        obs["spread"] = {
            "knocker_melds": [[v.faces.token(state.face_of[c], d) for c, d in m]
                              for m in state.spread.melds],
            "melds": {str(s): arranged_tokens(state, melds) for s, melds in arranged.items()},
            "deadwood": {str(s): names(state.hands[s]) for s in arranged},
        }
    if seat == state.current_player:
        obs["legal_actions"] = [str(a) for a in state.legal_actions()]
    return obs


def _rule_parts(state: State) -> dict[str, Any]:
    """The public parts of the state that only some rules have: meld owners, teams, the
    wilds, the piles' terms, contracts, a turned-up card, drops, buys."""
    v = state.variant
    out: dict[str, Any] = {}
    if v.table.layoff_onto == "own" or v.table.rearrange == "own":
        out["table_owners"] = list(state.table_owners)      # who laid each table meld
    if v.partnerships is not None:                          # public: the teams, by seat
        out["teams"] = [list(team) for team in v.partnerships.of(state.players)]
    if v.wilds.ranks_vary:
        wild = state.meld_rules.wild_faces
        out["wild_rank"] = v.faces.ranks[v.faces.rank_of(min(wild))] if wild else None
        out["turned"] = (v.faces.name(state.face_of[state.turned])
                         if state.turned is not None else None)
    out.update(_piles(state))
    if state.stopped:
        out["stopped"] = True
    if v.table.opening_contract_by == "progress":  # each seat's contract to lay next (1, 2...)
        out["contracts"] = [state.contracts_done.get(s, 0) + 1 for s in range(state.players)]
    if state.turned_up is not None:        # turned face up from the stock (a turn_up step)
        out["turned_up"] = v.faces.name(state.face_of[state.turned_up])
    if state.dropped:                      # who dropped out of this hand, and their penalty
        out["dropped"] = {str(s): n for s, n in sorted(state.dropped.items())}
    if state.buys:
        out["buys"] = {str(s): n for s, n in sorted(state.buys.items())}
    if state.in_turn is not None:          # a buying stage: the discard pile's top is on offer
        out["buying"] = {"asked": state.player, "in_turn": state.in_turn,
                         "then_asked": list(state.buyers[1:])}
    return out


def _piles(state: State) -> dict[str, Any]:
    """What everyone sees of the discard pile's freeze, each seat's own discard pile (whole:
    they lie face up), the reserve hands (their sizes: they lie face down) and the special
    cards laid face up."""
    v = state.variant
    out: dict[str, Any] = {}
    if v.own_piles:
        name, face_of = v.faces.name, state.face_of         # (bottom first, as laid)
        out["own_piles"] = [[name(face_of[c]) for c in state.own_piles.get(s, [])]
                            for s in range(state.players)]
    pile = getattr(v.step("draw"), "pile", None)
    if pile is not None and pile.freezes:
        out["pile_frozen"] = pile.frozen(state)
    if pile is not None and pile.frozen_until_opened:      # the seats it is frozen for
        out["pile_frozen_for"] = [s for s in range(state.players) if pile.frozen_for(state, s)]
    if v.deal.reserve is not None:
        out["reserves"] = [len(r) for r in state.reserves]
        out["took_reserve"] = list(state.took_reserve)
    if state.laid_aside:
        out["laid_aside"] = {str(s): state.names(cards)
                             for s, cards in sorted(state.laid_aside.items())}
    return out
