"""The engine over stdin/stdout (``rummy serve --stdio``), in the spirit of UCI for chess engines.

A client in any language runs this as a subprocess and writes one JSON request per line; each
request gets exactly one JSON reply line, flushed, echoing its ``"id"``. The first line out is a
``hello`` naming the protocol version and the commands. Replies are ``{"id", "ok": true, "cmd",
...}`` or ``{"id", "ok": false, "error": {"code", "message"}}``; a refused request changes
nothing and the process keeps going. Blank lines are skipped; end of input or ``quit`` ends it.
The requests and replies are described by ``schema/stdio.schema.json``.
"""
from __future__ import annotations

import argparse
import functools
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import __version__
from ..agents import AGENTS, make_agent
from ..engine import State, new_game, saved
from ..errors import ActionFailed, RummyError, SavedGameError, SpecError
from ..spec import bundled_names, load_variant
from .rules_sheet import rules_sheet

PROTOCOL = 1
SEEDS = range(-2**63, 2**63)            # what a saved game can hold
MAX_LINE = 3 * saved.MAX_BYTES          # a saved game sent as a JSON string, escaped, fits


class Refused(Exception):
    """A request refused with an error ``code`` (and extra error fields in ``more``)."""

    def __init__(self, code: str, message: str, **more: Any):
        super().__init__(message)
        self.code, self.message, self.more = code, message, more


