"""The HTTP routes of ``rummy serve`` (Starlette): the lobby, the tables, the protocol's own
documents, and the browser client's static files at ``/``."""
from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from ...spec import bundled_names
from ...spec.sources import data_dir
from ..rules_sheet import rules_sheet
from . import specs
from .errors import ApiError
from .lobby import Lobby, Settings
from .rooms import Table
from .ws import table_socket

STATIC = Path(__file__).with_name("static")
MAX_ACTION = 4096                 # characters of an action's notation
PLAIN_PAGE = """<!doctype html><meta charset="utf-8"><title>rummy serve</title>
<h1>rummy serve</h1><p>The browser client is not installed; the protocol is at
<a href="/openapi.json">/openapi.json</a> and <a href="/api/protocol">/api/protocol</a>.</p>
"""


def create_app(settings: Settings | None = None) -> Starlette:
    """The server's ASGI app; its tables are restored from ``settings.db`` at once."""
    settings = settings or Settings()
    lobby = Lobby(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        lobby.start()
        yield
        lobby.close()

    middleware = [Middleware(SecurityHeaders)]
    if settings.cors:
        middleware.append(Middleware(CORSMiddleware, allow_origins=list(settings.cors),
                                     allow_methods=["GET", "POST", "DELETE"],
                                     allow_headers=["Authorization", "Content-Type"]))
    app = Starlette(routes=_routes(), middleware=middleware, lifespan=lifespan,
                    exception_handlers={ApiError: _api_error, HTTPException: _http_error})
    app.state.lobby = lobby
    return app


def _routes() -> list[BaseRoute]:
    routes: list[BaseRoute] = [
        Route("/api/variants", variants),
        Route("/api/tables", list_tables),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table}", summary),
        Route("/api/tables/{table}/seats", join, methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat:int}", leave, methods=["DELETE"]),
        Route("/api/tables/{table}/view", table_view),
        Route("/api/tables/{table}/actions", act, methods=["POST"]),
        Route("/api/tables/{table}/check", check, methods=["POST"]),
        Route("/api/tables/{table}/arrange", arrange),
        Route("/api/tables/{table}/rules", rules),
        Route("/api/tables/{table}/spec", spec),
        Route("/api/tables/{table}/export", export),
        Route("/openapi.json", openapi),
        Route("/api/protocol", protocol),
        Route("/api/{rest:path}", _no_route, methods=["GET", "POST", "DELETE"]),
        WebSocketRoute("/ws/tables/{table}", table_socket),
    ]
    if (STATIC / "index.html").is_file():
        routes.append(Mount("/", StaticFiles(directory=STATIC, html=True)))
    else:
        routes.append(Route("/", lambda request: HTMLResponse(PLAIN_PAGE)))
    return routes


# ---- the lobby ------------------------------------------------------------------------------
async def variants(request: Request) -> Response:
    out = []
    for name in bundled_names():
        variant = specs.bundled(name)
        out.append({"name": name, "title": variant.name, "players": list(variant.players)})
    return JSONResponse({"variants": out})


async def list_tables(request: Request) -> Response:
    lobby = _lobby(request)
    return JSONResponse({"tables": [t.summary() for t in lobby.tables.values()]})


async def create_table(request: Request) -> Response:
    lobby = _lobby(request)
    body = await _body(request, 4 * lobby.settings.max_spec_bytes + 4096)
    bots = body.get("bots", {})
    if not isinstance(bots, dict) or not all(isinstance(k, str) and k.isdigit() and
                                             isinstance(v, str) for k, v in bots.items()):
        raise ApiError("bad_request", "bots: an object of seat number -> bot name, as "
                                      '{"1": "greedy"}')
    table, admin = await lobby.create(
        _optional(body, "variant", str), _optional(body, "spec", str),
        _optional(body, "players", int), {int(k): v for k, v in bots.items()},
        _optional(body, "seed", int, (0, 2**62)))
    seat, token = None, None
    if body.get("seat") is not None:
        seat, token = table.claim(_optional(body, "seat", int))
    return JSONResponse({"table": table.id, "admin": admin, "seat": seat, "token": token,
                         "warnings": list(table.variant.warnings)}, status_code=201)


# ---- one table ------------------------------------------------------------------------------
async def summary(request: Request) -> Response:
    return JSONResponse(_table(request).summary())


async def join(request: Request) -> Response:
    table = _table(request)
    body = await _body(request, 4096)
    seat, token = table.claim(_optional(body, "seat", int))
    return JSONResponse({"seat": seat, "token": token})


async def leave(request: Request) -> Response:
    table = _table(request)
    seat = request.path_params["seat"]
    token = _bearer(request)
    if not table.is_admin(token) and table.seat_of(token) != seat:
        raise ApiError("unauthorized", f"only seat {seat}'s token (or the admin's) frees it")
    table.free(seat)
    return JSONResponse({"seat": seat, "free": True})


