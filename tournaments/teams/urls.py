"""URLs of the teams event pages (mounted at /teams/)."""

from django.urls import path

from tournaments.teams.views import archive, play, setup, table

app_name = "teams"
urlpatterns = [
    path("", setup.event_list, name="list"),
    path("new/", setup.event_new, name="new"),
    path("archived/", archive.events_archived, name="archived"),
    path("<int:pk>/", setup.event_detail, name="detail"),
    path("<int:pk>/archive/", archive.event_archive, name="archive"),
    path("<int:pk>/restore/", archive.event_restore, name="restore"),
    path("<int:pk>/teams/", setup.team_add, name="team_add"),
    path("<int:pk>/draw/", setup.draw, name="draw"),
    path("<int:pk>/add-round/", setup.add_round, name="add_round"),
    path("<int:pk>/status/", setup.event_status, name="status"),
    path("<int:pk>/tie-breaks/", setup.tie_breaks, name="tie_breaks"),
    path("<int:pk>/penalty/", setup.penalty, name="penalty"),
    path("<int:pk>/round/<int:number>/", play.round_draw, name="round"),
    path("<int:pk>/match/<int:match_id>/", play.match_entry, name="match"),
    path("<int:pk>/match/<int:match_id>/lineup/", play.match_lineup, name="lineup"),
    path("<int:pk>/match/<int:match_id>/knockout/", play.knockout_terms, name="knockout_terms"),
    path("<int:pk>/match/<int:match_id>/knockout/earlier/", play.knockout_carry, name="knockout_carry"),
    path("<int:pk>/round/<int:number>/links/", table.round_links, name="links"),
    path("t/<str:token>/", table.table_page, name="table"),
    path("<int:pk>/standings/", play.standings, name="standings"),
    path("<int:pk>/print/", play.print_papers, name="print"),
]
