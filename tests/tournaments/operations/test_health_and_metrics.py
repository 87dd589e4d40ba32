"""The operations endpoints: /healthz (alive), /readyz (database, cache, broker answer), /metrics (Prometheus,
behind its token), logs as JSON lines when asked, and errors sent to Sentry when a DSN is set."""

from __future__ import annotations

import datetime
import gzip
import json
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest
from django.core.cache import cache
from django.utils import timezone
from prometheus_client.parser import text_string_to_metric_families

from tournaments.printing.models import GeneratedFile
from tournaments.sessions.models import Result
from tournaments.sessions.services.demo import build_demo_session

ROOT = Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.django_db


def test_healthz_answers_without_asking_any_engine(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert response.status_code == 200 and response.json() == {"status": "ok"}
    assert "no-cache" in response["Cache-Control"]


def test_readyz_checks_database_cache_and_broker(client):
    response = client.get("/readyz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["status"] == "ready" and set(body["checks"]) == {"database", "cache", "broker"}
    assert all(check["ok"] for check in body["checks"].values())


def test_readyz_is_503_naming_the_engine_that_is_away(client, monkeypatch):
    refused = "Error 111 connecting to 127.0.0.1:6399. Connection refused."

    def cache_away(*args, **kwargs):
        raise ConnectionError(refused)

    monkeypatch.setattr(cache, "get", cache_away)
    response = client.get("/readyz")
    body = response.json()
    assert response.status_code == 503 and body["status"] == "not ready"
    assert body["checks"]["cache"] == {"ok": False, "error": f"ConnectionError: {refused}"}
    assert body["checks"]["database"]["ok"] and body["checks"]["broker"]["ok"]


def test_readyz_with_an_unreachable_redis_broker(client, settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {}
    response = client.get("/readyz")
    assert response.status_code == 503
    broker = response.json()["checks"]["broker"]
    assert broker["ok"] is False and "OperationalError" in broker["error"], broker


def test_probes_refuse_a_post(client):
    assert client.post("/healthz").status_code == 405
    assert client.post("/readyz").status_code == 405


def test_metrics_are_404_without_a_token_configured(client, settings):
    settings.METRICS_TOKEN = ""
    assert client.get("/metrics", headers={"Authorization": "Bearer "}).status_code == 404


def test_metrics_are_404_with_a_wrong_token(client, settings):
    settings.METRICS_TOKEN = "scrape-secret"
    assert client.get("/metrics").status_code == 404
    assert client.get("/metrics", headers={"Authorization": "Bearer wrong"}).status_code == 404


def scrape(client) -> dict[str, dict[tuple[tuple[str, str], ...], float]]:
    response = client.get("/metrics", headers={"Authorization": "Bearer scrape-secret"})
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    out: dict[str, dict[tuple[tuple[str, str], ...], float]] = {}
    for family in text_string_to_metric_families(response.content.decode()):
        for sample in family.samples:
            out.setdefault(sample.name, {})[tuple(sorted(sample.labels.items()))] = sample.value
    return out


def test_metrics_count_requests_and_read_what_is_stored(client, settings):
    settings.METRICS_TOKEN = "scrape-secret"
    session = build_demo_session(tables=3, movement="mitchell", seed=7, quick=True)
    before = scrape(client)
    key = (("method", "GET"), ("route", "healthz"), ("status", "200"))
    count_before = before.get("bridgedesk_http_requests_total", {}).get(key, 0.0)
    for _ in range(3):
        client.get("/healthz")
    after = scrape(client)
    assert after["bridgedesk_http_requests_total"][key] == count_before + 3
    timed = after["bridgedesk_http_request_duration_seconds_count"][(("method", "GET"), ("route", "healthz"))]
    assert timed >= 3
    played = Result.objects.filter(section__session=session, kind="played").count()
    assert played > 0
    assert after["bridgedesk_results_stored"][(("kind", "played"),)] == played
    assert after["bridgedesk_jobs"][(("status", "queued"),)] == 0


def test_the_job_queue_s_depth_is_the_jobs_waiting(client, settings):
    settings.METRICS_TOKEN = "scrape-secret"
    session = build_demo_session(tables=3, movement="mitchell", seed=7, quick=True)
    expires = timezone.now() + datetime.timedelta(hours=1)
    for status in ("queued", "queued", "running", "failed"):
        GeneratedFile.objects.create(session=session, kind="standings", status=status, expires_at=expires)
    jobs = scrape(client)["bridgedesk_jobs"]
    assert {key[0][1]: value for key, value in jobs.items()} == {"queued": 2, "running": 1, "done": 0, "failed": 1}


def test_json_logs_are_one_object_a_line():
    script = "import logging, django; django.setup(); logging.getLogger('bridgedesk.test').warning('table %s', 7)"
    env = {"DJANGO_SETTINGS_MODULE": "config.test_settings", "LOG_FORMAT": "json", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    line = json.loads(done.stderr.strip().splitlines()[-1])
    assert line["message"] == "table 7" and line["level"] == "WARNING" and line["logger"] == "bridgedesk.test"
    assert "time" in line


def test_an_unknown_log_format_is_refused_with_its_name():
    env = {"DJANGO_SETTINGS_MODULE": "config.test_settings", "LOG_FORMAT": "xml", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode != 0 and "LOG_FORMAT must be text or json, not 'xml'" in done.stderr


class _Collector(BaseHTTPRequestHandler):
    """A Sentry-compatible endpoint on a local port: keeps the bodies of the envelopes it is sent."""

    bodies: list[bytes] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        elif self.headers.get("Content-Encoding") == "br":  # sentry-sdk's choice when brotli is installed
            import brotli  # locust's dependency; sentry-sdk only compresses so when it is there

            body = brotli.decompress(body)
        type(self).bodies.append(body)
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args: object) -> None:
        pass


def test_errors_are_reported_when_a_sentry_dsn_is_set():
    server = HTTPServer(("127.0.0.1", 0), _Collector)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        script = (
            "import django; django.setup(); import sentry_sdk\n"
            "try:\n    1 / 0\nexcept ZeroDivisionError:\n    sentry_sdk.capture_exception()\n"
            "sentry_sdk.flush(timeout=10)"
        )
        env = {
            "DJANGO_SETTINGS_MODULE": "config.test_settings",
            "SENTRY_DSN": f"http://publickey@127.0.0.1:{server.server_port}/1",
            "PATH": "/usr/bin:/bin",
        }
        subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, check=True, timeout=60, capture_output=True)
    finally:
        server.shutdown()
        server.server_close()
    sent = b"\n".join(_Collector.bodies)
    assert b"ZeroDivisionError" in sent and b'"environment":"production"' in sent.replace(b" ", b"")
