"""The one domain error: what services raise when they refuse a change, and how the edges answer it.

A service says *what* is wrong (`message`, for the person who typed it), *where* (`field`, the form or JSON field
it belongs to; None for the request as a whole) and *what kind* of refusal it is (`code`). It never chooses an
HTTP status or builds a response: the edges do, a view showing the message at its field, the JSON API answering
`{"field", "message"}` with `status_of(error)`, a command printing it. Each domain's error is a subclass (results,
teams, parties, simultaneous, interchange, table links), so `except DomainError` catches them all.
"""

from __future__ import annotations

INVALID = "invalid"  # the input is wrong in itself: 422 at the API, the message at its field on a page
REFUSED = "refused"  # not allowed now (a withdrawn link): 403
NOT_FOUND = "not_found"  # nothing with that name or token: 404
CONFLICT = "conflict"  # someone else changed it meanwhile: 409
FINISHED = "finished"  # the event is finished: nothing changes until a director reopens it: 403
TOO_MANY = "too_many"  # a limit shared by every process was reached (core/limits.py): 429, try again later

STATUS = {INVALID: 422, REFUSED: 403, NOT_FOUND: 404, CONFLICT: 409, FINISHED: 403, TOO_MANY: 429}


class DomainError(Exception):
    """A refusal a person can act on: `message`, `field` (None: the whole request) and `code` (see STATUS)."""

    code: str = INVALID  # a subclass may set its own; an instance may be given one

    def __init__(self, message: str, *, field: str | None = None, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        if code is not None:
            self.code = code

    def as_json(self) -> dict[str, str]:
        """The API's problem body: {"field", "message"} (the field "" for the request as a whole)."""
        return {"field": self.field or "", "message": self.message}


def status_of(error: DomainError) -> int:
    """The HTTP status an edge answers a refusal with (only edges call this; services never see HTTP)."""
    return STATUS.get(error.code, 400)


class LinkRefused(DomainError):
    """A table link that cannot be used: unknown (NOT_FOUND), withdrawn or its event finished (REFUSED)."""

    code = REFUSED
