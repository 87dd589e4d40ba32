"""Results by e-mail through a real SMTP server (aiosmtpd, started by the test): each player with an address
gets their score card (HTML and a PDF), once; an opted-out player gets nothing; the unsubscribe link works
without a login; the private link opens the player's own page."""

import email
import io
import socket
from email.message import Message

import pytest
from aiosmtpd.controller import Controller
from django.core.management import call_command
from pypdf import PdfReader

from tests.tournaments.services.factories import make_session, section_a
from tournaments.publishing import services
from tournaments.publishing.email import send_results
from tournaments.publishing.models import EmailDelivery
from tournaments.sessions.models import Member
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec, set_players

pytestmark = pytest.mark.django_db


class Inbox:
    """A real SMTP server's handler: keeps what it accepts, refuses the addresses in `refuse` (550)."""

    def __init__(self, refuse: tuple[str, ...] = ()) -> None:
        self.messages: list[Message] = []
        self.refuse = refuse

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refuse:
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp(settings):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.SITE_URL = "https://results.club.org"
    yield inbox
    controller.stop()


@pytest.fixture
def published():
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
    record_result(actor=None, section=section, board=1, ns="4", ew="4", contract="4S", declarer="N", tricks="-1")
    ann = Member.objects.create(name="Ann Smith", email="ann@example.org")
    bob = Member.objects.create(name="Bob Jones", email="bob@example.org", email_opt_out=True)
    cy = Member.objects.create(name="Cy Lee", email="")
    set_players(actor=None, entry=section.entries.get(label="1NS"), players=[("", ann), ("", bob)])
    set_players(actor=None, entry=section.entries.get(label="4EW"), players=[("", cy), ("Dee Typed", None)])
    services.publish(actor=None, session=section.session)
    return section


def parts(message: Message) -> dict[str, bytes]:
    return {p.get_content_type(): p.get_payload(decode=True) for p in message.walk() if not p.is_multipart()}


def test_each_player_with_an_address_gets_their_card_once(smtp, published):
    report = send_results(published.session)
    assert report.words() == "1 sent, 2 no address, 1 unsubscribed."
    assert [line.words() for line in report.lines] == [
        "Cy Lee: no address",
        "Dee Typed: no address",
        "Ann Smith <ann@example.org>: sent",
        "Bob Jones <bob@example.org>: unsubscribed",
    ]
    assert len(smtp.messages) == 1
    message = smtp.messages[0]
    assert message["To"] == "ann@example.org" and "Your results" in message["Subject"]
    body = parts(message)
    html = body["text/html"].decode()
    assert "Ann Smith" in html and f"https://results.club.org/results/{published.session_id}/" in html
    pdf = PdfReader(io.BytesIO(body["application/pdf"]))
    text = "".join(page.extract_text() for page in pdf.pages)
    assert "Pair 1NS" in text and "Ann Smith" in text
    assert message["List-Unsubscribe"].strip().startswith("<https://results.club.org/results/unsubscribe/")
    # Again: nothing new is sent (a re-run after a dead worker sends only what is left).
    again = send_results(published.session)
    assert again.words() == "1 already sent before, 2 no address, 1 unsubscribed." and len(smtp.messages) == 1
    assert EmailDelivery.objects.count() == 1


def test_the_unsubscribe_link_works_without_a_login(client, smtp, published):
    send_results(published.session)
    link = smtp.messages[0]["List-Unsubscribe"].strip().strip("<>").removeprefix("https://results.club.org")
    page = client.get(link)
    assert page.status_code == 200 and "Stop sending results e-mails to Ann Smith?" in page.content.decode()
    assert not Member.objects.get(name="Ann Smith").email_opt_out  # a GET (a mail scanner) changes nothing
    done = client.post(link)
    assert done.status_code == 200 and "will get no more results e-mails" in done.content.decode()
    assert Member.objects.get(name="Ann Smith").email_opt_out
    assert client.get(link[:-3] + "xyz/").status_code == 404  # an altered token


def test_the_private_link_opens_the_players_own_page(client, smtp, published):
    send_results(published.session)
    html = parts(smtp.messages[0])["text/html"].decode()
    own = html.split('href="https://results.club.org/results/player/')[1].split('"')[0]
    page = client.get(f"/results/player/{own}")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Ann Smith" in text and published.session.event.name in text and "Bob Jones" in text
    assert client.get("/results/player/not-a-token/").status_code == 404


def test_email_results_command_refuses_an_unpublished_session(smtp):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    with pytest.raises(Exception, match="Publish the results before e-mailing them"):
        call_command("email_results", str(section.session_id))
    assert smtp.messages == []


def test_email_results_command_sends(smtp, published, capsys):
    call_command("email_results", str(published.session_id))
    assert capsys.readouterr().out.splitlines() == [
        "1 sent, 2 no address, 1 unsubscribed.",
        "  Cy Lee: no address",
        "  Dee Typed: no address",
        "  Ann Smith <ann@example.org>: sent",
        "  Bob Jones <bob@example.org>: unsubscribed",
    ]
    assert len(smtp.messages) == 1
