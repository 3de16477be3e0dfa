"""A player plays a simultané once (issue 38): an upload ranking a licence another centre's
upload ranks is refused with the licences, a withdrawn upload's players included; the check
by the licences kept beside each upload (``elsewhere.elsewhere``, one indexed query) answers
what the reading of every upload answers (``elsewhere.reference``), for any sequence of
uploads, replacements and withdrawals through the real service."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.app.federation import services as federation
from arbitre.app.federation.models import ClubToken
from arbitre.app.simultane import corrections, elsewhere, merge, merged, publish
from arbitre.app.simultane.models import Centre, Simultane, UploadedLicence
from arbitre.app.simultane.publish import PublishRefused
from tests.simultane.uploads import create_simultane, register, results, signed
from tests.support import depth

pytestmark = pytest.mark.django_db

CENTRES = ("Namur", "Liège", "Mons")
POOL = tuple(f"90{n}" for n in range(6))

step_st = st.one_of(
    st.tuples(
        st.just("upload"),
        st.sampled_from(CENTRES),
        st.frozensets(st.sampled_from(POOL), min_size=1, max_size=4),
        st.integers(0, 2),  # the scores, so that the same players may send new results
    ),
    st.tuples(st.just("withdraw"), st.sampled_from(CENTRES), st.just(frozenset()), st.just(0)),
)


@pytest.fixture
def federation_side(director: Any) -> tuple[Simultane, dict[str, str], Any]:
    register(*((licence, "JOUEUR", []) for licence in POOL))
    simultane = create_simultane()
    keys = {club: federation.create_token(director, club) for club in CENTRES}
    for club in CENTRES:
        publish.admit(director, simultane, club)
    return simultane, keys, director


def send(simultane: Simultane, key: str, licences: frozenset[str], score: int) -> str | None:
    """The refusal's text, or None when the upload is taken."""
    data = results(simultane.uid, [(lic, "JOUEUR", [10 + score]) for lic in sorted(licences)])
    try:
        merge.receive(federation.authenticate(key) or ClubToken(), simultane.uid, signed(data, key))
    except PublishRefused as exc:
        return str(exc)
    return None


@settings(
    max_examples=depth(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.lists(step_st, min_size=1, max_size=10))
def test_a_player_plays_once_and_the_kept_licences_answer_as_every_upload_read(
    federation_side: tuple[Simultane, dict[str, str], Any], steps: list[Any]
) -> None:
    simultane, keys, director = federation_side
    merged._forget()
    with transaction.atomic():
        ranked: dict[str, frozenset[str]] = {}  # the oracle: each centre's latest upload
        for action, club, licences, score in steps:
            centre = Centre.objects.get(simultane=simultane, club=club)
            if action == "withdraw":
                if club in ranked and centre.upload.withdrawn_at is None:
                    corrections.withdraw(director, centre, "Tricherie signalée")
                continue
            fast = elsewhere.elsewhere(simultane, centre, licences)
            assert fast == elsewhere.reference(simultane, centre, licences)
            others = set().union(*(lic for c, lic in ranked.items() if c != club))
            assert fast == sorted(licences & others)  # withdrawn uploads' players included
            refused = send(simultane, keys[club], licences, score)
            if fast:
                assert refused == (
                    f"Joueurs déjà classés dans un autre centre : {', '.join(fast)}."
                )
            else:
                assert refused is None
                ranked[club] = licences
            kept = UploadedLicence.objects.filter(simultane=simultane)
            assert sorted(kept.values_list("upload__centre__club", "licence")) == sorted(
                (c, lic) for c, lics in ranked.items() for lic in lics
            )
        transaction.set_rollback(True)


def test_a_removed_centre_takes_its_kept_licences_with_it(
    federation_side: tuple[Simultane, dict[str, str], Any],
) -> None:
    """Its upload deleted with it (a centre without results only can be removed, but the
    rows follow the upload whatever deletes it): the licences are free again."""
    simultane, keys, director = federation_side
    assert send(simultane, keys["Namur"], frozenset({"900"}), 0) is None
    namur = Centre.objects.get(simultane=simultane, club="Namur")
    mons = Centre.objects.get(simultane=simultane, club="Mons")
    assert elsewhere.elsewhere(simultane, mons, ["900"]) == ["900"]
    namur.upload.delete()
    assert elsewhere.elsewhere(simultane, mons, ["900"]) == []
    assert not UploadedLicence.objects.exists()


def test_an_upload_is_checked_before_the_simultanes_row_is_locked(
    federation_side: tuple[Simultane, dict[str, str], Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The signature, the parse, the licences the federation does not know and the summary
    are worked out before ``_write`` locks the simultané's row (the uploads of 300 centres
    waited for that lock): a tampered upload never reaches the lock, a good one reaches it
    with all that done, and the refusals keep their order (closed before unregistered)."""
    simultane, keys, _ = federation_side
    seen: list[str] = []

    def logged(name: str, function: Any) -> Any:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            seen.append(name)
            return function(*args, **kwargs)

        return wrapped

    monkeypatch.setattr(
        merge.centre_results, "verify", logged("verify", merge.centre_results.verify)
    )
    monkeypatch.setattr(merge.centre_results, "loads", logged("parse", merge.centre_results.loads))
    monkeypatch.setattr(merge, "unregistered", logged("licences", merge.unregistered))
    monkeypatch.setattr(merge.merged, "stored_summary", logged("summary", merged.stored_summary))
    monkeypatch.setattr(merge, "_write", logged("lock", merge._write))
    key = keys["Namur"]
    data = results(simultane.uid, [("900", "JOUEUR", [10])])
    tampered = json.loads(json.dumps(signed(data, key)))
    tampered["results"]["ballots"][0]["score"] = 20
    with pytest.raises(PublishRefused, match="Signature invalide"):
        merge.receive(federation.authenticate(key) or ClubToken(), simultane.uid, tampered)
    assert seen == ["verify"]
    seen.clear()
    merge.receive(federation.authenticate(key) or ClubToken(), simultane.uid, signed(data, key))
    assert seen == ["verify", "parse", "summary", "licences", "lock"]
    Simultane.objects.filter(pk=simultane.pk).update(closed_at=simultane.starts_at)
    unknown = results(simultane.uid, [("900", "JOUEUR", [10]), ("999", "INCONNU", [5])])
    with pytest.raises(PublishRefused, match="clos"):
        merge.receive(
            federation.authenticate(key) or ClubToken(), simultane.uid, signed(unknown, key)
        )
