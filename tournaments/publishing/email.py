"""E-mailing each player their personal score card (HTML body, PDF attached) and the link to the results.

Only members with an address who have not opted out get one; each member once per publication (a delivery
row is written as each message goes), so running the job again after a worker died sends only what is left.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMultiAlternatives, get_connection
from django.template.loader import render_to_string
from django.urls import reverse

from tournaments.printing.base import ReportError
from tournaments.publishing import players
from tournaments.publishing.models import EmailDelivery, Publication
from tournaments.sessions.models import EntryPlayer, Session
from tournaments.sessions.reports.data import SessionData
from tournaments.sessions.reports.scorecards import one_card_pdf
from tournaments.sessions.selectors import recaps

Progress = Callable[[float, str], None]


@dataclass
class Report:
    """What the job did: how many were sent, skipped and why, and which addresses failed."""

    sent: int = 0
    already_sent: int = 0
    opted_out: int = 0
    failed: list[str] = field(default_factory=list)

    def words(self) -> str:
        parts = [f"{self.sent} sent"]
        if self.already_sent:
            parts.append(f"{self.already_sent} already sent before")
        if self.opted_out:
            parts.append(f"{self.opted_out} opted out")
        if self.failed:
            parts.append(f"{len(self.failed)} failed ({', '.join(self.failed[:5])})")
        return ", ".join(parts) + "."


def _seats(session: Session) -> list[EntryPlayer]:
    return list(
        EntryPlayer.objects.filter(entry__section__session=session, member__isnull=False)
        .exclude(member__email="")
        .select_related("member", "entry", "entry__section")
        .order_by("entry__section__letter", "entry__direction", "entry__number", "seat")
    )


def send_results(session: Session, *, progress: Progress | None = None) -> Report:
    """Send every player of a published session their score card; returns what happened."""
    publication = Publication.objects.filter(session=session, is_public=True).first()
    if publication is None:
        raise ValidationError("Publish the results before e-mailing them: the e-mail links to the public pages.")
    report = Report()
    seats = _seats(session)
    done = set(EmailDelivery.objects.filter(publication=publication).values_list("member_id", flat=True))
    data = SessionData.load(session)
    scores_of = {e.pk: s for s in data.scores for e in s.entries}
    results_url = settings.SITE_URL + reverse("publishing:standings", args=[session.pk])
    connection = get_connection()
    for i, seat in enumerate(seats):
        member = seat.member
        assert member is not None  # filtered above
        if progress is not None:
            progress(i / max(len(seats), 1), f"E-mailing {member.name}")
        if member.email_opt_out:
            report.opted_out += 1
            continue
        if member.pk in done:
            report.already_sent += 1
            continue
        scores = scores_of.get(seat.entry_id)
        unsubscribe = settings.SITE_URL + reverse("publishing:unsubscribe", args=[players.unsubscribe_token(member)])
        context = {
            "session": session,
            "member": member,
            "entry": seat.entry,
            "standing": scores.standing_of(seat.entry_id) if scores else None,
            "rows": recaps.scorecard_rows(scores, seat.entry) if scores else [],
            "results_url": results_url,
            "card_url": settings.SITE_URL + reverse("publishing:scorecard", args=[session.pk, seat.entry_id]),
            "own_url": settings.SITE_URL + reverse("publishing:player", args=[players.link_token(member)]),
            "unsubscribe_url": unsubscribe,
        }
        message = EmailMultiAlternatives(
            subject=f"Your results: {session.event.name}, {session.date:%d %B %Y}",
            body=render_to_string("publishing/email/scorecard.txt", context),
            to=[member.email],
            headers={"List-Unsubscribe": f"<{unsubscribe}>"},
            connection=connection,
        )
        message.attach_alternative(render_to_string("publishing/email/scorecard.html", context), "text/html")
        message.attach(f"scorecard-{seat.entry.label}.pdf", one_card_pdf(data, seat.entry_id), "application/pdf")
        try:
            message.send()
        except OSError as exc:  # the mail server refused or could not be reached: say so, go on with the others
            report.failed.append(f"{member.email}: {exc}"[:120])
            continue
        EmailDelivery.objects.create(publication=publication, member=member, address=member.email)
        done.add(member.pk)
        report.sent += 1
    if progress is not None:
        progress(1.0, report.words())
    return report


def send_job(_kind: str, session: Session, _paper: str, progress: Progress) -> tuple[str, str, bytes]:
    """The job pipeline's renderer (named by dotted path in publishing/jobs.py): the job's "file" is the report
    of what was sent."""
    try:
        report = send_results(session, progress=progress)
    except ValidationError as exc:
        raise ReportError(" ".join(exc.messages)) from None
    lines = [f"E-mailed score cards: {session.event.name}, {session.date:%d %B %Y}", "", report.words()]
    lines += [f"Failed: {failure}" for failure in report.failed]
    return "email-report.txt", "text/plain; charset=utf-8", ("\n".join(lines) + "\n").encode()
