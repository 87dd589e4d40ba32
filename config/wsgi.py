"""WSGI entry point (`gunicorn config.wsgi --preload`, README): the application is loaded and warmed here, once.

With `--preload` gunicorn imports this module in its master process and forks the workers from it, so what is
loaded here is paid once, not by each worker's first request (bench/bench_cold_start.py --preload).
"""

import gc
import os

from django.core.wsgi import get_wsgi_application

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


_warm()
# Everything loaded so far (Django, the URLconf, settings) lives as long as the process: move it out of the
# collector's generations, so full collections on the hot paths walk only what requests create (the p95
# spikes of issue 16 were full collections), and a forked worker does not copy the pages a collection touches.
# A larger first threshold makes them rarer still.
gc.freeze()
gc.set_threshold(50_000, 20, 20)
