"""E-mailing the score cards as a background job (the one job pipeline: progress bar, lease, retry).

The job's "file" is the report of what was sent, kept like any other job's output. Unlike a PDF it writes to
the database (one EmailDelivery per member reached), and that is what makes a re-run after a killed worker
safe: a member already sent to is counted as such, never sent to twice.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError

from tournaments.printing.pdf import Progress, ReportError
from tournaments.printing.registry import JobKind, Rendered, register
from tournaments.publishing.email import send_results
from tournaments.sessions.jobs import load_session
from tournaments.sessions.models import Session

KIND = "email-results"


def _send(session: Session, _paper: str, progress: Progress) -> Rendered:
    try:
        report = send_results(session, progress=progress)
    except ValidationError as exc:
        raise ReportError(" ".join(exc.messages)) from None
    lines = [f"E-mailed score cards: {session.event.name}, {session.date:%d %B %Y}", "", report.words()]
    lines += [f"Failed: {failure}" for failure in report.failed]
    return "email-report.txt", "text/plain; charset=utf-8", ("\n".join(lines) + "\n").encode()


def _summary(content: bytes) -> str:
    """The report's line of counts ("3 sent, 1 opted out."), shown on the job's row."""
    return content.decode().splitlines()[2]


register(
    JobKind(kind=KIND, title="E-mail score cards", owner="session", load=load_session, render=_send, summary=_summary)
)
