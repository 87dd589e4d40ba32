"""WSGI entry point (gunicorn config.wsgi)."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# Everything loaded so far (Django, the URLconf, settings) lives as long as the process: move it out of the
# collector's generations, so full collections on the hot paths walk only what requests create (the p95
# spikes of issue 16 were full collections). A larger first threshold makes them rarer still.
gc.freeze()
gc.set_threshold(50_000, 20, 20)
