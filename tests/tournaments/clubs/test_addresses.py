"""Every absolute link made outside a request names its club (issue 30): a results e-mail read from a real
SMTP server, the QR codes and addresses printed on a PDF's table cards, a big screen's link and `publish`'s."""

from __future__ import annotations

import subprocess

import pytest
import zxingcpp
from django.core.management import call_command
from PIL import Image

from tests.tournaments.publishing.test_email import parts, smtp  # noqa: F401 (the real SMTP server fixture)
from tests.tournaments.reports.factories import make_session as dealt_session
from tests.tournaments.reports.test_renderers import render
from tests.tournaments.services.factories import make_session, section_a
from tournaments.clubs.addresses import club_base, club_url
from tournaments.clubs.models import Club
from tournaments.core.tenancy import using_club
from tournaments.publishing import services
from tournaments.publishing.email import send_results
from tournaments.sessions.models import Member
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec, set_players
from tournaments.tableside.models import TableLink
from tournaments.tableside.screenlinks import issue_screen_link, screen_url

pytestmark = pytest.mark.django_db
SITE = "https://results.club.org"


@pytest.fixture
def riverside(settings) -> Club:
    """A second club on the service: links to its pages must carry its address."""
    settings.SITE_URL = SITE
    return Club.objects.create(slug="riverside", name="Riverside BC")


def published_in(club: Club):
    with using_club(club.pk):
        section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
        record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
        ann = Member.objects.create(name="Ann Smith", email="ann@example.org")
        set_players(actor=None, entry=section.entries.get(label="1NS"), players=[("", ann), ("Bo", None)])
        services.publish(actor=None, session=section.session)
    return section


def test_the_base_is_the_site_the_club_s_address_or_its_host(settings, riverside):
    only = Club.objects.get(slug="club")
    assert club_base(only.pk) == f"{SITE}/c/club" and club_base(riverside.pk) == f"{SITE}/c/riverside"
    assert club_base(None) == SITE  # no club named or current: the service's own address
    riverside.host = "results.riverside.test"
    riverside.save()
    assert club_url("publishing:standings", [7], club_id=riverside.pk) == "https://results.riverside.test/results/7/"
    riverside.delete()
    assert club_url("publishing:standings", [7], club_id=only.pk) == f"{SITE}/results/7/"  # the laptop: unchanged


def test_a_results_mail_sent_with_no_request_links_to_the_club_s_pages(client, smtp, riverside):  # noqa: F811
    section = published_in(riverside)
    send_results(section.session)  # as the worker does: no request, no current club
    (message,) = smtp.messages
    html = parts(message)["text/html"].decode()
    page = f"{SITE}/c/riverside/results/{section.session_id}/"
    assert page in html and f'href="{SITE}/results/' not in html
    assert message["List-Unsubscribe"].strip().startswith(f"<{SITE}/c/riverside/results/unsubscribe/")
    own = html.split(f'href="{SITE}/c/riverside/results/player/')[1].split('"')[0]
    assert client.get(f"/c/riverside/results/player/{own}").status_code == 200  # the link opens the page
    assert client.get(page.removeprefix(SITE)).status_code == 200


def test_the_printed_table_cards_carry_the_club_s_address_in_text_and_qr_code(riverside, tmp_path):
    with using_club(riverside.pk):
        session = dealt_session(pairs=8, boards_per_round=2, rounds=4)
    _name, pages, content = render("guide-cards", session)  # as a printing job would, outside any request
    links = {link.table: link for link in TableLink.objects.filter(section__session=session)}
    text = "\n".join(pages).replace(" ", "")
    for link in links.values():
        assert f"/c/riverside/t/{link.token}/" in text
    (tmp_path / "cards.pdf").write_bytes(content)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", tmp_path / "cards.pdf", tmp_path / "p"], check=True
    )
    (png,) = tmp_path.glob("p*.png")
    read = sorted(code.text for code in zxingcpp.read_barcodes(Image.open(png)))
    assert read == sorted(f"{SITE}/c/riverside/t/{links[t].token}/" for t in (1, 2))


def test_big_screen_and_publish_links_name_the_club(riverside, capsys):
    section = published_in(riverside)
    with using_club(riverside.pk):
        link = issue_screen_link(actor=None, session=section.session)
        url = screen_url(link)
    assert url.startswith(f"{SITE}/c/riverside/") and url.endswith(f"/{link.token}/")
    call_command("publish", str(section.session_id))  # the session's club, not the command's
    assert capsys.readouterr().out.splitlines()[-1] == f"{SITE}/c/riverside/results/{section.session_id}/"


def test_a_club_s_mail_comes_from_its_own_sender_and_the_others_from_the_service(smtp, riverside, settings):  # noqa: F811
    settings.DEFAULT_FROM_EMAIL = "Bridgedesk <results@service.test>"
    riverside.email_sender = "Riverside BC <results@riverside.test>"
    riverside.save()
    send_results(published_in(riverside).session)  # as the worker does: no request, no current club
    send_results(published_in(Club.objects.get(slug="club")).session)
    senders = [message["From"] for message in smtp.messages]
    assert senders == ["Riverside BC <results@riverside.test>", "Bridgedesk <results@service.test>"]
