"""Top-level URLs: the director's pages, login/logout, the admin, and each domain's own URLconf."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("parties/", include("tournaments.parties.urls", namespace="parties")),
    path("teams/", include("tournaments.teams.urls", namespace="teams")),
    path("simultaneous/", include("tournaments.simultaneous.urls", namespace="simultaneous")),
    path("jobs/", include("tournaments.printing.urls", namespace="jobs")),
    path("interchange/", include("tournaments.interchange.urls", namespace="interchange")),
    path("results/", include("tournaments.publishing.urls", namespace="publishing")),
    path("api/", include(("tournaments.tableside.api_urls", "ninja"), namespace="api")),
    path("", include("tournaments.tableside.urls", namespace="tableside")),
    path("", include("tournaments.sessions.urls")),
]
