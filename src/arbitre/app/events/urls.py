from django.urls import path

from arbitre.app.events import views

app_name = "events"

urlpatterns = [
    path("", views.event_list, name="list"),
    path("premier-lancement/", views.first_run, name="first_run"),
    path("a-propos/", views.about, name="about"),
]
