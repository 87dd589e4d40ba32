"""Results e-mailed without a director's click, for the clubs that asked (`Club.email_results`).

Run by Celery beat every RESULTS_EMAIL_EVERY_MINUTES (`bridgedesk.email_published_results`): each public session
of such a club published in the last RESULTS_EMAIL_DAYS is sent through the same `email.send_results` a
director's button uses, which writes a delivery row per player as each message goes, so a run sends only what is
left (a player named after the first run, a message the server refused before) and a second run sends nothing.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from tournaments.publishing.delivery import Outcome, delivers
from tournaments.publishing.email import send_results
from tournaments.publishing.models import EmailDelivery, Publication

log = logging.getLogger(__name__)


def due(now: datetime) -> list[Publication]:
    """Recent public publications of the clubs that asked, not yet sent to every player with an address."""
    recent = Publication.objects.filter(
        is_public=True,
        published_at__gte=now - timedelta(days=settings.RESULTS_EMAIL_DAYS),
        session__archived_at__isnull=True,
        session__event__tenant__email_results=True,
    )
    return list(recent.select_related("session__event").order_by("published_at", "pk"))


def email_published_results(now: datetime | None = None) -> dict[int, int]:
    """Send what is left of each due session's results e-mails; returns {session id: messages sent now}.

    Without a mail server (a file-based backend on a laptop) nothing is sent: written to files, a message would
    count as not delivered and be written again on every run."""
    if not delivers():
        return {}
    sent: dict[int, int] = {}
    for publication in due(now or timezone.now()):
        before = EmailDelivery.objects.filter(publication=publication).count()
        report = send_results(publication.session)
        if any(line.outcome in (Outcome.REFUSED, Outcome.UNREACHABLE) for line in report.lines):
            log.warning("results of session %s: %s", publication.session_id, report.words())
        sent[publication.session_id] = EmailDelivery.objects.filter(publication=publication).count() - before
    return sent
