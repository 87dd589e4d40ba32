"""The table API's URLs, a module of their own so that config/urls.py can name it by dotted path: Django then
imports django-ninja and pydantic (0.1 s) on the first API call or reversal, not when a web process starts."""

from tournaments.tableside.api import api

urlpatterns, app_name, _namespace = api.urls
