"""Clubs sign up (issue 30): off by default; when allowed, a public page makes the club and its director's
login, tells the service's administrators by a real e-mail, refuses bad input at its field (never a 500, over
any input) and stops an address after a few tries (the shared cache's rate limit)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tournaments.audit.actions import AuditAction
from tournaments.audit.models import AuditEntry
from tournaments.clubs.models import Club, ClubRole
from tournaments.clubs.signup import SIGNUPS

pytestmark = pytest.mark.django_db
GOOD = {
    "slug": "riverside",
    "name": "Riverside Bridge Club",
    "language": "fr",
    "time_zone": "Europe/Paris",
    "username": "marie",
    "email": "marie@riverside.example",
    "password": "a-long-pass-phrase-42",
}


@pytest.fixture
def allowed(settings):
    settings.CLUB_SIGNUP = True
    settings.CLUB_SIGNUP_NOTIFY = ["ops@service.example"]
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    cache.clear()  # the rate limit's counters
    yield settings
    cache.clear()


def test_off_by_default(client, settings):
    assert settings.CLUB_SIGNUP is False
    assert client.get("/clubs/signup/").status_code == 404
    assert client.post("/clubs/signup/", GOOD).status_code == 404
    assert not Club.objects.filter(slug="riverside").exists()


def test_a_club_signs_up_its_director_works_in_it_and_the_administrators_are_told(
    client, allowed, django_capture_on_commit_callbacks
):
    page = client.get("/clubs/signup/")
    assert page.status_code == 200 and 'name="slug"' in page.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/clubs/signup/", GOOD)
    assert response.status_code == 302 and response["Location"] == "/c/riverside/"
    club = Club.objects.get(slug="riverside")
    assert (club.name, club.language, club.time_zone) == ("Riverside Bridge Club", "fr", "Europe/Paris")
    user = get_user_model().objects.get(username="marie")
    assert user.check_password(GOOD["password"]) and not user.is_superuser
    assert list(ClubRole.objects.filter(user=user).values_list("club__slug", "role")) == [("riverside", "director")]
    (made,) = AuditEntry.objects.filter(action=AuditAction.CLUB_CREATE)  # who made it, how, and what it is
    assert (made.actor_id, made.target_type, made.target_id) == (user.pk, "club", club.pk)
    assert made.new["slug"] == "riverside" and "sign-up" in made.why
    (told,) = mail.outbox
    assert told.to == ["ops@service.example"] and "riverside" in told.subject and "marie" in told.body
    home = client.get("/c/riverside/")  # signed in: the club's own pages, as its director
    assert home.status_code == 200
    assert client.get("/c/riverside/sessions/new/").status_code in (200, 302)


def test_bad_input_is_refused_at_its_field_and_nothing_is_made(client, allowed):
    Club.objects.create(slug="taken", name="Taken")
    for field, value in (("slug", "taken"), ("slug", "Not A Slug!"), ("time_zone", "Mars/Olympus"), ("password", "1")):
        response = client.post("/clubs/signup/", {**GOOD, field: value})
        assert response.status_code == 400, (field, value)
        assert response.context["form"].errors[field], (field, value)
    assert not get_user_model().objects.filter(username="marie").exists() and mail.outbox == []
    assert not AuditEntry.objects.filter(action=AuditAction.CLUB_CREATE).exists()


def test_an_address_is_stopped_after_a_few_tries(client, allowed):
    for _ in range(SIGNUPS.count):
        assert client.post("/clubs/signup/", {**GOOD, "slug": "Bad!"}).status_code == 400
    stopped = client.post("/clubs/signup/", GOOD)
    assert stopped.status_code == 429 and not Club.objects.filter(slug="riverside").exists()


text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=80)


@hypothesis_settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=st.fixed_dictionaries({k: st.one_of(text, st.just(v)) for k, v in GOOD.items()}))
def test_any_form_never_gives_a_server_error(client, allowed, form):
    cache.clear()
    response = client.post("/clubs/signup/", form)
    assert response.status_code in (302, 400)
    if response.status_code == 302:
        assert Club.objects.filter(slug=form["slug"].strip().lower()).exists()
        Club.objects.filter(slug=form["slug"].strip().lower()).delete()
        get_user_model().objects.filter(username=form["username"].strip()).delete()
