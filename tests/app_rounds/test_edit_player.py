"""A registered player of a Classic or backgammon event corrected or removed by the director
(issue 21, part 1): the game's player form decides what is valid, as when registering; what a
pairing already made rests on (the name on its tables, the rating that ordered it and that
the tie-breaks read again: seed 000 "Classement initial", groups A/B and Pdep; seed 003 ELO
halves and performance) no longer changes once the player is paired; a registration is
removed only while the player is in no pairing (afterwards: the withdrawal)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client

from arbitre.app.backgammon.game import GAME as BACKGAMMON
from arbitre.app.classic.game import GAME as CLASSIC
from arbitre.app.events.incident_models import Incident
from arbitre.app.rounds import results, services
from arbitre.app.rounds.games import PairedGame, PlayerRow
from arbitre.app.rounds.models import Absence, AuditEntry, Entrant, Table, Tournament

pytestmark = pytest.mark.django_db

SETTINGS: dict[str, dict[str, Any]] = {
    "classic": {"rounds": None, "profile": "fbs", "best_of": 1, "final_size": 0},
    "backgammon": {
        "rounds": 3,
        "match_length": 5,
        "qf_sets": "9,9,11",
        "sf_sets": "9,9,11",
        "final_sets": "11,11,11",
        "consolation_sets": "9",
        "clock_per_point": 2.5,
        "clock_increment": 9,
    },
}
GAMES = {"classic": CLASSIC, "backgammon": BACKGAMMON}
PREFIX = {"classic": "classique", "backgammon": "backgammon"}


def make_event(kind: str, user: Any, players: int = 6) -> Tournament:
    data = {"name": f"Open {kind}", "date": datetime.date(2026, 11, 28), "place": "Namur"}
    event = services.create_tournament(GAMES[kind], {**data, **SETTINGS[kind]}, user)
    t = Tournament.objects.get(event=event)
    rows = [
        PlayerRow(f"Joueur{i}", 1800 - 20 * i, False, f"Club{i % 2}", f"L{i}")
        for i in range(1, players + 1)
    ]
    services.register(GAMES[kind], t, rows, user)
    return t


def entrant(t: Tournament, name: str) -> Entrant:
    return Entrant.objects.get(tournament=t, name=name)


def form_data(e: Entrant, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": e.name,
        "rating": e.rating,
        "club": e.club,
        "licence": e.licence,
    }
    if e.starred:
        data["starred"] = "on"
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def snapshot(t: Tournament) -> list[tuple[Any, ...]]:
    """Every stored field of every registration, and the audit log's length."""
    rows = Entrant.objects.filter(tournament=t).order_by("pk")
    fields = ("pk", "name", "rating", "starred", "club", "licence", "checked_in")
    return [tuple(getattr(e, f) for f in fields) for e in rows] + [
        (AuditEntry.objects.filter(tournament=t).count(),)
    ]


def start(game: PairedGame, t: Tournament, user: Any, absent: tuple[str, ...] = ()) -> None:
    """Check everybody in (but ``absent``) and pair round 1."""
    present = {e.pk for e in t.entrants.all() if e.name not in absent}
    services.check_in(t, present, user)
    services.pair_next_round(game, t, user)


# -- correcting a registration before the player is paired ----------------------------------------


def test_every_field_of_a_classic_registration_is_corrected_before_round_one(
    director: Any,
) -> None:
    t = make_event("classic", director)
    e = entrant(t, "Joueur3")
    version = Tournament.objects.get(pk=t.pk).version
    data = form_data(e, name="Joueuse Trois", rating=1512, starred="on", club="Liège")
    data["licence"] = "BE-1234"
    changed = services.edit_player(CLASSIC, t, e.pk, data, director)
    assert sorted(changed) == ["club", "licence", "name", "rating", "starred"]
    e.refresh_from_db()
    assert (e.name, e.rating, e.starred, e.club, e.licence) == (
        "Joueuse Trois",
        1512,
        True,
        "Liège",
        "BE-1234",
    )
    entry = AuditEntry.objects.filter(tournament=t, action="Joueur modifié").get()
    assert entry.target == "Joueur3"
    assert entry.before == {
        "nom": "Joueur3",
        "classement": 1740,
        "cote PL*": False,
        "club": "Club1",
        "licence": "L3",
    }
    assert entry.after == {
        "nom": "Joueuse Trois",
        "classement": 1512,
        "cote PL*": True,
        "club": "Liège",
        "licence": "BE-1234",
    }
    assert Tournament.objects.get(pk=t.pk).version > version  # the live pages follow


