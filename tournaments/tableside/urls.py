"""The table page (/t/<token>/) and the director's live panel (/live/<session>/)."""

from django.urls import path

from tournaments.tableside import offline, screen, streams, views

app_name = "tableside"
urlpatterns = [
    path("t/sw.js", offline.service_worker, name="service_worker"),
    path("t/<str:token>/", views.table_page, name="table"),
    path("t/<str:token>/events/", streams.table_events, name="table_events"),
    path("t/<str:token>/manifest.webmanifest", offline.manifest, name="manifest"),
    path("live/<int:pk>/", views.live_panel, name="panel"),
    path("live/<int:pk>/events/", streams.panel_events, name="panel_events"),
    path("live/<int:pk>/cards/", views.link_cards, name="cards"),
    path("live/<int:pk>/action/", views.panel_action, name="action"),
    path("live/<int:pk>/screen/", screen.session_screen, name="screen"),
    path("screen/<str:token>/", screen.screen_by_link, name="screen_link"),
    path("screen/<str:token>/events/", streams.screen_events, name="screen_events"),
]
