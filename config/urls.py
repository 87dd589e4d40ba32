"""Top-level URLs: the director's pages, login/logout, the admin."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournaments.core import admin_moved, health, language_views, metrics
from tournaments.tableside.api import api

# Plain Django includes: every URLconf and view loads when a web process starts (gunicorn --preload loads them
# once, before the workers fork). What keeps that cheap is that heavy libraries (ReportLab, endplay, numpy,
# Celery, lxml) are imported where they are used, not by views (tests/test_layers.py, HEAVY).
# Any uncaught exception: a 503 with a retry while the database is away, else the 500 page (core/edges.py).
handler500 = "tournaments.core.edges.server_error"

urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # The admin's addresses from before the apps (everything was `tournaments`): 301 to the model's own app.
    path("admin/tournaments/", admin_moved.moved),
    path("admin/tournaments/<str:model_name>/", admin_moved.moved),
    path("admin/tournaments/<str:model_name>/<path:rest>", admin_moved.moved),
    path("admin/", admin.site.urls),
    # Languages: the switch on every page (POST) and the JavaScript catalogue (static/js/*.js's strings).
    path("language/", language_views.switch_language, name="set_language"),
    path("jsi18n/", language_views.javascript_catalog, name="javascript-catalog"),
    # Operations: liveness, readiness (database, cache, broker) and Prometheus metrics (behind METRICS_TOKEN).
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("metrics", metrics.metrics, name="metrics"),
    path("clubs/", include("tournaments.clubs.urls")),
    path("parties/", include("tournaments.parties.urls")),
    path("teams/", include("tournaments.teams.urls")),
    path("simultaneous/", include("tournaments.simultaneous.urls")),
    path("jobs/", include("tournaments.printing.urls")),
    path("interchange/", include("tournaments.interchange.urls")),
    path("results/", include("tournaments.publishing.urls")),
    path("api/", api.urls),
    path("", include("tournaments.tableside.urls")),
    path("", include("tournaments.sessions.urls")),
]
