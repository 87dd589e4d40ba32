"""A correction's public pages are built once per version: the first reader builds, readers meanwhile get the
previous version marked as updating, and the next reader the new one (tournaments/core/once.py)."""

import gzip
import threading
import time

import pytest
from django.core.cache import cache
from django.test import Client

from tests.tournaments.publishing.test_publishing import played  # noqa: F401  (the fixture)
from tournaments.core.once import get_or_build
from tournaments.publishing import rebuild, services, views
from tournaments.publishing.cache import fingerprint, page_key
from tournaments.sessions.models import Result
from tournaments.sessions.services.results import change_result

pytestmark = pytest.mark.django_db


def test_many_readers_at_once_build_a_value_once_and_all_get_it():
    built: list[int] = []

    def build() -> str:
        built.append(1)
        time.sleep(0.3)  # a slow page: the others arrive while it is being built
        return "page v2"

    answers: list[tuple[str, bool]] = []
    start = threading.Barrier(12)

    def reader() -> None:
        start.wait()
        answers.append(get_or_build("k:v2", build, ttl=60))

    threads = [threading.Thread(target=reader) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert built == [1] and answers == [("page v2", False)] * 12


def test_while_one_builds_the_others_get_the_previous_version_marked_stale():
    cache.set("latest", "page v1", 60)
    cache.add("k:v2:building", "another process", 30)  # someone else is building version 2
    assert get_or_build("k:v2", lambda: "page v2", ttl=60, stale_key="latest") == ("page v1", True)
    cache.delete("k:v2:building")  # done (or dead and lapsed): the next reader builds it
    assert get_or_build("k:v2", lambda: "page v2", ttl=60, stale_key="latest") == ("page v2", False)
    assert cache.get("latest") == "page v2"


def test_a_public_page_being_rebuilt_is_served_as_before_marked_updating(client, played):  # noqa: F811
    services.publish(actor=None, session=played.session)
    url = f"/results/{played.session_id}/"
    before = client.get(url)
    assert before.status_code == 200 and b"Updating" not in before.content
    result = Result.objects.get(section=played, board__number=1, ns_entry__label="4NS")
    change_result(actor=None, result=result, contract="4S", declarer="N", tricks="=", why="claim misread")
    new_version = page_key(url, fingerprint(played.session_id))
    cache.add(f"{new_version}:building", "another process", 30)  # someone else is building the new version
    meanwhile = client.get(url)
    assert meanwhile.status_code == 200 and not meanwhile.has_header("ETag")
    assert (
        b"Updating: a correction has just been made" in meanwhile.content and b"claim misread" not in meanwhile.content
    )
    cache.delete(f"{new_version}:building")  # that build is done or its process died: the next reader builds
    after = client.get(url)
    assert after.status_code == 200 and after["ETag"] and b"Updating" not in after.content
    assert b"claim misread" in after.content


@pytest.mark.django_db(transaction=True)  # the readers are real threads, each with its own connection
def test_two_readers_at_once_during_a_rebuild_one_builds_the_other_gets_the_old_page_at_once(played, monkeypatch):  # noqa: F811
    """Two real readers of a corrected page at the same moment: the first builds the new version (its build is
    held half-way, as a slow build would be); the second is answered with the previous version, marked as
    updating, while the build is still running; then both get the new version, built once."""
    services.publish(actor=None, session=played.session)
    url = f"/results/{played.session_id}/boards/"
    assert Client().get(url).status_code == 200  # version 1 is cached
    monkeypatch.setattr(rebuild, "queue_rebuild", lambda session_id: None)  # no job queued: the readers build
    result = Result.objects.get(section=played, board__number=1, ns_entry__label="4NS")
    change_result(actor=None, result=result, contract="4S", declarer="N", tricks="=", why="claim misread")
    building, release, builds = threading.Event(), threading.Event(), []
    real_render = views.render

    def held_render(*args, **kwargs):  # the real page, rendered once the second reader has been answered
        builds.append(1)
        building.set()
        assert release.wait(timeout=20)
        return real_render(*args, **kwargs)

    monkeypatch.setattr(views, "render", held_render)
    answers: dict[str, object] = {}
    first = threading.Thread(target=lambda: answers.update(first=Client().get(url)))
    first.start()
    assert building.wait(timeout=20)  # the first reader is building version 2
    started = time.monotonic()
    second = Client().get(url)
    waited = time.monotonic() - started
    assert not answers and first.is_alive()  # the build is still held: the second reader did not wait for it
    assert second.status_code == 200 and b"Updating: a correction" in second.content and waited < 2
    assert b"claim misread" not in second.content
    release.set()
    first.join(timeout=30)
    new = answers["first"]
    assert new.status_code == 200 and b"claim misread" in new.content and b"Updating" not in new.content
    again = Client().get(url)
    assert again.content == new.content and again["ETag"] == new["ETag"] and builds == [1]


def test_a_cached_page_is_sent_gzipped_to_a_browser_and_plain_to_others(client, played):  # noqa: F811
    services.publish(actor=None, session=played.session)
    url = f"/results/{played.session_id}/boards/"
    plain = client.get(url)
    packed = client.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert packed["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed["Vary"]
    assert gzip.decompress(packed.content) == plain.content and len(packed.content) < len(plain.content) / 2
    assert "Content-Encoding" not in plain and "Accept-Encoding" in plain["Vary"]
    assert packed["ETag"] != plain["ETag"]  # two representations, two ETags; each gets its 304
    assert client.get(url, HTTP_IF_NONE_MATCH=plain["ETag"]).status_code == 304
    assert client.get(url, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=packed["ETag"]).status_code == 304
    refused = client.get(url, HTTP_ACCEPT_ENCODING="gzip;q=0, identity")
    assert "Content-Encoding" not in refused and refused.content == plain.content


def test_the_updating_note_is_in_the_readers_language_and_spliced_as_bytes():
    from tests.i18n import pseudo
    from tournaments.publishing.cache import _marked_updating, updating_note

    english = updating_note()
    assert english.startswith(b'<p class="card updating" role="status">Updating: a correction')
    with pseudo.active():
        note = updating_note()
        page = _marked_updating("<html><main id='x'>é</main></html>".encode())
    assert note.decode().startswith('<p class="card updating" role="status">⟦')
    assert "Ûþđàţîñĝ" in note.decode() and b"Updating" not in note
    assert page == b"<html><main id='x'>" + note + "é</main></html>".encode()
