"""URLs of the simultaneous pages (mounted at /simultaneous/)."""

from django.urls import path

from tournaments.simultaneous import views

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
]
