"""A plain-text rules sheet generated from a variant's checked spec (defaults filled in).

Every sentence is read off the spec, so the sheet says what the interpreter plays; formulas
are quoted as written. Spec values the sheet has no words for are shown as they stand.
"""
from __future__ import annotations

import textwrap

from ..spec import Variant

WIDTH = 88
_KEEP = "\x00"     # a space inside a formula: lines never break there
WORDS = {
    "random": "chosen at random", "high_card": "the highest card cut",
    "first_seat": "seat 0", "left": "the player to the dealer's left",
    "winner": "the winner of the hand", "loser": "the loser of the hand",
    "same": "the same dealer", "next": "the player to the dealer's left",
    "around_table": "the first player, then each next player in turn",
    "first_player_then_dealer": "the first player, then the dealer",
    "first_player_draws": "If everyone passes, the first player starts by drawing from the stock.",
    "reshuffle_discards": "the discard pile, less its top card, is shuffled to become the stock",
    "void_hand": "the hand is void: nobody scores",
    "last_lap": "every player has one more turn, then the hands are counted",
    "end_round": "the hands are counted at once",
    "first_meld_of_round": "the first meld of each round",
    "first_meld_of_each_player": "each player's first meld",
    "knocker": "the knocker's melds",
    "stock": "the stock", "discard": "the discard pile",
    "points": "players collect points; the highest total wins",
    "penalty": "losers collect penalty points; the lowest total wins",
}


def rules_sheet(variant: Variant) -> str:
    """The rules of ``variant`` in plain text, section by section."""
    spec = variant.spec
    sections = [_title(spec), _cards(variant), _deal(variant), _roles(spec), _melds(variant),
                _table(variant), _turn(spec), _stock(spec), _round_end(spec), _scoring(spec),
                _match(spec)]
    return "\n\n".join("\n".join(s) for s in sections if s) + "\n"


def _word(value) -> str:
    return WORDS.get(value, str(value).replace("_", " "))


def _wrap(text: str, indent: str = "  ", hang: str | None = None) -> list[str]:
    lines = textwrap.wrap(text, WIDTH, initial_indent=indent, break_long_words=False,
                          subsequent_indent=indent if hang is None else hang)
    return [line.replace(_KEEP, " ") for line in lines]


def _f(formula: str) -> str:
    """A formula as quoted on the sheet, kept on one line."""
    return formula.replace(" ", _KEEP)


def _heading(text: str) -> list[str]:
    return [text.upper()]


def _counts(low: int, high: int, value) -> list[tuple[str, object]]:
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


# ---- sections ---------------------------------------------------------------------------
def _title(spec) -> list[str]:
    lines = [spec["name"], "=" * len(spec["name"])]
    if spec.get("source"):
        lines += _wrap(f"Rules source: {spec['source']}", "")
    if spec.get("description"):
        lines += _wrap(spec["description"], "")
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
        text = f"{_plural(copies, 'deck')} of {per_deck} cards{jokes}{total}."
        lines += _wrap(f"{span} players: {text}" if len(decks) > 1 else text.capitalize())
    lines += _wrap(f"Suits {' '.join(faces.suits)}; ranks from low to high "
                   f"{' '.join(faces.ranks)}.")
    lines += _wrap("Card points: " + _points(v) + ".")
    return lines


def _points(v: Variant) -> str:
    faces = v.faces
    parts: list[list] = []
    for r, rank in enumerate(faces.ranks):
        value = faces.points[r]
        label = "face value" if rank.isdigit() and int(rank) == value else str(value)
        if parts and parts[-1][1] == label:
            parts[-1][0].append(rank)
        else:
            parts.append([[rank], label])
    text = ", ".join((f"{g[0]}-{g[-1]}" if label == "face value" and len(g) > 1 else " ".join(g))
                     + f" {label}" for g, label in parts)
    if any(v.jokers.values()):
        text += f", joker {faces.points[faces.joker]}"
    return text


def _deal(v: Variant) -> list[str]:
    spec, (low, high) = v.spec["deal"], v.players
    lines = _heading("The deal")
    sizes = _counts(low, high, v.hand_size)
    each = "; ".join(f"{_plural(n, 'card')} each" + (f" with {span} players" if len(sizes) > 1
                                                     else "") for span, n in sizes)
    lines += _wrap(f"Deal {each}, one card at a time. "
                   + ("The next card is turned face up to start the discard pile. "
                      if spec["upcard"] else "")
                   + "The rest is the stock, face down.")
    roles = v.spec.get("roles")
    if roles and roles.get("dealer"):
        lines += _wrap(f"The {roles['dealer']} deals every hand.")
    else:
        lines += _wrap(f"First dealer: {_word(spec['first_dealer'])}. "
                       f"Next dealer: {_word(spec['next_dealer'])}.")
    return lines


