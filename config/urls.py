"""Top-level URLs: the director's pages, login/logout, the admin."""

from typing import Any

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import URLResolver, include, path
from django.urls.resolvers import RoutePattern

from tournaments.core import admin_moved, health, language_views, metrics

# Plain Django includes: every URLconf and view loads when a web process starts (gunicorn --preload loads them
# once, before the workers fork). What keeps that cheap is that heavy libraries (ReportLab, endplay, numpy,
# Celery, lxml) are imported where they are used, not by views (tests/test_layers.py, HEAVY).
# One exception, the table API: django-ninja and pydantic cost a third of a start-up, so its URLconf is named
# by a string and imported on the first request under /api/ or reverse of an `api:` name (issue 24).
# A preloading server (config/wsgi.py, WEB_PRELOAD) still loads it before forking its workers.
# Any uncaught exception: a 503 with a retry while the database is away, else the 500 page (core/edges.py).
handler500 = "tournaments.core.edges.server_error"


class OnFirstUse(URLResolver):
    """A namespaced include whose URLconf module is imported when first needed, not when the maps are built.

    Django imports a URLconf named by a string only when its patterns are read, but building the parent's maps
    (the first reverse) reads every child's; this child joins them once it is loaded. Resolving a path under
    its prefix, or reversing one of its names, loads it: its namespace is known to the parent without it.
    """

    def _populate(self) -> None:
        if "urlconf_module" in self.__dict__:  # loaded: build its maps as any include would
            super()._populate()

    def _load(self) -> None:
        self.urlconf_module  # noqa: B018  (the cached property imports the module)

    @property
    def reverse_dict(self) -> Any:
        self._load()
        return super().reverse_dict

    @property
    def namespace_dict(self) -> Any:
        self._load()
        return super().namespace_dict

    @property
    def app_dict(self) -> Any:
        self._load()
        return super().app_dict


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
    OnFirstUse(RoutePattern("api/"), "tournaments.tableside.api_urls", app_name="ninja", namespace="api"),
    path("", include("tournaments.tableside.urls")),
    path("", include("tournaments.sessions.urls")),
]
