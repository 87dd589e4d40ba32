"""A phone reaches the app from the printed kit: the app listens on all interfaces, the kit's QR code is read
back from the rasterised PDF as a phone's camera would, and the link it holds, on this machine's LAN address
(never loopback), opens the table page in Chromium; `table_links --json` gives the very same URLs."""

import ipaddress
import json
import os
import subprocess
from urllib.parse import urlsplit

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

import pytest
import zxingcpp
from django.core.management import call_command
from PIL import Image
from playwright.sync_api import expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

from config.siteurl import lan_address, work_out_site_url
from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


@pytest.fixture
def server_on_all_interfaces(settings):
    """The app as `HOST=0.0.0.0 make run` serves it: bound to every interface, links on the LAN address."""
    if lan_address() is None:
        pytest.skip("this machine has no network address but loopback: no LAN address a phone could use")
    server = LiveServer("0.0.0.0:0")
    try:
        settings.SITE_URL = work_out_site_url({"HOST": "0.0.0.0", "PORT": str(server.thread.port)})
        settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, urlsplit(settings.SITE_URL).hostname]
        yield server
    finally:
        server.stop()


def test_a_table_link_read_from_the_printed_kit_reaches_the_app(server_on_all_interfaces, settings, tmp_path, capsys):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    call_command("print_session_kit", str(section.session_id), "--out", str(tmp_path))
    assert "only works on this computer" not in capsys.readouterr().err
    subprocess.run(
        ["pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", str(tmp_path / "guide-cards.pdf"), str(tmp_path / "p")],
        check=True,
    )
    (png,) = tmp_path.glob("p*.png")
    scanned = sorted(code.text for code in zxingcpp.read_barcodes(Image.open(png)))
    assert len(scanned) == 2  # two table cards a page
    host = urlsplit(scanned[0]).hostname or ""
    assert not ipaddress.ip_address(host).is_loopback and host == lan_address()
    call_command("table_links", str(section.session_id), "--json")
    listed = {row["table"]: row["url"] for row in json.loads(capsys.readouterr().out)}
    assert scanned == sorted([listed[1], listed[2]]), "table_links and the QR codes disagree"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        phone = browser.new_context(**PHONE).new_page()
        answer = phone.goto(scanned[0])
        assert answer is not None and answer.status == 200
        expect(phone.locator("#ts-send")).to_be_attached()
        browser.close()
