"""The table API's URLs (django-ninja's), included by config/urls.py under the `api` namespace."""

from tournaments.tableside.api import api

urlpatterns, app_name, _namespace = api.urls