def _roles(spec) -> list[str]:
    roles = spec.get("roles")
    if not roles:
        return []
    names = roles["names"]
    lines = _heading("Roles")
    lines += _wrap(f"Roles: {', '.join(names)}. Assigned by {_word(roles['assign'])}: "
                   f"the highest takes {names[0]}, then in order down to {names[-1]}.")
    lines += _wrap(f"Dealt a hand and playing, in turn order: {', '.join(roles['play'])}.")
    for advisor, advised in roles.get("advise", {}).items():
        lines += _wrap(f"The {advisor} sees the {advised}'s hand and may advise; the "
                       f"{advised} decides.")
    if roles.get("no_score"):
        lines += _wrap(f"No points are scored while holding: {', '.join(roles['no_score'])}.")
    if roles.get("rotate"):
        lines += _wrap("After each scored hand, the first of these rules that holds:")
        for row in roles["rotate"]:
            cond = "otherwise" if row["when"] == "true" else f"if {_f(row['when'])}"
            moves = ", ".join(f"{old} -> {new}" for old, new in row["next"].items())
            lines += _wrap(f"{cond}: {moves}", "    ", "      ")
    return lines


def _melds(v: Variant) -> list[str]:
    spec, ranks = v.spec["melds"], v.faces.ranks
    lines = _heading("Melds")
    group, run = spec["group"], spec["run"]
    if group:
        lines += _wrap(f"Group: {_span(group)} cards of one rank, each of a different suit.")
    if run:
        ace = {"low": f"ace low only ({'-'.join(ranks[:3])})",
               "high": f"ace high only ({'-'.join(ranks[-2:] + ranks[:1])})",
               "both": f"ace low or high ({'-'.join(ranks[:3])} or "
                       f"{'-'.join(ranks[-2:] + ranks[:1])}), never both at once"}
        corner = "-".join(ranks[-1:] + ranks[:2])
        wrap = f"runs may turn the corner ({corner})" if run["wrap"] else f"no {corner}"
        lines += _wrap(f"Run: {_span(run)} cards of one suit in sequence; "
                       f"{ace.get(run['ace'], _word(run['ace']))}; {wrap}.")
    if not group and not run:
        lines += _wrap("No melds.")
    if any(v.jokers.values()):
        jokers = spec["jokers"]
        most = jokers["max_per_meld"]
        limit = ("any number per meld" if most is None
                 else f"at most {_plural(most, 'joker')} per meld")
        lines += _wrap(f"Jokers stand for any card: {limit}, and at least "
                       f"{_plural(jokers['min_natural'], 'natural card')} in each meld.")
    return lines


def _span(rule) -> str:
    if rule.get("max") is None:
        return f"{rule['min']} or more"
    return f"{rule['min']}" if rule["min"] == rule["max"] else f"{rule['min']} to {rule['max']}"


def _table(v: Variant) -> list[str]:
    spec = v.spec["table"]
    melding = any(next(iter(s)) in ("meld", "draw_until_meld") for s in v.spec["turn"])
    if not spec["manipulation"] and not melding:
        return []
    lines = _heading("Melds on the table")
    if spec["manipulation"]:
        lines += _wrap("Players may rearrange the melds on the table when they meld, as long "
                       "as they add a card from hand and every table card stays in a legal meld.")
        if any(v.jokers.values()) and spec["jokers_released"] == "play_same_move":
            lines += _wrap("A joker replaced by the card it stands for must be played on the "
                           "table in the same move.")
    opening = spec["opening"]
    need = f"at least {_plural(opening['complete_melds'], 'complete meld')} from the hand alone"
    if opening["min_points"]:
        need += f", worth at least {opening['min_points']} points"
    lines += _wrap(f"Opening: {_word(opening['applies_to'])} must lay {need}.")
    return lines


def _turn(spec) -> list[str]:
    lines = _heading("A turn")
    for i, step in enumerate(spec["turn"], 1):
        kind, options = next(iter(step.items()))
        lines += _wrap(f"{i}. {_step(kind, options)}", "  ", "     ")
    lines += _wrap("A step marked optional may be skipped; the turn ends after its last step.")
    return lines


