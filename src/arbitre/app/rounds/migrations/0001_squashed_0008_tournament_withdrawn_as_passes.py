
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    """The app's migrations up to 0008_tournament_withdrawn_as_passes in one, made from the models: a new
    database is created in one step (issue 36); a database migrated before keeps them."""

    initial = True

    replaces = [
        ('tournaments', '0001_initial'),
        ('tournaments', '0002_table_loss'),
        ('tournaments', '0003_backgammon_match_day'),
        ('tournaments', '0004_entrant_self_check_in'),
        ('tournaments', '0004_table_log'),
        ('tournaments', '0005_merge_self_check_in_table_log'),
        ('tournaments', '0006_table_log_audit'),
        ('tournaments', '0007_table_log_pins'),
        ('tournaments', '0008_tournament_withdrawn_as_passes'),
    ]

    dependencies = [
        ('events', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Round',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField()),
                ('explain', models.JSONField(blank=True, default=list)),
                ('order', models.JSONField(blank=True, default=list)),
                ('paired_at', models.DateTimeField(auto_now_add=True)),
            ],
            options={
                'ordering': ['number'],
            },
        ),
        migrations.CreateModel(
            name='Table',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField()),
                ('a', models.CharField(max_length=100)),
                ('b', models.CharField(blank=True, max_length=100)),
                ('rule', models.CharField(blank=True, max_length=40)),
                ('explanation', models.TextField(blank=True)),
                ('starts', models.JSONField(blank=True, default=list)),
                ('overridden', models.BooleanField(default=False)),
                ('entered', models.BooleanField(default=False)),
                ('score_a', models.IntegerField(blank=True, null=True)),
                ('score_b', models.IntegerField(blank=True, null=True)),
                ('forfeit', models.CharField(blank=True, default='', max_length=4)),
                ('winner', models.CharField(blank=True, max_length=100)),
                ('late_a', models.PositiveSmallIntegerField(default=0)),
                ('late_b', models.PositiveSmallIntegerField(default=0)),
                ('penalty_a', models.PositiveSmallIntegerField(default=0)),
                ('penalty_b', models.PositiveSmallIntegerField(default=0)),
                ('loss', models.CharField(blank=True, default='', max_length=1)),
                ('loss_cause', models.CharField(blank=True, default='', max_length=10)),
                ('ended', models.CharField(blank=True, default='', max_length=20)),
                ('excused_a', models.BooleanField(default=False)),
                ('excused_b', models.BooleanField(default=False)),
                ('clock_minutes_a', models.FloatField(default=0)),
                ('clock_minutes_b', models.FloatField(default=0)),
                ('mat', models.TextField(blank=True)),
                ('version', models.PositiveIntegerField(default=0)),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tables', to='tournaments.round')),
            ],
            options={
                'ordering': ['round__number', 'number'],
            },
        ),
        migrations.CreateModel(
            name='TableLog',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('classic', 'Scrabble classique')], max_length=20)),
                ('code', models.CharField(max_length=12, unique=True)),
                ('pins', models.JSONField(blank=True, default=list)),
                ('title', models.CharField(blank=True, max_length=200)),
                ('setup', models.JSONField(blank=True, default=dict)),
                ('events', models.JSONField(blank=True, default=list)),
                ('client_ids', models.JSONField(blank=True, default=list)),
                ('version', models.PositiveIntegerField(default=0)),
                ('epoch', models.FloatField()),
                ('created_by', models.CharField(blank=True, max_length=150)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('round', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='table_logs', to='tournaments.round')),
                ('table', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='log', to='tournaments.table')),
            ],
            options={
                'ordering': ['id'],
            },
        ),
        migrations.CreateModel(
            name='TableLogAudit',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('at', models.DateTimeField(auto_now_add=True)),
                ('action', models.CharField(max_length=60)),
                ('target', models.CharField(blank=True, max_length=200)),
                ('before', models.JSONField(blank=True, null=True)),
                ('after', models.JSONField(blank=True, null=True)),
                ('reason', models.CharField(blank=True, max_length=300)),
                ('table_log', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='audit', to='tournaments.tablelog')),
                ('user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-at', '-id'],
                'abstract': False,
            },
        ),
        migrations.CreateModel(
            name='Tournament',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('rounds', models.PositiveSmallIntegerField(verbose_name='nombre de rondes')),
                ('rounds_auto', models.BooleanField(default=False)),
                ('profile', models.CharField(choices=[('fbs', 'FBS (Belgique)'), ('ffsc', 'FFSc (France)')], default='fbs', max_length=10, verbose_name='profil de règles')),
                ('best_of', models.PositiveSmallIntegerField(default=1, verbose_name='manche')),
                ('final_size', models.PositiveSmallIntegerField(default=0, verbose_name='phase finale')),
                ('final_best_of', models.PositiveSmallIntegerField(default=3, verbose_name='manche de la phase finale')),
                ('withdrawn_as_passes', models.BooleanField(default=False, verbose_name='coups retirés comptés comme passes')),
                ('match_length', models.PositiveSmallIntegerField(default=9, verbose_name='longueur des matchs suisses')),
                ('qf_sets', models.CharField(default='9,9,11', max_length=30, verbose_name='sets des quarts')),
                ('sf_sets', models.CharField(default='9,9,11', max_length=30, verbose_name='sets des demies')),
                ('final_sets', models.CharField(default='11,11,11', max_length=30, verbose_name='sets de la finale')),
                ('consolation_sets', models.CharField(default='9', max_length=30, verbose_name='sets de la consolante')),
                ('clock_per_point', models.FloatField(default=2.5, verbose_name='temps par point (min)')),
                ('clock_increment', models.PositiveSmallIntegerField(default=9, verbose_name='incrément (s)')),
                ('clocked', models.BooleanField(default=False, verbose_name='matchs à la pendule')),
                ('break_minutes', models.FloatField(default=10, verbose_name='break, matchs de 9 points et moins (min)')),
                ('break_minutes_long', models.FloatField(default=12, verbose_name='break, matchs plus longs (min)')),
                ('late_grace', models.FloatField(default=20, verbose_name='retard sans pendule : délai (min)')),
                ('late_period', models.FloatField(default=5, verbose_name='retard : tranche (min)')),
                ('late_points', models.PositiveSmallIntegerField(default=1, verbose_name='retard sans pendule : points')),
                ('excused_grace', models.FloatField(default=60, verbose_name='heure de force majeure (min)')),
                ('excused_points', models.PositiveSmallIntegerField(default=3, verbose_name='après cette heure : points')),
                ('bye_points', models.FloatField(default=0.5, verbose_name="points de l'exempt")),
                ('forfeit_points', models.FloatField(default=1.0, verbose_name="points d'une victoire par forfait")),
                ('bracket_started', models.BooleanField(default=False)),
                ('final_started', models.BooleanField(default=False)),
                ('version', models.PositiveIntegerField(default=0)),
                ('event', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='tournament', to='events.event')),
            ],
        ),
        migrations.CreateModel(
            name='TableClockSettings',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('chess', "pendule d'échecs : un crédit par joueur"), ('move', 'minuterie par coup, avec alarme'), ('global', 'crédit global pour les deux joueurs')], default='chess', max_length=10)),
                ('seconds', models.PositiveIntegerField(default=1500)),
                ('warning', models.PositiveIntegerField(default=0)),
                ('tournament', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='table_clock', to='tournaments.tournament')),
            ],
        ),
        migrations.AddField(
            model_name='round',
            name='tournament',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='round_set', to='tournaments.tournament'),
        ),
        migrations.CreateModel(
            name='Playoff',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('winner', models.CharField(max_length=100)),
                ('loser', models.CharField(max_length=100)),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='playoffs', to='tournaments.tournament')),
            ],
        ),
        migrations.CreateModel(
            name='KnockoutResult',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('match_id', models.CharField(max_length=20)),
                ('winner', models.CharField(max_length=100)),
                ('scores', models.JSONField(blank=True, default=list)),
                ('mat', models.TextField(blank=True)),
                ('entered_at', models.DateTimeField(auto_now=True)),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='knockout', to='tournaments.tournament')),
            ],
            options={
                'ordering': ['id'],
            },
        ),
        migrations.CreateModel(
            name='Entrant',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=100, verbose_name='nom')),
                ('rating', models.PositiveIntegerField(verbose_name='classement')),
                ('starred', models.BooleanField(default=False, verbose_name='cote PL*')),
                ('club', models.CharField(blank=True, max_length=100, verbose_name='club')),
                ('licence', models.CharField(blank=True, max_length=30, verbose_name='licence')),
                ('checked_in', models.BooleanField(default=False, verbose_name='pointé')),
                ('self_checked_in_at', models.DateTimeField(blank=True, null=True)),
                ('self_check_in_failures', models.PositiveSmallIntegerField(default=0)),
                ('first_round', models.PositiveSmallIntegerField(default=1)),
                ('withdrawn_after', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='entrants', to='tournaments.tournament')),
            ],
            options={
                'ordering': ['name'],
            },
        ),
        migrations.CreateModel(
            name='AuditEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('at', models.DateTimeField(auto_now_add=True)),
                ('action', models.CharField(max_length=60)),
                ('target', models.CharField(blank=True, max_length=200)),
                ('before', models.JSONField(blank=True, null=True)),
                ('after', models.JSONField(blank=True, null=True)),
                ('reason', models.CharField(blank=True, max_length=300)),
                ('user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='audit', to='tournaments.tournament')),
            ],
            options={
                'ordering': ['-at', '-id'],
                'abstract': False,
            },
        ),
        migrations.CreateModel(
            name='Absence',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('round', models.PositiveSmallIntegerField()),
                ('entrant', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='absences', to='tournaments.entrant')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('entrant', 'round'), name='unique_absence')],
            },
        ),
        migrations.AddConstraint(
            model_name='table',
            constraint=models.UniqueConstraint(fields=('round', 'number'), name='unique_table'),
        ),
        migrations.AddConstraint(
            model_name='tablelog',
            constraint=models.UniqueConstraint(fields=('round', 'code'), name='unique_table_code'),
        ),
        migrations.AddConstraint(
            model_name='round',
            constraint=models.UniqueConstraint(fields=('tournament', 'number'), name='unique_round'),
        ),
        migrations.AddConstraint(
            model_name='knockoutresult',
            constraint=models.UniqueConstraint(fields=('tournament', 'match_id'), name='unique_ko_match'),
        ),
        migrations.AddConstraint(
            model_name='entrant',
            constraint=models.UniqueConstraint(fields=('tournament', 'name'), name='unique_entrant_name'),
        ),
    ]
