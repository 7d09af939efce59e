"""Start a server from ``rummy serve``'s options: print the address, then run uvicorn."""
from __future__ import annotations

import uvicorn

from .app import create_app
from .lobby import Settings
from .ws import MAX_MESSAGE


def serve(args) -> int:
    settings = Settings(db=args.db, bot_delay=args.bot_delay, max_spec_bytes=args.max_spec_bytes,
                        spec_seconds=args.spec_seconds, cors=tuple(args.cors or ()))
    app = create_app(settings)
    host = {"0.0.0.0": "localhost", "::": "localhost", "": "localhost"}.get(args.host, args.host)
    host = f"[{host}]" if ":" in host else host
    print(f"rummy serve: open http://{host}:{args.port}/  ({len(app.state.lobby.tables)} "
          f"tables in {args.db}; Ctrl-C stops)", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                ws_max_size=MAX_MESSAGE * 4)
    return 0
