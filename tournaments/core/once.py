"""Build a cached value once per key, however many readers ask at once, in whichever process.

Everything kept in Django's cache (settings.CACHES: local memory on a laptop, Redis on servers) is keyed on the
section versions it was built from, so a write makes a new key and every page's readers find it missing at the
same moment. The first to ask builds it; the others wait a moment for that one (or are served the previous
version, marked stale, where the caller keeps one): a correction is rebuilt once, not once per reader per
process. A builder that dies leaves its claim to expire, and then anyone builds.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache

T = TypeVar("T")
CLAIM_SECONDS = 30  # longer than any build; a dead builder's claim lapses after it
POLL_SECONDS = 0.02


def get_or_build(
    key: str,
    build: Callable[[], T],
    *,
    ttl: int,
    stale_key: str | None = None,
    wait: float = 10.0,
    leave_to_builder: bool = False,
) -> tuple[T, bool]:
    """(value, stale): the value at `key`, built by one caller only. With `stale_key`, a caller that finds
    someone else building is answered at once with the last value stored there (stale=True), when there is
    one; otherwise it waits up to `wait` seconds for the builder, then builds itself. With `leave_to_builder`
    (a background job has been asked to build it), a caller that has a previous value is answered with it
    without even trying to build: nobody waits for a rebuild."""
    found = cache.get(key)
    if found is not None:
        return found, False
    if leave_to_builder and stale_key is not None:
        previous = cache.get(stale_key)
        if previous is not None:
            return previous, True
    claim, mine = f"{key}:building", uuid.uuid4().hex
    if not cache.add(claim, mine, timeout=CLAIM_SECONDS):
        if stale_key is not None:
            previous = cache.get(stale_key)
            if previous is not None:
                return previous, True
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            time.sleep(POLL_SECONDS)
            found = cache.get(key)
            if found is not None:
                return found, False
    try:
        value = build()
        if value is not None:  # None is not kept (the caller's way to say "nothing to keep")
            cache.set(key, value, ttl)
            if stale_key is not None:
                cache.set(stale_key, value, ttl)
    finally:
        if cache.get(claim) == mine:  # after a long wait the claim may be another builder's by now
            cache.delete(claim)
    return value, False
