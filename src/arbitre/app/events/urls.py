from django.urls import path

from arbitre.app.events import incident_views, needs_views, staff_views, views

app_name = "events"

urlpatterns = [
    path("", views.event_list, name="list"),
    path("premier-lancement/", views.first_run, name="first_run"),
    path("a-propos/", views.about, name="about"),
    path("aide/", views.help_page, name="help"),
    path("aide/<slug:role>/", views.help_page, name="help_role"),
    path("comptes/", staff_views.accounts, name="accounts"),
    path("comptes/<int:user_id>/", staff_views.account_action, name="account_action"),
    path("evenement/<int:event_id>/equipe/", staff_views.event_staff, name="staff"),
    path("evenement/<int:event_id>/supprimer/", views.delete, name="delete"),
    path("evenement/<int:event_id>/incidents/", incident_views.register, name="incidents"),
    path("evenement/<int:event_id>/direction/", needs_views.page, name="needs"),
    path("evenement/<int:event_id>/direction/etat/", needs_views.state, name="needs_json"),
    path("evenement/<int:event_id>/incidents/appel/", incident_views.appeal, name="appeal"),
    path("evenement/<int:event_id>/incidents/rapport/", incident_views.report, name="report"),
    path(
        "evenement/<int:event_id>/incidents/joueur/<int:player_id>/",
        incident_views.player,
        name="incident_player",
    ),
]
