"""A game's own time per move becomes a schedule of move ranges (seed 002, A.4: a title
play-off plays 3 moves in blitz, then 40 seconds a move): a game's single time is kept as
the schedule of one range, its seconds alone ("60")."""

from django.db import migrations, models


def single_time_to_schedule(apps, schema_editor):
    Game = apps.get_model("duplicate", "Game")
    db = schema_editor.connection.alias
    for game in Game.objects.using(db).exclude(seconds_per_move=None):
        game.time_schedule = str(game.seconds_per_move)
        game.save(using=db, update_fields=["time_schedule"])


def schedule_to_single_time(apps, schema_editor):
    """Back: a one-range schedule is the game's time again; a schedule of several ranges
    keeps the time of its first move."""
    Game = apps.get_model("duplicate", "Game")
    db = schema_editor.connection.alias
    for game in Game.objects.using(db).exclude(time_schedule=""):
        first = game.time_schedule.split(",")[0].split(":")[-1]
        game.seconds_per_move = int(first)
        game.save(using=db, update_fields=["seconds_per_move"])


class Migration(migrations.Migration):
    dependencies = [
        ("duplicate", "0005_official_title_tie_break"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="time_schedule",
            field=models.CharField(blank=True, default="", max_length=200),
        ),
        migrations.RunPython(single_time_to_schedule, schedule_to_single_time),
        migrations.RemoveField(model_name="game", name="seconds_per_move"),
    ]
