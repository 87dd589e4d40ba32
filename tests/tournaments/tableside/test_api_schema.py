"""The table API against its own OpenAPI schema (schemathesis): generated calls, valid and not, to every
operation, with a real table token half the time; every answer must be a status the schema documents, with the
documented body, and never a server error. One check is left out: "schema-valid data is accepted" cannot hold
for a result, since the schema cannot say which boards a table plays or which contracts exist (422 with the
reason, as documented). Bounded (a few dozen examples an operation) to stay under a minute.

Also the edges the issue names: a form-encoded or multipart body is 415 (it was a 500, RawPostDataException), and
a body that is not JSON is 422 with a message.
"""

from __future__ import annotations

import json

import pytest
import schemathesis
from django.core.cache import caches
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tests.tournaments.tableside.test_api import link, section  # noqa: F401 (fixtures)
from tournaments.sessions.models import Result

pytestmark = pytest.mark.django_db

EXAMPLES = 40


@pytest.fixture
def api_schema():
    """The schema as the app serves it, called through the WSGI app itself; like Django's test client, the
    request's start and end do not close the test's database connection."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    try:
        yield schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
    finally:
        for signal in (request_started, request_finished):
            signal.connect(close_old_connections)
        caches["default"].clear()  # the unknown tokens it tried count against this address (core.limits)


def test_every_operation_answers_only_what_its_schema_says(api_schema, link):  # noqa: F811
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) == 9
    tried: dict[str, int] = {}
    for operation in operations:

        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(case=operation.as_strategy(), real=st.booleans())
        def check(case, real):
            if real:
                case.path_parameters["token"] = link.token
            case.call_and_validate(excluded_checks=[positive_data_acceptance])
            tried[case.operation.label] = tried.get(case.operation.label, 0) + 1

        check()
    assert len(tried) == 9 and sum(tried.values()) >= 9 * 10, tried


@pytest.mark.parametrize(
    "content_type, body",
    [
        ("application/x-www-form-urlencoded", "board=1&contract=3NT&declarer=N&tricks=9&client_id=a"),
        (
            "multipart/form-data; boundary=XX",
            '--XX\r\nContent-Disposition: form-data; name="board"\r\n\r\n1\r\n--XX--\r\n',
        ),
        ("text/plain", '{"board": 1}'),
    ],
)
def test_a_body_that_is_not_json_is_415(client, link, content_type, body):  # noqa: F811
    for what in ("results", "preview", "call"):
        response = client.post(f"/api/table/{link.token}/{what}", body, content_type=content_type)
        assert response.status_code == 415, (what, response.content)
        assert "application/json" in response.json()["message"]
    assert Result.objects.count() == 0


def test_invalid_json_is_422_with_a_message(client, link):  # noqa: F811
    for body in ("{nope", "[1, 2", json.dumps("a string"), json.dumps([1, 2])):
        response = client.post(f"/api/table/{link.token}/results", body, content_type="application/json")
        assert response.status_code == 422, (body, response.content)
        assert response.json()["message"]
    assert Result.objects.count() == 0
