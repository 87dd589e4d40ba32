"""Limits that hold across processes (core/limits.py): table posts, unknown table tokens and password spray are
counted in Django's cache framework with atomic add/incr, so two processes sharing Redis share one count.

The cross-process test starts two real Python processes with CACHES pointed at Redis database 2 (this lane's)
and has each count events against one limit: together they are limited exactly once, as one process would be.
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
import redis
from django.core.cache import caches

from tests.tournaments.tableside.test_api import link, section  # noqa: F401 (fixtures)
from tournaments.core.limits import LOGIN_FAILURES, TOKEN_GUESSES

pytestmark = pytest.mark.django_db

REDIS_URL = "redis://127.0.0.1:6379/2"
ROOT = Path(__file__).resolve().parents[2]
CHILD = """
import sys
from django.conf import settings
settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": sys.argv[1]}}
import django
django.setup()
from tournaments.core.limits import Limit
limit = Limit(sys.argv[2], int(sys.argv[3]), 3600)
print(sum(limit.hit("the same table") for _ in range(int(sys.argv[4]))))
"""


@pytest.fixture(autouse=True)
def fresh_counts():
    caches["default"].clear()
    yield
    caches["default"].clear()


def test_two_processes_sharing_redis_share_one_count():
    store = redis.Redis.from_url(REDIS_URL)
    try:
        store.ping()
    except redis.ConnectionError:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("Redis is not running on 127.0.0.1:6379 (CI starts it)")
    name = f"test-{uuid.uuid4().hex[:12]}"
    env = os.environ | {"DJANGO_SETTINGS_MODULE": "config.test_settings", "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-c", CHILD, REDIS_URL, name, "20", "15"]
    try:
        children = [subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True) for _ in range(2)]
        over = [int(child.communicate(timeout=60)[0].strip()) for child in children]
        assert all(child.returncode == 0 for child in children)
        # 30 events against a limit of 20: 10 are over, whichever process counted them (alone, each sees 15 < 20).
        assert sum(over) == 10
    finally:
        for key in store.scan_iter(f"*bridgedesk:limit:{name}:*"):
            store.delete(key)


def test_unknown_tokens_from_one_address_are_limited(client, link):  # noqa: F811
    codes = [client.get(f"/api/table/guess{i:04d}/").status_code for i in range(TOKEN_GUESSES.count + 2)]
    assert codes[: TOKEN_GUESSES.count] == [404] * TOKEN_GUESSES.count and codes[-2:] == [429, 429]
    refused = client.get(f"/api/table/{link.token}/")  # even the right token, from that address, for the minute
    assert refused.status_code == 429 and "Too many unknown table links" in refused.json()["message"]
    assert client.get(f"/t/{link.token}/").status_code == 429
    assert client.get(f"/api/table/{link.token}/", REMOTE_ADDR="10.0.0.2").status_code == 200


def test_password_spray_across_accounts_is_refused(client, django_user_model):
    django_user_model.objects.create_user(username="real-member", password="the-right-pw-123")
    for i in range(LOGIN_FAILURES.count):
        response = client.post("/accounts/login/", {"username": f"member{i}", "password": "Summer2026!"})
        assert response.status_code == 200 and "correct username and password" in response.content.decode()
    refused = client.post("/accounts/login/", {"username": "real-member", "password": "the-right-pw-123"})
    assert refused.status_code == 200
    assert "Too many failed logins from this address: wait 15 minutes" in refused.content.decode()
    assert "_auth_user_id" not in client.session
    elsewhere = client.post(
        "/accounts/login/", {"username": "real-member", "password": "the-right-pw-123"}, REMOTE_ADDR="10.0.0.3"
    )
    assert elsewhere.status_code == 302
