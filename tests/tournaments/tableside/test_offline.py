"""The table page's manifest and service worker as the phone's browser fetches them."""

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services
from tournaments.tableside.offline import CACHE_NAME

pytestmark = pytest.mark.django_db


@pytest.fixture
def link():
    return services.issue_links(section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2))))[0]


def test_the_table_page_links_its_manifest_and_its_worker(client, link):
    html = client.get(f"/t/{link.token}/").content.decode()
    assert f'<link rel="manifest" href="/t/{link.token}/manifest.webmanifest">' in html
    assert 'data-sw="/t/sw.js"' in html
    assert "<script>" not in html  # the CSP forbids inline scripts: registration is in static/js/table.js


def test_the_manifest_starts_at_the_table_page_and_covers_every_table(client, link):
    response = client.get(f"/t/{link.token}/manifest.webmanifest")
    assert response.status_code == 200 and response["Content-Type"] == "application/manifest+json"
    body = response.json()
    assert (body["start_url"], body["scope"], body["display"]) == ("./", "/t/", "standalone")
    assert body["icons"][0]["src"].endswith("favicon.svg")
    assert client.post(f"/t/{link.token}/manifest.webmanifest").status_code == 405


def test_the_worker_is_served_under_t_with_the_static_files_it_keeps(client):
    response = client.get("/t/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert (response["Service-Worker-Allowed"], response["Cache-Control"]) == ("/t/", "no-cache")
    text = response.content.decode()
    assert f'const CACHE = "{CACHE_NAME}";' in text
    assert '"/static/js/table.js"' in text and '"/static/css/bridgedesk.css"' in text
    assert "&quot;" not in text  # the list is JavaScript, not escaped HTML
    assert client.post("/t/sw.js").status_code == 405
