"""The rules sheet (`rummy rules`) says what the engine does: each claim checked against play."""
from __future__ import annotations

import dataclasses

import pytest

from interpreter import bundled_names, load_variant, new_game
from interpreter.agents import make_agent
from interpreter.frontends.rules_sheet import WIDTH, rules_sheet
from interpreter.table import check_move


def flat(text: str) -> str:
    """The text with line breaks and indents folded into single spaces."""
    return " ".join(text.split())


def house(tmp_path, name: str, text: str):
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    return load_variant(str(path))


def states(variant, seed: int, hands: int, players=None, bot: str = "random"):
    """A seeded bot game over the first ``hands`` deals: the state before each action."""
    g = new_game(variant, players=players, seed=seed)
    bots = [make_agent(bot, seed * 10 + s) for s in range(g.players)]
    while not g.is_terminal and g.deals <= hands:
        yield g
        g.apply(bots[g.current_player].act(g))


def first_to_act(variant, seed: int, hands: int, players=None, bot: str = "random"):
    """The state as each hand starts: the seat to act first (offered the upcard, or playing)."""
    seen = 0
    for g in states(variant, seed, hands, players, bot):
        if g.deals != seen:
            seen = g.deals
            yield g


def outcomes(variant, hands: int = 4, players=None, bot: str = "random") -> set[str]:
    """The outcomes of the first hands of a few seeded bot games."""
    found = set()
    for seed in range(3):
        *_, last = states(variant, seed, hands, players, bot)
        found |= {h["outcome"] for h in last.history}
    return found


# ---- the whole sheet ----------------------------------------------------------------------
@pytest.mark.parametrize("name", bundled_names())
def test_every_turn_step_sentence_appears_in_order(name):
    v = load_variant(name)
    sheet = flat(rules_sheet(v))
    at = sheet.index("A TURN")
    for i, step in enumerate(v.turn, 1):
        at = sheet.index(f"{i}. {flat(step.sentence())}", at)
    assert flat(v.round_end.spread.sentence()) in sheet[sheet.index("END OF A ROUND"):]


@pytest.mark.parametrize("name", bundled_names())
def test_lines_fit_and_formulas_stay_on_one_line(name):
    """Lines fit the width unless one formula alone is longer; every formula is whole."""
    v = load_variant(name)
    formulas = [v.match.ends_when, v.round_end.may_go_out_when] + [
        getattr(step, f.name) for step in v.turn for f in dataclasses.fields(step)]
    formulas = [f for f in formulas if hasattr(f, "text")]
    for row in v.scoring.outcomes:
        formulas += [row.when, row.winners] + [a.points for a in row.awards]
    texts = {f.text for f in formulas} - {"true", "false"}
    lines = rules_sheet(v).splitlines()
    assert all(len(line) <= WIDTH or line.strip() in texts for line in lines)
    assert all(any(t in line for line in lines) for t in texts)


@pytest.mark.parametrize("name", bundled_names())
def test_the_sheet_reads_the_model_not_the_raw_spec(name):
    v = load_variant(name)
    assert rules_sheet(dataclasses.replace(v, spec={})) == rules_sheet(v)


# ---- who plays first ----------------------------------------------------------------------
def test_three_hand_turn_order_is_the_one_the_engine_plays():
    v = load_variant("three_hand_gin")
    line = next(ln for ln in rules_sheet(v).splitlines() if "Turn order:" in ln)
    claimed = line.split("Turn order:")[1].split("(")[0].strip().split(", ")
    assert claimed == ["captain", "box"]
    checked = 0
    for seed in range(4):
        for g in first_to_act(v, seed, 5, bot="greedy"):
            role = {s: r for r, s in g.roles.items()}
            assert g.phase == "offer"
            assert role[g.current_player] == claimed[0] and role[g.dealer] == claimed[-1]
            checked += 1
    assert checked >= 16


