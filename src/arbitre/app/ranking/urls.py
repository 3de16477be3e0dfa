from django.urls import path

from arbitre.app.ranking import views

app_name = "ranking"

urlpatterns = [
    path("federation/licencies/", views.licensees, name="licensees"),
    path("federation/licencies/<path:licence>/", views.licensee_edit, name="licensee_edit"),
]
