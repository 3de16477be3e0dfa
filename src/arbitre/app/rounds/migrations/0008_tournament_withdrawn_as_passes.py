from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_table_log_pins"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="withdrawn_as_passes",
            field=models.BooleanField(
                default=False, verbose_name="coups retirés comptés comme passes"
            ),
        ),
    ]
