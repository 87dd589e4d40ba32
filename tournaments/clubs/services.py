"""The one write that makes a club (the sign-up page, `manage.py create_club`, the admin): checked, saved and
recorded in the audit log in one transaction (issue 30).

The clubs app sits below the audit log (tests/test_layers.py), so the recorder is handed over at start-up by the
wiring app (tournaments/apps.py), as the federation's events are; a club is never made unrecorded.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction

from tournaments.clubs.models import Club
from tournaments.core.actors import Actor

# (who, the new club, how it was made): writes the audit entry, in the caller's transaction.
ClubRecorder = Callable[[Actor, Club, str], None]
_recorders: list[ClubRecorder] = []


def set_recorder(recorder: ClubRecorder) -> None:
    _recorders[:] = [recorder]


def create_club(*, actor: Actor, club: Club, how: str) -> Club:
    """Check and save a new club and record who made it and how; ValidationError for a bad field (nothing saved)."""
    if not _recorders:
        raise RuntimeError("No audit recorder for new clubs: tournaments/apps.py registers it at start-up.")
    with transaction.atomic():
        club.full_clean()
        club.save()
        _recorders[0](actor, club, how)
    return club