def test_000_initial_ranking_uses_the_corrected_rating(director: Any) -> None:
    """Seed 000, "Classement initial" and "Premier match": round 1 is paired from the ratings
    as corrected; with six players group A is the four best (1st-4th, 2nd-3rd) and group B
    the last two. Joueur6 (1680, the lowest) corrected to 1900 becomes the first of group A
    and meets its last."""
    t = make_event("classic", director)
    e = entrant(t, "Joueur6")
    services.edit_player(CLASSIC, t, e.pk, form_data(e, rating=1900), director)
    start(CLASSIC, t, director)
    pairs = {(tb.a, tb.b) for tb in Table.objects.filter(round__tournament=t)}
    assert {frozenset(p) for p in pairs} == {
        frozenset(("Joueur6", "Joueur3")),
        frozenset(("Joueur1", "Joueur2")),
        frozenset(("Joueur4", "Joueur5")),
    }


def test_nothing_changed_stores_nothing(director: Any) -> None:
    t = make_event("classic", director)
    e = entrant(t, "Joueur2")
    before, version = snapshot(t), Tournament.objects.get(pk=t.pk).version
    assert services.edit_player(CLASSIC, t, e.pk, form_data(e), director) == []
    assert snapshot(t) == before
    assert Tournament.objects.get(pk=t.pk).version == version


@pytest.mark.parametrize(
    "changes,reason",
    [
        ({"name": "joueur1"}, "joueur1 est déjà inscrit."),
        ({"name": "JOUEUR4"}, "JOUEUR4 est déjà inscrit."),
        ({"name": "Bye"}, "« Bye » est un mot réservé"),
        ({"name": "forfeit:x"}, "« forfeit:x » est un mot réservé"),
        ({"name": "Exempt"}, "« Exempt » est un mot réservé"),  # the French results files'
        ({"name": "Forfait:x"}, "« Forfait:x » est un mot réservé"),
    ],
)
def test_a_name_refused_at_registration_is_refused_by_a_correction(
    director: Any, changes: dict[str, Any], reason: str
) -> None:
    t = make_event("classic", director)
    e = entrant(t, "Joueur2")
    before = snapshot(t)
    with pytest.raises(services.ServiceError, match=reason):
        services.edit_player(CLASSIC, t, e.pk, form_data(e, **changes), director)
    assert snapshot(t) == before


@pytest.mark.parametrize(
    "kind,changes,field",
    [
        ("classic", {"name": ""}, "name"),
        ("classic", {"rating": "-1"}, "rating"),
        ("classic", {"rating": "4001"}, "rating"),
        ("classic", {"rating": "12a"}, "rating"),
        ("classic", {"licence": "12 34"}, "licence"),
        ("backgammon", {"rating": "4001"}, "rating"),
        ("backgammon", {"licence": "-123"}, "licence"),
        ("backgammon", {"licence": "1" * 21}, "licence"),
    ],
)
def test_the_games_player_form_refuses_what_it_refuses_at_registration(
    director: Any, kind: str, changes: dict[str, Any], field: str
) -> None:
    t = make_event(kind, director)
    e = entrant(t, "Joueur2")
    before = snapshot(t)
    with pytest.raises(services.InvalidPlayer) as refused:
        services.edit_player(GAMES[kind], t, e.pk, form_data(e, **changes), director)
    assert list(refused.value.form.errors) == [field]
    assert str(refused.value.form.fields[field].label) in str(refused.value)
    assert snapshot(t) == before


