from django.urls import path

from tournaments.sessions.views import archive, entry, events, home, individuals, printing, results, rulings, sessions

urlpatterns = [
    path("", home.home, name="home"),
    path("members/", sessions.members, name="members"),
    path("members/<int:member_id>/", sessions.member_edit, name="member_edit"),
    path("sessions/new/", sessions.session_new, name="session_new"),
    path("sessions/archived/", archive.sessions_archived, name="sessions_archived"),
    path("sessions/<int:pk>/archive/", archive.session_archive, name="session_archive"),
    path("sessions/<int:pk>/restore/", archive.session_restore, name="session_restore"),
    path("events/<int:pk>/archive/", archive.event_archive, name="event_archive"),
    path("events/<int:pk>/", events.event_detail, name="event_detail"),
    path("events/<int:pk>/carry-over/", events.event_carry_over, name="event_carry_over"),
    path("sessions/<int:pk>/", sessions.session_detail, name="session_detail"),
    path("sessions/<int:pk>/status/", sessions.session_status, name="session_status"),
    path("sessions/<int:pk>/entries/", sessions.session_entries, name="session_entries"),
    path("sessions/<int:pk>/entries/late/", sessions.late_pair, name="late_pair"),
    path("sessions/<int:pk>/players/", individuals.individual_players, name="individual_players"),
    path("sessions/<int:pk>/<str:letter>/players/", individuals.individual_names, name="individual_names"),
    path("sessions/<int:pk>/<str:letter>/traveller/", entry.traveller_index, name="traveller_index"),
    path("sessions/<int:pk>/<str:letter>/traveller/<int:board>/", entry.traveller_entry, name="traveller_entry"),
    path(
        "sessions/<int:pk>/<str:letter>/traveller/<int:board>/preview/",
        entry.traveller_preview,
        name="traveller_preview",
    ),
    path("sessions/<int:pk>/<str:letter>/pickup/", entry.pickup_index, name="pickup_index"),
    path(
        "sessions/<int:pk>/<str:letter>/pickup/<int:round_number>/<int:table>/",
        entry.pickup_entry,
        name="pickup_entry",
    ),
    path(
        "sessions/<int:pk>/<str:letter>/pickup/<int:round_number>/<int:table>/preview/",
        entry.pickup_preview,
        name="pickup_preview",
    ),
    path("sessions/<int:pk>/standings/", results.standings, name="standings"),
    path("sessions/<int:pk>/travellers/", results.travellers, name="travellers"),
    path("sessions/<int:pk>/scorecards/", results.scorecards, name="scorecards"),
    path("sessions/<int:pk>/scorecards/<int:entry_id>/", results.scorecard, name="scorecard"),
    path("sessions/<int:pk>/rulings/", rulings.rulings, name="rulings"),
    path("sessions/<int:pk>/rulings/<int:ruling_id>/withdraw/", rulings.ruling_withdraw, name="ruling_withdraw"),
    path("sessions/<int:pk>/audit/", rulings.audit_log, name="audit_log"),
    path("sessions/<int:pk>/print/", printing.print_panel, name="print_panel"),
    path("sessions/<int:pk>/print/start/", printing.print_start, name="print_start"),
]
