"""URLs of the interchange pages (mounted at /interchange/)."""

from django.urls import path

from tournaments.interchange import views as interchange

app_name = "interchange"
urlpatterns = [
    path("import/", interchange.upload, name="upload"),
    path("sessions/<int:pk>/usebio/", interchange.download_usebio, name="usebio"),
    path("sessions/<int:pk>/masterpoints/", interchange.download_masterpoints, name="masterpoints"),
    path("teams/<int:pk>/usebio/", interchange.download_usebio_teams, name="teams_usebio"),
    path("sessions/<int:pk>/pbn/", interchange.download_pbn, name="pbn"),
    path("sessions/<int:pk>/deals/", interchange.load_deals, name="deals"),
    path("sessions/<int:pk>/conventions/", interchange.conventions, name="conventions"),
    path("sessions/<int:pk>/published/", interchange.published, name="published"),
]
