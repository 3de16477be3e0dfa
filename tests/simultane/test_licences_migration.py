"""Migration simultane 0004: the licences of the uploads received before it are kept beside
each upload (the merge's check of players ranked in another centre reads them only), as
the upload path writes them: trimmed, each once, none from an upload without players."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("simultane", "0003_version_corrections_withdrawals")]
AFTER = [("simultane", "0004_uploaded_licences_and_summaries")]


def test_the_uploads_already_received_get_their_licences() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    simultane = apps.get_model("simultane", "Simultane").objects.create(
        uid="sim-ancien",
        name="Simultané d'avant",
        type_code="SF",
        starts_at=dt.datetime(2026, 11, 1, 14, tzinfo=dt.UTC),
        seconds_per_move=60,
        games=1,
        code="ABCD",
        sealed="",
    )
    centre = apps.get_model("simultane", "Centre")
    upload = apps.get_model("simultane", "CentreUpload")
    players = [
        {"licence": " 123456A", "name": "DUPONT"},
        {"licence": "123456A", "name": "DUPONT"},
        {"licence": "654321B", "name": "MARTIN"},
        {"name": "SANS LICENCE"},
        "ligne illisible",
    ]
    first = upload.objects.create(
        centre=centre.objects.create(simultane=simultane, club="Club A"),
        payload={"players": players},
        digest="a" * 64,
    )
    empty = upload.objects.create(
        centre=centre.objects.create(simultane=simultane, club="Club B"),
        payload=["pas un objet"],
        digest="b" * 64,
    )

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    kept = apps.get_model("simultane", "UploadedLicence").objects.all()
    assert sorted((k.upload_id, k.simultane_id, k.licence) for k in kept) == [
        (first.pk, simultane.pk, "123456A"),
        (first.pk, simultane.pk, "654321B"),
    ]
    assert not kept.filter(upload_id=empty.pk).exists()
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
