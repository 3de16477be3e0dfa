from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SimultaneConfig(AppConfig):
    name = "arbitre.app.simultane"
    label = "simultane"
    verbose_name = _("Simultanés")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from arbitre.app.duplicate import draw_guards
        from arbitre.app.duplicate.models import BallotEntry, Game
        from arbitre.app.simultane import merged, officer_page, prerender, signals, unopened
        from arbitre.app.simultane.models import Centre

        post_save.connect(signals.game_saved, sender=Game, dispatch_uid="simultane-game")
        post_save.connect(signals.ballot_saved, sender=BallotEntry, dispatch_uid="simultane-ballot")
        # the version of what a simultané's pages show moves with its centres (merged.py)
        post_save.connect(merged.centre_saved, sender=Centre, dispatch_uid="simultane-centre")
        post_delete.connect(merged.centre_deleted, sender=Centre, dispatch_uid="simultane-gone")
        # and the parts of its pages are rendered once the change commits (prerender.py)
        if prerender.after_change not in merged.AFTER_BUMP:
            merged.AFTER_BUMP.append(prerender.after_change)
        # and on the officer's poll that finds them neither stored nor being rendered
        if prerender.ask not in officer_page.BACKGROUND:
            officer_page.BACKGROUND.append(prerender.ask)
        # a simultané's game not yet opened with its code is neither drawn nor started
        draw_guards.add(unopened.refusal)
