"""A CDN in front may hold the public pages (s-maxage, tagged with their session) and is told to drop them on
publish, on each correction, on marking final and on unpublishing, once the change has committed."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from tests.tournaments.publishing.test_publishing import played, public_urls  # noqa: F401  the fixture
from tournaments.publishing import cdn, services
from tournaments.publishing.tasks import purge_cdn
from tournaments.sessions.models import Result
from tournaments.sessions.services.results import change_result

pytestmark = pytest.mark.django_db


class _Recorder(BaseHTTPRequestHandler):
    received: list[tuple[str, dict[str, str], dict[str, object]]] = []
    status = 200

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).received.append((self.path, dict(self.headers), body))
        self.send_response(type(self).status)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def fake_cdn():
    """A real HTTP server on a free local port, recording the purges it is sent."""
    _Recorder.received = []
    _Recorder.status = 200
    server = HTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/purge", _Recorder
    server.shutdown()
    server.server_close()


def test_anonymous_public_pages_may_be_held_by_a_cdn_tagged_with_their_session(client, played, settings):  # noqa: F811
    settings.CDN_MAX_AGE = 30
    services.publish(actor=None, session=played.session)
    for url in public_urls(played):
        page = client.get(url)
        assert page.status_code == 200
        assert page["Cache-Control"] == "public, max-age=0, s-maxage=30"
        assert page["Surrogate-Key"] == page["Cache-Tag"] == f"bd-session-{played.session_id}"
        assert "Set-Cookie" not in page.headers and not page.cookies  # a CDN never holds someone's cookie
        again = client.get(url, HTTP_IF_NONE_MATCH=page["ETag"])
        assert again.status_code == 304 and again["Cache-Control"] == page["Cache-Control"]


def test_with_no_cdn_age_the_browser_alone_keeps_the_page(client, played, settings):  # noqa: F811
    settings.CDN_MAX_AGE = 0
    services.publish(actor=None, session=played.session)
    page = client.get(public_urls(played)[0])
    assert page["Cache-Control"] == "no-cache" and not page.has_header("Surrogate-Key")


def test_a_logged_in_readers_page_is_private(client, played, director):  # noqa: F811
    services.publish(actor=None, session=played.session)
    client.force_login(director)
    page = client.get(public_urls(played)[0])
    assert page.status_code == 200
    assert set(page["Cache-Control"].split(", ")) == {"private", "no-cache"}


def test_publish_correct_final_unpublish_each_queue_one_purge_after_commit(
    played,  # noqa: F811
    settings,
    django_capture_on_commit_callbacks,
    monkeypatch,
):
    settings.CDN_PURGE_URL = "http://127.0.0.1:9/purge"
    sent: list[list[str]] = []
    monkeypatch.setattr(purge_cdn, "delay", sent.append)
    tag = [f"bd-session-{played.session_id}"]
    with django_capture_on_commit_callbacks(execute=True):
        services.publish(actor=None, session=played.session)
    assert sent == [tag]
    result = Result.objects.get(section=played, board__number=1, ns_entry__label="4NS")
    with django_capture_on_commit_callbacks(execute=True):
        change_result(actor=None, result=result, contract="4S", declarer="N", tricks="=", why="claim misread")
    assert sent == [tag, tag]
    with django_capture_on_commit_callbacks(execute=True):
        services.mark_final(actor=None, session=played.session)
        services.unpublish(actor=None, session=played.session)
    assert sent == [tag] * 4


def test_nothing_is_queued_without_a_purge_url(played, settings, django_capture_on_commit_callbacks, monkeypatch):  # noqa: F811
    settings.CDN_PURGE_URL = ""
    sent: list[list[str]] = []
    monkeypatch.setattr(purge_cdn, "delay", sent.append)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        services.publish(actor=None, session=played.session)
    assert sent == [] and callbacks == []


def test_a_purge_reaches_the_cdn_with_its_token(fake_cdn, settings):
    url, recorder = fake_cdn
    settings.CDN_PURGE_URL, settings.CDN_PURGE_TOKEN = url, "purge-secret"
    assert purge_cdn.apply(args=[["bd-session-7"]]).get() == 200
    ((path, headers, body),) = recorder.received
    assert path == "/purge" and body == {"tags": ["bd-session-7"]}
    assert headers["Authorization"] == "Bearer purge-secret"


def test_a_cdn_refusing_the_purge_makes_the_job_fail_for_a_retry(fake_cdn, settings):
    url, recorder = fake_cdn
    recorder.status = 503
    settings.CDN_PURGE_URL, settings.CDN_PURGE_TOKEN = url, ""
    with pytest.raises(OSError, match="503"):
        cdn.purge(["bd-session-7"])
    assert "Authorization" not in recorder.received[0][1]
