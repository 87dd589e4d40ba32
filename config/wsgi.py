"""WSGI entry point (`gunicorn config.wsgi --preload`, README): the application is loaded and warmed here, once.

With `--preload` gunicorn imports this module in its master process and forks the workers from it, so what is
loaded here is paid once, not by each worker's first request (bench/bench_cold_start.py --preload). The entry
point sets WEB_PRELOAD=1 for it, and the master then also loads what a plain process defers to its first use:
the table API (django-ninja and pydantic, a third of a start-up: config/urls.py) and WhiteNoise's index of the
static files (tournaments/core/static.py). A process that is not preloaded (`make run`, a worker started
without --preload) answers its first page without them (issue 24: under 0.5 s of CPU to the first response).
"""

import gc
import os

# Start-up allocates hundreds of thousands of long-lived objects (modules, classes, functions) and no garbage
# worth collecting: the collector's passes over them were a tenth of a cold start. It is switched back on below,
# once everything loaded so far is frozen out of its generations.
gc.disable()

from django.core.wsgi import get_wsgi_application  # noqa: E402  (after gc.disable, on purpose)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()


def _warm() -> None:
    """What every first request would otherwise do: import every URLconf and view and fill the resolvers'
    maps (Django does it on the first resolve or reverse), and compile the template every page extends (the
    cached loader keeps it while DEBUG is off). No database: a connection must not cross a fork."""
    from django.template.loader import get_template
    from django.urls import reverse

    reverse("login")
    get_template("base.html")


def _preload() -> None:
    """In a preloading master only: what a plain process loads on first use, loaded once for every worker."""
    from django.urls import reverse

    from tournaments.core.static import index_static_files

    reverse("api:openapi-json")  # imports the table API's URLconf (tournaments/tableside/api_urls.py)
    index_static_files()


_warm()
if os.environ.get("WEB_PRELOAD") == "1":
    _preload()
# Everything loaded so far (Django, the URLconf, settings) lives as long as the process: move it out of the
# collector's generations, so full collections on the hot paths walk only what requests create (the p95
# spikes of issue 16 were full collections), and a forked worker does not copy the pages a collection touches.
# A larger first threshold makes them rarer still.
gc.freeze()
gc.set_threshold(50_000, 20, 20)
gc.enable()
