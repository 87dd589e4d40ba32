"""After a write, the public pages of the new version are rebuilt by a job, so that no reader waits for them.

Before, the first reader of each page after a correction built it (every page scored the session again, a
tenth of a second to a second at 60 tables) while the others got the previous version. Now the writer, once its
change commits, marks the new fingerprint as queued (`cache.pending_key`, for PENDING_SECONDS) and queues
`bridgedesk.rebuild_public_pages`; until each page of the new version is stored, every reader, the first one
included, is served the previous version marked as updating (cache.py). The job runs on a Celery worker (on
the laptop, the one `manage.py start` runs on the file-system broker; in tests eager, PUBLIC_REBUILD_EAGER)
and builds the pages readers have asked for (`cache.read_pages`: path, host, language), one at a time, through
the full middleware stack as an anonymous reader, so each page is the bytes a reader would have built. One
builder at a time per page: the cache claim of core/once.py. If the job is late or lost (a stopped worker, a
broker down), the mark lapses and the readers build as before; a session nobody reads queues nothing.

The director who corrected reads the director's pages (logged in, never cached), so they see their change at
once (tests/tournaments/publishing/test_rebuild_job.py).
"""

from __future__ import annotations

import io
import logging
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.handlers.base import BaseHandler
from django.core.handlers.wsgi import WSGIRequest
from django.db import transaction
from django.urls import get_script_prefix, get_urlconf, set_script_prefix, set_urlconf
from django.utils import timezone, translation

from tournaments.publishing.cache import PENDING_SECONDS, REBUILD_MARK, Page, fingerprint, pending_key, read_pages

log = logging.getLogger(__name__)
_handler: BaseHandler | None = None


def rebuild_after_write(session_id: int) -> None:
    """The write path's hook (tournaments/apps.py) and the publishing services' last step: once the change
    commits, queue the rebuild of the session's public pages, when anyone reads them."""
    if read_pages(session_id):
        transaction.on_commit(lambda: queue_rebuild(session_id))


def queue_rebuild(session_id: int) -> None:
    """Mark the session's new fingerprint as being rebuilt and queue the job. A broker that refuses leaves no
    mark: the readers then build the pages themselves, as they would without the job."""
    state = fingerprint(session_id)
    if state is None:
        return
    from tournaments.publishing.tasks import rebuild_public_pages  # HEAVY: Celery, loaded by the first rebuild

    mark = pending_key(session_id, state)
    cache.set(mark, time.time(), PENDING_SECONDS)
    try:
        if settings.PUBLIC_REBUILD_EAGER:  # the tests: in this thread, now (Celery's eager apply)
            rebuild_public_pages.apply(args=(session_id, state))
        else:
            # No result kept: nobody waits for it, and a kept result costs the sender the result backend's
            # subscription to the task's channel (Celery's on_task_call), a round trip and a connection each.
            rebuild_public_pages.apply_async((session_id, state), ignore_result=True)
    except Exception:  # whatever the broker raises, the readers build instead
        cache.delete(mark)
        log.exception("could not queue the rebuild of session %s's public pages", session_id)


def rebuild(session_id: int, state: str) -> int:
    """Build the session's read pages at `state` (the job); nothing if a newer write has queued its own.
    Returns how many pages were answered (built now or found built)."""
    answered = 0
    try:
        for page in read_pages(session_id):
            if fingerprint(session_id) != state:
                break  # a newer write happened: its own job builds the newer version
            answered += _get(page) == 200
    finally:
        cache.delete(pending_key(session_id, state))  # pages not built now are built by their readers
    return answered


def _get(page: Page) -> int:
    """Request one page through the whole middleware stack as an anonymous reader in its language, marked as
    the job's (so the page is built, never served stale); returns the status. The thread's URLconf, script
    prefix and language are put back (an eager job runs in the writer's request)."""
    global _handler
    if _handler is None:
        _handler = BaseHandler()
        _handler.load_middleware()
    path, query, host, language, https = page
    name, _, port = host.partition(":")
    environ: dict[str, Any] = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SCRIPT_NAME": "",
        "SERVER_NAME": name,
        "SERVER_PORT": port or ("443" if https else "80"),
        "HTTP_HOST": host,
        "HTTP_ACCEPT_LANGUAGE": language,
        "HTTP_COOKIE": f"{settings.LANGUAGE_COOKIE_NAME}={language}",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.url_scheme": "https" if https else "http",
        REBUILD_MARK: True,
    }
    if https and settings.SECURE_PROXY_SSL_HEADER:
        header, value = settings.SECURE_PROXY_SSL_HEADER
        environ[header] = value
    urlconf, prefix, active = get_urlconf(), get_script_prefix(), translation.get_language()
    zone = timezone.get_current_timezone() if timezone.get_current_timezone_name() != settings.TIME_ZONE else None
    try:
        response = _handler.get_response(WSGIRequest(environ))
        response.close()
        return response.status_code
    finally:
        set_urlconf(urlconf)
        set_script_prefix(prefix)
        translation.activate(active) if active else translation.deactivate()
        timezone.activate(zone) if zone is not None else timezone.deactivate()
