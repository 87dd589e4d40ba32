"""The one address every absolute link carries (config/siteurl.py): SITE_URL, else the LAN address when the
server listens on all interfaces, never a loopback one; and the plain warning when only this machine can use it."""

import ipaddress
import json
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command

from config.siteurl import FIX_COMMAND, fix_command, lan_address, only_this_machine, reach_warning, work_out_site_url
from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.services.sessions import SectionSpec


def test_site_url_when_set_wins_whatever_the_host():
    env = {"SITE_URL": "https://results.club.org/", "HOST": "0.0.0.0", "PORT": "9000"}
    assert work_out_site_url(env) == "https://results.club.org"


def test_listening_on_all_interfaces_gives_this_machines_lan_address_with_the_port():
    lan = lan_address()
    if lan is None:
        pytest.skip("this machine has no network address but loopback, so there is no LAN address to find")
    url = work_out_site_url({"HOST": "0.0.0.0", "PORT": "8123"})
    assert url == f"http://{lan}:8123"
    assert not ipaddress.ip_address(urlsplit(url).hostname or "").is_loopback
    assert reach_warning(url) is None


@pytest.mark.parametrize(
    ("env", "url"),
    [
        ({}, "http://127.0.0.1:8000"),
        ({"HOST": "127.0.0.1", "PORT": "8001"}, "http://127.0.0.1:8001"),
        ({"HOST": "192.168.1.20"}, "http://192.168.1.20:8000"),
        ({"HOST": "fd00::5", "PORT": "80"}, "http://[fd00::5]:80"),
    ],
)
def test_a_chosen_address_is_used_as_it_is(env, url):
    assert work_out_site_url(env) == url


@pytest.mark.parametrize(
    ("url", "local"),
    [
        ("http://127.0.0.1:8000", True),
        ("http://localhost:8000", True),
        ("http://[::1]:8000", True),
        ("http://127.0.1.1", True),
        ("http://192.168.1.20:8000", False),
        ("https://results.club.org", False),
    ],
)
def test_only_this_machine_knows_loopback_and_localhost(url, local):
    assert only_this_machine(url) is local
    warning = reach_warning(url)
    assert (warning is not None) is local
    if warning:
        assert FIX_COMMAND in warning and url in warning


@pytest.mark.django_db
def test_table_links_without_base_url_use_the_site_url(settings, capsys):
    settings.SITE_URL = "http://192.168.1.20:8000"
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    call_command("table_links", str(section.session_id), "--json")
    rows = json.loads(capsys.readouterr().out)
    assert rows and all(r["url"].startswith("http://192.168.1.20:8000/t/") for r in rows)


@pytest.mark.django_db
def test_publish_prints_the_public_address_on_the_site_url(settings, capsys):
    settings.SITE_URL = "http://192.168.1.20:8000"
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    call_command("publish", str(section.session_id))
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == f"http://192.168.1.20:8000/results/{section.session_id}/"


@pytest.mark.parametrize(
    ("url", "command"),
    [
        ("http://127.0.0.1:8000", "HOST=0.0.0.0 make run"),
        ("http://127.0.0.1", "HOST=0.0.0.0 make run"),
        ("http://localhost:8123", "HOST=0.0.0.0 PORT=8123 make run"),
    ],
)
def test_the_fix_command_keeps_the_port_the_director_chose(url, command):
    assert fix_command(url) == command
    warning = reach_warning(url)
    assert warning is not None and f"`{command}`" in warning
