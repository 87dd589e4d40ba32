"""Filters every template has without {% load %} (TEMPLATES' `builtins` in config/settings.py)."""

from __future__ import annotations

from django import template

from tournaments.core.languages import local_decimal

register = template.Library()
# {{ row.percentage|decimal }}: a figure made by scoring.shown, with the reader's decimal mark (61,56 in French).
register.filter("decimal", local_decimal)
