"""Nobody waits for a rebuild (issue 24): after a correction the writer queues the job that rebuilds the public
pages of the new version, and every reader, the first one included, is served the previous version marked as
updating until the job has stored the new one (tournaments/publishing/rebuild.py). Real threads, each with its
own database connection, against Django's cache: local memory, and Redis in one test."""

from __future__ import annotations

import os
import threading
import uuid
from collections.abc import Iterator

import pytest
import redis
from django.core.cache import cache
from django.test import Client

from tests.tournaments.publishing.test_publishing import played  # noqa: F401  (the fixture)
from tournaments.publishing import cache as page_cache
from tournaments.publishing import rebuild, services, tasks, views
from tournaments.sessions.models import Result
from tournaments.sessions.services.results import change_result

REDIS_URL = "redis://127.0.0.1:6379/7"  # this lane's Redis database; keys under a prefix of the test's own
UPDATING = b"Updating: a correction"


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """The public pages rendered (built), by template: a page served from the cache renders nothing."""
    built: list[str] = []
    real = views.render

    def counted(request, template, *args, **kwargs):
        built.append(template)
        return real(request, template, *args, **kwargs)

    monkeypatch.setattr(views, "render", counted)
    return built


@pytest.fixture
def queued(monkeypatch, settings) -> list[tuple[int, str]]:
    """The rebuild jobs the writers queue, held as on a broker no worker has taken them from yet."""
    settings.PUBLIC_REBUILD_EAGER = False
    sent: list[tuple[int, str]] = []

    def send(args: tuple[int, str], **options: object) -> None:
        assert options.get("ignore_result") is True  # nobody waits for it: no result backend round trips
        sent.append(tuple(args))  # type: ignore[arg-type]

    monkeypatch.setattr(tasks.rebuild_public_pages, "apply_async", send)
    return sent


def _urls(section) -> list[str]:
    return [f"/results/{section.session_id}/", f"/results/{section.session_id}/boards/"]


def _correct(section) -> None:
    result = Result.objects.get(section=section, board__number=1, ns_entry__label="4NS")
    change_result(actor=None, result=result, contract="4S", declarer="N", tricks="=", why="claim misread")


