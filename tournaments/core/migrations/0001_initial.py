"""State only: the models moved here from the `tournaments` app (issue 21); their tables stay as they are
(`db_table`), so no row moves. The `tournaments` migration 0035_apps removes them from that app's state."""

from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("tournaments", "0034_auction"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Access",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_access",
                        "permissions": [
                            ("manage_club", "Manage the club: users, members, settings"),
                            (
                                "direct_sessions",
                                "Direct sessions: set up, rulings, imports, printing, publishing, parties",
                            ),
                            ("enter_results", "Enter results (travellers and pickup slips)"),
                            ("view_results", "See results pages (standings, travellers, score cards)"),
                            ("view_member_contact", "See members' e-mail addresses and national ids"),
                            ("view_audit_log", "Read sessions' audit logs"),
                        ],
                        "managed": False,
                        "default_permissions": (),
                    },
                ),
            ],
        ),
    ]