def test_the_registration_form_checks_the_licence_as_a_players_file_does(
    dclient: Client, director: Any
) -> None:
    t = make_event("backgammon", director)
    response = dclient.post(
        f"/backgammon/{t.event_id}/joueurs/ajout/",
        {"name": "Zoé", "rating": 1500, "club": "", "licence": "12 34"},
        follow=True,
    )
    text = response.content.decode()
    assert "Licence invalide" in text
    assert not Entrant.objects.filter(tournament=t, name="Zoé").exists()


def test_a_backgammon_correction_has_no_pl_star_and_keeps_the_elo_rules(director: Any) -> None:
    t = make_event("backgammon", director)
    e = entrant(t, "Joueur1")
    assert "starred" not in BACKGAMMON.player_form().fields
    services.edit_player(BACKGAMMON, t, e.pk, form_data(e, rating=2104, starred="on"), director)
    e.refresh_from_db()
    assert (e.rating, e.starred) == (2104, False)


def test_a_rename_follows_in_the_register_of_incidents(director: Any) -> None:
    t = make_event("backgammon", director)
    e = entrant(t, "Joueur2")
    other = entrant(t, "Joueur3")
    mine = Incident.objects.create(
        event=t.event, player=e.name, player_ref=e.pk, kind="conduct", description="retard"
    )
    theirs = Incident.objects.create(
        event=t.event, player=other.name, player_ref=other.pk, kind="conduct", description="x"
    )
    services.edit_player(BACKGAMMON, t, e.pk, form_data(e, name="Joueur Deux"), director)
    mine.refresh_from_db()
    theirs.refresh_from_db()
    assert (mine.player, theirs.player) == ("Joueur Deux", "Joueur3")


def test_a_player_of_another_event_is_unknown(director: Any) -> None:
    t = make_event("classic", director)
    other = make_event("backgammon", director)
    e = entrant(other, "Joueur1")
    with pytest.raises(services.ServiceError, match="Joueur inconnu dans ce tournoi"):
        services.edit_player(CLASSIC, t, e.pk, form_data(e, club="X"), director)
    with pytest.raises(services.ServiceError, match="Joueur inconnu dans ce tournoi"):
        services.remove_player(t, e.pk, director)
    assert entrant(other, "Joueur1").club == "Club1"


# -- once the player is paired --------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["classic", "backgammon"])
def test_a_paired_player_keeps_name_and_rating_with_the_reason(director: Any, kind: str) -> None:
    game = GAMES[kind]
    t = make_event(kind, director)
    start(game, t, director)
    e = entrant(t, "Joueur2")
    before = snapshot(t)
    with pytest.raises(services.ServiceError) as refused:
        services.edit_player(game, t, e.pk, form_data(e, name="Joueur Deux"), director)
    assert "figure dans l'appariement de la ronde 1" in str(refused.value)
    assert "son nom" in str(refused.value) and "Le club et la licence" in str(refused.value)
    with pytest.raises(services.ServiceError) as refused:
        services.edit_player(game, t, e.pk, form_data(e, rating=1000), director)
    assert f"son classement ({game.rating_name})" in str(refused.value)
    assert "départages" in str(refused.value)
    assert snapshot(t) == before
    assert {tb.a for tb in Table.objects.filter(round__tournament=t)} | {
        tb.b for tb in Table.objects.filter(round__tournament=t)
    } >= {"Joueur2"}


def test_000_pdep_a_paired_classic_player_keeps_the_pl_star_mark(director: Any) -> None:
    t = make_event("classic", director)
    start(CLASSIC, t, director)
    e = entrant(t, "Joueur1")
    with pytest.raises(services.ServiceError, match="ronde 1"):
        services.edit_player(CLASSIC, t, e.pk, form_data(e, starred="on"), director)
    assert entrant(t, "Joueur1").starred is False


