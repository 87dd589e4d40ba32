"""A job goes through the real broker to a real worker process and its result comes back."""

import os

import pytest
from django.conf import settings

from tournaments.tasks import ping

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_job_round_trip_through_the_broker(celery_worker_process):
    result = ping.delay("hello from the test")
    answer = result.get(timeout=60)
    assert answer["echo"] == "hello from the test"
    assert answer["worker_pid"] == celery_worker_process.pid
    assert answer["worker_pid"] != os.getpid()


def test_broker_in_use_is_the_configured_one():
    from config import celery_app

    assert celery_app.conf.broker_url == settings.CELERY_BROKER_URL
