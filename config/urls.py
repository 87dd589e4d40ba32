"""Top-level URLs: the director's pages, login/logout, the admin."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("parties/", include("tournaments.urls_parties")),
    path("jobs/", include("tournaments.urls_jobs")),
    path("interchange/", include("tournaments.urls_interchange")),
    path("", include("tournaments.urls")),
]
