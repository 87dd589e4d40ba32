"""The Celery application. Tasks live in tournaments/tasks.py and stay thin: ids in, services do the work."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("bridgedesk")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
