"""A correction's public pages are built once per version: the first reader builds, readers meanwhile get the
previous version marked as updating, and the next reader the new one (tournaments/core/once.py)."""

import threading
import time

import pytest
from django.core.cache import cache

from tests.tournaments.publishing.test_publishing import played  # noqa: F401  (the fixture)
from tournaments.core.once import get_or_build
from tournaments.publishing import services
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
