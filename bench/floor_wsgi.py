"""gunicorn entry point for the benches that load a server (`bench.floor_wsgi:application`): the project's
WSGI application (config/wsgi.py, warmed as in production) plus the floor, a bare Django view through the same
middleware at /bench-floor/ (bench_ratios._floor_urlconf), so a bench can give each page as a multiple of the
floor measured under the same load in the same run."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ratios import _floor_urlconf
from django.urls import reverse

from config.wsgi import application

_floor_urlconf()
reverse("login")  # the new URLconf's maps filled before the fork, as config/wsgi.py does for its own
__all__ = ["application"]
