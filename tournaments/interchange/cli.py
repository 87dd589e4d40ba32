"""What the four interchange commands share: reading the file, finding the session, errors to exit status 2."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from tournaments.core.text import is_digits
from tournaments.sessions.models import Session

from .errors import InterchangeError
from .importers import ImportReport

MAX_BYTES = 20 * 1024 * 1024  # a 30-table session with hand records is well under 1 MB


def read_file(path: str) -> bytes:
    file = Path(path)
    if not file.is_file():
        raise CommandError(_("%(path)s: no such file.") % {"path": path}, returncode=2)
    if file.stat().st_size > MAX_BYTES:
        raise CommandError(
            _("%(path)s: the file is larger than %(value)s MB.") % {"path": path, "value": MAX_BYTES // (1024 * 1024)},
            returncode=2,
        )
    return file.read_bytes()


def get_session(value: str) -> Session:
    if not is_digits(value):
        raise CommandError(
            _("%(value)s is not a session id (a number; `import_usebio` prints it).") % {"value": repr(value)},
            returncode=2,
        )
    session = Session.objects.select_related("event").filter(pk=int(value)).first()
    if session is None:
        raise CommandError(_("there is no session %(value)s.") % {"value": value}, returncode=2)
    return session


def failure(path: str, error: InterchangeError) -> CommandError:
    """The error as the director sees it: the file, the place in it, what is wrong. Exit status 2."""
    return CommandError(f"{path}: {error}", returncode=2)


def report_lines(report: ImportReport) -> list[str]:
    """The import report, with the session id alone on the last line (for scripts)."""
    lines = [report.summary()]
    lines += report.notes
    lines += [f"Note: {w}" for w in report.warnings]
    if report.differences:
        lines += report.differences
    elif report.compared:
        lines.append(
            _(
                "Bridgedesk's scores agree with all %(compared)s figures the file published (to the "
                "two decimals it prints)."
            )
            % {"compared": report.compared}
        )
    for other in report.more:  # a file of several sessions: each one's report, its id in words
        lines += [_("Session %(number)s:") % {"number": other.session.number}, *report_lines(other)[:-1]]
        lines.append(_("(session id %(id)s)") % {"id": other.session.pk})
    lines.append(str(report.session.pk))
    return lines


def write_output(path: str, content: bytes) -> None:
    if path == "-":
        import sys

        sys.stdout.buffer.write(content)
        sys.stdout.flush()
        return
    try:
        Path(path).write_bytes(content)
    except OSError as exc:
        raise CommandError(
            _("%(path)s: cannot write the file (%(strerror)s).") % {"path": path, "strerror": exc.strerror},
            returncode=2,
        ) from None
