"""The read-replica router's rule, without a second cluster (test_replica.py starts one): inside a
`@reads_from_replica` view an anonymous reader who has not just written reads the replica; a login, a pinned
browser (just posted), any other method and every write go to the primary, and migrate never touches it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory

from tournaments.core import replica
from tournaments.sessions.models import Result

router = replica.ReplicaRouter()


@pytest.fixture
def with_replica(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replica, "configured", lambda: True)


@replica.reads_from_replica
def public_page(request: HttpRequest) -> HttpResponse:
    return HttpResponse(str(router.db_for_read(Result)))  # where this view's reads went


def read_from(request: HttpRequest, user: object = None) -> str:
    request.user = user or AnonymousUser()  # type: ignore[assignment]
    return public_page(request).content.decode()


def test_only_an_anonymous_unpinned_read_goes_to_the_replica(rf: RequestFactory, with_replica: None) -> None:
    assert read_from(rf.get("/results/1/")) == "replica"
    assert read_from(rf.head("/results/1/")) == "replica"
    assert router.db_for_read(Result) is None  # outside the view: the primary again
    pinned = rf.get("/results/1/")
    pinned.COOKIES[replica.PIN_COOKIE] = "1"
    assert read_from(pinned) == "None"  # it has just written: its own writes first
    assert read_from(rf.get("/results/1/"), User(username="director")) == "None"  # logged in
    assert read_from(rf.post("/results/1/")) == "None"


def test_without_a_replica_every_read_is_the_primary_s(rf: RequestFactory) -> None:
    assert read_from(rf.get("/results/1/")) == "None"


def test_writes_and_migrations_are_the_primary_s(with_replica: None) -> None:
    assert router.db_for_write(Result) == "default"
    assert router.allow_migrate("default", "sessions") and not router.allow_migrate(replica.REPLICA, "sessions")


def test_a_post_pins_the_browser_to_the_primary_for_a_while(rf: RequestFactory, settings, with_replica: None) -> None:
    settings.REPLICA_PIN_SECONDS = 10
    middleware = replica.PinAfterWrite(lambda request: HttpResponse())
    cookie = middleware(rf.post("/api/table/x/results")).cookies[replica.PIN_COOKIE]
    assert (cookie.value, cookie["max-age"]) == ("1", 10)
    assert replica.PIN_COOKIE not in middleware(rf.get("/results/1/")).cookies
