"""The story of a hand: one log entry per applied action, and per deal-time event, each seat
reading it as it may see it.

An entry is a plain tuple ``(seat, action, cards, event)`` kept in ``state.log`` (a hand
field): the actor, the Action (None for a deal-time event), the card ids the action moved
(those it brought into the actor's hand, or for a meld or spread those it took out), and the
phase it was played in (``turn``, ``offer``, ``buy``, ``wall``, ``spread``) or the event
(``deal``, ``turned``). Entries are made on the hot path, so they are only stored there;
the text is written here, when an observation asks for it.

What a seat may not see never leaves :func:`view`: cards drawn from the stock (and a buyer's
penalty cards) show only in the actor's own entries.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model.actions import Action

if TYPE_CHECKING:
    from .state import GameState

Entry = tuple[int, Action | None, tuple[int, ...], str]

DEAL, TURNED = "deal", "turned"
EVENTS = ("turn", "offer", "buy", "wall", "spread", DEAL, TURNED)   # the phases, and events


def dealt(state: GameState) -> None:
    """The deal-time entries of a new hand: who dealt (and the upcard), the turned card."""
    up = state.discard[-1:] if state.upcard is not None else []
    state.log.append((state.dealer, None, tuple(up), DEAL))
    if state.turned is not None:
        state.log.append((state.dealer, None, (state.turned,), TURNED))


def view(state: GameState, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
    """The current hand's entries from ``start`` on, as ``seat`` may see them (None: a
    spectator). Entries never change once made, so each seat's are written once and kept
    (``state.log_views``, derived) until the log is another list (a new hand, a restore)."""
    kept: tuple[list[Entry], list[dict[str, Any]]] | None = state.log_views.get(seat)
    if kept is None or kept[0] is not state.log:
        kept = state.log_views[seat] = (state.log, [])
    log, made = kept
    if len(made) < len(log):
        faces, face_of = state.variant.faces, state.face_of

        def names(cards) -> list[str]:
            return [faces.name(face_of[c]) for c in cards]

        for n in range(len(made), len(log)):
            actor, action, cards, event = log[n]
            public, private = _split(action, cards)
            own = actor == seat
            item: dict[str, Any] = {"n": n, "seat": actor,
                                    "action": None if action is None else str(action)}
            item["text"] = _text(state, actor, action, event, names(public),
                                 names(private) if own else None, len(private))
            if own and private:
                item["cards"] = names(private)
                if len(private) == 1:
                    item["card"] = item["cards"][0]
            made.append(item)
    return [dict(item, cards=list(item["cards"])) if "cards" in item else dict(item)
            for item in made[start:]]


def _split(action: Action | None, cards: tuple[int, ...]) -> tuple[tuple, tuple]:
    """(cards everyone saw, cards only the actor saw) of an entry."""
    if action is None:
        return cards, ()
    if action.kind == "draw" and action.pile == "stock":
        return (), cards
    if action.kind == "buy":
        return cards[:1], cards[1:]
    return cards, ()


def _drew(who: str, action: Action, public: list[str], private: list[str] | None,
          hidden: int) -> str:
    """A draw in words: the cards taken from the discard pile, or drawn from the stock."""
    if action.pile == "discard":
        return f"{who} took {' '.join(public)} from the discard pile"
    if private:
        return f"{who} drew {' '.join(private)} from the stock"
    return f"{who} drew {_cards(hidden)} from the stock"


def _text(state: GameState, seat: int, action: Action | None, event: str, public: list[str],
          private: list[str] | None, hidden: int) -> str:
    """One entry in words; ``private`` is None for a seat that may not see those cards."""
    who = f"seat {seat}"
    if action is None:
        if event == DEAL:
            up = f"; the upcard is {public[0]}" if public else ""
            return f"{who} dealt hand {state.deals}{up}"
        return f"the turned card is {public[0]}"
    kind = action.kind
    if kind == "draw":
        return _drew(who, action, public, private, hidden)
    if kind == "take":
        return f"{who} took the upcard {' '.join(public)}"
    if kind == "pass":
        return {"offer": f"{who} passed on the upcard", "buy": f"{who} did not buy the discard",
                "wall": f"{who} passed at the wall"}.get(event, f"{who} passed")
    if kind == "buy":
        penalty = "" if not hidden else (
            f" and {' '.join(private)} from the stock" if private else
            f" and {_cards(hidden)} from the stock")
        return f"{who} bought {' '.join(public)}{penalty}"
    if kind == "discard":
        return f"{who} discarded {action.cards[0]}"
    if kind == "knock":
        if action.cards:
            return f"{who} knocked, discarding {action.cards[0]}"
        return f"{who} knocked, keeping every card"
    if kind == "end":
        return f"{who} ended the turn"
    if kind == "layoff":
        return f"{who} laid off {' '.join(action.cards)} on meld {action.target}"
    if kind == "meld":
        return f"{who} melded {' '.join(public)}" if public else f"{who} rearranged the table"
    if kind == "spread":
        return f"{who} laid out {_laid(state, seat, action)}"
    return f"{who}: {action}"


def _laid(state: GameState, seat: int, action: Action) -> str:
    """The melds a spread laid out, as laid."""
    if action.melds is not None:
        return " ".join(f"[{' '.join(m)}]" for m in action.melds) or "no melds"
    spread, faces, face_of = state.spread, state.variant.faces, state.face_of
    if spread is None:
        return "their best melds"
    if seat == state.knocker:
        melds = [[c for c, _ in m] for m in spread.orig]
    else:
        melds = spread.arranged.get(seat, [])
    return " ".join(f"[{' '.join(faces.name(face_of[c]) for c in m)}]" for m in melds) \
        or "no melds"


def _cards(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"
