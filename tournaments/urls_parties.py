"""URLs of the progressive party pages (mounted at /parties/)."""

from django.urls import path  # noqa: F401

app_name = "parties"
urlpatterns: list = []
