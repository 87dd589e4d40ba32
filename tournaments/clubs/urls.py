from django.urls import path

from tournaments.clubs import views

app_name = "clubs"
urlpatterns = [path("choose/", views.choose, name="choose")]
