from django.urls import path

from arbitre.app.ranking import (
    duplicate_feed,
    event_views,
    index_views,
    pending_views,
    public,
    season_views,
    titles_views,
    views,
)

app_name = "ranking"

urlpatterns = [
    path("federation/", index_views.federation, name="federation"),
    path("federation/licencies/", views.licensees, name="licensees"),
    path("federation/licencies/<path:licence>/", views.licensee_edit, name="licensee_edit"),
    path("federation/saison/", season_views.season, name="season"),
    path("federation/saison/archive/", season_views.season_archive, name="season_archive"),
    path("federation/epreuves/<int:number>/", season_views.event, name="event"),
    path("federation/epreuves/<int:number>/titres/", titles_views.event_titles, name="titles"),
    path(
        "federation/epreuves/<int:number>/outre-mer/",
        event_views.event_overseas,
        name="event_overseas",
    ),
    path(
        "federation/epreuves/<int:number>/retrait/",
        event_views.event_withdraw,
        name="event_withdraw",
    ),
    path("federation/classement/", season_views.classification, name="classification"),
    path("federation/joueur/<path:licence>/", season_views.officer_player, name="officer_player"),
    path(
        "federation/duplicate/<int:event_id>/cloture/",
        duplicate_feed.duplicate_feed,
        name="duplicate_feed",
    ),
    path("federation/apercu/<int:number>/", pending_views.pending, name="pending"),
    path("classement/", public.search, name="public_search"),
    path("classement/joueur/<path:licence>/", public.player, name="public_player"),
]
