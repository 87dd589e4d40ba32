"""Who sees which language: the login's own choice, else the switch's cookie, else the browser's, else the club's.

French pages are shown by Django's own French words (its catalogue is complete: "Ce champ est obligatoire.")
and by the page's lang attribute, until the translation wave fills Bridgedesk's.
"""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.test import Client
from django.utils import translation

from tournaments.core import languages
from tournaments.core.models import LoginLanguage
from tournaments.printing import jobs, registry
from tournaments.printing.models import GeneratedFile

pytestmark = pytest.mark.django_db
REQUIRED_FR = "Ce champ est obligatoire."


def lang_of(page) -> str:
    html = page.content.decode()
    start = html.index('<html lang="') + len('<html lang="')
    return html[start : html.index('"', start)]


def test_an_anonymous_page_follows_the_browser_when_shipped_else_the_club(client):
    assert lang_of(client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="fr-BE,fr;q=0.9,en;q=0.5")) == "fr"
    assert lang_of(client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="ja,zh;q=0.8")) == "en-gb"  # none shipped
    assert lang_of(client.get("/accounts/login/")) == "en-gb"
    # English in any region is the club's English: a British club's dates for an American browser too.
    page = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="en-US")
    assert lang_of(page) == "en-gb" and page["Content-Language"] == "en-gb"
    assert "Accept-Language" in page["Vary"] and "Cookie" in page["Vary"]


def test_django_s_own_words_come_in_the_browser_s_language(client):
    page = client.post("/accounts/login/", {}, HTTP_ACCEPT_LANGUAGE="fr")
    assert REQUIRED_FR in page.content.decode()


def test_the_club_default_is_the_language_code_setting(client, settings):
    settings.LANGUAGE_CODE = "de"
    assert languages.club_default_language() == "de"
    assert lang_of(client.get("/accounts/login/")) == "de"