async def table_view(request: Request) -> Response:
    table = _table(request)
    token = _bearer(request)
    seat = None if table.is_admin(token) else table.seat_of(token)
    return JSONResponse(table.view(seat))


async def act(request: Request) -> Response:
    table, seat = _seated(request)
    table.play(seat, await _action(request))
    return JSONResponse(table.view(seat))


async def check(request: Request) -> Response:
    table, seat = _seated(request)
    problem = table.check(seat, await _action(request))
    return JSONResponse({"legal": problem is None, "problem": problem})


async def arrange(request: Request) -> Response:
    table, seat = _seated(request)
    return JSONResponse(await table.arrange(seat))


async def rules(request: Request) -> Response:
    return JSONResponse({"text": rules_sheet(_table(request).variant)})


async def spec(request: Request) -> Response:
    table = _table(request)
    variant = table.variant
    text = table.record.spec
    if text is None:
        text = Path(variant.path).read_text(encoding="utf-8")
    resolved = {k: v for k, v in variant.spec.items() if k != "extends"}
    return JSONResponse({"name": variant.name, "yaml": text, "spec": resolved})


async def export(request: Request) -> Response:
    table = _table(request)
    if not (table.state.is_terminal or table.is_admin(_bearer(request))):
        raise ApiError("unauthorized", "before the match is over, export needs the admin token")
    return Response(table.state.to_json(), media_type="application/json")


# ---- the protocol's documents ---------------------------------------------------------------
async def openapi(request: Request) -> Response:
    return _document("protocol.openapi.json")


async def protocol(request: Request) -> Response:
    return _document("protocol-messages.schema.json")


def _document(name: str) -> Response:
    return Response((data_dir("schema") / name).read_bytes(), media_type="application/json")


async def _no_route(request: Request) -> Response:
    raise ApiError("not_found", f"no route {request.method} {request.url.path}")


# ---- helpers ----------------------------------------------------------------------------------
def _lobby(request: Request) -> Lobby:
    return request.app.state.lobby


def _table(request: Request) -> Table:
    return _lobby(request).get(request.path_params["table"])


def _seated(request: Request) -> tuple[Table, int]:
    """The table and the seat of the request's bearer token; unauthorized without one."""
    table = _table(request)
    seat = table.seat_of(_bearer(request))
    if seat is None:
        raise ApiError("unauthorized", "this needs a seat's token: Authorization: Bearer ...")
    return table, seat


async def _action(request: Request) -> str:
    body = await _body(request, MAX_ACTION + 1024)
    action = body.get("action")
    if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION:
        raise ApiError("bad_request", "the body must be {\"action\": notation}, as "
                                      "GET .../view lists in 'legal'")
    return action.strip()


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError("unauthorized", "the Authorization header must be 'Bearer <token>'")
    return token.strip()


async def _body(request: Request, limit: int) -> dict[str, Any]:
    """The JSON object of the body ({} if empty); too_large past ``limit`` bytes."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError("too_large", f"the request body is over {limit:,} bytes")
        chunks.append(chunk)
    if size == 0:
        return {}
    try:
        body = json.loads(b"".join(chunks))
    except ValueError:
        raise ApiError("bad_request", "the body is not JSON") from None
    if not isinstance(body, dict):
        raise ApiError("bad_request", "the body must be a JSON object")
    return body


def _optional(body: dict, key: str, kind: type, bounds: tuple[int, int] = (0, 1000)) -> Any:
    """``body[key]`` if given, of ``kind`` (an int within ``bounds``); None if absent."""
    value = body.get(key)
    if value is None:
        return None
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ApiError("bad_request", f"{key}: expected {'an integer' if kind is int else 'text'}")
    if isinstance(value, int) and not bounds[0] <= value <= bounds[1]:
        raise ApiError("bad_request", f"{key}: expected {bounds[0]}-{bounds[1]}")
    return value


async def _api_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, ApiError)
    return JSONResponse(error.body(), status_code=error.status)


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    code = "not_found" if error.status_code == 404 else "bad_request"
    return JSONResponse({"error": {"code": code, "message": str(error.detail)}},
                        status_code=error.status_code)


class SecurityHeaders:
    """Headers on every HTTP response: no sniffing, no framing, no referrer (tokens), and
    no caching of the API's answers."""

    HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
               (b"referrer-policy", b"no-referrer")]

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        api = scope["path"].startswith("/api/")

        async def with_headers(message):
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = list(message["headers"]) + self.HEADERS + (
                    [(b"cache-control", b"no-store")] if api else [])
            await send(message)

        await self.app(scope, receive, send=with_headers)
