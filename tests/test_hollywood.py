"""Hollywood Gin (variants/hollywood_gin.yaml): three games kept as counters updated after each
scored hand, games closing one by one, bonuses paid into them, and the match won by standing.

Every hand is dealt from an explicit deck: the winner takes the upcard Qs and goes gin
discarding 4h; the loser holds 10 unmatched cards worth 32, so each win scores 32 + 25 = 57.
"""
from __future__ import annotations

import pytest
from gameplay import FULL_DECK

from interpreter import SpecError, load_variant, new_game
from interpreter.frontends.rules_sheet import rules_sheet

HOLLYWOOD = load_variant("hollywood_gin")
WINNER = ["Ah", "2h", "3h", "4h", "5c", "5d", "5s", "9s", "Ts", "Js"]     # + Qs: gin after discarding 4h
LOSER = ["Ac", "Ad", "2c", "2s", "3d", "3s", "4c", "4d", "6c", "6d"]      # no meld: 32 points
WIN = 32 + 25


def deck(winner: int, dealer: int) -> list[str]:
    """A deck order dealing WINNER to ``winner`` and LOSER to the other, upcard Qs."""
    first = 1 - dealer
    hands = {winner: WINNER, 1 - winner: LOSER}
    order = [hands[s][i] for i in range(10) for s in (first, dealer)] + ["Qs"]
    return order + [c for c in FULL_DECK if c not in order]


def match(variant, winners: list[int]):
    """A match whose hands are won by ``winners`` in turn (the winner deals the next)."""
    dealers = [0] + winners[:-1]
    g = new_game(variant, deck=[deck(w, d) for w, d in zip(winners, dealers)], dealer=0)
    for winner in winners:
        if g.current_player != winner:
            g.apply("pass")
        g.apply("take")
        g.apply("knock 4h")
        while g.phase.value == "spread":
            g.apply("spread")
        yield g


def games(g) -> list[list[float]]:
    return [list(g.counters[f"game{n}"]) for n in (1, 2, 3)]


def test_wins_enter_one_more_game_each_time(tmp_path):
    """First win: game 1 only; second: games 1 and 2; third and later: all three."""
    path = tmp_path / "long.yaml"
    path.write_text("extends: hollywood_gin\nname: Hollywood to 300\nparams: {game_to: 300}\n")
    seen = [games(g) for g in match(load_variant(path), [0, 1, 0, 0, 1, 0])]
    assert seen == [
        [[WIN, 0], [0, 0], [0, 0]],                      # A's 1st win
        [[WIN, WIN], [0, 0], [0, 0]],                    # B's 1st win
        [[2 * WIN, WIN], [WIN, 0], [0, 0]],              # A's 2nd: games 1 and 2
        [[3 * WIN, WIN], [2 * WIN, 0], [WIN, 0]],        # A's 3rd: all three
        [[3 * WIN, 2 * WIN], [2 * WIN, WIN], [WIN, 0]],  # B's 2nd: games 1 and 2
        [[4 * WIN, 2 * WIN], [3 * WIN, WIN], [2 * WIN, 0]],
    ]


def test_games_close_one_by_one_and_the_match_is_settled():
    """Game 1 closes at A's 2nd win; B, shut out of it, starts in game 2; game 2 closes at
    A's 3rd win, after which only game 3 is open; the match ends when game 3 closes."""
    states = match(HOLLYWOOD, [0, 0, 1, 0, 1, 0])
    seen = []
    for g in states:
        seen.append(games(g))
        if not g.is_terminal:
            assert g.observation(1)["shown_counters"] == dict(zip(
                ("game1", "game2", "game3"), seen[-1]))
    assert seen[:5] == [
        [[WIN, 0], [0, 0], [0, 0]],
        [[2 * WIN, 0], [WIN, 0], [0, 0]],                # game 1 closed (114)
        [[2 * WIN, 0], [WIN, WIN], [0, 0]],              # B's 1st win: game 2, not game 1
        [[2 * WIN, 0], [2 * WIN, WIN], [WIN, 0]],        # game 2 closed: only game 1 and 2 got
        [[2 * WIN, 0], [2 * WIN, WIN], [WIN, WIN]],      # B's 2nd win: game 3 only
    ]
    assert g.is_terminal and g.hands_played == 6
    # game bonus 100 to the closer, 25 a box, a shutout doubles the closer's game
    assert games(g) == [[2 * (2 * WIN + 100 + 2 * 25), 0],
                        [2 * WIN + 100 + 2 * 25, WIN + 25],
                        [2 * WIN + 100 + 2 * 25, WIN + 25]]
    assert g.scores == [4 * WIN, 2 * WIN]               # the plain totals decide nothing
    assert g.returns() == [sum(col[0] for col in games(g)), sum(col[1] for col in games(g))]
    assert g.winners() == [0]


