"""A plain-text rules sheet generated from a variant's built, typed model.

Every sentence is read off the Variant the engine plays (never the raw spec): the turn's and
the spread's from their steps' own ``sentence()``, the melds from the meld rules' templates,
the rest from the typed sections. Formulas are quoted as written; rows that can never decide
anything (after an unconditional row) are left out.
"""
from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Callable
from typing import TypeVar

from ..formula import Formula
from ..melds.needs import needs_text
from ..model.variant import Award, Variant
from ..rules import counters

T = TypeVar("T")
WIDTH = 88
_KEEP = "\x00"     # a space inside a formula: lines never break there
TABLE_MELDING = ("meld", "draw_until_meld")       # step kinds that put melds on the table


def rules_sheet(variant: Variant) -> str:
    """The rules of ``variant`` in plain text, section by section."""
    sections = [_title(variant), _params(variant), _counters(variant), _cards(variant), _deal(variant), _roles(variant),
                _partnerships(variant),
                _melds(variant), _table(variant), _turn(variant), _stock(variant),
                _round_end(variant), _scoring(variant), _match(variant)]
    return "\n\n".join("\n".join(s) for s in sections if s) + "\n"


# ---- helpers ----------------------------------------------------------------------------
def _wrap(text: str, indent: str = "  ", hang: str | None = None) -> list[str]:
    lines = textwrap.wrap(text, WIDTH, initial_indent=indent, break_long_words=False,
                          subsequent_indent=indent if hang is None else hang)
    return [line.replace(_KEEP, " ") for line in lines]


def _f(formula) -> str:
    """A compiled formula as written, kept on one line."""
    return formula.text.replace(" ", _KEEP)


def _sentence(step) -> str:
    """A step's own sentence, each of its formulas kept on one line."""
    return _kept(step.sentence(), step)


def _kept(text: str, *rules) -> str:
    """``text`` with each formula of ``rules`` (rules, or formulas) kept on one line."""
    for rule in rules:
        values = [rule] if isinstance(rule, Formula) else [
            getattr(rule, field.name) for field in dataclasses.fields(rule)]
        for value in values:
            if isinstance(value, Formula):
                text = text.replace(value.text, _f(value))
    return text


def _always(formula) -> bool:
    return formula.constant and bool(formula(None))


def _never(formula) -> bool:
    return formula.constant and not formula(None)


def _reachable(rows: tuple) -> list:
    """The rows (each with a ``when``) that can decide: none that is never true, none after
    one that is always true."""
    out = []
    for row in rows:
        if not _never(row.when):
            out.append(row)
        if _always(row.when):
            break
    return out


def _heading(text: str) -> list[str]:
    return [text.upper()]


def _counts(low: int, high: int, value: Callable[[int], T]) -> list[tuple[str, T]]:
    """(player counts, value) with equal neighbouring values joined: ``("3-5", 2)``."""
    spans: list[list] = []
    for n in range(low, high + 1):
        if spans and spans[-1][2] == value(n):
            spans[-1][1] = n
        else:
            spans.append([n, n, value(n)])
    return [(f"{a}" if a == b else f"{a}-{b}", v) for a, b, v in spans]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _has_jokers(v: Variant) -> bool:
    return any(v.jokers.values())


def _voidable(v: Variant) -> bool:
    """Whether a hand can end void: by the stock rule itself, or by a reshuffle that cannot be
    made (too few discards, or the guard on reshuffles reached), or by the spec's condition."""
    return v.stock.then in ("void_hand", "reshuffle_discards", "knock_or_void") or \
        v.round_end.void_when is not None


# ---- sections ---------------------------------------------------------------------------
def _title(v: Variant) -> list[str]:
    lines = [v.name, "=" * len(v.name)]
    if v.source:
        lines += _wrap(f"Rules source: {v.source}", "")
    if v.description:
        lines += _wrap(v.description, "")
    return lines


def _params(v: Variant) -> list[str]:
    if not v.params:
        return []
    lines = _heading("Parameters")
    lines += _wrap("Formulas below use these names for these values:")
    for name, value in v.params.items():
        shown = ("true" if value else "false") if isinstance(value, bool) else value
        lines += _wrap(f"{name} = {shown}", "    ")
    return lines


