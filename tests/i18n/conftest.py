"""The URL walk's world of objects (tests/test_access.py), shared with the pseudo-language walk."""

from tests.test_access import world  # noqa: F401  (a fixture)
