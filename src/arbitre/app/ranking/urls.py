from django.urls import path

from arbitre.app.ranking import views

app_name = "ranking"

urlpatterns = [
    path("federation/licencies/", views.licensees, name="licensees"),
]
