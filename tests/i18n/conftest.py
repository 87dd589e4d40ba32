"""The URL walk's world of objects (tests/test_access.py), shared with the pseudo-language walk; the pseudo
language shipped for a test."""

import pytest

from tests.i18n import pseudo
from tests.test_access import world  # noqa: F401  (a fixture)


@pytest.fixture
def pseudo_shipped(settings, tmp_path):
    """ "xx" is one of the languages for this test (a cookie, a member or a job may choose it)."""
    pseudo.register(settings, tmp_path / "locale")
    return pseudo.CODE