def test_every_page_has_the_switch_and_it_remembers_an_anonymous_choice_in_a_cookie(client, settings):
    page = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'action="/language/"' in page and 'name="language"' in page
    for code, name in settings.LANGUAGES:
        assert f'value="{code}"' in page and name in page
    assert "csrfmiddlewaretoken" not in page.split('action="/language/"')[1].split("</form>")[0]  # no CSRF cookie
    answer = client.post("/language/", {"language": "pl", "next": "/results/"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 302 and answer["Location"] == "/results/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "pl"
    assert lang_of(client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="fr")) == "pl"  # the switch beats the browser
    assert not LoginLanguage.objects.exists()


def test_the_switch_takes_only_a_post_and_only_a_shipped_language(client, settings):
    assert client.get("/language/?language=pl").status_code == 405
    client.post("/language/", {"language": "tlh", "next": "/"})
    assert (
        settings.LANGUAGE_COOKIE_NAME not in client.cookies or not client.cookies[settings.LANGUAGE_COOKIE_NAME].value
    )


def test_a_login_s_choice_is_kept_and_follows_it_to_another_device(client, director, settings):
    client.force_login(director)
    assert client.post("/language/", {"language": "pl", "next": "/"}).status_code == 302
    assert LoginLanguage.objects.get(user=director).language == "pl"
    other = Client(HTTP_ACCEPT_LANGUAGE="fr")  # another browser: no cookie, asking for French
    other.post("/accounts/login/", {"username": "director", "password": "bridge-director-pw"})
    assert lang_of(other.get("/accounts/login/")) == "pl"


def test_a_logged_in_switch_needs_the_csrf_token(director):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(director)
    assert strict.post("/language/", {"language": "de", "next": "/"}).status_code == 403
    page = strict.get("/").content.decode()
    form = page.split('action="/language/"')[1].split("</form>")[0]
    token = form.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    assert strict.post("/language/", {"language": "de", "next": "/", "csrfmiddlewaretoken": token}).status_code == 302
    assert LoginLanguage.objects.get(user=director).language == "de"


def test_numbers_use_the_language_s_decimal_mark_without_thousands_separators():
    template = Template("{{ pct|floatformat:2 }} {{ big }}")
    with translation.override("fr"):
        assert template.render(Context({"pct": 54.1666, "big": 12345})) == "54,17 12345"
    with translation.override("en-gb"):
        assert template.render(Context({"pct": 54.1666, "big": 12345})) == "54.17 12345"


def test_the_paper_follows_the_club_s_country(settings, director):
    assert languages.default_paper("en-gb") == "a4" and languages.default_paper("fr") == "a4"
    assert languages.default_paper("en-us") == "letter" and languages.default_paper("fr-ca") == "letter"
    settings.LANGUAGE_CODE = "en-us"
    from tests.tournaments.services.factories import make_session
    from tournaments.clubs.models import Club

    session = make_session()
    job = jobs.start_job(owner=director, session=session, kind="standings", enqueue=False)
    assert job.params["paper"] == "a4"  # the session's club's own paper, whatever the server's language
    club = Club.objects.get(pk=session.event.tenant_id)
    club.paper = "letter"  # a club in the US
    club.save()
    job = jobs.start_job(owner=director, session=session, kind="standings", enqueue=False)
    assert job.params["paper"] == "letter"


def test_a_job_is_made_in_the_language_of_the_request_that_queued_it(director, monkeypatch):
    from tests.tournaments.services.factories import make_session

    session = make_session()
    seen: list[str] = []

    def render(kind, owner, paper, progress):
        seen.append(translation.get_language())
        return "x.txt", "text/plain", translation.gettext("This field is required.").encode()

    spec = registry.KINDS["standings"]
    monkeypatch.setitem(
        registry.KINDS, "standings", registry.JobKind("standings", spec.title, "session", spec.load, render)
    )
    with translation.override("fr"):
        job = jobs.start_job(owner=director, session=session, kind="standings", enqueue=False)
    assert job.params["language"] == "fr"
    with translation.override("en-gb"):  # the worker's own language is the club's
        done = jobs.run_job(job.pk)
    assert seen == ["fr"] and done is not None and done.status == GeneratedFile.Status.DONE
    assert done.file.read().decode() == REQUIRED_FR


def test_the_javascript_catalogue_is_served_per_language_and_cached(client):
    french = client.get("/jsi18n/?l=fr", HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 200 and "javascript" in french["Content-Type"]
    assert '"DECIMAL_SEPARATOR": ","' in french.content.decode()
    assert "max-age" in french["Cache-Control"]
    english = client.get("/jsi18n/?l=en-gb")
    assert '"DECIMAL_SEPARATOR": "."' in english.content.decode()


def test_a_public_page_is_cached_per_language(client):
    from tournaments.publishing.cache import page_key

    with translation.override("fr"):
        french = page_key("/results/1/", "state")
    with translation.override("pl"):
        polish = page_key("/results/1/", "state")
    assert french != polish


def test_a_director_sets_a_member_s_e_mail_language(director_client):
    from tournaments.audit.models import AuditEntry
    from tournaments.sessions.models import Member

    member = Member.objects.create(name="Zofia Nowak", email="zofia@example.org")
    page = director_client.get(f"/members/{member.pk}/").content.decode()
    assert 'name="language"' in page and "Polski" in page
    data = {"name": "Zofia Nowak", "national_id": "", "email": "zofia@example.org", "active": "on", "language": "pl"}
    assert director_client.post(f"/members/{member.pk}/", data).status_code == 302
    member.refresh_from_db()
    assert member.language == "pl" and languages.member_language(member) == "pl"
    assert AuditEntry.objects.filter(new__language="pl").exists()
    assert director_client.post(f"/members/{member.pk}/", {**data, "language": "tlh"}).status_code == 200
    member.language = ""
    assert languages.member_language(member) == "en-gb"  # the club's


def test_a_figure_made_by_scoring_reads_with_the_language_s_decimal_mark():
    template = Template("{{ pct|decimal }} {{ imps|decimal }} {{ name|decimal }} {{ board|decimal }}")
    context = {"pct": "61.56%", "imps": "-1.5", "name": "Mr. 1.5", "board": 12}
    with translation.override("fr"):
        assert template.render(Context(context)) == "61,56% -1,5 Mr. 1.5 12"
    with translation.override("en-gb"):
        assert template.render(Context(context)) == "61.56% -1.5 Mr. 1.5 12"