def _read_at_once(urls: list[str], readers: int) -> list[tuple[int, bytes]]:
    """`readers` real threads, each a browser of its own, read every page at the same moment."""
    answers: list[tuple[int, bytes]] = []
    start = threading.Barrier(readers)

    def reader() -> None:
        browser = Client()
        start.wait()
        for url in urls:
            response = browser.get(url)
            answers.append((response.status_code, response.content))

    threads = [threading.Thread(target=reader) for _ in range(readers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


def _readers_wait_for_nobody(section, queued: list[tuple[int, str]], renders: list[str]) -> None:
    """The scenario both caches go through: read, correct, read at once while the job waits, run the job."""
    services.publish(actor=None, session=section.session)
    urls = _urls(section)
    for url in urls:
        assert Client().get(url).status_code == 200  # version 1 is cached, and the pages are known to be read
    renders.clear()
    _correct(section)
    assert len(queued) == 1 and queued[0][0] == section.session_id  # the writer queued one rebuild
    meanwhile = _read_at_once(urls, readers=8)
    assert len(meanwhile) == 16 and renders == []  # nobody built: the job is not done yet, nobody waited for it
    assert all(status == 200 and UPDATING in body and b"claim misread" not in body for status, body in meanwhile)
    done = tasks.rebuild_public_pages.apply(args=queued[0]).get()  # a worker takes the job: one build per page
    assert done == 2 and sorted(renders) == ["publishing/boards.html", "publishing/standings.html"]
    after = _read_at_once(urls, readers=8)
    assert all(status == 200 and UPDATING not in body and b"claim misread" in body for status, body in after)
    assert len(renders) == 2  # the readers got the job's pages: built once each


@pytest.mark.django_db(transaction=True)  # the readers are real threads, each with its own connection
def test_after_a_correction_every_reader_gets_the_previous_version_until_the_job_has_built_the_new(
    played,  # noqa: F811
    queued,
    renders,
):
    _readers_wait_for_nobody(played, queued, renders)


@pytest.fixture
def redis_cache(settings) -> Iterator[None]:
    """Django's cache on a real Redis, under a key prefix of this test's own (nothing else's keys touched)."""
    store = redis.Redis.from_url(REDIS_URL)
    try:
        store.ping()
    except redis.ConnectionError:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("Redis is not running on 127.0.0.1:6379 (CI starts it)")
    prefix = f"test-rebuild-{uuid.uuid4().hex[:10]}"
    backend = "django.core.cache.backends.redis.RedisCache"
    settings.CACHES = {"default": {"BACKEND": backend, "LOCATION": REDIS_URL, "KEY_PREFIX": prefix}}
    try:
        yield
    finally:
        for key in store.scan_iter(f"{prefix}:*"):
            store.delete(key)


@pytest.mark.django_db(transaction=True)
def test_the_same_with_the_cache_on_redis(played, redis_cache, queued, renders):  # noqa: F811
    _readers_wait_for_nobody(played, queued, renders)


@pytest.mark.django_db(transaction=True)
def test_in_tests_the_job_runs_eagerly_after_the_commit_and_readers_get_the_new_pages_at_once(played, renders):  # noqa: F811
    services.publish(actor=None, session=played.session)
    urls = _urls(played)
    for url in urls:
        Client().get(url)
    renders.clear()
    _correct(played)  # the job ran in this thread once the change committed
    assert sorted(renders) == ["publishing/boards.html", "publishing/standings.html"]
    for url in urls:
        page = Client().get(url)
        assert page.status_code == 200 and UPDATING not in page.content and b"claim misread" in page.content
    assert len(renders) == 2


@pytest.mark.django_db(transaction=True)
def test_a_reader_with_no_previous_version_builds_it_and_a_session_nobody_reads_queues_nothing(
    played,  # noqa: F811
    queued,
    renders,
):
    services.publish(actor=None, session=played.session)
    assert queued == []  # nobody has read the session's pages: nothing to rebuild
    Client().get(_urls(played)[0])
    _correct(played)
    assert len(queued) == 1
    boards = Client().get(_urls(played)[1])  # never read before: no previous version to serve, so built here
    assert boards.status_code == 200 and UPDATING not in boards.content and b"claim misread" in boards.content
    assert page_cache.read_pages(played.session_id)[1][0] == _urls(played)[1]  # and the next job rebuilds it


@pytest.mark.django_db(transaction=True)
def test_a_late_job_lapses_and_then_the_first_reader_builds(played, queued, renders):  # noqa: F811
    services.publish(actor=None, session=played.session)
    url = _urls(played)[0]
    Client().get(url)
    _correct(played)
    assert UPDATING in Client().get(url).content  # the job is queued: the previous version
    session_id, state = queued[0]
    cache.delete(page_cache.pending_key(session_id, state))  # its mark lapsed: the worker is stopped or late
    page = Client().get(url)
    assert UPDATING not in page.content and b"claim misread" in page.content


@pytest.mark.django_db(transaction=True)
def test_the_director_who_corrected_sees_the_new_results_at_once(played, queued, director):  # noqa: F811
    services.publish(actor=None, session=played.session)
    url = _urls(played)[0]
    Client().get(url)
    _correct(played)
    assert UPDATING in Client().get(url).content  # the public, while the job waits
    browser = Client()
    browser.force_login(director)
    for page in (url, f"/sessions/{played.session_id}/standings/", f"/sessions/{played.session_id}/travellers/"):
        answer = browser.get(page)
        assert answer.status_code == 200 and UPDATING not in answer.content, page
    assert b"claim misread" in browser.get(url).content  # logged in: never the cached copy


@pytest.mark.django_db
def test_the_job_does_nothing_for_a_version_already_overtaken(played, renders):  # noqa: F811
    services.publish(actor=None, session=played.session)
    Client().get(_urls(played)[0])
    renders.clear()
    assert rebuild.rebuild(played.session_id, "an older fingerprint") == 0 and renders == []
