"""The foundation's CLI: validate, schema, variants, arrange — exit codes and one-line errors."""
from __future__ import annotations

import json
import subprocess
import sys

from interpreter import bundled_names
from interpreter.frontends.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_validate_every_bundled_variant(capsys):
    code, out, err = run(capsys, "validate", *bundled_names())
    assert code == 0 and err == ""
    assert out.count(": ok (") == len(bundled_names())


def test_validate_bad_file_exits_1_with_located_lines(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: X\nplayers: {min: 2, max: 2}\nturn: []\nscoring: {outcomes: []}\nfoo: 1\n")
    code, out, err = run(capsys, "validate", "gin", str(bad))
    assert code == 1
    lines = err.strip().splitlines()
    assert all(line.startswith(f"{bad}:") for line in lines)
    assert any("unknown key 'foo'" in line for line in lines)
    assert "Traceback" not in err


def test_schema_prints_the_json_schema(capsys):
    code, out, _ = run(capsys, "schema")
    assert code == 0 and json.loads(out)["title"] == "Rummy variant"


def test_arrange_shows_melds_deadwood_and_discards(capsys):
    code, out, _ = run(capsys, "arrange", "gin", "Ah", "2h", "3h", "7c", "7d", "7s", "Kd", "Qd",
                       "9c", "4s", "5h")
    assert code == 0
    assert "meld     7c 7d 7s" in out and "(38 points)" in out
    assert "discard  Qd or Kd  -> 28 points" in out


def test_arrange_json_with_jokers(capsys):
    code, out, _ = run(capsys, "arrange", "carousel", "5h", "6h", "Jk", "8c", "8d", "8h", "--json")
    result = json.loads(out)
    assert code == 0 and result["points"] == 0
    assert any("Jk(" in card for meld in result["melds"] for card in meld)


def test_arrange_bad_card_is_one_line(capsys):
    code, _, err = run(capsys, "arrange", "gin", "Ah", "Zz")
    assert code == 1 and err.strip() == ("rummy arrange: bad card 'Zz': unknown suit 'z' "
                                         "(suits are c, d, h, s)")


def test_arrange_too_many_copies(capsys):
    code, _, err = run(capsys, "arrange", "gin", "Ah", "Ah", "2h")
    assert code == 1 and "at most 1" in err


def test_console_script_runs_as_a_module():
    done = subprocess.run([sys.executable, "-m", "interpreter", "variants"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "gin_standard" in done.stdout
