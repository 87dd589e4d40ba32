"""What became of each results e-mail, in words, and where the messages really go.

A message "sent" means a mail server accepted it. With no server configured (the default writes messages to
files so a laptop at the club needs none) the report says so for each player, so a director never reads
"2 sent." for mail that only reached a folder. Kept apart from publishing/email.py (which makes PDFs) so the
panel and the test message load no PDF library.
"""

from __future__ import annotations

import enum
import smtplib
from dataclasses import dataclass, field

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy


class Outcome(enum.StrEnum):
    """One player's fate in one send, each with the words a director reads."""

    SENT = "sent"
    ALREADY = "already sent before"
    NO_ADDRESS = "no address"
    UNSUBSCRIBED = "unsubscribed"
    REFUSED = "refused by the mail server"
    UNREACHABLE = "mail server not reached"
    NOT_DELIVERED = "not delivered: no mail server is configured"


# The words a director reads for each outcome (the values above stay the stored, untranslated codes).
WORDS: dict[Outcome, Promise] = {
    Outcome.SENT: gettext_lazy("sent"),
    Outcome.ALREADY: gettext_lazy("already sent before"),
    Outcome.NO_ADDRESS: gettext_lazy("no address"),
    Outcome.UNSUBSCRIBED: gettext_lazy("unsubscribed"),
    Outcome.REFUSED: gettext_lazy("refused by the mail server"),
    Outcome.UNREACHABLE: gettext_lazy("mail server not reached"),
    Outcome.NOT_DELIVERED: gettext_lazy("not delivered: no mail server is configured"),
}
COUNTED: dict[Outcome, Promise] = {
    Outcome.SENT: ngettext_lazy("%(n)s sent", "%(n)s sent", "n"),
    Outcome.ALREADY: ngettext_lazy("%(n)s already sent before", "%(n)s already sent before", "n"),
    Outcome.NO_ADDRESS: ngettext_lazy("%(n)s no address", "%(n)s no address", "n"),
    Outcome.UNSUBSCRIBED: ngettext_lazy("%(n)s unsubscribed", "%(n)s unsubscribed", "n"),
    Outcome.REFUSED: ngettext_lazy("%(n)s refused by the mail server", "%(n)s refused by the mail server", "n"),
    Outcome.UNREACHABLE: ngettext_lazy("%(n)s mail server not reached", "%(n)s mail server not reached", "n"),
    Outcome.NOT_DELIVERED: ngettext_lazy(
        "%(n)s not delivered: no mail server is configured", "%(n)s not delivered: no mail server is configured", "n"
    ),
}


@dataclass(frozen=True)
class Line:
    """One player's outcome: their name, the address tried (if any), what happened, and the server's words."""

    name: str
    address: str
    outcome: Outcome
    detail: str = ""

    @property
    def label(self) -> str:
        """The outcome in the reader's words."""
        return str(WORDS[self.outcome])

    @property
    def is_unconfigured(self) -> bool:
        return self.outcome is Outcome.NOT_DELIVERED

    def words(self) -> str:
        who = f"{self.name} <{self.address}>" if self.address else self.name
        return f"{who}: {self.label}" + (f" ({self.detail})" if self.detail else "")


@dataclass
class Report:
    """What a send did, player by player; `words()` is the line of counts, never a bare "0 sent."."""

    lines: list[Line] = field(default_factory=list)
    where: str = ""  # where the messages went ("the mail server smtp.club.org:587", "files in /data/mail")

    def count(self, outcome: Outcome) -> int:
        return sum(1 for line in self.lines if line.outcome is outcome)

    @property
    def failed(self) -> list[Line]:
        return [line for line in self.lines if line.outcome in (Outcome.REFUSED, Outcome.UNREACHABLE)]

    def words(self) -> str:
        if not self.lines:
            return _("Nobody to e-mail: no players are named in this session.")
        parts = [str(COUNTED[o] % {"n": self.count(o)}) for o in Outcome if self.count(o)]
        text = ", ".join(parts) + "."
        if self.count(Outcome.NOT_DELIVERED):
            text += " " + _("Messages were %(where)s; set EMAIL_URL to send them.") % {"where": self.where}
        return text

    def text(self, title: str) -> str:
        """The whole report as a plain-text file: title, counts, then one line per player."""
        return "\n".join([title, "", self.words(), "", *(line.words() for line in self.lines)]) + "\n"


def delivers() -> bool:
    """True when messages go to a mail server (SMTP), not to files, the console or memory."""
    return settings.EMAIL_BACKEND == "django.core.mail.backends.smtp.EmailBackend"


def where() -> str:
    """Where messages go now, in words that finish "Messages were ..." or "... go to ..."."""
    backend = settings.EMAIL_BACKEND
    if delivers():
        server = f"{settings.EMAIL_HOST}:{settings.EMAIL_PORT}"
        return _("handed to the mail server %(server)s") % {"server": server}
    if backend.endswith("filebased.EmailBackend"):
        return _("written to files in %(path)s") % {"path": settings.EMAIL_FILE_PATH}
    if backend.endswith("console.EmailBackend"):
        return _("printed on the console")
    if backend.endswith("locmem.EmailBackend"):
        return _("kept in memory (a test)")
    return _("thrown away")


def failure(exc: OSError) -> tuple[Outcome, str]:
    """A failed send in words: the server's refusal (its code and text) or why it could not be reached."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        refusals = [f"{code} {reason.decode(errors='replace')}" for code, reason in exc.recipients.values()]
        return Outcome.REFUSED, "; ".join(refusals)[:200]
    if isinstance(exc, smtplib.SMTPResponseException):
        said = exc.smtp_error.decode(errors="replace") if isinstance(exc.smtp_error, bytes) else str(exc.smtp_error)
        return Outcome.REFUSED, f"{exc.smtp_code} {said}"[:200]
    if isinstance(exc, smtplib.SMTPException):
        return Outcome.REFUSED, str(exc)[:200]
    return Outcome.UNREACHABLE, f"{settings.EMAIL_HOST}:{settings.EMAIL_PORT}: {exc}"[:200]


def send_test_message(to: str) -> Line:
    """Send one short message to `to` now and say what happened (the administrator's "send a test message")."""
    message = EmailMessage(
        subject=_("Bridgedesk test message"),
        body=_("This is a test message from Bridgedesk: results e-mails will reach players the same way.") + "\n",
        to=[to],
        connection=get_connection(),
    )
    try:
        message.send()
    except OSError as exc:
        outcome, detail = failure(exc)
        return Line(_("Test message"), to, outcome, detail)
    if not delivers():
        return Line(_("Test message"), to, Outcome.NOT_DELIVERED, where())
    return Line(_("Test message"), to, Outcome.SENT, where())
