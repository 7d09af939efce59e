"""Helpers of the server tests: an app on a test database, a client that checks every answer
against the OpenAPI document, the WebSocket messages' schema, and a checker that no message
to a seat names a card that seat may not see."""
from __future__ import annotations

import json
import re
import time
from collections import Counter
from pathlib import Path

from jsonschema import Draft202012Validator
from starlette.testclient import TestClient  # (over httpx2, both in the test extra)

from interpreter.frontends.server.app import create_app
from interpreter.frontends.server.lobby import Settings

SCHEMA = Path(__file__).resolve().parents[1] / "schema"
OPENAPI = json.loads((SCHEMA / "protocol.openapi.json").read_text())
MESSAGES = json.loads((SCHEMA / "protocol-messages.schema.json").read_text())


def app(db: str = ":memory:", **settings):
    return create_app(Settings(db=db, **{"bot_delay": 0, **settings}))


SERVER_MESSAGE = Draft202012Validator({**MESSAGES, "oneOf": [{"$ref": "#/$defs/ServerMessage"}]})
CLIENT_MESSAGE = Draft202012Validator({**MESSAGES, "oneOf": [{"$ref": "#/$defs/ClientMessage"}]})
_TEMPLATES = [(re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", path) + "$"), path)
              for path in OPENAPI["paths"]]


def response_schema(method: str, path: str, status: int) -> dict:
    """The schema the OpenAPI document gives the answer to ``method path`` with ``status``."""
    template = next((t for pattern, t in _TEMPLATES if pattern.match(path)), None)
    assert template, f"{path}: not in the OpenAPI document"
    operation = OPENAPI["paths"][template].get(method.lower())
    assert operation, f"{method} {template}: not in the OpenAPI document"
    answer = operation["responses"].get(str(status))
    assert answer, f"{method} {template}: status {status} is not documented"
    if "$ref" in answer:
        answer = OPENAPI["components"]["responses"][answer["$ref"].rsplit("/", 1)[1]]
    return answer["content"]["application/json"]["schema"]


def check_response(response) -> None:
    schema = response_schema(response.request.method, response.request.url.path,
                             response.status_code)
    body = response.json()
    Draft202012Validator({**OPENAPI, **schema, "$id": "urn:test"}).validate(body)
    if response.status_code >= 400:
        assert body["error"]["code"], body


def check_message(message: dict) -> dict:
    SERVER_MESSAGE.validate(message)
    return message


class Api:
    """A test client whose every answer is checked against the OpenAPI document."""

    def __init__(self, client: TestClient):
        self.client = client

    def request(self, method: str, path: str, token: str | None = None, **kwargs):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.client.request(method, path, headers=headers, **kwargs)
        check_response(response)
        return response

    def get(self, path, token=None, **kwargs):
        return self.request("GET", path, token, **kwargs)

    def post(self, path, token=None, **kwargs):
        return self.request("POST", path, token, **kwargs)

    def delete(self, path, token=None, **kwargs):
        return self.request("DELETE", path, token, **kwargs)

    def create(self, **body) -> dict:
        response = self.post("/api/tables", json=body)
        assert response.status_code == 201, response.json()
        return response.json()

    def view(self, table: str, token: str | None = None) -> dict:
        response = self.get(f"/api/tables/{table}/view", token)
        assert response.status_code == 200, response.json()
        return response.json()

    def wait_turn(self, table: str, token: str, seconds: float = 20.0) -> dict:
        """The seat's view once it may act (the bots having played) or the match is over."""
        end = time.monotonic() + seconds
        while True:
            view = self.view(table, token)
            if view["legal"] or view["over"]:
                return view
            assert time.monotonic() < end, "the bots never gave the turn back"
            time.sleep(0.005)


# ---- what a seat may see ------------------------------------------------------------------------
class Secrets:
    """Which card names each seat (None: a spectator) may not see in a table's state now;
    cards once seen during the hand may still show in its log."""

    def __init__(self, state):
        faces = state.variant.faces
        self.names = [faces.name(f) for f in range(faces.count)]
        alternatives = "|".join(sorted(map(re.escape, set(self.names)), key=len, reverse=True))
        self.token = re.compile(rf"(?<![0-9A-Za-z])(?:{alternatives})(?![0-9A-Za-z])")
        # what a joker or a wild card stands for ("Jk(5c)", "As(Qs)") is not a card shown
        self.declared = re.compile(rf"({alternatives})\([^()]*\)")
        self.seen: dict[int | None, Counter] = {}
        self.hand = None

    def tokens(self, value) -> list[str]:
        return self.token.findall(self.declared.sub(r"\1", json.dumps(value)))

    def split(self, state, seat: int | None) -> tuple[set[str], set[str]]:
        """(names hidden from ``seat``, names it may see), as check_observation has them."""
        name = lambda ids: Counter(self.names[state.face_of[c]] for c in ids)  # noqa: E731
        spread = state.spread
        arranged = spread.arranged if spread is not None else {}
        advised = _advised(state, seat)
        table = [c for meld in state.table for c in _cards(meld)]
        visible = set(state.discard) | set(table)
        visible.update(c for pile in state.own_piles.values() for c in pile)   # face up
        visible.update(c for aside in state.laid_aside.values() for c in aside)   # face up
        for face_up in (state.turned, state.turned_up):
            if face_up is not None:
                visible.add(face_up)
        for other in range(state.players):
            if other != seat:
                visible |= set(state.known[other])
            if other == seat or other in advised or other in arranged:
                visible |= set(state.hands[other])
        if spread is not None:
            visible |= {c for meld in spread.melds for c in _cards(meld)}
            visible |= {c for melds in arranged.values() for meld in melds for c in _cards(meld)}
        hidden = [c for hand in state.hands for c in hand if c not in visible]
        hidden += list(state.stock) + [c for reserve in state.reserves for c in reserve]
        shown = set(name(visible))
        if state.upcard is not None:                 # public for the whole hand
            shown.add(self.names[state.upcard])
        return set(name(hidden)) - shown, shown

    def check(self, state, seat: int | None, message: dict, where: str) -> None:
        """No card hidden from ``seat`` in ``message`` (its log: none it never saw this hand).
        The history and a hand's end record are the public reveal of finished hands."""
        hand = (state.hands_played, state.deals)
        if hand != self.hand:
            self.hand, self.seen = hand, {}
        hidden, shown = self.split(state, seat)
        seen = self.seen.setdefault(seat, Counter())
        seen.update(shown)
        scan = json.loads(json.dumps(message))
        logs = [scan.pop("events", [])]
        scan.pop("hand_end", None)
        for holder in (scan, scan.get("view")):
            if isinstance((holder or {}).get("table"), str):
                del holder["table"]            # the table's id, random: "Qs_x-7cA" is no card
            observation = (holder or {}).get("observation")
            if observation:
                observation.pop("history", None)
                logs.append(observation.pop("log", []))
        leaked = set(self.tokens(scan)) & hidden
        assert not leaked, f"{where}: seat {seat} is shown hidden cards {sorted(leaked)}"
        leaked = set(self.tokens(logs)) & (hidden - set(seen))
        assert not leaked, f"{where}: seat {seat}'s log shows unseen cards {sorted(leaked)}"


def _advised(state, seat: int | None) -> set[int]:
    rules = state.variant.roles
    if seat is None or not (rules and state.roles):
        return set()
    return {state.roles[rules.advise[role]] for role, holder in state.roles.items()
            if holder == seat and rules.advise.get(role) is not None}


def _cards(meld) -> list[int]:
    """Card ids of a meld of ids or of [card id, declared face] pairs."""
    if isinstance(meld, dict):
        meld = meld.get("cards", ())
    return [item[0] if isinstance(item, (list, tuple)) else item for item in meld]
