"""`rummy play` (a person against bots, or --auto) and `rummy rules` (the generated sheet)."""
from __future__ import annotations

import io
import subprocess
import sys

import pytest

from interpreter import bundled_names, load_variant
from interpreter.frontends.cli import main


def run(capsys, monkeypatch, *argv, stdin: str = ""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_auto_plays_a_whole_match(capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch, "play", "gin", "--auto", "--seed", "1")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Gin Rummy — 2 players, seed 1")
    assert sum(line.startswith("hand ") for line in lines) >= 2
    assert "match over after" in out and lines[-1].startswith("winner: seat ")


def test_auto_with_roles_and_mixed_bots(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "play", "three_hand_gin", "--auto", "--seed", "2",
                       "--bots", "greedy,random")
    assert code == 0
    assert "(random, " in out.splitlines()[0] and "(greedy, " in out.splitlines()[0]
    assert "[box " in out and out.splitlines()[-1].startswith("winner: ")


def test_auto_runs_as_a_command_with_piped_output():
    done = subprocess.run([sys.executable, "-m", "interpreter", "play", "gin_standard",
                           "--auto", "--seed", "4"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "winner: " in done.stdout and done.stderr == ""


def test_scripted_person_finishes_a_hand_then_quits_at_end_of_input(capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch, "play", "gin", "--seed", "1", stdin="1\n" * 12)
    assert code == 0 and "Traceback" not in out + err
    assert "your hand: " in out and "  melds " in out and "deadwood" in out
    assert "discard: " in out and "stock: " in out and " 1 " in out
    assert "== hand 1: " in out and "   totals: " in out
    assert "\n  seat 1 discarded " in out and "\n  you drew " in out      # the hand's log
    assert out.rstrip().endswith("quit.")


def test_person_plays_a_whole_match_by_numbers(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "play", "gin", "--seed", "3", "--bots", "random",
                       stdin="1\n" * 5000)
    assert code == 0
    assert "match over after" in out and "\nwinner: " in out


def test_bad_input_is_refused_and_asked_again(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "play", "gin", "--seed", "1",
                       stdin="foo\n99\ndiscard Zz\nknock\nh\ndraw discard\nq\n")
    assert code == 0
    refusals = [line for line in out.splitlines() if line.startswith("refused: ")]
    assert len(refusals) == 4 and all(len(r) < 130 for r in refusals)
    assert "knock Ah | knock" in out                           # the help
    assert "you took Th from the discard pile" in out          # state was unchanged by refusals
    assert out.count("your move") == 7 and out.rstrip().endswith("quit.")


def test_actions_may_be_typed_in_any_case(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "play", "gin", "--seed", "1",
                       stdin="Draw DISCARD\nDISCARD 2C\n")
    assert code == 0 and "you discarded 2c" in out


def test_end_of_input_at_the_first_prompt(capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch, "play", "gin", "--seed", "1")
    assert code == 0 and err == "" and out.rstrip().endswith("quit.")


def test_sitter_watches_the_advised_hand(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "play", "three_hand_gin", "--seed", "2")
    assert code == 0
    assert "you (seat 0, sitter)" in out.splitlines()[0]
    assert "you sit this hand out; you see the hand of seat 1 (greedy, captain)" in out
    assert "  seat 1 holds " in out and "== hand 1: " in out


def test_person_at_another_seat(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "play", "gin", "--players", "3", "--seat", "2",
                       "--seed", "1", "--bots", "random,greedy", stdin="1\n" * 30)
    assert code == 0
    assert "seat 0 (random), seat 1 (greedy), you (seat 2)" in out.splitlines()[0]


@pytest.mark.parametrize("argv,message", [
    (["play", "no_such_variant"], "no such variant"),
    (["play", "gin", "--bots", "greedy,clever"], "unknown bot 'clever'"),
    (["play", "gin", "--players", "7"], "2-4 players"),
    (["play", "gin", "--seat", "5"], "--seat"),
    (["rules", "no_such_variant"], "no such variant"),
])
def test_errors_are_one_line(capsys, monkeypatch, argv, message):
    code, out, err = run(capsys, monkeypatch, *argv)
    assert code == 1 and message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("name", bundled_names())
def test_rules_sheet_of_every_bundled_variant(capsys, monkeypatch, name):
    code, out, _ = run(capsys, monkeypatch, "rules", name)
    v = load_variant(name)
    assert code == 0 and out.startswith(v.name + "\n")
    knock = v.step("knock")
    assert knock is None or knock.when.text in out
    for row in v.scoring.outcomes:
        assert f"{row.name}: " in out
        assert all(award.points.text in out for award in row.awards)
    ends = v.match.ends_when
    assert ends.text in out or ends.constant and not ends(None)    # no end but the deals or elimination
    for heading in ("PLAYERS AND CARDS", "THE DEAL", "MELDS", "A TURN", "THE STOCK",
                    "END OF A ROUND", "SCORING", "THE MATCH"):
        assert heading in out


def test_rules_sheet_details(capsys, monkeypatch):
    _, out, _ = run(capsys, monkeypatch, "rules", "three_hand_gin")
    assert "The box deals every hand." in out
    assert "Each player cuts a card: the highest card" in out
    assert "Turn order: captain, box" in out
    assert "The sitter sees the captain's hand" in out
    assert "if box in winners: box -> box, captain -> sitter, sitter -> captain" in out
    assert "After a void hand the box deals again; roles do not change." in out
    _, out, _ = run(capsys, monkeypatch, "rules", "carousel")
    assert "3-5 players: 2 decks of 52 cards and 2 jokers (106 cards)." in out
    assert "Knock (optional) if: hand_points <= knock_limit (without discarding)" in out
    assert "PARAMETERS" in out and "    knock_limit = 5" in out
    assert "A player who plays a joker names the card it stands for" in out
    assert "void" not in out
    _, out, _ = run(capsys, monkeypatch, "rules", "gin_standard")
    assert "A knock may keep every card if: deadwood == 0." in " ".join(out.split())
    assert "to highest(players, score): game_bonus" in out and "game_bonus = 100" in out
    assert "  void: a void hand; nobody scores." in out


def test_role_puts_the_person_in_that_role(capsys, monkeypatch):
    """`rummy play three_hand_gin --role captain`: the person plays the captain against the box."""
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "three_hand_gin", "--role", "captain", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "you (seat 0, captain)" in out


def test_role_unknown_is_one_line(capsys):
    assert main(["play", "gin", "--role", "captain"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown role 'captain'" in err


def test_bots_take_options_as_the_readme_shows(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "play", "gin_standard", "--auto", "--seed", "1",
                       "--bots", "strong:knock_at=7,greedy")
    assert code == 0 and "seat 0 (strong), seat 1 (greedy)" in out.splitlines()[0]
    assert "winner: " in out
    code, _, err = run(capsys, monkeypatch, "play", "gin", "--bots", "strong:knock=7")
    assert code != 0 and err.strip() == ("rummy play: bot 'strong' has no option 'knock': its "
                                         "options are knock_at, late_knock_at, late_turn, "
                                         "slack, outs, wary, nodes, seconds")
    code, out, _ = run(capsys, monkeypatch, "play", "carousel", "--auto", "--seed", "1",
                       "--bots", "greedy:nodes=5000")
    assert code == 0 and "seat 0 (greedy)" in out.splitlines()[0]


def test_play_with_stdin_closed_quits_cleanly():
    done = subprocess.run([sys.executable, "-m", "interpreter", "play", "gin", "--seed", "1"],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60,
                          close_fds=True)
    assert done.returncode == 0 and done.stdout.rstrip().endswith("quit.")
    closed = subprocess.run(f"{sys.executable} -m interpreter play gin --seed 1 <&-", shell=True,
                            capture_output=True, text=True, timeout=60)
    assert closed.returncode == 0 and "Traceback" not in closed.stderr
    assert closed.stdout.rstrip().endswith("quit.")


# ---- the terminal: the hand's story, the reveal, refusals, colour, line editing -------------
def test_the_hand_is_told_from_the_log_and_ends_with_the_reveal(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "play", "gin", "--seed", "3", "--bots", "random",
                       stdin="1\n" * 400)
    assert code == 0
    assert "  seat 1 dealt hand 1; the upcard is " in out or "  you dealt hand 1" in out
    report = out[out.index("== hand 1: "):]
    assert "   you:      [" in report and "; deadwood " in report


def test_a_refusal_says_why(capsys, monkeypatch):
    _, out, _ = run(capsys, monkeypatch, "play", "gin", "--seed", "1",
                    stdin="draw discard\nknock Qh\ndiscard Qh\nq\n")
    assert "refused: knock Qh: you do not hold Qh" in out
    assert "refused: discard Qh: you do not hold Qh" in out


def test_suits_in_colour_only_on_a_terminal_without_no_color():
    from interpreter.frontends.terminal import Painter, colour_wanted

    class Tty(io.StringIO):
        def isatty(self):
            return True

    assert colour_wanted(Tty(), {}) and not colour_wanted(io.StringIO(), {})
    assert not colour_wanted(Tty(), {"NO_COLOR": "1"}) and colour_wanted(Tty(), {"NO_COLOR": ""})
    faces = load_variant("gin").faces
    paint = Painter(faces, on=True)
    assert paint("discard Ah, then Ts") == "discard \033[31mA\u2665\033[0m, then T\u2660"
    assert Painter(faces, on=False)("discard Ah") == "discard Ah"


def test_moves_in_any_case_and_line_editing_where_there_is_readline(monkeypatch):
    import builtins

    from interpreter.frontends.terminal import keywords_lowered, line_editing
    assert keywords_lowered("DISCARD ah") == "discard ah"
    assert keywords_lowered("Draw Stock") == "draw stock"
    assert keywords_lowered("LAYOFF 5h ON 0") == "layoff 5h on 0"

    class Tty(io.StringIO):
        def isatty(self):
            return True

    assert not line_editing(io.StringIO())              # piped input: nothing to edit
    real = builtins.__import__

    def no_readline(name, *args, **kwargs):
        if name == "readline":
            raise ImportError("no readline here")
        return real(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_readline)
    assert not line_editing(Tty())                       # no readline: no crash, plain input
