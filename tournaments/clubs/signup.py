"""Clubs sign up (issue 30): when the service allows it (`CLUB_SIGNUP`, off by default), someone creates a club
on a public page (its address, name, language and time zone, and their own login) and becomes its director.

The page is rate-limited per address in the shared cache (`core.limits`), so a script cannot fill the service
with clubs; the service's administrators are told by e-mail of each new club (`CLUB_SIGNUP_NOTIFY`, else the
superusers' addresses), after the transaction commits, so a failed sign-up sends nothing.
"""

from __future__ import annotations

import logging
import zoneinfo
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model, login
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from tournaments.clubs.models import SLUG, Club, ClubRole
from tournaments.clubs.services import create_club
from tournaments.core.access import Role, public
from tournaments.core.limits import Limit, client_address

log = logging.getLogger(__name__)
SIGNUPS = Limit("club-signups", 5, 60 * 60)  # tries an hour from one address (a club signs up once)
BACKEND = "tournaments.clubs.backends.ClubRoleBackend"


class SignUpForm(forms.Form):
    slug = forms.CharField(
        label=gettext_lazy("Address"),
        max_length=50,
        validators=[SLUG],
        help_text=gettext_lazy("Lower-case letters, digits, hyphens: riverside makes /c/riverside/"),
    )
    name = forms.CharField(label=gettext_lazy("Club name"), max_length=160)
    language = forms.ChoiceField(label=gettext_lazy("Language"), choices=settings.LANGUAGES)
    time_zone = forms.CharField(label=gettext_lazy("Time zone"), max_length=64, initial="Europe/London")
    username = forms.CharField(label=gettext_lazy("Your login name"), max_length=150)
    email = forms.EmailField(label=gettext_lazy("Your e-mail address"))
    password = forms.CharField(label=gettext_lazy("Password"), widget=forms.PasswordInput, max_length=128)

    def clean_slug(self) -> str:
        slug = str(self.cleaned_data["slug"]).strip().lower()
        if Club.objects.filter(slug=slug).exists():
            raise ValidationError(_("That address is taken: choose another."))
        return slug

    def clean_name(self) -> str:
        name = " ".join(str(self.cleaned_data["name"]).split())
        if not name:
            raise ValidationError(_("Give the club's name."))
        return name

    def clean_time_zone(self) -> str:
        name = str(self.cleaned_data["time_zone"]).strip()
        try:
            zoneinfo.ZoneInfo(name)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            raise ValidationError(_("Not a time zone: e.g. Europe/London, America/Chicago.")) from None
        return name

    def clean_username(self) -> str:
        username = str(self.cleaned_data["username"]).strip()
        if get_user_model().objects.filter(username__iexact=username).exists():
            raise ValidationError(_("That login name is taken: choose another."))
        return username

    def clean(self) -> dict[str, Any] | None:
        data = super().clean() or {}
        if "password" in data and "username" in data:
            user = get_user_model()(username=data["username"], email=data.get("email", ""))
            try:
                validate_password(data["password"], user)
            except ValidationError as error:
                self.add_error("password", error)
        return data


def sign_up(data: dict[str, Any]) -> tuple[Club, Any]:
    """The write: the club, its director's login and role, in one transaction; the administrators told after."""
    with transaction.atomic():
        user = get_user_model().objects.create_user(data["username"], data["email"], data["password"])
        club = Club(slug=data["slug"], name=data["name"], language=data["language"], time_zone=data["time_zone"])
        create_club(actor=user, club=club, how="Signed up on the sign-up page")  # audited, as every new club
        ClubRole.objects.create(user=user, club=club, role=Role.DIRECTOR.value)
        transaction.on_commit(lambda: tell_the_administrators(club, user))
    log.info("club signed up", extra={"club": club.slug, "user": user.username})
    return club, user


def tell_the_administrators(club: Club, user: Any) -> None:
    """One e-mail to the service's administrators naming the new club and who made it."""
    to = list(settings.CLUB_SIGNUP_NOTIFY) or list(
        get_user_model().objects.filter(is_superuser=True).exclude(email="").values_list("email", flat=True)
    )
    if not to:
        log.warning("club %s signed up and no administrator has an address to be told", club.slug)
        return
    subject = _("New club on Bridgedesk: %(name)s (%(slug)s)") % {"name": club.name, "slug": club.slug}
    body = _("%(user)s <%(email)s> signed up the club %(name)s; its pages are under /c/%(slug)s/.") % {
        "user": user.username,
        "email": user.email,
        "name": club.name,
        "slug": club.slug,
    }
    send_mail(subject, body, None, to)


@public  # anyone, when the service allows clubs to sign up; rate-limited per address
@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if not settings.CLUB_SIGNUP:
        raise Http404(_("Clubs cannot sign up on this service: ask its administrator."))
    if request.method != "POST":
        return render(request, "clubs/signup.html", {"form": SignUpForm()})
    if SIGNUPS.hit(client_address(request)):
        message = _("Too many sign-ups from your address: try again in an hour.")
        return render(request, "clubs/signup.html", {"form": SignUpForm(), "refused": message}, status=429)
    form = SignUpForm(request.POST)
    if not form.is_valid():
        return render(request, "clubs/signup.html", {"form": form}, status=400)
    try:
        club, user = sign_up(form.cleaned_data)
    except ValidationError as error:  # a race with another sign-up of the same address
        for field, messages in error.message_dict.items():
            form.add_error(field if field in form.fields else None, messages)
        return render(request, "clubs/signup.html", {"form": form}, status=400)
    login(request, user, backend=BACKEND)
    return redirect(f"/c/{club.slug}/")
