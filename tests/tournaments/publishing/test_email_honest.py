"""Honest e-mail: a recipient the real SMTP server refuses is reported as refused (with the server's words) and
not recorded as sent; with no mail server configured every message is reported as written to a file, never as
sent, and goes out on the next run once a server is set; the administrator's test message says which; a typed
name that matches a member links the member and so their address."""

import pytest
from aiosmtpd.controller import Controller
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tests.tournaments.services.factories import make_session, section_a
from tournaments.publishing.email import send_results
from tournaments.publishing.models import EmailDelivery
from tournaments.sessions.models import EntryPlayer, Member
from tournaments.sessions.services.sessions import SectionSpec, set_players

from .test_email import Inbox, free_port, published, smtp  # noqa: F401  (the fixtures)

pytestmark = pytest.mark.django_db


@pytest.fixture
def refusing(settings):
    """A real SMTP server that refuses cy@example.org."""
    inbox = Inbox(refuse=("cy@example.org",))
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    yield inbox
    controller.stop()


@pytest.fixture
def to_files(settings, tmp_path):
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = str(tmp_path / "mail")
    return tmp_path / "mail"


def test_a_refused_recipient_is_reported_with_the_servers_words(refusing, published, capsys):  # noqa: F811
    Member.objects.filter(name="Cy Lee").update(email="cy@example.org")
    with pytest.raises(CommandError, match="1 e-mails could not be sent"):
        call_command("email_results", str(published.session_id))
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "1 sent, 1 no address, 1 unsubscribed, 1 refused by the mail server."
    assert "  Cy Lee <cy@example.org>: refused by the mail server (550 5.1.1 No such mailbox here)" in out
    assert [m["To"] for m in refusing.messages] == ["ann@example.org"]
    assert list(EmailDelivery.objects.values_list("address", flat=True)) == ["ann@example.org"]


def test_an_unreachable_server_is_not_called_sent(settings, published):  # noqa: F811
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()  # nobody listens there
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    report = send_results(published.session)
    assert report.words() == "2 no address, 1 unsubscribed, 1 mail server not reached."
    assert EmailDelivery.objects.count() == 0


def test_without_a_mail_server_nothing_is_called_sent(to_files, published, smtp, settings):  # noqa: F811
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"  # smtp set up, then taken away
    report = send_results(published.session)
    assert report.words() == (
        "2 no address, 1 unsubscribed, 1 not delivered: no mail server is configured. "
        f"Messages were written to files in {to_files}; set EMAIL_URL to send them."
    )
    assert "sent" not in report.words().split(",")[0]
    assert len(list(to_files.iterdir())) == 1 and EmailDelivery.objects.count() == 0
    # Once a server is configured, the next run really sends it.
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    assert send_results(published.session).words() == "1 sent, 2 no address, 1 unsubscribed."
    assert [m["To"] for m in smtp.messages] == ["ann@example.org"]


def test_the_publish_panel_warns_when_mail_only_goes_to_files(to_files, director_client, published):  # noqa: F811
    page = director_client.get(reverse("publishing:email_report", args=[published.session_id]))
    assert page.status_code == 200
    assert f"No mail server is configured: messages are written to files in {to_files}" in page.content.decode()


def test_the_administrator_sends_a_test_message(refusing, director_client):
    page = director_client.get(reverse("publishing:mail"))
    assert page.status_code == 200 and "Send a test message" in page.content.decode()
    sent = director_client.post(reverse("publishing:mail"), {"to": "ann@example.org"}).content.decode()
    assert "Sent: the mail server accepted the message for ann@example.org" in sent
    assert [m["Subject"] for m in refusing.messages] == ["Bridgedesk test message"]
    refused = director_client.post(reverse("publishing:mail"), {"to": "cy@example.org"}).content.decode()
    assert "Not sent: refused by the mail server (550 5.1.1 No such mailbox here)." in refused
    bad = director_client.post(reverse("publishing:mail"), {"to": "not an address"}).content.decode()
    assert "Type the address to send the test message to" in bad and len(refusing.messages) == 1


def test_a_test_message_without_a_mail_server_says_so(to_files, director_client):
    page = director_client.post(reverse("publishing:mail"), {"to": "ann@example.org"}).content.decode()
    assert "Not sent: no mail server is configured, so the message was written to files in" in page
    assert len(list(to_files.iterdir())) == 1


def test_a_director_without_club_rights_gets_no_mail_page(client, django_user_model):
    from tournaments.core.access import Role, grant

    user = django_user_model.objects.create_user(username="dir", password="pw-12345678")
    grant(user, Role("director"))
    client.force_login(user)
    assert client.post(reverse("publishing:mail"), {"to": "ann@example.org"}).status_code == 403


def test_a_typed_name_that_matches_a_member_links_them():
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    ann = Member.objects.create(name="Ann Smith", email="ann@example.org")
    Member.objects.create(name="Jo Twin", email="jo1@example.org")
    Member.objects.create(name="Jo Twin", email="jo2@example.org")
    entry = section.entries.get(label="1NS")
    set_players(actor=None, entry=entry, players=[("ann smith", None), ("Jo Twin", None)])
    seats = {p.seat: p for p in EntryPlayer.objects.filter(entry=entry)}
    assert seats[1].member == ann and seats[1].name == "ann smith"
    assert seats[2].member is None  # two members of that name: no guess
