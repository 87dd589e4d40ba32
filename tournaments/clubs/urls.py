from django.urls import path

from tournaments.clubs import signup, views

app_name = "clubs"
urlpatterns = [
    path("choose/", views.choose, name="choose"),
    path("signup/", signup.signup, name="signup"),
]
