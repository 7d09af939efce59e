"""``rummy serve --stdio``: the real subprocess, whole gin play through it, refused requests,
and every reply checked against schema/stdio.schema.json."""
import io
import json
import queue
import random
import subprocess
import sys
import threading
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource

from interpreter.frontends import stdio
from interpreter.frontends.rules_sheet import rules_sheet
from interpreter.frontends.stdio import MAX_LINE
from interpreter.spec import load_variant

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "schema" / "stdio.schema.json").read_text())
SAVED = json.loads((ROOT / "schema" / "saved_game.schema.json").read_text())
REGISTRY = Registry().with_resource(SAVED["$id"], Resource.from_contents(SAVED))


def validator(part: str) -> jsonschema.Draft202012Validator:
    """A validator of one part (request or reply) of the stdio schema."""
    schema = {k: v for k, v in SCHEMA.items() if k != "anyOf"} | {"$ref": f"#/$defs/{part}"}
    return jsonschema.Draft202012Validator(schema, registry=REGISTRY)


REPLY, REQUEST = validator("reply"), validator("request")


class Engine:
    """The stdio engine as a subprocess; every reply is checked against the schema."""

    def __init__(self):
        self.proc = subprocess.Popen([sys.executable, "-m", "interpreter.frontends.stdio"],
                                     cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.hello = self.reply()
        self.count = 0

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(b"")

    def reply(self) -> dict:
        line = self.lines.get(timeout=20)
        assert line.endswith(b"\n"), line
        reply = json.loads(line)
        REPLY.validate(reply)
        return reply

    def raw(self, line: bytes) -> dict:
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()
        return self.reply()

    def send(self, cmd: str, **fields) -> dict:
        self.count += 1
        request = {"id": self.count, "cmd": cmd, **fields}
        reply = self.raw(json.dumps(request).encode())
        assert reply["id"] == self.count
        if reply["ok"]:
            REQUEST.validate(request)
            assert reply["cmd"] == cmd
        return reply

    def ok(self, cmd: str, **fields) -> dict:
        reply = self.send(cmd, **fields)
        assert reply["ok"], reply
        return reply

    def refused(self, code: str, cmd: str, **fields) -> dict:
        reply = self.send(cmd, **fields)
        assert not reply["ok"] and reply["error"]["code"] == code, reply
        return reply["error"]

    def close(self) -> tuple[int, bytes]:
        """The exit code and what went to stderr (nothing, unless something went wrong)."""
        self.proc.stdin.close()
        code = self.proc.wait(timeout=20)
        errors = self.proc.stderr.read()
        self.proc.stdout.close()
        self.proc.stderr.close()
        return code, errors


@pytest.fixture
def engine():
    engine = Engine()
    yield engine
    assert engine.close() == (0, b"")


def test_hello_names_the_protocol_and_every_command(engine):
    assert engine.hello["protocol"] == 1 and engine.hello["id"] is None
    assert set(engine.hello["commands"]) == {"variants", "new", "view", "legal", "apply", "bot",
                                             "rules", "save", "load", "quit"}
    names = {v["name"]: v for v in engine.ok("variants")["variants"]}
    assert names["gin"]["players"][0] == 2 and names["gin"]["title"] == "Gin Rummy"


def test_a_whole_gin_hand_picking_legal_actions_and_bots(engine):
    """Seat 0 is a greedy bot, seat 1 picks among its view's legal actions, until the hand ends;
    no view shows the other seat's hand."""
    started = engine.ok("new", variant="gin", seed=7)
    assert started["players"] == 2 and started["seed"] == 7 and started["hands_played"] == 0
    pick = random.Random(1)
    for _ in range(500):
        seat = engine.ok("legal")["seat"]
        if seat == 0:
            played = engine.ok("bot", kind="greedy")
        else:
            view = engine.ok("view", seat=1)
            other = engine.ok("view", seat=0)
            assert view["legal"] and not other["legal"]
            assert not set(view["observation"]["hand"]) & set(other["observation"]["hand"])
            played = engine.ok("apply", action=pick.choice(view["legal"]))
        assert played["seat"] == seat
        if "hand_end" in played:
            break
    else:
        pytest.fail("the hand did not end")
    assert played["hands_played"] == 1 and played["hand_end"]["hand"] == 1
    assert engine.ok("view", seat=0)["observation"]["hands_played"] == 1


def test_a_whole_match_by_bots_then_match_over(engine):
    engine.ok("new", variant="gin", seed=3)
    for _ in range(3000):
        played = engine.ok("bot", kind="greedy")
        if played["over"]:
            break
    else:
        pytest.fail("the match did not end")
    assert played["current_player"] == -1 and played["match_end"]["winners"]
    view = engine.ok("view", seat=1)
    assert view["over"] and view["legal"] == [] and view["returns"] == \
        played["match_end"]["returns"]
    assert engine.ok("legal") == {"id": engine.count, "ok": True, "cmd": "legal", "seat": None,
                                  "legal": []}
    assert "over" in engine.refused("match_over", "apply", action="pass")["message"]
    engine.refused("match_over", "bot")


def test_a_refused_action_explains_and_changes_nothing(engine):
    engine.ok("new", variant="gin", seed=5)
    before = engine.ok("save")["saved"]
    error = engine.refused("illegal_action", "apply", action="discard Zz")
    assert "upcard offer" in error["message"] and "take or pass" in error["message"]
    assert "cannot read action" in engine.refused("illegal_action", "apply",
                                                  action="fly away")["message"]
    assert engine.ok("save")["saved"] == before


def test_save_and_load_round_trip(engine):
    engine.ok("new", variant="gin", seed=11)
    for _ in range(5):
        engine.ok("bot", kind="random")
    saved = engine.ok("save")["saved"]
    views = [engine.ok("view", seat=s)["observation"] for s in (0, 1)]
    next_move = engine.ok("bot", kind="greedy")["action"]
    loaded = engine.ok("load", saved=saved)
    assert loaded["seed"] == 11 and not loaded["over"]
    assert [engine.ok("view", seat=s)["observation"] for s in (0, 1)] == views
    assert engine.ok("load", saved=json.dumps(saved))["seed"] == 11    # as JSON text too
    assert engine.ok("bot", kind="greedy")["action"] == next_move       # the same bot choice
    error = engine.refused("bad_saved", "load", saved={"format": "nope"})
    assert error["message"].startswith("load: saved game: $")
    assert engine.ok("legal")["seat"] is not None                      # still the loaded match


def test_a_spec_text_is_checked_as_rummy_validate_checks_a_file(engine, tmp_path):
    text = "extends: gin\nplayers: [2, 9]\nfoo: 1\n"
    error = engine.refused("bad_spec", "new", spec=text)
    (tmp_path / "spec.yaml").write_text(text)
    validate = subprocess.run([sys.executable, "-m", "interpreter.frontends.cli", "validate",
                               "spec.yaml"], cwd=tmp_path, capture_output=True, text=True,
                              env={"PYTHONPATH": str(ROOT)}, timeout=30)
    assert validate.returncode == 1
    assert error["problems"] == validate.stderr.splitlines()
    assert error["message"] == validate.stderr.rstrip("\n")
    assert error["problems"][0].startswith("spec.yaml:2:10: players:")
    engine.refused("no_game", "legal")                                  # nothing was started
    house = engine.ok("new", spec="extends: gin\nname: House gin\n", players=2, seed=1)
    assert house["variant"] == "House gin" and house["warnings"] == []
    assert engine.ok("rules")["text"].startswith("House gin")


def test_rules_of_the_match_or_of_a_bundled_variant(engine):
    assert engine.ok("rules", variant="gin")["text"] == rules_sheet(load_variant("gin"))
    engine.refused("no_game", "rules")
    assert "did you" not in engine.refused("not_found", "rules", variant="gni")["message"]


def test_bad_lines_get_located_errors_and_the_process_goes_on(engine):
    for line, code in [(b"not json", "bad_json"), (b"[1, 2]", "bad_request"),
                       (b"{\"id\": 4}", "bad_request"), (b"[" * 100_000, "bad_json"),
                       (b"\xff\xfe{", "bad_json")]:
        reply = engine.raw(line)
        assert not reply["ok"] and reply["error"]["code"] == code, (line[:20], reply)
    assert engine.raw(b"{\"id\": 4}")["id"] == 4
    assert engine.raw(b"  \n\n{\"id\": 5, \"cmd\": \"legal\"}")["id"] == 5   # blank lines: no reply
    assert "commands: variants" in engine.refused("unknown_command", "shuffle")["message"]
    engine.refused("no_game", "view", seat=0)
    engine.refused("no_game", "save")
    assert "missing field 'seat'" in engine.refused("bad_request", "view")["message"]
    assert "unknown field 'seet'" in engine.refused("bad_request", "legal", seet=1)["message"]
    assert "must be an integer" in engine.refused("bad_request", "new", variant="gin",
                                                  seed=True)["message"]
    assert "exactly one" in engine.refused("bad_request", "new", variant="gin",
                                           spec="x: 1")["message"]
    assert "64-bit" in engine.refused("bad_request", "new", variant="gin", seed=2**63)["message"]
    assert "not 9" in engine.refused("bad_request", "new", variant="gin", players=9)["message"]
    assert "bundled" in engine.refused("not_found", "new", variant="../gin")["message"]
    engine.ok("new", variant="gin", seed=2)
    assert "no seat 2" in engine.refused("bad_request", "view", seat=2)["message"]
    assert "unknown bot" in engine.refused("bad_request", "bot", kind="clever")["message"]
    reply = engine.raw(b" " * (MAX_LINE + 10))
    assert reply["error"]["code"] == "too_large" and reply["id"] is None
    assert engine.ok("legal")["legal"] == ["take", "pass"]


def test_quit_replies_then_ends_the_process():
    engine = Engine()
    assert engine.ok("quit") == {"id": 1, "ok": True, "cmd": "quit"}
    assert engine.proc.wait(timeout=20) == 0
    assert engine.lines.get(timeout=20) == b""
    assert engine.close() == (0, b"")


def test_the_schema_can_refuse():
    """The schema is valid, and strict: a missing or stray field fails."""
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    with pytest.raises(jsonschema.ValidationError):
        REPLY.validate({"id": 1, "ok": True, "cmd": "legal"})
    with pytest.raises(jsonschema.ValidationError):
        REPLY.validate({"id": 1, "ok": True, "cmd": "quit", "extra": 1})
    with pytest.raises(jsonschema.ValidationError):
        REPLY.validate({"id": 1, "ok": False, "error": {"code": "oops", "message": "m"}})
    with pytest.raises(jsonschema.ValidationError):
        REQUEST.validate({"cmd": "view"})


def test_rummy_serve_stdio_runs_the_same_engine():
    run = subprocess.run([sys.executable, "-m", "interpreter.frontends.cli", "serve", "--stdio"],
                         cwd=ROOT, input=b'{"id": "a", "cmd": "new", "variant": "gin"}\n',
                         capture_output=True, timeout=30)
    hello, started = (json.loads(line) for line in run.stdout.splitlines())
    assert run.returncode == 0 and run.stderr == b""
    assert hello["cmd"] == "hello" and started["id"] == "a" and started["ok"]


def test_a_bug_of_ours_is_an_internal_error_line_and_the_process_goes_on(monkeypatch):
    """In process: a handler that raises, and a reply that is not JSON."""
    def broken(self, request):
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(stdio.Session, "variants", broken)
    monkeypatch.setattr(stdio.Session, "save", lambda self, request: {"saved": {1, 2}})
    out = io.StringIO()
    lines = b'{"id": 1, "cmd": "variants"}\n{"id": 2, "cmd": "save"}\n{"id": 3, "cmd": "quit"}\n'
    assert stdio.serve(io.BytesIO(lines), out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    for reply in replies:
        REPLY.validate(reply)
    assert [r["id"] for r in replies] == [None, 1, 2, 3]
    assert replies[1]["error"] == {"code": "internal_error",
                                   "message": "ZeroDivisionError: oops"}
    assert replies[2]["error"]["code"] == "internal_error" and replies[3]["ok"]
