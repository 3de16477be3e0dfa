"""The licences each centre's upload ranks, kept beside it (filled from the uploads
already received), and its summary for the merge (made by the merge for the uploads
already received)."""

from typing import Any

import django.db.models.deletion
from django.db import migrations, models


def fill(apps: Any, schema_editor: Any) -> None:
    upload_model = apps.get_model("simultane", "CentreUpload")
    licence_model = apps.get_model("simultane", "UploadedLicence")
    db = schema_editor.connection.alias
    for upload in upload_model.objects.using(db).select_related("centre").iterator():
        players = upload.payload.get("players") if isinstance(upload.payload, dict) else None
        licences = {
            p["licence"].strip()
            for p in players or []
            if isinstance(p, dict) and isinstance(p.get("licence"), str)
        }
        licence_model.objects.using(db).bulk_create(
            licence_model(simultane_id=upload.centre.simultane_id, upload=upload, licence=lic[:20])
            for lic in sorted(licences)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("simultane", "0003_version_corrections_withdrawals"),
    ]

    operations = [
        migrations.AddField(
            model_name="centreupload",
            name="summary",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.CreateModel(
            name="UploadedLicence",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("licence", models.CharField(max_length=20)),
                (
                    "simultane",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="simultane.simultane",
                    ),
                ),
                (
                    "upload",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="licences",
                        to="simultane.centreupload",
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["simultane", "licence"], name="simultane_licence")
                ],
            },
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
