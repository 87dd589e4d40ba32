"""Public results (mounted at /results/) and the director's publish action."""

from django.urls import path

from tournaments.publishing import competitions, federations, views

app_name = "publishing"
urlpatterns = [
    path("", views.results_index, name="index"),
    path("<int:pk>/", views.public_standings, name="standings"),
    path("<int:pk>/boards/", views.public_boards, name="boards"),
    path("<int:pk>/boards/<int:number>/", views.public_board, name="board"),
    path("<int:pk>/pairs/<int:entry_id>/", views.public_scorecard, name="scorecard"),
    path("<int:pk>/publish/", views.publish_action, name="publish"),
    path("<int:pk>/email/", views.email_action, name="email"),
    path("<int:pk>/email/report/", views.email_report, name="email_report"),
    path("competitions/<int:competition_id>/", competitions.public_competition, name="competition"),
    path("federation/<slug:slug>/", federations.federation_results, name="federation"),
    path("mail/", views.mail_settings, name="mail"),
    path("me/", views.player_me, name="player_me"),
    path("player/<str:token>/", views.player_link, name="player"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("members/<int:member_id>/revoke-links/", views.revoke_member_links, name="revoke_links"),
]