def _step(kind: str, o) -> str:
    if kind == "offer_upcard":
        return (f"Upcard (first turn of a hand only): the upcard is offered to {_word(o['to'])}; "
                f"taking it counts as the draw. {_word(o['if_all_pass'])}")
    if kind == "draw":
        piles = " or ".join(_word(p) for p in o["from"])
        return f"Draw {_plural(o['count'], 'card')} from {piles}."
    if kind == "draw_until_meld":
        after = ("may still meld after the last draw" if o["meld_after_last"]
                 else "may not meld after the last draw")
        return (f"Draw from the stock one card at a time, up to {o['max_draws']}, stopping at "
                f"the first meld; you {after}.")
    if kind == "meld":
        return f"Meld ({'optional' if o['optional'] else 'required'}): put melds on the table."
    if kind == "knock":
        how = ("the knock discards a card face down" if o["discard"] == "required"
               else "without discarding")
        text = f"Knock (optional) if: {_f(o['when'])} ({how}); the round then ends."
        if o["without_discard_when"] != "false":
            text += f" A knock may keep every card if: {_f(o['without_discard_when'])}."
        return text
    if kind == "discard":
        text = "Discard one card face up onto the discard pile"
        return text + (", not a card taken from it this turn." if o["not_taken_card"] else ".")
    return f"{_word(kind)}: {o}"


def _stock(spec) -> list[str]:
    stock = spec["stock"]
    lines = _heading("The stock")
    low = (f"is down to {_plural(stock['exhausted_at'], 'card')}" if stock["exhausted_at"]
           else "is empty")
    text = f"When the stock {low} (checked after each turn): {_word(stock['then'])}."
    void = stock["then"] == "void_hand"
    if stock["then"] == "reshuffle_discards" and stock["max_reshuffles"] is not None:
        text += (f" After {_plural(stock['max_reshuffles'], 'reshuffle')} the hand is void: "
                 "nobody scores.")
        void = True
    lines += _wrap(text)
    if void:
        lines += _wrap(f"After a void hand, {_word(stock['void_dealer'])} deals.")
    return lines


def _round_end(spec) -> list[str]:
    end = spec["round_end"]
    lines = _heading("End of a round")
    ends = ["a player knocks"] if any("knock" in s for s in spec["turn"]) else []
    if end["empty_hand_ends_round"]:
        ends.append("a player has played every card (goes out)")
    stock = spec["stock"]
    if stock["then"] != "reshuffle_discards" or stock["max_reshuffles"] is not None:
        ends.append("the stock runs out (see The stock)")
    lines += _wrap(f"A round ends when {', or '.join(ends)}.")
    if end["spread"]:
        lines += _wrap("The knocker lays out melds, then each other player in turn; only "
                       "unmelded cards (deadwood) count.")
    else:
        lines += _wrap("Every card left in a hand counts (deadwood is the hand's points).")
    lay = end["layoffs"]
    if lay["allowed"]:
        only = ", only onto the melds as first laid" if lay["original_melds_only"] else ""
        cond = "" if lay["when"] == "true" else f", if: {_f(lay['when'])}"
        lines += _wrap(f"Layoffs: the other players may add cards to {_word(lay['onto'])}"
                       f"{only}{cond}.")
    else:
        lines += _wrap("No layoffs.")
    return lines


def _awards(awards, indent: str) -> list[str]:
    lines = []
    for award in awards:
        cond = "" if award["when"] == "true" else f"   if {_f(award['when'])}"
        lines += _wrap(f"to {_f(award['to'])}: {_f(award['points'])}{cond}", indent,
                       indent + "  ")
    return lines


def _scoring(spec) -> list[str]:
    scoring = spec["scoring"]
    lines = _heading("Scoring")
    lines += _wrap(f"Mode {scoring['mode']}: {_word(scoring['mode'])}. The first row whose "
                   "condition holds decides the round; p is the player receiving the points.")
    for row in scoring["outcomes"]:
        cond = "otherwise" if row["when"] == "true" else f"when {_f(row['when'])}"
        lines += _wrap(f"{row['outcome']}: {cond}", "  ", "    ")
        lines += _wrap(f"winners: {_f(row['winners'])}", "    ", "      ")
        lines += _awards(row["award"], "    ")
    lines += _wrap(f"{scoring['void']['outcome']}: a void hand; nobody scores.", "  ")
    return lines


def _match(spec) -> list[str]:
    match = spec["match"]
    lines = _heading("The match")
    lines += _wrap(f"Ends after a scored hand when: {_f(match['ends_when'])}.")
    if match.get("max_hands") is not None:
        lines += _wrap(f"It also ends after {_plural(match['max_hands'], 'deal')}, void hands "
                       "included.")
    if match["bonuses"]:
        lines += _wrap("Then bonuses, in order (each sees the totals after the one before):")
        lines += _awards(match["bonuses"], "    ")
    best = "lowest" if spec["scoring"]["mode"] == "penalty" else "highest"
    lines += _wrap(f"The {best} total wins the match.")
    return lines
