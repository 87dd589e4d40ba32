"""URLs of the progressive party pages (mounted at /parties/)."""

from django.urls import path

from tournaments.parties.views import archive, live, play, results, screen, setup

app_name = "parties"
urlpatterns = [
    path("", setup.party_list, name="list"),
    path("new/", setup.party_new, name="new"),
    path("archived/", archive.parties_archived, name="archived"),
    path("<int:pk>/", play.party_detail, name="detail"),
    path("<int:pk>/archive/", archive.party_archive, name="archive"),
    path("<int:pk>/restore/", archive.party_restore, name="restore"),
    path("<int:pk>/rules/", setup.party_rules, name="rules"),
    path("<int:pk>/guests/", setup.party_guests, name="guests"),
    path("<int:pk>/tally-cards/", setup.party_start, name="start"),
    path("<int:pk>/round/<int:number>/", play.party_round, name="round"),
    path("<int:pk>/round/<int:number>/table/<int:table_no>/", play.party_table, name="table"),
    path("<int:pk>/events/", live.party_events, name="events"),
    path("<int:pk>/links/", live.party_table_links, name="table_links"),
    path("<int:pk>/progression/", play.party_progress, name="progress"),
    path("<int:pk>/finish/", play.party_finish, name="finish"),
    path("<int:pk>/reopen/", play.party_reopen, name="reopen"),
    path("<int:pk>/screen/", screen.party_screen, name="screen"),
    path("<int:pk>/screen/link/", screen.party_screen_links, name="screen_links"),
    path("<int:pk>/screen/link/action/", screen.party_screen_link_action, name="screen_link_action"),
    path("screen/<str:token>/", screen.party_screen_by_link, name="screen_link"),
    path("screen/<str:token>/events/", live.party_screen_events, name="screen_link_events"),
    path("<int:pk>/tallies/", results.party_standings, name="standings"),
    path("<int:pk>/print/", results.party_print, name="print"),
    path("<int:pk>/print/<slug:kind>.pdf", results.party_pdf, name="pdf"),
    path("<int:pk>/print/job/<int:job_id>/", results.party_print_job, name="print_job"),
]