@pytest.mark.parametrize("kind", ["classic", "backgammon"])
def test_club_and_licence_are_corrected_during_the_event(director: Any, kind: str) -> None:
    game = GAMES[kind]
    t = make_event(kind, director)
    start(game, t, director)
    e = entrant(t, "Joueur2")
    changed = services.edit_player(
        game, t, e.pk, form_data(e, club="Mons", licence="99.123"), director
    )
    assert sorted(changed) == ["club", "licence"]
    e.refresh_from_db()
    assert (e.club, e.licence) == ("Mons", "99.123")
    entry = AuditEntry.objects.filter(tournament=t, action="Joueur modifié").get()
    assert entry.before == {"club": "Club0", "licence": "L2"}


def test_a_player_not_yet_paired_is_corrected_after_round_one(director: Any) -> None:
    """A player absent at the check-in arrives late: not in round 1's pairing, so the whole
    registration can still be corrected until round 2 pairs them."""
    t = make_event("backgammon", director)
    start(BACKGAMMON, t, director, absent=("Joueur6",))
    e = entrant(t, "Joueur6")
    services.arrive_late(t, e.pk, director)
    services.edit_player(
        BACKGAMMON, t, e.pk, form_data(e, name="Joueur Six", rating=1500), director
    )
    e.refresh_from_db()
    assert (e.name, e.rating) == ("Joueur Six", 1500)


# -- removing a registration ------------------------------------------------------------------------


def test_a_registration_made_by_mistake_is_removed_before_round_one(director: Any) -> None:
    t = make_event("classic", director)
    e = entrant(t, "Joueur4")
    Absence.objects.create(entrant=e, round=2)
    version = Tournament.objects.get(pk=t.pk).version
    assert services.remove_player(t, e.pk, director, " inscrit deux fois ") == "Joueur4"
    assert not Entrant.objects.filter(tournament=t, name="Joueur4").exists()
    assert not Absence.objects.filter(round=2).exists()
    entry = AuditEntry.objects.filter(tournament=t, action="Inscription supprimée").get()
    assert (entry.target, entry.reason, entry.after) == ("Joueur4", "inscrit deux fois", None)
    assert entry.before == {"classement": 1720, "club": "Club0", "licence": "L4", "pointé": False}
    assert Tournament.objects.get(pk=t.pk).version > version
    start(CLASSIC, t, director)  # five players left: two tables and a bye
    assert Table.objects.filter(round__tournament=t).count() == 3


@pytest.mark.parametrize("kind", ["classic", "backgammon"])
def test_a_paired_player_is_not_removed_but_withdrawn(director: Any, kind: str) -> None:
    game = GAMES[kind]
    t = make_event(kind, director)
    start(game, t, director)
    e = entrant(t, "Joueur5")
    before = snapshot(t)
    with pytest.raises(services.ServiceError) as refused:
        services.remove_player(t, e.pk, director, "erreur")
    assert "figure dans l'appariement de la ronde 1" in str(refused.value)
    assert "« Retrait »" in str(refused.value)
    assert snapshot(t) == before


def test_a_late_entry_made_by_mistake_is_removed_until_paired(director: Any) -> None:
    t = make_event("classic", director)
    start(CLASSIC, t, director)
    services.register(CLASSIC, t, [PlayerRow("Tardif", 1500)], director)
    services.register(CLASSIC, t, [PlayerRow("Erreur", 1500)], director)
    services.remove_player(t, entrant(t, "Erreur").pk, director)
    assert not Entrant.objects.filter(tournament=t, name="Erreur").exists()
    for tb in Table.objects.filter(round__tournament=t, round__number=1).exclude(b=""):
        entry = {"forfeit": "", "score_a": 400, "score_b": 300, "winner": "", "loss": ""}
        results.enter_result(CLASSIC, t, tb.pk, tb.version, {**entry, "loss_cause": ""}, director)
    services.pair_next_round(CLASSIC, t, director)
    with pytest.raises(services.ServiceError, match="ronde 2"):
        services.remove_player(t, entrant(t, "Tardif").pk, director)


