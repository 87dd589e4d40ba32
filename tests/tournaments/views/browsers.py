"""A signed-in browser as the kept-body tests need it (tournaments/core/bodies.py): holding its CSRF cookie, and the
CSRF secret a page was rendered with, so a test can tell whose token a kept page carries."""

import re

from django.middleware.csrf import _unmask_cipher_token
from django.test import Client


def signed_in_browser(user) -> Client:
    browser = Client()
    browser.force_login(user)
    browser.get("/")  # the CSRF cookie, as a browser has it after its first page
    return browser


def csrf_secret_of(page: str) -> str:
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None
    return _unmask_cipher_token(token[1])
