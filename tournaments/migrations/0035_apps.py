"""The models leave the `tournaments` app for their domains' apps (issue 21): state only, no table is touched.

Each new app's 0001_initial adds its models to its state over the same tables (`db_table`); this migration
removes them from the `tournaments` state and moves their content types to the new app labels, so groups'
permissions, the admin's log and anything naming a content type keep pointing at the same rows. Reversible.
"""

from django.db import migrations

# model name -> the app label it moved to
MOVED = {
    "auditchainhead": "audit",
    "auditentry": "audit",
    "auditseal": "audit",
    "access": "core",
    "board": "duplicate",
    "doubledummyanalysis": "duplicate",
    "entry": "duplicate",
    "entryplayer": "duplicate",
    "event": "duplicate",
    "masterpointaward": "duplicate",
    "member": "duplicate",
    "pointsscheme": "duplicate",
    "rankingrules": "duplicate",
    "ratingentry": "duplicate",
    "result": "duplicate",
    "ruling": "duplicate",
    "section": "duplicate",
    "session": "duplicate",
    "tableround": "duplicate",
    "party": "parties",
    "partydeal": "parties",
    "partyguest": "parties",
    "partyround": "parties",
    "partytable": "parties",
    "generatedfile": "printing",
    "correction": "publishing",
    "emaildelivery": "publishing",
    "publication": "publishing",
    "publishedfigures": "publishing",
    "simultaneous": "simultaneous",
    "simultaneousclub": "simultaneous",
    "directorcall": "tableside",
    "roundtimer": "tableside",
    "screenlink": "tableside",
    "signin": "tableside",
    "tableentry": "tableside",
    "tablelink": "tableside",
    "tablesettings": "tableside",
    "team": "teams",
    "teamboard": "teams",
    "teamevent": "teams",
    "teamlineup": "teams",
    "teammatch": "teams",
    "teampenalty": "teams",
    "teamplayer": "teams",
    "teamroomscore": "teams",
    "teamround": "teams",
}


def move_content_types(apps, schema_editor):
    relabel(apps, schema_editor, {(model, "tournaments"): label for model, label in MOVED.items()})


def restore_content_types(apps, schema_editor):
    relabel(apps, schema_editor, {(model, label): "tournaments" for model, label in MOVED.items()})


