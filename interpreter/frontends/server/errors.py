"""The protocol's errors: a code, an HTTP status and a one-line message, as JSON."""
from __future__ import annotations

from typing import Any

STATUS = {"bad_request": 400, "bad_spec": 400, "illegal_action": 400, "unauthorized": 401,
          "not_found": 404, "seat_taken": 409, "not_your_turn": 409, "match_over": 409,
          "too_large": 413}


class ApiError(Exception):
    """A refused request: ``code`` is one of :data:`STATUS`; ``extra`` adds fields to the error
    object (``problems`` of a bad spec)."""

    def __init__(self, code: str, message: str, **extra: Any):
        super().__init__(message)
        self.code, self.message, self.extra = code, message, extra

    @property
    def status(self) -> int:
        return STATUS[self.code]

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, **self.extra}}
