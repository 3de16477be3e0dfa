from django.urls import path

from arbitre.app.simultane import (
    api,
    centre_views,
    correction_views,
    officer_views,
    public_views,
)

app_name = "simultane"

urlpatterns = [
    path("api/federation/simultanes/", api.simultanes, name="api_list"),
    path("api/federation/licences/", api.known_licences, name="api_licences"),
    path("api/federation/simultanes/<str:uid>/scelle/", api.sealed_games, name="api_sealed"),
    path("api/federation/simultanes/<str:uid>/cle/", api.key, name="api_key"),
    path("api/federation/simultanes/<str:uid>/resultats/", api.results, name="api_results"),
    path("federation/simultanes/", officer_views.simultanes, name="officer_list"),
    path(
        "federation/simultanes/<int:simultane_id>/",
        officer_views.detail,
        name="officer_detail",
    ),
    path(
        "federation/simultanes/<int:simultane_id>/scelle/",
        officer_views.sealed_download,
        name="officer_sealed",
    ),
    path("public/simultanes/<str:uid>/", public_views.public, name="public"),
    path(
        "public/simultanes/<str:uid>/version/",
        public_views.public_version,
        name="public_version",
    ),
    path(
        "public/simultanes/<str:uid>/classement/",
        public_views.public_fragment,
        name="public_fragment",
    ),
    path("public/simultanes/<str:uid>/solos/", public_views.public_solos, name="public_solos"),
    path(
        "federation/simultanes/<int:simultane_id>/corrections/",
        correction_views.corrections_page,
        name="officer_corrections",
    ),
    path("simultanes/", centre_views.received, name="centre"),
    path("simultanes/<int:received_id>/ouvrir/", centre_views.open_received, name="centre_open"),
    path(
        "simultanes/<int:received_id>/licences/",
        centre_views.check_licences,
        name="centre_licences",
    ),
    path(
        "simultanes/<int:received_id>/hors-classement/",
        centre_views.mark_unlicensed,
        name="centre_unlicensed",
    ),
    path(
        "simultanes/<int:received_id>/resultats/",
        centre_views.send_results,
        name="centre_send",
    ),
]
