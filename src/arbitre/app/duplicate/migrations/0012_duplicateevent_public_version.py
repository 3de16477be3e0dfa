# The version of what the public pages show, on the event's row (issue 37)

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("duplicate", "0011_ballot_updated_at_index"),
    ]

    operations = [
        migrations.AddField(
            model_name="duplicateevent",
            name="public_version",
            field=models.PositiveBigIntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name="duplicateevent",
            name="public_changed_at",
            field=models.DateTimeField(blank=True, editable=False, null=True),
        ),
    ]
