"""Top-level URLs: the director's pages, login/logout, the admin."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from config.lazy_urls import lazy_include

urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("parties/", include("tournaments.parties.urls")),
    path("jobs/", include("tournaments.printing.urls")),
    path("interchange/", include("tournaments.interchange.urls")),
    path("results/", include("tournaments.publishing.urls")),
    # django-ninja loads on the first API call or reversal, not when a web process starts (config/lazy_urls.py)
    lazy_include("api/", "tournaments.tableside.api_urls", "ninja", "api"),
    path("", include("tournaments.tableside.urls")),
    path("", include("tournaments.sessions.urls")),
]
