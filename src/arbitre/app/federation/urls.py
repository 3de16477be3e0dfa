from django.urls import path

from arbitre.app.federation import api, views

app_name = "federation"

urlpatterns = [
    path("api/federation/envois/", api.uploads, name="api_uploads"),
    path("api/federation/envois/<str:uid>/", api.upload_status, name="api_upload_status"),
    path("federation/clubs/", views.clubs, name="clubs"),
    path("federation/envois/", views.uploads, name="uploads"),
    path("federation/envois/<int:upload_id>/decision/", views.decide, name="decide"),
    path("federation/lien/", views.link, name="link"),
    path("duplicate/<int:event_id>/federation/", views.send, name="send"),
]
