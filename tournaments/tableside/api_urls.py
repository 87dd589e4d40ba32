"""The table API's URLconf, imported on the first `/api/` request (or reverse) rather than at start-up.

django-ninja and pydantic are a third of a new process's start-up (issue 24, cold start): config/urls.py points
at this module by name, and Django imports a resolver's URLconf named by a string only when a path under its
prefix is resolved or one of its names reversed. `gunicorn --preload` still loads it once in the master
(config/wsgi.py, WEB_PRELOAD), so its workers never pay it.
"""

from tournaments.tableside.api import api

urlpatterns, app_name, _namespace = api.urls
