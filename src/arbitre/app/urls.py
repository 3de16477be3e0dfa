"""Top-level URL map. Each domain app adds its own ``urls`` module here."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView
from django.views.i18n import set_language

urlpatterns = [
    path("", include("arbitre.app.events.urls")),
    path("", include("arbitre.app.duplicate.urls")),
    path("", include("arbitre.app.classic.urls")),
    path("", include("arbitre.app.backgammon.urls")),
    path("", include("arbitre.app.ranking.urls")),
    path("", include("arbitre.app.federation.urls")),
    path("", include("arbitre.app.simultane.urls")),
    path("", include("arbitre.app.legacy")),
    path(
        "compte/connexion/",
        auth_views.LoginView.as_view(template_name="registration/login.html"),
        name="login",
    ),
    path("compte/deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    path("langue/", set_language, name="set_language"),
    # browsers ask for /favicon.ico whatever the page says; answer instead of logging a 404
    path("favicon.ico", RedirectView.as_view(url=static("arbitre/favicon.svg")), name="favicon"),
    path("admin/", admin.site.urls),
]
