"""Settings for the test suite: the real settings, with a key so DEBUG may stay off as in production."""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-secret-key-not-for-production")

from .settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins in tests
STORAGES["staticfiles"] = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}  # noqa: F405
# Each test empties the cache (tests/conftest.py): never a shared Redis (that would flush the broker's data
# and other runs' keys). A test of the Redis cache names its own server.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Generated files of test runs in a folder of their own (a worker started by a test uses the same settings).
MEDIA_ROOT = DATA_DIR / "test-media"  # noqa: F405
# Push off: the pages poll as they did, and no test leaves a stream or a watcher thread behind. The tests of push
# (tests/tournaments/tableside/push/) turn it on with their own channel.
PUSH_URL = ""
# No worker runs the public pages' rebuild in tests: it runs in the writer's thread after the commit (eager).
PUBLIC_REBUILD_EAGER = True
