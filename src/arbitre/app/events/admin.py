from django.contrib import admin

from arbitre.app.events.models import Event

admin.site.register(Event)