def test_a_closed_game_takes_no_more_points():
    """After game 1 closes, A's later wins leave it as it was."""
    seen = [(list(g.counters["game1"]), list(g.counters["boxes1"]), list(g.counters["game2"]))
            for g in match(HOLLYWOOD, [0, 0, 0])]
    assert seen == [([WIN, 0], [1, 0], [0, 0]), ([2 * WIN, 0], [2, 0], [WIN, 0]),
                    ([2 * WIN, 0], [2, 0], [2 * WIN, 0])]


def test_the_outcome_and_points_are_read_by_a_scored_update(tmp_path):
    path = tmp_path / "gins.yaml"
    path.write_text("""
extends: gin_standard
name: Gins counted
counters:
  gins: {reset: match, show: true, update: {scored: "value + 1 if outcome == 'gin' and p in winners else value"}}
  best: {reset: match, update: {scored: "max(value, points)"}}
""")
    *_, g = match(load_variant(path), [1, 1])
    assert g.counters["gins"] == [0, 2] and g.counters["best"] == [0, WIN]
    assert g.shown_counters() == {"gins": [0, 2]}


@pytest.mark.parametrize("text, message", [
    ("counters: {g: {}}\nmatch: {bonuses: [{points: '1', into: h}]}",
     "match.bonuses[0].into: unknown counter 'h' (counters: g)"),
    ("counters: {g: {update: {scored: 'value + pointz'}}}",
     "counters.g.update.scored: unknown name 'pointz'"),
    ("counters: {g: {update: {draw_stock: 'value + points'}}}",
     "counters.g.update.draw_stock: unknown name 'points'"),
    ("params: {points: 3}", "a param may not be called 'points'"),
    ("match: {standing: 'p.scor'}", "match.standing: "),
])
def test_bad_scored_counters_are_located_errors(tmp_path, text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(f"extends: gin_standard\nname: Bad\n{text}\n")
    with pytest.raises(SpecError) as error:
        load_variant(path)
    assert message in str(error.value) and "bad.yaml:" in str(error.value)


def test_the_rules_sheet_says_how_the_games_are_kept():
    sheet = " ".join(rules_sheet(HOLLYWOOD).split())
    assert ("game1: 0 at the start of the match; after each scored hand: value + points * "
            "p.in1; shown next to the totals.") in sheet
    assert "counters are updated in the order listed, for every player p at once" in sheet
    assert "to highest(players, game1): game_bonus into game1" in sheet
    assert ("The highest standing wins the match, each player p's being "
            "p.game1 + p.game2 + p.game3.") in sheet
    assert "the match is won by standing" in sheet and "The highest total wins" not in sheet


def test_the_auto_log_shows_the_games_next_to_the_totals(capsys):
    from interpreter.frontends.cli import main
    assert main(["play", "hollywood_gin", "--auto", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    hands = [line for line in out.splitlines() if line.startswith("hand ")]
    assert hands and all(", game1 " in h and ", game3 " in h for h in hands)
    assert "totals 35/0, game1 35/0, game2 0/0, game3 0/0" in hands[0]
    assert "   standing: seat 0 " in out and "(p.game1 + p.game2 + p.game3)" in out
