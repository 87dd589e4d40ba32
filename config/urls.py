"""Top-level URLs: the director's pages, login/logout, the admin."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from config.lazy_urls import lazy_include
from tournaments.core import health, metrics

# The namespaced domains' URLconfs (and so their views) are imported on the first request or link into them,
# not when a web process starts (config/lazy_urls.py): the table API's brings django-ninja, the interchange's
# the USEBIO and PBN code, and a page needs only its own.
# Any uncaught exception: a 503 with a retry while the database is away, else the 500 page (core/edges.py).
handler500 = "tournaments.core.edges.server_error"

urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    # Operations: liveness, readiness (database, cache, broker) and Prometheus metrics (behind METRICS_TOKEN).
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("metrics", metrics.metrics, name="metrics"),
    lazy_include("parties/", "tournaments.parties.urls", "parties", "parties"),
    lazy_include("teams/", "tournaments.teams.urls", "teams", "teams"),
    lazy_include("simultaneous/", "tournaments.simultaneous.urls", "simultaneous", "simultaneous"),
    lazy_include("jobs/", "tournaments.printing.urls", "jobs", "jobs"),
    lazy_include("interchange/", "tournaments.interchange.urls", "interchange", "interchange"),
    lazy_include("results/", "tournaments.publishing.urls", "publishing", "publishing"),
    lazy_include("api/", "tournaments.tableside.api_urls", "ninja", "api"),
    lazy_include("", "tournaments.tableside.urls", "tableside", "tableside"),
    path("", include("tournaments.sessions.urls")),
]
