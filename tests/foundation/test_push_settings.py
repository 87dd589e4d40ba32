"""PUSH_URL is chosen from the environment like the cache: the laptop pushes within its one process, a server
through the Redis its cache uses; "" turns push off; anything else stops the start with a message."""

import pytest

from tests.foundation.test_cache_settings import _settings_with

_PUSH = "import config.settings as s; print(repr((s.PUSH_URL, s.PUSH_WATCH_SECONDS, s.PUSH_STREAM_SECONDS)))"


@pytest.mark.parametrize(
    ("env", "chosen"),
    [
        ({}, "('local://', 0.4, 300)"),
        ({"CELERY_BROKER_URL": "redis://127.0.0.1:6379/5"}, "('redis://127.0.0.1:6379/5', 0.4, 300)"),
        (
            {"CACHE_URL": "redis://10.0.0.2:6379/1", "PUSH_WATCH_SECONDS": "1.5"},
            "('redis://10.0.0.2:6379/1', 1.5, 300)",
        ),
        ({"PUSH_URL": "", "PUSH_STREAM_SECONDS": "60"}, "('', 0.4, 60)"),
    ],
)
def test_push_follows_the_cache_unless_named(env, chosen):
    done = _settings_with(env, _PUSH)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == chosen


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"PUSH_URL": "amqp://x"}, "PUSH_URL='amqp://x' has an unsupported scheme 'amqp'"),
        ({"PUSH_URL": "redis"}, "PUSH_URL='redis' has an unsupported scheme ''"),
        ({"PUSH_WATCH_SECONDS": "soon"}, "PUSH_WATCH_SECONDS='soon' is not a number of seconds."),
    ],
)
def test_a_push_setting_that_makes_no_sense_stops_the_start(env, message):
    done = _settings_with(env, _PUSH)
    assert done.returncode != 0 and message in done.stderr
