"""E-mailing each player their personal score card (HTML body, PDF attached) and the link to the results.

Only members with an address who have not opted out get one; each member once per publication (a delivery
row is written as each message goes), so running the job again after a worker died sends only what is left.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import ValidationError
from django.core.mail import EmailMultiAlternatives, get_connection
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments.clubs.addresses import club_url
from tournaments.clubs.directory import email_sender
from tournaments.core.languages import member_language
from tournaments.printing.base import ReportError
from tournaments.publishing import players
from tournaments.publishing.delivery import Line, Outcome, Report, delivers, failure, where
from tournaments.publishing.models import EmailDelivery, Publication
from tournaments.sessions.models import EntryPlayer, Session
from tournaments.sessions.reports.data import SessionData
from tournaments.sessions.reports.scorecards import one_card_pdf
from tournaments.sessions.selectors import recaps

Progress = Callable[[float, str], None]


def _seats(session: Session) -> list[EntryPlayer]:
    """Every named player of the session (with or without a member and an address), in the standings' order."""
    return list(
        EntryPlayer.objects.filter(entry__section__session=session)
        .select_related("member", "entry", "entry__section")
        .order_by("entry__section__letter", "entry__direction", "entry__number", "seat")
    )


def _message(session: Session, seat: EntryPlayer, data: SessionData, connection: object) -> EmailMultiAlternatives:
    """One player's message, in the member's language (else the club's), whoever asked for the sending."""
    assert seat.member is not None  # only members with an address get here
    with translation.override(member_language(seat.member)):
        return _message_now(session, seat, data, connection)


def _message_now(session: Session, seat: EntryPlayer, data: SessionData, connection: object) -> EmailMultiAlternatives:
    """One player's message: the score card in HTML and text, the PDF attached, the unsubscribe header."""
    member = seat.member
    assert member is not None  # only members with an address get here
    scores = next((s for s in data.scores if any(e.pk == seat.entry_id for e in s.entries)), None)
    club = session.event.tenant_id  # a job or a command has no request: every link names the club's address
    unsubscribe = club_url("publishing:unsubscribe", [players.unsubscribe_token(member)], club_id=club)
    context = {
        "session": session,
        "member": member,
        "entry": seat.entry,
        "standing": scores.standing_of(seat.entry_id) if scores else None,
        "rows": recaps.scorecard_rows(scores, seat.entry) if scores else [],
        "results_url": club_url("publishing:standings", [session.pk], club_id=club),
        "card_url": club_url("publishing:scorecard", [session.pk, seat.entry_id], club_id=club),
        "own_url": club_url("publishing:player", [players.link_token(member)], club_id=club),
        "unsubscribe_url": unsubscribe,
    }
    message = EmailMultiAlternatives(
        subject=_("Your results: %(event)s, %(date)s")
        % {"event": session.event.name, "date": date_format(session.date, "DATE_FORMAT")},
        body=render_to_string("publishing/email/scorecard.txt", context),
        from_email=email_sender(session.event.tenant_id),  # the club's sender, if it has one
        to=[member.email],
        headers={"List-Unsubscribe": f"<{unsubscribe}>"},
        connection=connection,
    )
    message.attach_alternative(render_to_string("publishing/email/scorecard.html", context), "text/html")
    message.attach(f"scorecard-{seat.entry.label}.pdf", one_card_pdf(data, seat.entry_id), "application/pdf")
    return message


def _skip(seat: EntryPlayer, done: set[int]) -> Line | None:
    """Why a player gets no message this time (no member or address, unsubscribed, already sent), or None."""
    member = seat.member
    if member is None or not member.email:
        return Line(seat.name, "", Outcome.NO_ADDRESS)
    if member.email_opt_out:
        return Line(seat.name, member.email, Outcome.UNSUBSCRIBED)
    if member.pk in done:
        return Line(seat.name, member.email, Outcome.ALREADY)
    return None


def send_results(session: Session, *, progress: Progress | None = None) -> Report:
    """Send every player of a published session their score card; returns what happened to each player.

    Only a message a mail server accepted is recorded as delivered: one written to a file is reported as such
    and goes out for real on the next run once EMAIL_URL names a server."""
    publication = Publication.objects.filter(session=session, is_public=True).first()
    if publication is None:
        raise ValidationError(_("Publish the results before e-mailing them: the e-mail links to the public pages."))
    report = Report(where=where())
    seats = _seats(session)
    done = set(EmailDelivery.objects.filter(publication=publication).values_list("member_id", flat=True))
    data = SessionData.load(session)
    connection = get_connection()
    for i, seat in enumerate(seats):
        if progress is not None:
            progress(i / max(len(seats), 1), f"E-mailing {seat.name}")
        skipped = _skip(seat, done)
        if skipped is not None:
            report.lines.append(skipped)
            continue
        member = seat.member
        assert member is not None  # _skip let only members with an address through
        try:
            _message(session, seat, data, connection).send()
        except OSError as exc:  # refused or unreachable: say so, go on with the others
            outcome, detail = failure(exc)
            report.lines.append(Line(seat.name, member.email, outcome, detail))
            continue
        if not delivers():
            report.lines.append(Line(seat.name, member.email, Outcome.NOT_DELIVERED))
            continue
        EmailDelivery.objects.create(publication=publication, member=member, address=member.email)
        done.add(member.pk)
        report.lines.append(Line(seat.name, member.email, Outcome.SENT))
    if progress is not None:
        progress(1.0, report.words())
    return report


def send_job(_kind: str, session: Session, _paper: str, progress: Progress) -> tuple[str, str, bytes]:
    """The job pipeline's renderer (imported when a job runs, by publishing/jobs.py): the job's "file" is the report
    of what became of each player's message."""
    try:
        report = send_results(session, progress=progress)
    except ValidationError as exc:
        raise ReportError(_(" ").join(exc.messages)) from None
    title = _("E-mailed score cards: %(event)s, %(date)s") % {
        "event": session.event.name,
        "date": date_format(session.date, "d F Y"),
    }
    return "email-report.txt", "text/plain; charset=utf-8", report.text(title).encode()
