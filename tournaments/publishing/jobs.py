"""E-mailing the score cards as a background job (the one job pipeline: progress bar, lease, retry).

The job's "file" is the report of what was sent, kept like any other job's output. Unlike a PDF it writes to
the database (one EmailDelivery per member reached), and that is what makes a re-run after a killed worker
safe: a member already sent to is counted as such, never sent to twice. The sender (publishing/email.py, which
makes PDFs) is imported when the job runs, so registering the job loads no PDF library.
"""

from __future__ import annotations

from tournaments.printing.base import Progress, Rendered
from tournaments.printing.registry import JobKind, register
from tournaments.sessions.jobs import load_session
from tournaments.sessions.models import Session

KIND = "email-results"


def _summary(content: bytes) -> str:
    """The report's line of counts ("3 sent, 1 opted out."), shown on the job's row."""
    return content.decode().splitlines()[2]


def _send(kind: str, session: Session, paper: str, progress: Progress) -> Rendered:
    from tournaments.publishing.email import send_job  # HEAVY: makes PDFs (ReportLab)

    return send_job(kind, session, paper, progress)


register(
    JobKind(
        kind=KIND,
        title="E-mail score cards",
        owner="session",
        load=load_session,
        render=_send,
        summary=_summary,
    )
)