def test_a_player_named_in_the_register_of_incidents_is_not_removed(director: Any) -> None:
    t = make_event("backgammon", director)
    e = entrant(t, "Joueur1")
    Incident.objects.create(
        event=t.event, player=e.name, player_ref=e.pk, kind="conduct", description="x"
    )
    before = snapshot(t)
    with pytest.raises(services.ServiceError, match="registre des incidents mentionne Joueur1"):
        services.remove_player(t, e.pk, director)
    assert snapshot(t) == before


def test_a_removal_reason_too_long_is_refused(director: Any) -> None:
    t = make_event("classic", director)
    e = entrant(t, "Joueur1")
    with pytest.raises(services.ServiceError, match="300 caractères au plus"):
        services.remove_player(t, e.pk, director, "x" * 301)
    assert Entrant.objects.filter(pk=e.pk).exists()


# -- the pages ------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["classic", "backgammon"])
def test_the_edit_page_shows_the_games_fields_prefilled(
    dclient: Client, director: Any, kind: str
) -> None:
    t = make_event(kind, director)
    e = entrant(t, "Joueur2")
    detail = dclient.get(f"/{PREFIX[kind]}/{t.event_id}/").content.decode()
    url = f"/{PREFIX[kind]}/{t.event_id}/joueur/{e.pk}/modifier/"
    assert f'href="{url}"' in detail
    page = dclient.get(url).content.decode()
    assert 'value="Joueur2"' in page and 'value="1760"' in page and 'value="L2"' in page
    assert ("PL*" in page) is (kind == "classic")
    assert 'id="remove-player-form"' in page
    assert '<label for="remove-reason">' in page


def test_a_correction_through_the_page(dclient: Client, director: Any) -> None:
    t = make_event("classic", director)
    e = entrant(t, "Joueur2")
    url = f"/classique/{t.event_id}/joueur/{e.pk}/modifier/"
    response = dclient.post(url, form_data(e, name="Joueuse Deux", rating=1600), follow=True)
    assert "Joueur enregistré." in response.content.decode()
    assert response.redirect_chain[-1][0] == f"/classique/{t.event_id}/"
    assert entrant(t, "Joueuse Deux").rating == 1600
    response = dclient.post(url, form_data(entrant(t, "Joueuse Deux")), follow=True)
    assert "Aucune modification." in response.content.decode()


def test_a_refusal_is_shown_on_the_page_with_what_was_typed(dclient: Client, director: Any) -> None:
    t = make_event("backgammon", director)
    start(BACKGAMMON, t, director)
    e = entrant(t, "Joueur2")
    url = f"/backgammon/{t.event_id}/joueur/{e.pk}/modifier/"
    response = dclient.post(url, form_data(e, name="Joueur Deux"))
    text = response.content.decode()
    assert response.status_code == 200
    assert "figure dans l&#x27;appariement de la ronde 1" in text
    assert 'value="Joueur Deux"' in text
    assert 'id="paired-note"' in text and 'id="remove-player-form"' not in text
    response = dclient.post(url, form_data(e, licence="12 34"))
    assert "Licence invalide" in response.content.decode()
    assert entrant(t, "Joueur2").licence == "L2"


def test_a_removal_through_the_page(dclient: Client, director: Any) -> None:
    t = make_event("backgammon", director)
    e = entrant(t, "Joueur3")
    url = f"/backgammon/{t.event_id}/joueur/{e.pk}/supprimer/"
    assert dclient.get(url).status_code == 405
    response = dclient.post(url, {"reason": "doublon"}, follow=True)
    assert "Inscription de Joueur3 supprimée." in response.content.decode()
    assert not Entrant.objects.filter(pk=e.pk).exists()


