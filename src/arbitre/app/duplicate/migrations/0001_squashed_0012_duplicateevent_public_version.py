
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    """The app's migrations up to 0012_duplicateevent_public_version in one, made from the models: a new
    database is created in one step (issue 36); a database migrated before keeps them."""

    initial = True

    replaces = [
        ('duplicate', '0001_initial'),
        ('duplicate', '0002_annulled_ballots_and_accepted_words'),
        ('duplicate', '0003_game_timing_signals_and_warning_settings'),
        ('duplicate', '0004_player_withdrawal'),
        ('duplicate', '0005_official_title_tie_break'),
        ('duplicate', '0006_game_time_schedule'),
        ('duplicate', '0007_kept_above_top'),
        ('duplicate', '0008_ranking_type_and_overseas'),
        ('duplicate', '0009_pairs'),
        ('duplicate', '0010_checkin_and_table_ranges'),
        ('duplicate', '0011_ballot_updated_at_index'),
        ('duplicate', '0012_duplicateevent_public_version'),
    ]

    dependencies = [
        ('events', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='DuplicateEvent',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('games_planned', models.PositiveSmallIntegerField(default=3, verbose_name='nombre de parties')),
                ('seconds_per_move', models.PositiveSmallIntegerField(default=180, verbose_name='temps par coup (s)')),
                ('warning_seconds', models.PositiveSmallIntegerField(default=30, verbose_name='alerte avant la fin (s)')),
                ('solo_min_players', models.PositiveSmallIntegerField(default=16, verbose_name='joueurs minimum pour un solo')),
                ('disciplinary_warnings_count', models.BooleanField(default=True, verbose_name='avertissements disciplinaires comptés')),
                ('strong_until', models.PositiveSmallIntegerField(default=15, verbose_name="règle 2+2 jusqu'au coup")),
                ('title_tie_break', models.BooleanField(default=False, verbose_name='titre officiel')),
                ('ranking_type', models.CharField(blank=True, max_length=10, verbose_name="type d'épreuve du classement")),
                ('overseas', models.BooleanField(default=False, verbose_name="épreuve d'outre-mer")),
                ('pairs', models.BooleanField(default=False, verbose_name='épreuve en paires')),
                ('lexicon_name', models.CharField(default='', max_length=200, verbose_name='liste de mots')),
                ('lexicon_path', models.CharField(blank=True, default='', max_length=500)),
                ('lexicon_sha256', models.CharField(blank=True, default='', max_length=64)),
                ('public_version', models.PositiveBigIntegerField(default=0, editable=False)),
                ('public_changed_at', models.DateTimeField(blank=True, editable=False, null=True)),
                ('event', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='duplicate', to='events.event')),
            ],
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
                ('duplicate', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='audit', to='duplicate.duplicateevent')),
            ],
            options={
                'ordering': ['-at', '-id'],
                'abstract': False,
            },
        ),
        migrations.CreateModel(
            name='Game',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField()),
                ('record', models.JSONField(blank=True, null=True)),
                ('predrawn', models.JSONField(blank=True, null=True)),
                ('undo_stack', models.JSONField(blank=True, default=list)),
                ('timer_started_at', models.DateTimeField(blank=True, null=True)),
                ('version', models.PositiveIntegerField(default=0)),
                ('time_schedule', models.CharField(blank=True, default='', max_length=200)),
                ('signals', models.JSONField(blank=True, default=list)),
                ('duplicate', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='games', to='duplicate.duplicateevent')),
            ],
            options={
                'ordering': ['number'],
            },
        ),
        migrations.CreateModel(
            name='KeptAboveTop',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('move_number', models.PositiveSmallIntegerField()),
                ('top_move', models.CharField(max_length=40)),
                ('score', models.IntegerField()),
                ('reason', models.CharField(max_length=300)),
                ('decided_at', models.DateTimeField(auto_now_add=True)),
                ('decided_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='kept_above_top', to='duplicate.game')),
            ],
            options={
                'ordering': ['game__number', 'move_number', 'decided_at'],
            },
        ),
        migrations.CreateModel(
            name='Registration',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('licence', models.CharField(max_length=20, verbose_name='licence')),
                ('name', models.CharField(max_length=100, verbose_name='nom')),
                ('first_name', models.CharField(blank=True, max_length=100, verbose_name='prénom')),
                ('club', models.CharField(blank=True, max_length=100, verbose_name='club')),
                ('series', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='série')),
                ('tier', models.CharField(blank=True, max_length=2, verbose_name='palier')),
                ('category', models.CharField(blank=True, max_length=10, verbose_name="catégorie d'âge")),
                ('table', models.PositiveIntegerField(blank=True, null=True, verbose_name='table')),
                ('arbiter', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('duplicate', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='players', to='duplicate.duplicateevent')),
            ],
            options={
                'ordering': ['table', 'name'],
            },
        ),
        migrations.CreateModel(
            name='Presence',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('present', models.BooleanField(default=False)),
                ('confirmed', models.BooleanField(default=False)),
                ('declared_at', models.DateTimeField(blank=True, null=True)),
                ('failures', models.PositiveSmallIntegerField(default=0)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('registration', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='presence', to='duplicate.registration')),
            ],
        ),
        migrations.CreateModel(
            name='PairPartner',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('licence', models.CharField(max_length=20, verbose_name='licence')),
                ('name', models.CharField(max_length=100, verbose_name='nom')),
                ('first_name', models.CharField(blank=True, max_length=100, verbose_name='prénom')),
                ('club', models.CharField(blank=True, max_length=100, verbose_name='club')),
                ('series', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='série')),
                ('tier', models.CharField(blank=True, max_length=2, verbose_name='palier')),
                ('category', models.CharField(blank=True, max_length=10, verbose_name="catégorie d'âge")),
                ('duplicate', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='duplicate.duplicateevent')),
                ('registration', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='partner', to='duplicate.registration')),
            ],
        ),
        migrations.CreateModel(
            name='Lateness',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('from_move', models.PositiveSmallIntegerField()),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='latecomers', to='duplicate.game')),
                ('registration', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to='duplicate.registration')),
            ],
        ),
        migrations.CreateModel(
            name='BallotEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('move_number', models.PositiveSmallIntegerField()),
                ('text', models.CharField(max_length=200)),
                ('decision', models.JSONField()),
                ('score', models.IntegerField()),
                ('version', models.PositiveIntegerField(default=1)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('entered_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ballots', to='duplicate.game')),
                ('registration', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ballots', to='duplicate.registration')),
            ],
            options={
                'ordering': ['move_number'],
            },
        ),
        migrations.CreateModel(
            name='AnnulledBallot',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('move_number', models.PositiveSmallIntegerField()),
                ('attempt', models.PositiveSmallIntegerField()),
                ('text', models.CharField(max_length=200)),
                ('decision', models.JSONField()),
                ('score', models.IntegerField()),
                ('annulled_at', models.DateTimeField(auto_now_add=True)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='annulled_ballots', to='duplicate.game')),
                ('registration', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='duplicate.registration')),
            ],
            options={
                'ordering': ['move_number', 'attempt', 'registration__table'],
            },
        ),
        migrations.CreateModel(
            name='TableRange',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('low', models.PositiveIntegerField()),
                ('high', models.PositiveIntegerField()),
                ('arbiter', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('duplicate', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='table_ranges', to='duplicate.duplicateevent')),
            ],
            options={
                'ordering': ['low'],
            },
        ),
        migrations.CreateModel(
            name='Withdrawal',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('from_move', models.PositiveSmallIntegerField()),
                ('reason', models.CharField(blank=True, max_length=300)),
                ('recorded_at', models.DateTimeField(auto_now=True)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='duplicate.game')),
                ('registration', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='withdrawal', to='duplicate.registration')),
            ],
        ),
        migrations.CreateModel(
            name='AcceptedWord',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('word', models.CharField(max_length=15)),
                ('reason', models.CharField(max_length=300)),
                ('accepted_at', models.DateTimeField(auto_now_add=True)),
                ('accepted_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('duplicate', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='accepted_words', to='duplicate.duplicateevent')),
            ],
            options={
                'ordering': ['word'],
                'constraints': [models.UniqueConstraint(fields=('duplicate', 'word'), name='unique_accepted_word')],
            },
        ),
        migrations.AddConstraint(
            model_name='game',
            constraint=models.UniqueConstraint(fields=('duplicate', 'number'), name='unique_game_number'),
        ),
        migrations.AddConstraint(
            model_name='registration',
            constraint=models.UniqueConstraint(fields=('duplicate', 'licence'), name='unique_licence_per_event'),
        ),
        migrations.AddConstraint(
            model_name='pairpartner',
            constraint=models.UniqueConstraint(fields=('duplicate', 'licence'), name='unique_partner_licence_per_event'),
        ),
        migrations.AddConstraint(
            model_name='lateness',
            constraint=models.UniqueConstraint(fields=('game', 'registration'), name='unique_lateness'),
        ),
        migrations.AddIndex(
            model_name='ballotentry',
            index=models.Index(fields=['updated_at'], name='ballot_updated_at'),
        ),
        migrations.AddConstraint(
            model_name='ballotentry',
            constraint=models.UniqueConstraint(fields=('game', 'registration', 'move_number'), name='unique_ballot'),
        ),
    ]
