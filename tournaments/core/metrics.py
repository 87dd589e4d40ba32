"""Prometheus metrics: requests and their latencies (counted by a middleware in every web process), and what
the service holds (jobs waiting, results stored), read from the database when Prometheus scrapes `/metrics`.

`/metrics` answers only a request carrying `Authorization: Bearer <METRICS_TOKEN>`; with no token configured it
is 404, so a laptop publishes nothing. Under gunicorn with several workers, set PROMETHEUS_MULTIPROC_DIR to an
empty folder: each process writes its counters there and a scrape of any one of them adds them all up
(prometheus_client's multiprocess mode). The gauges come from the database, the same whoever answers.

Higher domains register their gauges at start-up (`gauge(...)` in tournaments/apps.py), so this module, low
in the layers, imports none of them.
"""

from __future__ import annotations

import hmac
import os
import time
from collections.abc import Callable, Iterator, Mapping

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import REGISTRY, Collector

from tournaments.core.access import public

REQUESTS = Counter(
    "bridgedesk_http_requests", "HTTP requests answered, by method, route and status", ["method", "route", "status"]
)
LATENCY = Histogram(
    "bridgedesk_http_request_duration_seconds",
    "Time to answer a request, by method and route",
    ["method", "route"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)

# name -> (help, label name, function giving {label value: number}); filled by the composition root.
_GAUGES: dict[str, tuple[str, str, Callable[[], Mapping[str, float]]]] = {}


def gauge(name: str, help_text: str, label: str, read: Callable[[], Mapping[str, float]]) -> None:
    """Register a gauge read at each scrape: `read()` gives one number per value of `label`."""
    _GAUGES[name] = (help_text, label, read)


class _StoredState(Collector):
    """The registered gauges, read from the database at scrape time (never cached: Prometheus polls slowly)."""

    def collect(self) -> Iterator[Metric]:
        for name, (help_text, label, read) in sorted(_GAUGES.items()):
            family = GaugeMetricFamily(name, help_text, labels=[label])
            for value, number in sorted(read().items()):
                family.add_metric([value], float(number))
            yield family


class RequestMetrics:
    """Counts each request and its time, labelled by its URL pattern (not the path: ids would explode)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        response = self.get_response(request)
        match = request.resolver_match
        route = match.route if match is not None else "unmatched"
        REQUESTS.labels(request.method or "", route, str(response.status_code)).inc()
        LATENCY.labels(request.method or "", route).observe(time.perf_counter() - started)
        return response


def registry() -> CollectorRegistry:
    """This process's metrics, or every process's when PROMETHEUS_MULTIPROC_DIR is set, plus the gauges."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        combined = CollectorRegistry()
        multiprocess.MultiProcessCollector(combined)  # type: ignore[no-untyped-call]  # prometheus_client leaves it bare
    else:
        combined = REGISTRY
    combined_with_state = CollectorRegistry()
    combined_with_state.register(_Union(combined))
    combined_with_state.register(_StoredState())
    return combined_with_state


class _Union(Collector):
    """One registry's metrics inside another, so the gauges are never added to the process-wide registry."""

    def __init__(self, inner: CollectorRegistry) -> None:
        self.inner = inner

    def collect(self) -> Iterator[Metric]:
        yield from self.inner.collect()


def _authorised(request: HttpRequest) -> bool:
    token: str = settings.METRICS_TOKEN
    given = request.headers.get("Authorization", "")
    return bool(token) and hmac.compare_digest(given.encode(), f"Bearer {token}".encode())


@public
@require_safe
@never_cache
def metrics(request: HttpRequest) -> HttpResponse:
    """The Prometheus text format, for a scraper holding the token; 404 to anyone else (nothing to see here)."""
    if not _authorised(request):
        return HttpResponse("Not found", status=404, content_type="text/plain")
    return HttpResponse(generate_latest(registry()), content_type="text/plain; version=0.0.4; charset=utf-8")
