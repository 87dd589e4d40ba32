"""Rate limits kept in Django's cache framework, so they hold across processes and machines.

A counter is one cache key per (limit, who, time window), created with `add` and counted with `incr`, both atomic
in a shared backend (Redis, the database cache): with four workers a table still gets its 120 posts a minute,
not 480. With the local-memory cache of a single process (the default) the counts are that process's only.

Three limits use it: a table link's posts (tableside API), unknown table tokens tried from one address, and
failed logins from one address across all accounts (password spray; django-axes already locks one account
from one address).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.signals import user_login_failed
from django.core.cache import caches
from django.core.exceptions import ValidationError
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils.translation import gettext as _

CACHE_ALIAS = "default"


@dataclass(frozen=True)
class Limit:
    """At most `count` events a `window` of seconds for one key."""

    name: str
    count: int
    window: int

    def _key(self, who: str, now: float | None = None) -> str:
        slot = int((now if now is not None else time.time()) // self.window)
        digest = hashlib.sha256(who.encode()).hexdigest()[:32]
        return f"bridgedesk:limit:{self.name}:{digest}:{slot}"

    def hit(self, who: str) -> bool:
        """Count one event for `who`; True when this one is over the limit."""
        cache = caches[CACHE_ALIAS]
        key = self._key(who)
        cache.add(key, 0, timeout=self.window * 2)
        try:
            return int(cache.incr(key)) > self.count
        except ValueError:  # the key expired between add and incr: this is the first event of a new window
            cache.add(key, 1, timeout=self.window * 2)
            return False

    def reached(self, who: str) -> bool:
        """True when `who` has used up the window's events (nothing is counted)."""
        value: Any = caches[CACHE_ALIAS].get(self._key(who), 0)
        return int(value or 0) >= self.count


TABLE_POSTS = Limit("table-posts", 120, 60)  # a table posts a few results a round; a runaway script stops here
TOKEN_GUESSES = Limit("token-guesses", 20, 60)  # unknown table tokens from one address
LOGIN_FAILURES = Limit("login-failures", 30, 15 * 60)  # wrong passwords from one address, all accounts together


def client_address(request: HttpRequest | None) -> str:
    return str(request.META.get("REMOTE_ADDR", "")) if request is not None else ""


class PasswordSprayGuard:
    """An authentication backend (before ModelBackend) that refuses every login from an address that has failed
    too often across accounts, with the reason on the login form (a ValidationError goes through `authenticate`
    to the form). It has no `get_user`, so it never becomes a session's backend (`force_login` skips it)."""

    def authenticate(self, request: HttpRequest | None, **credentials: Any) -> None:
        address = client_address(request)
        if address and LOGIN_FAILURES.reached(address):
            minutes = LOGIN_FAILURES.window // 60
            raise ValidationError(
                _("Too many failed logins from this address: wait %(minutes)s minutes and try again.")
                % {"minutes": minutes},
                code="spray",
            )
        return None


@receiver(user_login_failed)
def count_failed_login(
    sender: object, credentials: dict[str, Any], request: HttpRequest | None = None, **kw: Any
) -> None:
    address = client_address(request)
    if address:
        LOGIN_FAILURES.hit(address)
