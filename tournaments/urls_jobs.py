"""URLs of the jobs pages."""

app_name = "jobs"
urlpatterns: list = []
