"""URLs of the simultaneous pages (mounted at /simultaneous/)."""

from django.urls import path

from tournaments.simultaneous import federation_views, views

app_name = "simultaneous"
urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.new, name="new"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/import/", views.import_files, name="import"),
    path("<int:pk>/add-session/", views.add_session, name="add_session"),
    path("<int:pk>/standings/", views.standings, name="standings"),
    path("<int:pk>/print/", views.print_paper, name="print"),
    path("<int:pk>/clubs/<int:session_id>/", views.club, name="club"),
    path("<int:pk>/boards/<int:board>/", views.board, name="board"),
    path("<int:pk>/results/<int:result_id>/", views.correct, name="correct"),
    path("federation/<int:pk>/", federation_views.field, name="federation_field"),
    path("federation/<int:pk>/print/", federation_views.print_paper, name="federation_print"),
    path("federation/<int:pk>/join/", federation_views.join, name="federation_join"),
    path("federation/<int:pk>/set-up/", federation_views.set_up, name="federation_set_up"),
    path("federation/start/<slug:slug>/", federation_views.start, name="federation_start"),
]