def _counters(v: Variant) -> list[str]:
    if not v.counters:
        return []
    lines = _heading("Counters")
    first, *rest = counters.sentences(v)
    lines += _wrap(first)
    for counter in v.counters:
        lines += _wrap(_kept(counter.sentence(), *counter.update.values()), "    ", "      ")
    for text in rest:
        lines += _wrap(text)
    return lines


def _cards(v: Variant) -> list[str]:
    low, high = v.players
    faces = v.faces
    per_deck = len(faces.suits) * len(faces.ranks)
    lines = _heading("Players and cards")
    lines += _wrap(f"{low} players." if low == high else f"{low} to {high} players.")
    decks = _counts(low, high, lambda n: (v.decks[n], v.jokers[n]))
    for span, (copies, jokers) in decks:
        size = per_deck * copies + jokers
        jokes = f" and {_plural(jokers, 'joker')}" if jokers else ", no jokers"
        total = f" ({size} cards)" if size != per_deck else ""
        text = (f"{_plural(copies, 'deck')} of {per_deck} cards{jokes}{total}."
                if faces.ranks[0] == "A" else       # numbered ranks: a set of tiles or cards
                f"{copies} {'copy' if copies == 1 else 'copies'} of each of {per_deck} cards{jokes}{total}.")
        lines += _wrap(f"{span} players: {text}" if len(decks) > 1 else text.capitalize())
    suits = (", ".join(f"{faces.suit_name(s)} ({letter})" for s, letter in enumerate(faces.suits))
             if faces.suit_names else " ".join(faces.suits))
    lines += _wrap(f"Suits {suits}; ranks from low to high {' '.join(faces.ranks)}.")
    lines += _wrap("Card points: " + _points(v) + ".")
    return lines


def _points(v: Variant) -> str:
    faces = v.faces
    parts: list[list] = []
    for r, rank in enumerate(faces.ranks):
        value = faces.points[r]
        label = "face value" if rank.isdigit() and int(rank) == value else str(value)
        if parts and parts[-1][1] == str(value):        # 3 4 5 6 7 all 5: one group
            label = str(value)
        if parts and parts[-1][1] == label:
            parts[-1][0].append(rank)
        else:
            parts.append([[rank], label])
    text = ", ".join((f"{g[0]}-{g[-1]}" if label == "face value" and len(g) > 1 else " ".join(g))
                     + f" {label}" for g, label in parts)
    if _has_jokers(v) and faces.joker is not None:
        text += f", joker {faces.points[faces.joker]}"
    return text


def _deal(v: Variant) -> list[str]:
    lines = _heading("The deal")
    sizes = _counts(v.players[0], v.players[1], v.hand_size)
    rules = [v.deal] + ([v.deal.instant_win] if v.deal.instant_win else [])
    for text in v.deal.sentences(v, sizes):
        lines += _wrap(_kept(text, *rules))
    if v.special_cards is not None:
        lines += _wrap(v.special_cards.sentence())
    return lines


def _roles(v: Variant) -> list[str]:
    roles = v.roles
    if not roles:
        return []
    lines = _heading("Roles")
    for text in roles.sentences(v.deal.first_player):
        lines += _wrap(text)
    rows = _reachable(roles.rotate)
    if rows:
        lines += _wrap("After each scored hand, the first of these rules that holds:")
        for row in rows:
            cond = "otherwise" if _always(row.when) else f"if {_f(row.when)}"
            moves = ", ".join(f"{old} -> {new}" for old, new in row.next.items())
            lines += _wrap(f"{cond}: {moves}", "    ", "      ")
    return lines


def _partnerships(v: Variant) -> list[str]:
    if v.partnerships is None:
        return []
    lines = _heading("Partnerships")
    for text in v.partnerships.sentences(v):
        lines += _wrap(text)
    return lines