class Session:
    """One engine process: at most one match at a time, and the bots that play in it."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.agents: dict[tuple[str, int], Any] = {}
        self.commands: dict[str, tuple[Callable[[dict], dict], dict[str, tuple]]] = {
            # name -> (handler, {field: (types, required)})
            "variants": (self.variants, {}),
            "new": (self.new, {"variant": ((str,), False), "spec": ((str,), False),
                               "players": ((int,), False), "seed": ((int,), False)}),
            "view": (self.view, {"seat": ((int,), True)}),
            "legal": (self.legal, {}),
            "apply": (self.apply, {"action": ((str,), True)}),
            "bot": (self.bot, {"kind": ((str,), False)}),
            "rules": (self.rules, {"variant": ((str,), False)}),
            "save": (self.save, {}),
            "load": (self.load, {"saved": ((dict, str), True)}),
            "quit": (self.quit, {}),
        }
        self.done = False

    def hello(self) -> dict:
        return {"id": None, "ok": True, "cmd": "hello", "protocol": PROTOCOL,
                "engine": f"rummy-interpreter {__version__}", "commands": list(self.commands)}

    # ---- one line -------------------------------------------------------------------------
    def handle(self, line: bytes | str) -> dict:
        """The reply to one request line; never raises for anything the client sent."""
        try:
            request = json.loads(line)
        except RecursionError:
            return _error(None, "bad_json", "the request is nested too deeply")
        except ValueError as error:
            return _error(None, "bad_json", f"not JSON: {error}")
        if not isinstance(request, dict):
            return _error(None, "bad_request", "a request is one JSON object per line")
        ident, cmd = request.get("id"), request.get("cmd")
        try:
            return {"id": ident, "ok": True, "cmd": cmd, **self.dispatch(request)}
        except Refused as refused:
            return _error(ident, refused.code, refused.message, cmd, **refused.more)
        except Exception as error:       # a bug of ours: reported, and the process goes on
            return _error(ident, "internal_error", f"{type(error).__name__}: {error}", cmd)

    def dispatch(self, request: dict) -> dict:
        cmd = request.get("cmd")
        if "cmd" not in request:
            raise Refused("bad_request", "missing field 'cmd'")
        if not isinstance(cmd, str) or cmd not in self.commands:
            raise Refused("unknown_command", f"unknown command {cmd!r}; commands: "
                                             f"{', '.join(self.commands)}")
        handler, fields = self.commands[cmd]
        for key in request:
            if key not in fields and key not in ("id", "cmd"):
                known = ", ".join(["id", "cmd", *fields])
                raise Refused("bad_request", f"{cmd}: unknown field {key!r} (fields: {known})")
        for key, (types, required) in fields.items():
            if key not in request:
                if required:
                    raise Refused("bad_request", f"{cmd}: missing field {key!r}")
                continue
            value = request[key]
            if not isinstance(value, types) or isinstance(value, bool):
                kinds = " or ".join({"str": "a string", "int": "an integer",
                                     "dict": "an object"}[t.__name__] for t in types)
                raise Refused("bad_request", f"{cmd}: field {key!r} must be {kinds}")
        return handler(request)

    # ---- commands -------------------------------------------------------------------------
    def variants(self, request: dict) -> dict:
        out = []
        for name in bundled_names():
            variant = _load_bundled(name)
            out.append({"name": name, "title": variant.name, "players": list(variant.players)})
        return {"variants": out}

    def new(self, request: dict) -> dict:
        if ("variant" in request) == ("spec" in request):
            raise Refused("bad_request", "new: give exactly one of 'variant' (a bundled name) "
                                         "or 'spec' (the YAML text of a variant)")
        if request.get("seed", 0) not in SEEDS:
            raise Refused("bad_request", "new: the seed must be a 64-bit signed integer")
        if "variant" in request:
            variant = _bundled(request["variant"])
            warnings = list(variant.warnings)
        else:
            variant, warnings = _spec(request["spec"])
        try:
            state = new_game(variant, players=request.get("players"), seed=request.get("seed"))
        except RummyError as error:
            raise Refused("bad_request", f"new: {error}") from None
        self.state, self.agents = state, {}
        return {**self.summary(), "warnings": warnings}

    def view(self, request: dict) -> dict:
        state, seat = self.game(), request["seat"]
        if not 0 <= seat < state.players:
            raise Refused("bad_request", f"view: no seat {seat} (seats 0-{state.players - 1})")
        to_act = seat == state.current_player
        return {"seat": seat, "observation": state.observation(seat),
                "legal": [str(a) for a in state.legal_actions()] if to_act else [],
                "current_player": state.current_player, "over": state.is_terminal,
                "returns": state.returns() if state.is_terminal else None}

    def legal(self, request: dict) -> dict:
        state = self.game()
        if state.is_terminal:
            return {"seat": None, "legal": []}
        return {"seat": state.current_player, "legal": [str(a) for a in state.legal_actions()]}

    def apply(self, request: dict) -> dict:
        return self.play(request["action"])

    def bot(self, request: dict) -> dict:
        kind = request.get("kind", "greedy")
        if kind not in AGENTS:
            raise Refused("bad_request", f"bot: unknown bot {kind!r}; bots: "
                                         f"{', '.join(sorted(AGENTS))}")
        state = self.playing()
        seat = state.current_player
        agent = self.agents.get((kind, seat))
        if agent is None:
            agent = self.agents[kind, seat] = make_agent(kind, state.seed * 1000 + seat)
        return self.play(agent.act(state))

    def rules(self, request: dict) -> dict:
        variant = _bundled(request["variant"]) if "variant" in request else self.game().variant
        return {"text": rules_sheet(variant)}

    def save(self, request: dict) -> dict:
        return {"saved": json.loads(self.game().to_json())}

    def load(self, request: dict) -> dict:
        text = request["saved"]
        if isinstance(text, dict):
            text = json.dumps(text)
        try:
            state = State.from_json(text)
        except SavedGameError as error:
            code = "too_large" if len(text) > saved.MAX_BYTES else "bad_saved"
            raise Refused(code, f"load: {error}") from None
        self.state, self.agents = state, {}
        return self.summary()

    def quit(self, request: dict) -> dict:
        self.done = True
        return {}

    # ---- helpers --------------------------------------------------------------------------
    def game(self) -> State:
        if self.state is None:
            raise Refused("no_game", "no match yet: start one with 'new' or 'load'")
        return self.state

    def playing(self) -> State:
        state = self.game()
        if state.is_terminal:
            raise Refused("match_over", "the match is over: start another with 'new'")
        return state

    def play(self, action) -> dict:
        """Apply ``action`` for the seat to act; the reply says what changed."""
        state = self.playing()
        seat, hands = state.current_player, len(state.history)
        try:
            state.apply(action)
        except ActionFailed as error:
            raise Refused("action_failed", str(error)) from None
        except RummyError as error:
            raise Refused("illegal_action", str(error)) from None
        reply = {"seat": seat, "action": str(action), **self.summary()}
        if len(state.history) > hands:
            reply["hand_end"] = state.history[-1]
        if state.is_terminal:
            reply["match_end"] = {"returns": state.returns(), "winners": state.winners()}
        return reply

    def summary(self) -> dict:
        state = self.game()
        return {"variant": state.variant.name, "players": state.players, "seed": state.seed,
                "current_player": state.current_player, "over": state.is_terminal,
                "hands_played": len(state.history)}


def _bundled(name: str):
    if name not in bundled_names():
        raise Refused("not_found", f"{name!r} is not a bundled variant; bundled: "
                                   f"{', '.join(bundled_names())}")
    return _load_bundled(name)


@functools.cache
def _load_bundled(name: str):
    return load_variant(name)


SPEC_LABEL = "spec.yaml"                # the file name the located errors of a spec text show


def _spec(text: str):
    """The variant of a spec's YAML text and its warnings, checked as ``rummy validate`` checks
    a file; its located lines name the file :data:`SPEC_LABEL`."""
    with tempfile.TemporaryDirectory(prefix="rummy-stdio-") as folder:
        path = Path(folder) / SPEC_LABEL
        path.write_text(text, encoding="utf-8")
        try:
            variant = load_variant(path)
        except SpecError as error:
            problems = [line.replace(str(path), SPEC_LABEL) for line in error.problems]
            raise Refused("bad_spec", "\n".join(problems), problems=problems) from None
    return variant, [line.replace(str(path), SPEC_LABEL) for line in variant.warnings]


def _error(ident, code: str, message: str, cmd: Any = None, **more: Any) -> dict:
    reply: dict[str, Any] = {"id": ident, "ok": False}
    if isinstance(cmd, str):
        reply["cmd"] = cmd
    reply["error"] = {"code": code, "message": message, **more}
    return reply


def serve(source, out) -> int:
    """Answer the request lines of binary stream ``source`` on text stream ``out``."""
    session = Session()

    def send(reply: dict) -> None:
        try:
            line = json.dumps(reply, allow_nan=False)
        except (TypeError, ValueError) as error:      # a bug of ours: reported, process goes on
            line = json.dumps(_error(reply.get("id"), "internal_error",
                                     f"the reply is not JSON: {error}", reply.get("cmd")))
        out.write(line + "\n")
        out.flush()

    send(session.hello())
    while not session.done:
        line = source.readline(MAX_LINE + 1)
        if not line:
            return 0
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):       # skip the rest of the long line
                line = source.readline(MAX_LINE)
            send(_error(None, "too_large", f"a request line is limited to {MAX_LINE} bytes"))
            continue
        if line.strip():
            send(session.handle(line))
    return 0


def main(args: argparse.Namespace | list[str] | None = None) -> int:
    """Serve on stdin/stdout until end of input or ``quit``; ``args`` (an argparse Namespace
    from ``rummy serve --stdio``, or a command line) takes no options of its own."""
    if not isinstance(args, argparse.Namespace):
        parser = argparse.ArgumentParser(prog="rummy serve --stdio",
                                         description="The engine over stdin/stdout: one JSON "
                                                     "request a line in, one reply a line out.")
        parser.parse_args(args)
    out = sys.stdout
    sys.stdout = sys.stderr             # a stray print can never corrupt the protocol
    try:
        return serve(sys.stdin.buffer, out)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
    finally:
        sys.stdout = out


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