def test_a_refused_removal_returns_to_the_player_with_the_reason(
    dclient: Client, director: Any
) -> None:
    t = make_event("classic", director)
    start(CLASSIC, t, director)
    e = entrant(t, "Joueur3")
    response = dclient.post(f"/classique/{t.event_id}/joueur/{e.pk}/supprimer/", follow=True)
    assert response.redirect_chain[-1][0] == f"/classique/{t.event_id}/joueur/{e.pk}/modifier/"
    assert "« Retrait »" in response.content.decode()
    assert Entrant.objects.filter(pk=e.pk).exists()


def test_an_arbiter_of_the_event_cannot_correct_or_remove(
    aclient: Client, arbiter: Any, director: Any
) -> None:
    from arbitre.app.events.roles import ARBITER, grant

    t = make_event("classic", director)
    grant(t.event_id, arbiter, ARBITER)
    e = entrant(t, "Joueur3")
    base = f"/classique/{t.event_id}/joueur/{e.pk}/"
    assert aclient.get(f"{base}modifier/").status_code == 403
    assert aclient.post(f"{base}modifier/", form_data(e, name="X")).status_code == 403
    assert aclient.post(f"{base}supprimer/").status_code == 403
    assert entrant(t, "Joueur3").pk == e.pk


# -- a withdrawal recorded by mistake ---------------------------------------------------------------


def finish_round(game: PairedGame, t: Tournament, user: Any, number: int) -> None:
    """Enter a win of player A at every table of round ``number``."""
    for tb in Table.objects.filter(round__tournament=t, round__number=number).exclude(b=""):
        if game is CLASSIC:
            entry: dict[str, Any] = {"forfeit": "", "score_a": 400, "score_b": 300}
            entry.update(winner="", loss="", loss_cause="")
        else:
            entry = {"forfeit": "", "score_a": 5, "score_b": 2, "winner": tb.a}
            entry.update(late_a=0, late_b=0, ended="", excused_a=False, excused_b=False)
        results.enter_result(game, t, tb.pk, tb.version, entry, user)


def paired_names(t: Tournament, number: int) -> set[str]:
    tables = Table.objects.filter(round__tournament=t, round__number=number)
    return {n for tb in tables for n in (tb.a, tb.b) if n}


@pytest.mark.parametrize("kind", ["classic", "backgammon"])
def test_a_withdrawal_is_cancelled_until_a_round_is_paired_without_the_player(
    director: Any, kind: str
) -> None:
    game = GAMES[kind]
    t = make_event(kind, director)
    start(game, t, director)
    e = entrant(t, "Joueur4")
    services.withdraw(t, e.pk, director, "malade")
    services.cancel_withdrawal(game, t, e.pk, director)
    assert entrant(t, "Joueur4").withdrawn_after is None
    entry = AuditEntry.objects.filter(tournament=t, action="Retrait annulé").get()
    assert (entry.target, entry.before, entry.after) == ("Joueur4", {"après la ronde": 1}, None)
    finish_round(game, t, director, 1)
    services.pair_next_round(game, t, director)
    assert "Joueur4" in paired_names(t, 2)  # paired again

    services.withdraw(t, e.pk, director)
    finish_round(game, t, director, 2)
    services.pair_next_round(game, t, director)
    assert "Joueur4" not in paired_names(t, 3)
    before = snapshot(t)
    with pytest.raises(services.ServiceError) as refused:
        services.cancel_withdrawal(game, t, e.pk, director)
    assert str(refused.value) == (
        "La ronde 3 a été appariée sans Joueur4 : son retrait ne peut plus être annulé."
    )
    assert snapshot(t) == before and entrant(t, "Joueur4").withdrawn_after == 2


def test_only_a_withdrawn_player_has_a_withdrawal_to_cancel(director: Any) -> None:
    t = make_event("classic", director)
    start(CLASSIC, t, director)
    with pytest.raises(services.ServiceError, match="Joueur1 n'est pas retiré."):
        services.cancel_withdrawal(CLASSIC, t, entrant(t, "Joueur1").pk, director)


