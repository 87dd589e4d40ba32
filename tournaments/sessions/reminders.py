"""The day before a session: its club's directors are told by e-mail when its movement or its players are not set.

Run daily by Celery beat (`bridgedesk.remind_directors`, settings.CELERY_BEAT_SCHEDULE, `REMINDERS_AT`). A session
is reminded of once (a `DirectorReminder` row is written when a mail server took the message), so a second run
the same day, or a retried message, sends nothing again. "Tomorrow" is the club's own (its time zone).
"""

from __future__ import annotations

import logging
import zoneinfo
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage, get_connection
from django.db.models import Exists, OuterRef
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments.clubs.addresses import club_url
from tournaments.clubs.directory import email_sender, look
from tournaments.core.access import Role
from tournaments.sessions.models import DirectorReminder, Entry, Section, Session

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Reminded:
    """One session's reminder as sent: to whom, and what was missing."""

    session_id: int
    to: tuple[str, ...]
    missing: tuple[str, ...]


def _club_today(club_id: int | None, now: datetime) -> date:
    shown = look(club_id)
    zone = (shown.time_zone if shown else "") or settings.TIME_ZONE
    return timezone.localtime(now, zoneinfo.ZoneInfo(zone)).date()


def due(now: datetime) -> list[Session]:
    """Sessions played tomorrow (in their club's time zone), being set up, not archived, not yet reminded of,
    whose movement is not set (no section) or with a pair or player not named."""
    around = timezone.localdate(now)
    no_movement = ~Exists(Section.objects.filter(session=OuterRef("pk")))
    unnamed = Exists(Entry.objects.filter(section__session=OuterRef("pk"), players__isnull=True))
    candidates = Session.objects.filter(
        no_movement | unnamed,
        date__range=(around, around + timedelta(days=2)),
        status=Session.Status.SETUP,
        archived_at__isnull=True,
        director_reminder__isnull=True,
    )
    found = candidates.select_related("event").order_by("date", "pk")
    return [s for s in found if s.date == _club_today(s.event.tenant_id, now) + timedelta(days=1)]


def missing_of(session: Session) -> tuple[str, ...]:
    """What the directors still have to do, in words (in the active language)."""
    if not session.sections.exists():
        return (_("The movement is not set: no section has been set up."),)
    unnamed = Entry.objects.filter(section__session=session, players__isnull=True).count()
    return (_("%(count)s pairs or players are not named yet.") % {"count": unnamed},)


def directors_of(club_id: int | None) -> list[str]:
    """The addresses of the club's directors (their logins' e-mail), sorted."""
    if club_id is None:
        return []
    users = (
        get_user_model()
        .objects.filter(club_roles__club_id=club_id, club_roles__role=Role.DIRECTOR, is_active=True)
        .exclude(email="")
    )
    return sorted(set(users.values_list("email", flat=True)))


def _message(session: Session, to: list[str], connection: object) -> tuple[EmailMessage, tuple[str, ...]]:
    club = session.event.tenant_id
    shown = look(club)
    with translation.override((shown.language if shown else "") or settings.LANGUAGE_CODE):
        missing = missing_of(session)
        subject = _("Tomorrow: %(event)s, %(session)s is not ready") % {
            "event": session.event.name,
            "session": session.name,
        }
        body = "\n".join(
            [
                _("%(event)s, %(session)s is played on %(date)s.")
                % {
                    "event": session.event.name,
                    "session": session.name,
                    "date": date_format(session.date, "DATE_FORMAT"),
                },
                "",
                *missing,
                "",
                _("Set it up here: %(url)s") % {"url": club_url("session_detail", [session.pk], club_id=club)},
            ]
        )
    message = EmailMessage(subject, body, email_sender(club), to, connection=connection)
    return message, missing


def remind_directors(now: datetime | None = None) -> list[Reminded]:
    """Send each due session's reminder to its club's directors; returns what was sent. A session whose club has
    no director with an address, or whose message the mail server did not take, is tried again on the next run."""
    now = now or timezone.now()
    sent: list[Reminded] = []
    connection = get_connection()
    for session in due(now):
        to = directors_of(session.event.tenant_id)
        if not to:
            log.info("session %s is not ready for tomorrow, but its club has no director with an address", session.pk)
            continue
        message, missing = _message(session, to, connection)
        try:
            message.send()
        except OSError:
            log.exception("the reminder for session %s was not sent", session.pk)
            continue
        DirectorReminder.objects.create(session=session, sent_to=", ".join(to))
        sent.append(Reminded(session.pk, tuple(to), missing))
    return sent