def test_three_hand_all_pass_leaves_the_first_named_role_to_draw():
    v = load_variant("three_hand_gin")
    g = new_game(v, players=3, seed=5)
    role = {s: r for r, s in g.roles.items()}
    g.apply("pass")
    g.apply("pass")
    assert g.phase == "turn" and role[g.current_player] == "captain"


@pytest.mark.parametrize("name", [n for n in bundled_names() if not load_variant(n).roles])
def test_the_player_left_of_the_dealer_plays_first(name):
    v = load_variant(name)
    assert "The player to the dealer's left plays first" in rules_sheet(v)
    players = v.players[1]
    for g in first_to_act(v, 3, 3, players=players):
        left = next(s for k in range(1, players + 1)               # skipping players out
                    if (s := (g.dealer + k) % players) not in g.eliminated)
        assert g.current_player == left


# ---- melds on a shared table with jokers --------------------------------------------------
def test_carousel_states_the_joker_rules():
    sheet = flat(rules_sheet(load_variant("carousel")))
    assert "names the card it stands for" in sheet
    assert "the joker keeps that card while it is on the table" in sheet
    assert "a joker may move to another meld still standing for its card" in sheet
    assert "only when a natural copy of its old card is on the table after the move" in sheet
    assert "must be played on the table in the same move: it never goes back to a hand" in sheet


def _move(v, table, new, hand):
    """None if the engine's meld check takes the table ``table`` -> ``new``, else why not."""
    faces = v.faces
    parse = lambda melds: [[faces.parse_token(t) for t in m.split()] for m in melds]  # noqa: E731
    return check_move(v.meld_rules, parse(table), parse(new), faces.parse_many(hand),
                      manipulation=v.table.manipulation)


def test_carousel_joker_rules_are_the_engines():
    v = load_variant("carousel")
    run = ["4h 5h 6h Jk(7h)", "7c 7d 7s"]
    assert _move(v, run, ["3h 4h 5h 6h", "7c 7d 7s Jk(7h)"], "3h") is None       # moved
    renamed = _move(v, run, ["Jk(3h) 4h 5h 6h", "7c 7d 7s", "9c 9d 9s"], "9c 9d 9s")
    assert "joker" in renamed                                                     # no 7h
    assert _move(v, run, ["Jk(3h) 4h 5h 6h 7h", "7c 7d 7s"], "7h") is None       # replaced
    assert _move(v, run, ["4h 5h 6h 7h", "7c 7d 7s"], "7h") is not None          # to a hand
    assert _move(v, run, ["4h 5h 6h 7h", "7c 7d 7s", "Jk(9c) 9d 9s"], "7h 9d 9s") is None


def test_without_manipulation_table_melds_only_grow(tmp_path):
    v = house(tmp_path, "fixed", "extends: carousel\nname: Fixed table\n"
                                 "table: {manipulation: false}\n")
    sheet = flat(rules_sheet(v))
    assert "may only be extended, never rearranged" in sheet
    assert "may move to another meld" not in sheet and "same move" not in sheet
    run = ["4h 5h 6h Jk(7h)", "7c 7d 7s"]
    assert _move(v, run, ["4h 5h 6h Jk(7h) 8h", "7c 7d 7s"], "8h") is None
    assert _move(v, run, ["3h 4h 5h 6h", "7c 7d 7s Jk(7h)"], "3h") is not None


# ---- scoring rows ------------------------------------------------------------------------
FLAT = """extends: gin_standard
name: Gin, flat scoring
scoring:
  outcomes:
    - {outcome: gin, when: "knocker.deadwood == 0", winners: knocker,
       award: [{to: winners, points: "25"}]}
    - {outcome: flat, when: "true", winners: knocker, award: [{to: winners, points: "10"}]}
    - {outcome: knock, winners: knocker, award: [{to: winners, points: "5"}]}
"""


