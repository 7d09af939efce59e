"""``rummy serve``: tables of any variant over HTTP and WebSocket (Starlette + uvicorn, the
``serve`` extra). Nothing outside this package imports it."""