def test_a_withdrawal_stays_once_the_final_stage_started(director: Any) -> None:
    t = make_event("backgammon", director)
    start(BACKGAMMON, t, director)
    e = entrant(t, "Joueur4")
    services.withdraw(t, e.pk, director)
    Tournament.objects.filter(pk=t.pk).update(bracket_started=True)
    with pytest.raises(services.ServiceError, match="La phase finale est commencée"):
        services.cancel_withdrawal(BACKGAMMON, t, e.pk, director)
    assert entrant(t, "Joueur4").withdrawn_after == 1


def test_a_withdrawal_cancelled_from_the_players_list(dclient: Client, director: Any) -> None:
    t = make_event("classic", director)
    start(CLASSIC, t, director)
    e = entrant(t, "Joueur4")
    url = f"/classique/{t.event_id}/joueur/{e.pk}/"
    dclient.post(url, {"action": "withdraw"})
    page = dclient.get(f"/classique/{t.event_id}/").content.decode()
    assert 'aria-label="Annuler le retrait de Joueur4"' in page
    response = dclient.post(url, {"action": "cancel_withdrawal"}, follow=True)
    text = response.content.decode()
    assert "Retrait de Joueur4 annulé : il joue à partir de la ronde 2." in text
    assert "Annuler le retrait de Joueur4" not in text
    assert entrant(t, "Joueur4").withdrawn_after is None


def test_the_journal_shows_what_a_correction_changed(dclient: Client, director: Any) -> None:
    t = make_event("backgammon", director)
    e = entrant(t, "Joueur2")
    services.edit_player(BACKGAMMON, t, e.pk, form_data(e, rating=1500, club=""), director)
    services.remove_player(t, entrant(t, "Joueur5").pk, director, "doublon")
    page = dclient.get(f"/backgammon/{t.event_id}/").content.decode()
    assert "classement du joueur : 1760 → 1500 · club : Club0 → —" in page
    assert "classement du joueur : 1700 · club : Club1 · licence : L5 · pointé : non" in page
    dclient.post("/langue/", {"language": "en", "next": "/"})
    page = dclient.get(f"/backgammon/{t.event_id}/").content.decode()
    assert "player&#x27;s rating: 1760 → 1500 · club: Club0 → —" in page
    assert "checked in: no" in page


def test_the_journal_words_no_result_or_pairing_as_a_change(director: Any) -> None:
    from arbitre.app.rounds.templatetags.rounds import audit_change

    t = make_event("classic", director)
    start(CLASSIC, t, director)
    pairing = AuditEntry.objects.get(tournament=t, action="Appariement")
    registration = AuditEntry.objects.get(tournament=t, action="Inscription", target="Joueur1")
    assert audit_change(pairing) == ""
    assert audit_change(registration) == "classement du joueur : 1780 · club : Club1 · licence : L1"


def test_a_withdrawal_with_its_reason_from_the_players_page(dclient: Client, director: Any) -> None:
    t = make_event("backgammon", director)
    e = entrant(t, "Joueur4")
    url = f"/backgammon/{t.event_id}/joueur/{e.pk}/modifier/"
    assert 'id="withdraw-form"' not in dclient.get(url).content.decode()  # before round 1
    start(BACKGAMMON, t, director)
    page = dclient.get(url).content.decode()
    assert 'id="withdraw-form"' in page and '<label for="withdraw-reason">' in page
    dclient.post(
        f"/backgammon/{t.event_id}/joueur/{e.pk}/", {"action": "withdraw", "reason": "1.12"}
    )
    entry = AuditEntry.objects.get(tournament=t, action="Retrait")
    assert (entry.target, entry.reason, entry.after) == ("Joueur4", "1.12", {"après la ronde": 1})
    assert 'id="withdraw-form"' not in dclient.get(url).content.decode()


