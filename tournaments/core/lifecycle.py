"""One lifecycle for every kind of event (a club session, a teams event, a party): set up, playing, finished.

Each model's `Status` holds these three values (tests/test_write_gateway.py checks it); `refuse_if_finished` is
the one guard a service calls before it changes anything of an event, raising the domain's own error (a subclass
of DomainError) with the FINISHED code, which the edges answer with 403 or the message on the page. Each owner
wraps it once, reading the stored status: sessions/services/versions.refuse_if_finished,
teams/services._lock_open, parties/finishing.refuse_if_finished.
"""

from __future__ import annotations

from tournaments.core.errors import FINISHED as FINISHED_CODE
from tournaments.core.errors import DomainError

SETUP = "setup"
PLAYING = "playing"
FINISHED = "finished"
STAGES = (SETUP, PLAYING, FINISHED)


def refuse_if_finished(
    status: str, message: str, *, error: type[DomainError] = DomainError, field: str | None = None
) -> None:
    """Raise `error(message)` with the FINISHED code when the event's status is finished; else nothing."""
    if status == FINISHED:
        raise error(message, field=field, code=FINISHED_CODE)
