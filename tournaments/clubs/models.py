"""A club (the tenant), the federation (county, district) that groups clubs, and a role held in one club."""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy

SLUG = RegexValidator(r"^[a-z0-9][a-z0-9-]{0,48}$", "Lower-case letters, digits and hyphens, e.g. 'riverside'.")


def valid_time_zone(name: str) -> None:
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ValidationError(f"{name!r} is not a time zone: e.g. Europe/London, America/Chicago.") from None


COLOUR = RegexValidator(r"^#[0-9a-fA-F]{6}$", "A colour such as #1f4e79 (empty: Bridgedesk's own).")


class Paper(models.TextChoices):
    """The paper sizes of a federation's PDFs (a club may also leave it to its country: `ClubPaper`)."""

    A4 = "a4", "A4"
    LETTER = "letter", gettext_lazy("US Letter")


class ClubPaper(models.TextChoices):
    """A club's paper: its own choice, or blank for the custom of its country (`directory.club_paper`)."""

    COUNTRY = "", gettext_lazy("As is the custom in the club's country")
    A4 = "a4", "A4"
    LETTER = "letter", gettext_lazy("US Letter")


class Federation(models.Model):
    """A federation, county or district: sees its clubs' published results and runs simultaneous events."""

    slug = models.CharField(max_length=50, unique=True, validators=[SLUG])
    name = models.CharField(max_length=160)
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="children")
    # The federation's own papers (a simultaneous it runs belongs to no club): their size and language.
    paper = models.CharField(max_length=8, choices=Paper.choices, default=Paper.A4)
    language = models.CharField(
        max_length=16,
        blank=True,
        default="",
        help_text=gettext_lazy("Language code, e.g. en-gb, fr, nl (blank: the service's LANGUAGE_CODE)"),
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Club(models.Model):
    """One club on the service: its own directors, members, events, settings and address (`/c/<slug>/`)."""

    Paper = ClubPaper

    slug = models.CharField(max_length=50, unique=True, validators=[SLUG])
    name = models.CharField(max_length=160)
    host = models.CharField(
        max_length=253,
        blank=True,
        help_text=gettext_lazy("The club's own host name (e.g. results.riverside.org), if any"),
    )
    logo = models.URLField(blank=True, help_text=gettext_lazy("Address of the club's logo shown in the pages' header"))
    colour = models.CharField(
        max_length=7, blank=True, validators=[COLOUR], help_text=gettext_lazy("Header colour, e.g. #1f4e79")
    )
    text_colour = models.CharField(
        max_length=7, blank=True, validators=[COLOUR], help_text=gettext_lazy("Header text colour")
    )
    # The club's default language, read through tournaments.core.languages.club_default_language.
    language = models.CharField(
        max_length=16,
        blank=True,
        default="",
        help_text=gettext_lazy("Language code, e.g. en-gb, fr, nl (blank: the service's LANGUAGE_CODE)"),
    )
    time_zone = models.CharField(
        max_length=64,
        default="Europe/London",
        validators=[valid_time_zone],
        help_text=gettext_lazy("e.g. Europe/London"),
    )
    # Blank: Letter or A4 as the club's country uses (tournaments.clubs.directory.club_paper).
    paper = models.CharField(max_length=8, choices=Paper.choices, blank=True, default=Paper.COUNTRY)
    email_sender = models.CharField(max_length=254, blank=True, help_text=gettext_lazy("From: of the club's e-mails"))
    email_results = models.BooleanField(
        default=False,
        help_text=gettext_lazy("E-mail each player their results and private link once the session is published"),
    )
    federation = models.ForeignKey(Federation, null=True, blank=True, on_delete=models.SET_NULL, related_name="clubs")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["host"], condition=~models.Q(host=""), name="club_host_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class ClubRole(models.Model):
    """A login's role in one club (the roles and their permissions: tournaments/core/access.py)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_roles")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="roles")
    role = models.CharField(max_length=16)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "club", "role"], name="club_role_once")]

    def __str__(self) -> str:
        return f"{self.user} {self.role} of {self.club}"


class FederationRole(models.Model):
    """A login's role in a federation: its officials run simultaneous events across the federation's clubs and
    see their field before every club has published."""

    OFFICIAL = "official"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="federation_roles")
    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="roles")
    role = models.CharField(max_length=16, default=OFFICIAL)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "federation", "role"], name="federation_role_once")]

    def __str__(self) -> str:
        return f"{self.user} {self.role} of {self.federation}"