def _melds(v: Variant) -> list[str]:
    rules, faces = v.meld_rules, v.faces
    runs = [[faces.rank_of(f) for f in t] for kind, t in rules.templates if kind == "run"]
    groups = [len(t) for kind, t in rules.templates if kind == "group"]
    lines = _heading("Melds")
    if groups and rules.group_duplicates and rules.group_size:
        low, high = rules.group_size
        lines += _wrap(f"Group: {_span(low, high, None)} cards of one rank; identical cards "
                       "(from different decks) may be in one group.")
    elif groups:
        lines += _wrap(f"Group: {_span(min(groups), max(groups), None)} cards of one rank, "
                       "each of a different suit.")
    if runs:
        lengths = [len(r) for r in runs]
        lines += _wrap(f"Run: {_span(min(lengths), max(lengths), len(faces.ranks))} cards of "
                       f"one suit in sequence; {_ace(faces.ranks, runs)}.")
    if _has_jokers(v):
        most = rules.max_jokers
        limit = ("any number per meld" if most is None
                 else f"at most {_plural(most, 'joker')} per meld")
        lines += _wrap(f"Jokers stand for any card: {limit}, and at least "
                       f"{_plural(rules.min_natural, 'natural card')} in each meld.")
    lines += _wild_ranks(v)
    needs = v.meld_rules.needs
    if needs:
        lines += _wrap(f"A hand's melds count only when they include {needs_text(needs)} "
                       "(pure: no card standing for another); otherwise every card of the "
                       "hand counts, and the hand cannot go out.")
    return lines


def _wild_ranks(v: Variant) -> list[str]:
    """Sentences for wild ranks, their points and the meld kinds wilds may stand in."""
    w, ranks, out = v.wilds, v.faces.ranks, []
    if w.rank is not None:
        out.append(f"Every {ranks[w.rank]} is wild.")
    elif w.rank_by_round is not None:
        out.append(f"The wild rank changes by hand: the rank at position "
                   f"{_f(w.rank_by_round)} of {' '.join(ranks)} (1 for {ranks[0]}); in hand 1 "
                   f"{ranks[v.wild_rank(1, v.players[0], None) or 0]}s.")
    elif w.turned_card:
        joker = (f"; when it is a joker, every {ranks[w.if_turned_joker]} is wild"
                 if w.if_turned_joker is not None else "")
        wild = ("only the card one rank above it in its suit is wild (both copies; above "
                f"{ranks[-1]} comes {ranks[0]})" if w.turned_card == "next"
                else "every card of its rank is wild")
        out.append("After the deal the top card of the stock is turned face up and set aside "
                   f"for the hand: {wild}{joker}.")
        if w.false_jokers:
            out.append("The printed jokers are not wild: each is the wild card itself, as a "
                       "plain card (a false joker), melding only as that card and counting its "
                       "points.")
    if w.ranks_vary:
        out.append("A wild card stands for any card, or is its natural self; "
                   "the jokers' limits count every card standing for another.")
        if not w.natural_groups:
            out.append("Wild-rank cards make no group of their own rank: one is natural only in "
                       "its own place in a run of its suit.")
        if w.points is not None:
            out.append(f"A wild card left in hand counts {w.points}.")
    if (w.ranks_vary or _has_jokers(v)) and set(w.stand_in) != {"group", "run"}:
        kinds = " or ".join(k + "s" for k in w.stand_in) or "no meld"
        out.append(f"Wild cards stand for other cards only in {kinds}.")
    return _wrap(" ".join(out)) if out else []


def _span(low: int, high: int, top: int | None) -> str:
    if high == top and high > low:
        return f"{low} or more"
    return f"{low}" if low == high else f"{low} to {high}"


def _ace(names: tuple[str, ...], runs: list[list[int]]) -> str:
    """Where the ace (the lowest rank) may sit in a run, read off the legal runs' ranks."""
    top = len(names) - 1
    low = any(r[:2] == [0, 1] for r in runs)
    high = any(r[-2:] == [top, 0] for r in runs)
    corner = "-".join((names[-1], names[0], names[1]))
    ace_low, ace_high = "-".join(names[:3]), "-".join(names[-2:] + names[:1])
    ace = "ace" if names[0] == "A" else names[0]
    if any(0 in r[1:-1] for r in runs):
        return f"runs may turn the corner ({corner})"
    if low and high:
        return f"{ace} low or high ({ace_low} or {ace_high}), never both at once; no {corner}"
    return (f"{ace} high only ({ace_high})" if high else f"{ace} low only ({ace_low})") \
        + f"; no {corner}"


