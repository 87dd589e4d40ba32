"""A logged-in director who opens a public page of a session that is not published sees that it is not, with
the button that publishes it; everyone else still gets the public "nothing here"."""

import pytest
from django.test import Client

from tests.tournaments.publishing.test_publishing import played, public_urls  # noqa: F401  (the fixture)
from tournaments.publishing import services
from tournaments.publishing.models import Publication

pytestmark = pytest.mark.django_db


def test_a_director_is_offered_the_publish_button(director_client, played):  # noqa: F811
    for url in public_urls(played):
        page = director_client.get(url)
        assert page.status_code == 404
        html = page.content.decode()
        assert "These results are not published" in html and 'id="publish-now"' in html
        assert f'action="/results/{played.session_id}/publish/"' in html
        anonymous = Client().get(url)
        assert anonymous.status_code == 404 and "publish-now" not in anonymous.content.decode()
    published = director_client.post(f"/results/{played.session_id}/publish/", {"action": "publish"})
    assert published.status_code == 302 and Publication.objects.get(session=played.session).is_public
    assert director_client.get(public_urls(played)[0]).status_code == 200


def test_taken_down_results_say_so_to_the_director(director_client, played):  # noqa: F811
    services.publish(actor=None, session=played.session)
    services.unpublish(actor=None, session=played.session)
    html = director_client.get(public_urls(played)[0]).content.decode()
    assert "they were taken off the public pages" in html


def test_a_missing_pair_on_a_published_session_is_still_not_found(director_client, played):  # noqa: F811
    services.publish(actor=None, session=played.session)
    page = director_client.get(f"/results/{played.session_id}/pairs/999999/")
    assert page.status_code == 404 and "publish-now" not in page.content.decode()
