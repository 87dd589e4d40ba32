"""The laptop's web server (`manage.py serve`, which `manage.py start` runs) keeps its database connections from one
request to the next (tournaments/core/devserver.py): each request used to open a new one (issue 24)."""

from __future__ import annotations

import socketserver
import threading
import time
import urllib.request
from collections.abc import Iterator

import pytest
from django.core.servers.basehttp import WSGIRequestHandler
from django.db import connection, transaction

from tournaments.core import devserver
from tournaments.core.management.commands.serve import Command as Serve
from tournaments.core.management.commands.start import _web_command

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _no_kept_connections() -> Iterator[None]:
    yield
    with devserver._lock:
        kept = [w for ws in devserver._idle.values() for w in ws]
        devserver._idle.clear()
    for wrapper in kept:
        wrapper.close()


def _in_a_thread(work) -> object:  # type: ignore[no-untyped-def]
    """Run `work` as a request's thread of the server does: borrow, work, give back."""
    out: list[object] = []

    def request() -> None:
        devserver.lend()
        try:
            out.append(work())
        finally:
            devserver.take_back()

    thread = threading.Thread(target=request)
    thread.start()
    thread.join()
    return out[0]


def _raw_connection() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
    return id(connection.connection)


def test_the_next_request_thread_gets_the_connection_the_last_one_gave_back():
    first = _in_a_thread(_raw_connection)
    second = _in_a_thread(_raw_connection)
    assert first == second
    assert len(devserver._idle[connection.alias]) == 1  # lent to one thread at a time, back again


def test_a_connection_left_in_a_transaction_is_closed_not_kept():
    def leave_a_transaction_open() -> int:
        raw = _raw_connection()
        transaction.atomic().__enter__()  # a request that never left its block (an error in a generator, say)
        return raw

    left = _in_a_thread(leave_a_transaction_open)
    assert devserver._idle.get(connection.alias, []) == []
    assert _in_a_thread(_raw_connection) != left


def test_no_more_than_keep_idle_are_kept(monkeypatch):
    monkeypatch.setattr(devserver, "KEEP_IDLE", 2)
    barrier = threading.Barrier(3)
    threads = []
    for _ in range(3):  # three requests at once, each with a connection of its own

        def request() -> None:
            devserver.lend()
            try:
                _raw_connection()
                barrier.wait(timeout=10)
            finally:
                devserver.take_back()

        threads.append(threading.Thread(target=request))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(devserver._idle[connection.alias]) == 2


def _until_given_back() -> None:
    for _ in range(500):
        if devserver._idle.get(connection.alias):
            return
        time.sleep(0.01)
    raise AssertionError("the request's connection was not given back")


def test_the_server_start_runs_answers_requests_on_one_kept_connection():
    assert _web_command("127.0.0.1", "8000")[2] == "serve"
    assert Serve.server_cls is devserver.KeptConnectionsServer

    def app(environ, start_response):  # type: ignore[no-untyped-def]
        raw = _raw_connection()
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [str(raw).encode()]

    # As Django's runserver builds its threaded server from the command's server_cls.
    server_cls = type("WSGIServer", (socketserver.ThreadingMixIn, Serve.server_cls), {"daemon_threads": True})
    server = server_cls(("127.0.0.1", 0), WSGIRequestHandler)
    server.set_app(app)
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    try:
        url = f"http://127.0.0.1:{server.server_port}/"
        answers = []
        for _ in range(3):
            answers.append(urllib.request.urlopen(url, timeout=10).read())
            _until_given_back()  # the answer reaches us just before the thread gives its connection back
    finally:
        server.shutdown()
        server.server_close()
    assert len(set(answers)) == 1  # three requests, three threads, one connection