def test_a_correction_from_a_page_loaded_before_another_change_is_refused(
    dclient: Client, director: Any
) -> None:
    """Two directors open the same player; the first saves the club, the second's page
    (still showing the old club) would put it back: refused, the first change stays."""
    t = make_event("classic", director)
    e = entrant(t, "Joueur2")
    url = f"/classique/{t.event_id}/joueur/{e.pk}/modifier/"
    page = dclient.get(url).content.decode()
    stamp = page.split('name="stamp" value="')[1].split('"')[0]
    assert stamp == services.player_stamp(e)
    first = dclient.post(url, {**form_data(e, club="Mons"), "stamp": stamp}, follow=True)
    assert "Joueur enregistré." in first.content.decode()
    second = dclient.post(url, {**form_data(e, licence="X-9"), "stamp": stamp}, follow=True)
    text = second.content.decode()
    assert "Joueur2 a été modifié depuis l&#x27;ouverture de cette page" in text
    assert second.redirect_chain[-1][0] == url and 'value="Mons"' in text  # current values
    e.refresh_from_db()
    assert (e.club, e.licence) == ("Mons", "L2")
    with pytest.raises(services.StaleEditError):
        services.edit_player(CLASSIC, t, e.pk, {**form_data(e), "stamp": stamp}, director)


def test_the_directors_help_says_how_to_correct_or_remove_a_player(client: Client) -> None:
    page = client.get("/aide/directeur/").content.decode()
    assert 'id="corriger-joueur"' in page
    assert "« Supprimer l'inscription »" in page and "« Annuler le retrait »" in page
    client.post("/langue/", {"language": "en", "next": "/"})
    page = client.get("/aide/directeur/").content.decode()
    assert "“Delete the registration”" in page and "“Cancel the withdrawal”" in page


# -- a late arrival recorded by mistake -------------------------------------------------------------


@pytest.mark.parametrize("kind", ["classic", "backgammon"])
def test_a_late_arrival_is_cancelled_until_its_round_is_paired(director: Any, kind: str) -> None:
    game = GAMES[kind]
    t = make_event(kind, director)
    start(game, t, director, absent=("Joueur6", "Joueur5"))
    late, wrong = entrant(t, "Joueur6"), entrant(t, "Joueur5")
    services.arrive_late(t, late.pk, director)
    services.arrive_late(t, wrong.pk, director)  # the wrong button
    services.cancel_late_arrival(t, wrong.pk, director)
    wrong.refresh_from_db()
    assert (wrong.checked_in, wrong.first_round) == (False, 1)
    entry = AuditEntry.objects.get(tournament=t, action="Arrivée tardive annulée")
    assert (entry.target, entry.before) == ("Joueur5", {"à partir de la ronde": 2})
    finish_round(game, t, director, 1)
    services.pair_next_round(game, t, director)
    assert "Joueur6" in paired_names(t, 2) and "Joueur5" not in paired_names(t, 2)
    before = snapshot(t)
    with pytest.raises(services.ServiceError) as refused:
        services.cancel_late_arrival(t, late.pk, director)
    assert str(refused.value).startswith("Joueur6 est apparié à la ronde 2")
    with pytest.raises(services.ServiceError, match="Joueur5 n'est pas arrivé en retard."):
        services.cancel_late_arrival(t, wrong.pk, director)
    assert snapshot(t) == before


def test_a_late_arrival_cancelled_from_the_players_list(dclient: Client, director: Any) -> None:
    t = make_event("backgammon", director)
    start(BACKGAMMON, t, director, absent=("Joueur6",))
    e = entrant(t, "Joueur6")
    url = f"/backgammon/{t.event_id}/joueur/{e.pk}/"
    dclient.post(url, {"action": "late"})
    page = dclient.get(f"/backgammon/{t.event_id}/").content.decode()
    assert 'aria-label="Annuler l\'arrivée de Joueur6"' in page
    response = dclient.post(url, {"action": "cancel_late"}, follow=True)
    assert "Arrivée de Joueur6 annulée : il n&#x27;est plus pointé." in response.content.decode()
    assert entrant(t, "Joueur6").checked_in is False
