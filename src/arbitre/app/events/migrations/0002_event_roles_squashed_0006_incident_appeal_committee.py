import importlib

import django.db.migrations.operations.special
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


# the data step of 0002, run by this migration on a database that has events 0001 only
grant_existing = importlib.import_module("arbitre.app.events.migrations.0002_event_roles").grant_existing

class Migration(migrations.Migration):
    """Events 0002 to 0006 in one (issue 36: a new database in fewer steps); a database
    migrated before keeps them. Events 0001 stays apart: Duplicate's first migration
    needs it, and events 0002 needs Duplicate's."""


    replaces = [('events', '0002_event_roles'), ('events', '0003_incident_register'), ('events', '0004_incident_dice_touched'), ('events', '0005_incident_bracket_match'), ('events', '0006_incident_appeal_committee')]

    dependencies = [
        ('duplicate', '0001_initial'),
        ('events', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='StaffAudit',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('at', models.DateTimeField(auto_now_add=True)),
                ('action', models.CharField(max_length=60)),
                ('target', models.CharField(blank=True, max_length=200)),
                ('before', models.JSONField(blank=True, null=True)),
                ('after', models.JSONField(blank=True, null=True)),
                ('reason', models.CharField(blank=True, max_length=300)),
                ('event', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='staff_audit', to='events.event')),
                ('user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-at', '-id'],
                'abstract': False,
            },
        ),
        migrations.CreateModel(
            name='EventRole',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('role', models.CharField(choices=[('directeur', 'directeur'), ('arbitre', 'arbitre')], max_length=20, verbose_name='rôle')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='staff', to='events.event')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='event_roles', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['event', 'role', 'user__username'],
                'constraints': [models.UniqueConstraint(fields=('event', 'user'), name='unique_role_per_event')],
            },
        ),
        migrations.RunPython(
            code=grant_existing,
            reverse_code=django.db.migrations.operations.special.RunPython.noop,
        ),
        migrations.CreateModel(
            name='Incident',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('player', models.CharField(blank=True, max_length=200, verbose_name='joueur')),
                ('player_ref', models.PositiveIntegerField(blank=True, null=True)),
                ('round', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='ronde')),
                ('table', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='table')),
                ('kind', models.CharField(choices=[('illegal_move', 'coup illégal signalé'), ('conduct', 'comportement'), ('clock', 'pendule, temps'), ('abandoned_table', 'table abandonnée, pendule neutralisée'), ('dice_touched', 'dés ramassés avant la pendule'), ('spectator', 'spectateur, signal'), ('score', 'score, feuille de match'), ('dispute', 'litige'), ('other', 'autre')], max_length=20, verbose_name='nature')),
                ('description', models.TextField(max_length=2000, verbose_name='description')),
                ('sanction', models.CharField(blank=True, choices=[('', 'aucune'), ('warning', 'avertissement'), ('time', 'pénalité de temps'), ('points', 'pénalité de points'), ('loss', 'perte de la partie ou du match'), ('disqualification', 'disqualification et perte des prix'), ('exclusion', 'exclusion')], default='', max_length=20, verbose_name='sanction')),
                ('amount', models.PositiveIntegerField(default=0, verbose_name='quantité')),
                ('at', models.DateTimeField(auto_now_add=True)),
                ('applied', models.JSONField(blank=True, default=dict)),
                ('appeal', models.CharField(blank=True, choices=[('', "pas d'appel"), ('pending', 'appel en cours'), ('upheld', 'sanction maintenue'), ('annulled', 'sanction annulée')], default='', max_length=10, verbose_name='appel')),
                ('appeal_text', models.TextField(blank=True, max_length=2000, verbose_name='décision du comité')),
                ('appeal_at', models.DateTimeField(blank=True, null=True)),
                ('appeal_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('decided_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='incidents', to='events.event')),
                ('match', models.CharField(blank=True, default='', max_length=20, verbose_name='match du tableau final')),
                ('appeal_committee', models.JSONField(blank=True, default=dict, verbose_name="comité d'arbitrage")),
            ],
            options={
                'verbose_name': 'incident',
                'ordering': ['at', 'id'],
            },
        ),
    ]
