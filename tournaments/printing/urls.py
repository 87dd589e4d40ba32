"""URLs of the report jobs (mounted at /jobs/)."""

from django.urls import path

from tournaments.printing import views as jobs

app_name = "jobs"
urlpatterns = [
    path("", jobs.job_list, name="list"),
    path("<int:job_id>/", jobs.detail, name="detail"),
    path("<int:job_id>/row/", jobs.row, name="row"),
    path("<int:job_id>/status/", jobs.status, name="status"),
    path("<int:job_id>/download/", jobs.download, name="download"),
]
