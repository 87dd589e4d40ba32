"""The home page: the published results for anonymous visitors, the director's start page behind the login;
static files come through whitenoise."""

import pytest
from django.template.loader import render_to_string
from django.utils import timezone

from tournaments.sessions.views.home import greeting

pytestmark = pytest.mark.django_db


def test_anonymous_visitors_are_sent_to_the_published_results(client):
    response = client.get("/")
    assert response.status_code == 302 and response["Location"] == "/results/"
    assert client.get("/sessions/new/")["Location"].startswith("/accounts/login/")


def test_login_page_renders(client):
    response = client.get("/accounts/login/")
    assert response.status_code == 200
    assert b"Log in" in response.content


def test_director_logs_in_and_sees_home(client, director):
    response = client.post("/accounts/login/", {"username": "director", "password": "bridge-director-pw"}, follow=True)
    assert response.status_code == 200
    expected = greeting(timezone.localtime().hour)
    assert f"<h1>{expected}, director</h1>" in response.content.decode()


@pytest.mark.parametrize(
    ("hour", "words"),
    [
        (5, "Good morning"),
        (11, "Good morning"),
        (12, "Good afternoon"),
        (17, "Good afternoon"),
        (18, "Good evening"),
        (23, "Good evening"),
        (2, "Good evening"),
    ],
)
def test_the_greeting_follows_the_time_of_day(hour, words):
    assert greeting(hour) == words


def test_admin_is_there_for_the_director(director_client):
    assert director_client.get("/admin/").status_code == 200


def test_static_css_is_served_by_whitenoise(live_server):
    import urllib.request

    with urllib.request.urlopen(f"{live_server.url}/static/css/bridgedesk.css") as response:
        assert response.status == 200
        assert b"--green" in response.read()


def test_unknown_page_is_a_404_not_a_500(director_client):
    assert director_client.get("/no-such-page/").status_code == 404


def test_a_missing_page_is_a_styled_404_and_the_500_page_says_nothing_was_lost(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "There is nothing here" in page and "bridgedesk.css" in page and "favicon.svg" in page
    assert "nothing was half-saved" in render_to_string("500.html")