def _table(v: Variant) -> list[str]:
    if not any(v.step(kind) for kind in TABLE_MELDING):
        return []
    rules = v.table
    lines = _heading("Melds on the table")
    for text in rules.sentences(v):
        lines += _wrap(text)
    if rules.has_opening():
        lines += _opening(v)
    for text in rules.closing_sentences():
        lines += _wrap(_kept(text, rules))
    return lines


def _opening(v: Variant) -> list[str]:
    """The opening requirement: melds, a contract by hand, points counted by the meld."""
    rules = v.table
    lines = _wrap(rules.opening_sentence(_has_jokers(v)))
    contracts = rules.contracts()
    if len(contracts) == 1:
        lines += _wrap(f"It must lay {contracts[0][1]} (cards beyond a meld's minimum "
                       "allowed).")
    elif contracts and rules.opening_contract_by == "progress":
        lines += _wrap("Each player works through the contracts in order: their opening must "
                       "lay their next contract, and only laying it moves them on to the one "
                       "after (a player who has not opened by the end of a hand tries the same "
                       "contract again). Cards beyond a meld's minimum are allowed:")
        for which, melds in contracts:
            lines += _wrap(f"{which}: {melds}", "    ", "      ")
    elif contracts:
        lines += _wrap("It must lay, by hand (cards beyond a meld's minimum allowed):")
        for which, melds in contracts:
            lines += _wrap(f"{which}: {melds}", "    ", "      ")
    if rules.opening_needs and not rules.opening_extra_melds:
        lines += _wrap("No other meld may be laid with it.")
    return lines


def _turn(v: Variant) -> list[str]:
    lines = _heading("A turn")
    for i, step in enumerate(v.turn, 1):
        lines += _wrap(f"{i}. {_sentence(step)}", "  ", "     ")
    lines += _wrap("A step marked optional may be skipped; the turn ends after its last step.")
    return lines


def _stock(v: Variant) -> list[str]:
    lines = _heading("The stock")
    lines += _wrap(v.stock.sentence())
    if _voidable(v):
        lines += _wrap(_void_dealer(v))
    return lines


def _void_dealer(v: Variant) -> str:
    roles = v.roles
    if roles and roles.dealer:
        return f"After a void hand the {roles.dealer} deals again; roles do not change."
    who = ("the same dealer deals again" if v.stock.void_dealer == "same"
           else "the player to the dealer's left deals")
    return f"After a void hand {who}" + ("; roles do not change." if roles else ".")


def _round_end(v: Variant) -> list[str]:
    lines = _heading("End of a round")
    for text in v.round_end.sentences(v):
        lines += _wrap(_kept(text, v.round_end, v.round_end.spread))
    return lines


def _awards(awards: tuple[Award, ...], indent: str) -> list[str]:
    lines = []
    for award in awards:
        if _never(award.when):
            continue
        cond = "" if _always(award.when) else f"   if {_f(award.when)}"
        into = f" into {award.into}" if award.into else ""
        lines += _wrap(f"to {_f(award.to)}: {_f(award.points)}{into}{cond}", indent,
                       indent + "  ")
    return lines


def _scoring(v: Variant) -> list[str]:
    scoring = v.scoring
    lines = _heading("Scoring")
    lines += _wrap(scoring.sentence(by_standing=v.match.standing is not None))
    for row in _reachable(scoring.outcomes):
        cond = "otherwise" if _always(row.when) else f"when {_f(row.when)}"
        lines += _wrap(f"{row.name}: {cond}", "  ", "    ")
        lines += _wrap(f"winners: {_f(row.winners)}", "    ", "      ")
        lines += _awards(row.awards, "    ")
    if _voidable(v):
        lines += _wrap(f"{scoring.void_outcome}: a void hand; nobody scores.", "  ")
    return lines


def _match(v: Variant) -> list[str]:
    match = v.match
    lines = _heading("The match")
    for text in match.sentences():
        lines += _wrap(_kept(text, match))
    lines += _awards(match.bonuses, "    ")
    winner = match.winner_sentence(v)
    if winner is not None:
        lines += _wrap(_kept(winner, match))
    return lines
