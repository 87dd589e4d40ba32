"""Clubs as tenants (issue 30): every root gets the club it belongs to.

The service's one club is made (the laptop's club; its time zone from the settings) and every login's global
role (a Django group) becomes the same role in that club. Then each domain's `000N_tenant` migration gives its
roots a `tenant`, whose default (the only club) fills every existing row. Reversed: the fields go first (they
depend on this), then the club's roles and the club.
"""

from django.conf import settings
from django.db import migrations

ROLE_OF_GROUP = {"Club administrator": "administrator", "Director": "director", "Scorer": "scorer", "Player": "player"}


def make_the_club(apps, schema_editor):
    club_model = apps.get_model("clubs", "Club")
    club_role = apps.get_model("clubs", "ClubRole")
    club = club_model.objects.order_by("pk").first() or club_model.objects.create(
        slug="club", name="Our club", time_zone=settings.TIME_ZONE
    )
    user_model = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    for user in user_model.objects.prefetch_related("groups"):
        for group in user.groups.all():
            if group.name in ROLE_OF_GROUP:
                club_role.objects.get_or_create(user=user, club=club, role=ROLE_OF_GROUP[group.name])


def remove_the_club(apps, schema_editor):
    apps.get_model("clubs", "ClubRole").objects.all().delete()
    apps.get_model("clubs", "Club").objects.filter(slug="club").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("clubs", "0001_initial"),
    ]

    operations = [migrations.RunPython(make_the_club, remove_the_club)]