def test_rows_after_an_unconditional_row_are_left_out(tmp_path):
    v = house(tmp_path, "flat", FLAT)
    sheet = rules_sheet(v)
    assert "  flat: otherwise\n" in sheet and "knock:" not in sheet
    found = outcomes(v, bot="greedy")
    assert "flat" in found and "knock" not in found


# ---- the stock and void hands -------------------------------------------------------------
def test_carousel_lists_no_void_outcome_and_never_voids():
    v = load_variant("carousel")
    sheet = rules_sheet(v)
    assert f"{v.scoring.void_outcome}:" not in sheet and "void" not in sheet
    assert v.scoring.void_outcome not in outcomes(v, players=3)


def test_a_void_hand_rule_lists_the_void_outcome(tmp_path):
    v = house(tmp_path, "gin_void", "extends: gin\nname: Gin, void on a low stock\n"
                                    "stock: {then: void_hand}\n")
    sheet = rules_sheet(v)
    assert f"  {v.scoring.void_outcome}: a void hand; nobody scores." in sheet
    assert "the hand is void: nobody scores." in flat(sheet)
    assert v.scoring.void_outcome in outcomes(v)


def test_counting_at_once_lists_no_void(tmp_path):
    v = house(tmp_path, "counted", "extends: carousel\nname: Counted on an empty stock\n"
                                   "stock: {then: end_round}\n")
    sheet = flat(rules_sheet(v))
    assert "the hands are counted at once" in sheet and "void" not in sheet
    assert v.scoring.void_outcome not in outcomes(v, players=3)


def test_a_reshuffle_with_too_few_discards_voids_the_hand(tmp_path):
    """No guard on reshuffles, but a stock that is low at once: the first player takes the
    upcard and discards, leaving one card on the pile to reshuffle from."""
    v = house(tmp_path, "gin_low", "extends: gin\nname: Gin, low stock\n"
                                   "stock: {exhausted_at: 31, max_reshuffles: null}\n")
    sheet = flat(rules_sheet(v))
    assert "void instead (nobody scores) when the discard pile has fewer than 2 cards." in sheet
    assert f"{v.scoring.void_outcome}: a void hand" in sheet
    g = new_game(v, seed=3)
    g.apply("take")
    g.apply(next(a for a in g.legal_actions() if a.kind == "discard"))
    assert g.history[-1]["outcome"] == v.scoring.void_outcome


def test_a_reshuffle_puts_the_pile_but_its_top_under_the_stock(tmp_path):
    v = house(tmp_path, "gin_low", "extends: gin\nname: Gin, low stock\n"
                                   "stock: {exhausted_at: 30, max_reshuffles: null}\n")
    assert "except its top card, is shuffled and put under the stock" in flat(rules_sheet(v))
    g = new_game(v, seed=3)
    for action in ("pass", "pass", "draw stock"):
        g.apply(action)
    stock, pile = list(g.stock), list(g.discard)
    discard = next(a for a in g.legal_actions() if a.kind == "discard")
    g.apply(discard)
    assert g.stock == pile + stock and len(g.stock) == v.stock.exhausted_at + 1
    assert [v.faces.name(g.face_of[c]) for c in g.discard] == list(discard.cards)


def test_the_last_lap_is_played_as_the_sheet_says():
    v = load_variant("carousel")
    assert ("every player has one more turn, starting with the next player and ending with "
            "the one who just played; then the hands are counted") in flat(rules_sheet(v))
    laps, lap, before = 0, None, None
    for seed in range(4):
        for g in states(v, seed, 3, players=3):
            if g.last_lap is None:
                lap = None
            else:
                if lap is None:               # it has just begun, after ``before``'s turn
                    lap = list(g.last_lap)
                    assert lap == [(before + k) % 3 for k in (1, 2, 3)]
                    laps += 1
                assert g.last_lap == lap[len(lap) - len(g.last_lap):]
                assert g.current_player == g.last_lap[0]
            before = g.current_player
    assert laps >= 4