def relabel(apps, schema_editor, moves):
    """Give each content type its new app label, unless a row already holds that label (then it is left alone)."""
    content_type = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    for (model, old), new in moves.items():
        if content_type.objects.using(db).filter(app_label=new, model=model).exists():
            continue
        content_type.objects.using(db).filter(app_label=old, model=model).update(app_label=new)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0034_auction"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("audit", "0001_initial"),
        ("core", "0001_initial"),
        ("duplicate", "0001_initial"),
        ("parties", "0001_initial"),
        ("printing", "0001_initial"),
        ("publishing", "0001_initial"),
        ("simultaneous", "0001_initial"),
        ("tableside", "0001_initial"),
        ("teams", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name="AuditChainHead",
                ),
                migrations.RemoveField(
                    model_name="auditentry",
                    name="actor",
                ),
                migrations.RemoveField(
                    model_name="auditentry",
                    name="session",
                ),
                migrations.DeleteModel(
                    name="AuditSeal",
                ),
                migrations.RemoveField(
                    model_name="board",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="ruling",
                    name="board",
                ),
                migrations.RemoveField(
                    model_name="result",
                    name="board",
                ),
                migrations.RemoveField(
                    model_name="correction",
                    name="publication",
                ),
                migrations.RemoveField(
                    model_name="directorcall",
                    name="answered_by",
                ),
                migrations.RemoveField(
                    model_name="directorcall",
                    name="link",
                ),
                migrations.DeleteModel(
                    name="DoubleDummyAnalysis",
                ),
                migrations.RemoveField(
                    model_name="emaildelivery",
                    name="member",
                ),
                migrations.RemoveField(
                    model_name="emaildelivery",
                    name="publication",
                ),
                migrations.RemoveField(
                    model_name="entry",
                    name="section",
                ),
                migrations.RemoveField(
                    model_name="masterpointaward",
                    name="entry",
                ),
                migrations.RemoveField(
                    model_name="result",
                    name="ns_entry",
                ),
                migrations.RemoveField(
                    model_name="entryplayer",
                    name="entry",
                ),
                migrations.RemoveField(
                    model_name="tableround",
                    name="ew_entry",
                ),
                migrations.RemoveField(
                    model_name="result",
                    name="ew_entry",
                ),
                migrations.RemoveField(
                    model_name="tableround",
                    name="ns_entry",
                ),
                migrations.RemoveField(
                    model_name="ruling",
                    name="entry",
                ),
                migrations.RemoveField(
                    model_name="entryplayer",
                    name="member",
                ),
                migrations.RemoveField(
                    model_name="event",
                    name="owner",
                ),
                migrations.RemoveField(
                    model_name="session",
                    name="event",
                ),
                migrations.RemoveField(
                    model_name="rankingrules",
                    name="event",
                ),
                migrations.RemoveField(
                    model_name="pointsscheme",
                    name="event",
                ),
                migrations.RemoveField(
                    model_name="generatedfile",
                    name="owner",
                ),
                migrations.RemoveField(
                    model_name="generatedfile",
                    name="party",
                ),
                migrations.RemoveField(
                    model_name="generatedfile",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="generatedfile",
                    name="simultaneous",
                ),
                migrations.RemoveField(
                    model_name="generatedfile",
                    name="team_event",
                ),
                migrations.RemoveField(
                    model_name="masterpointaward",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="member",
                    name="user",
                ),
                migrations.RemoveField(
                    model_name="signin",
                    name="member",
                ),
                migrations.RemoveField(
                    model_name="ratingentry",
                    name="member",
                ),
                migrations.RemoveField(
                    model_name="party",
                    name="host",
                ),
                migrations.RemoveField(
                    model_name="partyguest",
                    name="party",
                ),
                migrations.RemoveField(
                    model_name="partyround",
                    name="party",
                ),
                migrations.RemoveField(
                    model_name="screenlink",
                    name="party",
                ),
                migrations.RemoveField(
                    model_name="partydeal",
                    name="table",
                ),
                migrations.RemoveField(
                    model_name="partytable",
                    name="north",
                ),
                migrations.RemoveField(
                    model_name="partytable",
                    name="east",
                ),
                migrations.RemoveField(
                    model_name="partytable",
                    name="sitting_out",
                ),
                migrations.RemoveField(
                    model_name="partytable",
                    name="west",
                ),
                migrations.RemoveField(
                    model_name="partytable",
                    name="south",
                ),
                migrations.RemoveField(
                    model_name="partytable",
                    name="round",
                ),
                migrations.RemoveField(
                    model_name="publication",
                    name="published_by",
                ),
                migrations.RemoveField(
                    model_name="publication",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="publishedfigures",
                    name="publication",
                ),
                migrations.RemoveField(
                    model_name="ratingentry",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="result",
                    name="section",
                ),
                migrations.RemoveField(
                    model_name="result",
                    name="table_round",
                ),
                migrations.RemoveField(
                    model_name="tableentry",
                    name="result",
                ),
                migrations.RemoveField(
                    model_name="ruling",
                    name="result",
                ),
                migrations.RemoveField(
                    model_name="roundtimer",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="ruling",
                    name="director",
                ),
                migrations.RemoveField(
                    model_name="ruling",
                    name="section",
                ),
                migrations.RemoveField(
                    model_name="ruling",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="screenlink",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="section",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="tableround",
                    name="section",
                ),
                migrations.RemoveField(
                    model_name="signin",
                    name="section",
                ),
                migrations.RemoveField(
                    model_name="tablelink",
                    name="section",
                ),
                migrations.RemoveField(
                    model_name="tablesettings",
                    name="section",
                ),
                migrations.RemoveField(
                    model_name="simultaneousclub",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="simultaneous",
                    name="owner",
                ),
                migrations.RemoveField(
                    model_name="simultaneousclub",
                    name="simultaneous",
                ),
                migrations.RemoveField(
                    model_name="tableentry",
                    name="link",
                ),
                migrations.RemoveField(
                    model_name="tablelink",
                    name="match",
                ),
                migrations.RemoveField(
                    model_name="team",
                    name="event",
                ),
                migrations.RemoveField(
                    model_name="teampenalty",
                    name="team",
                ),
                migrations.RemoveField(
                    model_name="teamlineup",
                    name="team",
                ),
                migrations.RemoveField(
                    model_name="teammatch",
                    name="home",
                ),
                migrations.RemoveField(
                    model_name="teamround",
                    name="bye",
                ),
                migrations.RemoveField(
                    model_name="teammatch",
                    name="away",
                ),
                migrations.RemoveField(
                    model_name="teamplayer",
                    name="team",
                ),
                migrations.RemoveField(
                    model_name="teamboard",
                    name="match",
                ),
                migrations.RemoveField(
                    model_name="teamevent",
                    name="director",
                ),
                migrations.RemoveField(
                    model_name="teamround",
                    name="event",
                ),
                migrations.RemoveField(
                    model_name="teamlineup",
                    name="match",
                ),
                migrations.RemoveField(
                    model_name="teammatch",
                    name="round",
                ),
                migrations.RemoveField(
                    model_name="teamroomscore",
                    name="match",
                ),
                migrations.RemoveField(
                    model_name="teampenalty",
                    name="round",
                ),
                migrations.DeleteModel(
                    name="Access",
                ),
                migrations.DeleteModel(
                    name="AuditEntry",
                ),
                migrations.DeleteModel(
                    name="Board",
                ),
                migrations.DeleteModel(
                    name="Correction",
                ),
                migrations.DeleteModel(
                    name="DirectorCall",
                ),
                migrations.DeleteModel(
                    name="EmailDelivery",
                ),
                migrations.DeleteModel(
                    name="Entry",
                ),
                migrations.DeleteModel(
                    name="EntryPlayer",
                ),
                migrations.DeleteModel(
                    name="RankingRules",
                ),
                migrations.DeleteModel(
                    name="Event",
                ),
                migrations.DeleteModel(
                    name="PointsScheme",
                ),
                migrations.DeleteModel(
                    name="GeneratedFile",
                ),
                migrations.DeleteModel(
                    name="MasterPointAward",
                ),
                migrations.DeleteModel(
                    name="Member",
                ),
                migrations.DeleteModel(
                    name="Party",
                ),
                migrations.DeleteModel(
                    name="PartyDeal",
                ),
                migrations.DeleteModel(
                    name="PartyGuest",
                ),
                migrations.DeleteModel(
                    name="PartyRound",
                ),
                migrations.DeleteModel(
                    name="PartyTable",
                ),
                migrations.DeleteModel(
                    name="Publication",
                ),
                migrations.DeleteModel(
                    name="PublishedFigures",
                ),
                migrations.DeleteModel(
                    name="RatingEntry",
                ),
                migrations.DeleteModel(
                    name="Result",
                ),
                migrations.DeleteModel(
                    name="RoundTimer",
                ),
                migrations.DeleteModel(
                    name="Ruling",
                ),
                migrations.DeleteModel(
                    name="ScreenLink",
                ),
                migrations.DeleteModel(
                    name="TableRound",
                ),
                migrations.DeleteModel(
                    name="SignIn",
                ),
                migrations.DeleteModel(
                    name="Section",
                ),
                migrations.DeleteModel(
                    name="TableSettings",
                ),
                migrations.DeleteModel(
                    name="Session",
                ),
                migrations.DeleteModel(
                    name="Simultaneous",
                ),
                migrations.DeleteModel(
                    name="SimultaneousClub",
                ),
                migrations.DeleteModel(
                    name="TableEntry",
                ),
                migrations.DeleteModel(
                    name="TableLink",
                ),
                migrations.DeleteModel(
                    name="Team",
                ),
                migrations.DeleteModel(
                    name="TeamPlayer",
                ),
                migrations.DeleteModel(
                    name="TeamBoard",
                ),
                migrations.DeleteModel(
                    name="TeamEvent",
                ),
                migrations.DeleteModel(
                    name="TeamLineup",
                ),
                migrations.DeleteModel(
                    name="TeamMatch",
                ),
                migrations.DeleteModel(
                    name="TeamRoomScore",
                ),
                migrations.DeleteModel(
                    name="TeamPenalty",
                ),
                migrations.DeleteModel(
                    name="TeamRound",
                ),
            ],
        ),
        migrations.RunPython(move_content_types, restore_content_types),
    ]
