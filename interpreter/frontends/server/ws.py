"""The WebSocket of a table: a welcome, then every update as the connection's seat may see it;
actions and pings in, errors and pongs out, each on the one ordered stream."""
from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import urlsplit

from starlette.websockets import WebSocket

from .errors import ApiError
from .rooms import Subscriber, Table

MAX_MESSAGE = 64 * 1024           # characters of one client message


async def table_socket(websocket: WebSocket) -> None:
    """``/ws/tables/{table}?token=...``: no token, a spectator."""
    lobby = websocket.app.state.lobby
    if not origin_allowed(websocket.headers, lobby.settings.cors):
        await websocket.close(code=1008)          # before accept: the handshake gets a 403
        return
    await websocket.accept()
    try:
        table = lobby.get(websocket.path_params["table"])
        seat = table.seat_of(websocket.query_params.get("token") or None)
    except ApiError as error:
        await websocket.send_text(_dump(_error(error, None)))
        await websocket.close(code=4000 + error.status)
        return
    subscriber, shown = table.subscribe(seat)
    subscriber.send({"type": "welcome", "table": table.id, "seat": seat, "view": shown})
    pump = asyncio.create_task(_pump(websocket, subscriber))
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                text = (message.get("bytes") or b"").decode("utf-8", "replace")
            _handle(table, subscriber, text)
    finally:
        table.unsubscribe(subscriber)
        pump.cancel()


def origin_allowed(headers, allowed: tuple[str, ...]) -> bool:
    """A browser's cross-site connection is refused unless its origin is allowed (clients
    that send no Origin, such as scripts, are not browsers acting for another site)."""
    origin = headers.get("origin")
    if origin is None or origin in allowed or "*" in allowed:
        return True
    return urlsplit(origin).netloc == headers.get("host")


def _handle(table: Table, subscriber: Subscriber, text: str) -> None:
    """One client message: an action to play or a ping; anything else gets an error."""
    ident = None
    try:
        if len(text) > MAX_MESSAGE:
            raise ApiError("too_large", f"a message may have at most {MAX_MESSAGE} characters")
        try:
            message = json.loads(text)
        except ValueError:
            raise ApiError("bad_request", "a message must be a JSON object") from None
        if not isinstance(message, dict):
            raise ApiError("bad_request", "a message must be a JSON object")
        ident = message.get("id")
        kind = message.get("type")
        if kind == "ping":
            subscriber.send({"type": "pong", "id": ident})
        elif kind == "action":
            action = message.get("action")
            if not isinstance(action, str) or not action.strip():
                raise ApiError("bad_request", "an action message needs 'action': notation")
            if subscriber.seat is None or subscriber.closed:
                raise ApiError("unauthorized", "a spectator cannot act (nor a seat left); "
                                               "connect with a seat's token")
            table.play(subscriber.seat, action.strip(), subscriber, ident)
        else:
            raise ApiError("bad_request", f"unknown message type {kind!r}: "
                                          "'action' or 'ping'")
    except ApiError as error:
        subscriber.send(_error(error, ident))


def _error(error: ApiError, ident: Any) -> dict[str, Any]:
    return {"type": "error", "code": error.code, "message": error.message, "id": ident}


async def _pump(websocket: WebSocket, subscriber: Subscriber) -> None:
    """Send the connection's messages in order; None closes it."""
    try:
        while (message := await subscriber.queue.get()) is not None:
            await websocket.send_text(_dump(message))
        await websocket.close(code=1000)
    except Exception:             # the client went away: the receiving side sees it
        pass


def _dump(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))
