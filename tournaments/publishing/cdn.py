"""A proxy or CDN in front may hold the public result pages, and is told to drop them when they change.

A public page's answer to an anonymous reader carries `Cache-Control: public, max-age=0, s-maxage=N`: a shared
cache (the CDN, a Varnish, nginx's proxy cache) keeps it for CDN_MAX_AGE seconds, while a browser asks each
time (304 from its ETag, the session's fingerprint). It is tagged with its session (`Surrogate-Key` and
`Cache-Tag`, as Fastly, Varnish's xkey and Cloudflare read them), so that when CDN_PURGE_URL is set, publishing,
unpublishing, marking final and every write that bumps the session's version (a correction) send one purge of
that tag, after the commit, from a Celery job with retries: a slow CDN never holds up a writer. Without a purge
URL a held page is at most CDN_MAX_AGE seconds old.
"""

from __future__ import annotations

import json
import logging
import urllib.request
from collections.abc import Sequence

from django.conf import settings
from django.db import transaction
from django.http import HttpResponse

log = logging.getLogger(__name__)
PURGE_TIMEOUT = 5.0  # seconds for one purge request; the job retries


def session_tag(session_id: int) -> str:
    """The tag every public page of a session carries, and that a purge names."""
    return f"bd-session-{session_id}"


def shared(response: HttpResponse, session_id: int) -> HttpResponse:
    """Let shared caches hold this anonymous reader's page for CDN_MAX_AGE seconds, tagged with its session."""
    max_age: int = settings.CDN_MAX_AGE
    if max_age <= 0:
        response["Cache-Control"] = "no-cache"  # the browser may keep it, and asks each time (a 304 if unchanged)
        return response
    response["Cache-Control"] = f"public, max-age=0, s-maxage={max_age}"
    response["Surrogate-Key"] = response["Cache-Tag"] = session_tag(session_id)
    return response


def purge_after_write(session_id: int) -> None:
    """The write path's hook (tournaments/apps.py), and the publishing services' last step: once the change
    commits, have the CDN drop the session's pages (nothing when no purge URL is configured)."""
    if not settings.CDN_PURGE_URL:
        return
    from tournaments.publishing.tasks import purge_cdn as task  # HEAVY: Celery, loaded by the first purge only

    tags = [session_tag(session_id)]
    transaction.on_commit(lambda: task.delay(tags))


def purge(tags: Sequence[str]) -> int:
    """POST `{"tags": [...]}` to CDN_PURGE_URL (with `Authorization: Bearer CDN_PURGE_TOKEN` when set), the
    shape of Cloudflare's purge-by-tag; a small adapter in front of another CDN takes the same. Raises on an
    answer other than 2xx, so the job retries. Returns the status."""
    headers = {"Content-Type": "application/json"}
    if settings.CDN_PURGE_TOKEN:
        headers["Authorization"] = f"Bearer {settings.CDN_PURGE_TOKEN}"
    body = json.dumps({"tags": list(tags)}).encode()
    request = urllib.request.Request(settings.CDN_PURGE_URL, data=body, headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=PURGE_TIMEOUT) as answer:
        status: int = answer.status
    log.info("CDN purge of %s: %s", ", ".join(tags), status)
    return status
