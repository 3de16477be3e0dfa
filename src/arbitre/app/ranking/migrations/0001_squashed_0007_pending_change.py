
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    """The app's migrations up to 0007_pending_change in one, made from the models: a new
    database is created in one step (issue 36); a database migrated before keeps them."""

    initial = True

    replaces = [
        ('ranking', '0001_initial'),
        ('ranking', '0002_seasons_events_results'),
        ('ranking', '0003_event_titles'),
        ('ranking', '0004_federal_weeks_cap'),
        ('ranking', '0005_standing_digest'),
        ('ranking', '0006_event_identity'),
        ('ranking', '0007_pending_change'),
    ]

    dependencies = [
        ('events', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Licensee',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('licence', models.CharField(max_length=20, unique=True, verbose_name='licence')),
                ('name', models.CharField(max_length=100, verbose_name='nom')),
                ('first_name', models.CharField(blank=True, max_length=100, verbose_name='prénom')),
                ('club', models.CharField(blank=True, max_length=100, verbose_name='club')),
                ('committee', models.CharField(blank=True, max_length=100, verbose_name='comité')),
                ('birth_date', models.DateField(blank=True, null=True, verbose_name='date de naissance')),
                ('category', models.CharField(blank=True, max_length=10, verbose_name="catégorie d'âge")),
                ('nationality', models.CharField(blank=True, max_length=3, verbose_name='nationalité')),
                ('federation', models.CharField(blank=True, max_length=20, verbose_name='fédération')),
                ('first_federation', models.CharField(blank=True, max_length=20, verbose_name='fédération de première affiliation')),
                ('series', models.PositiveSmallIntegerField(verbose_name='série')),
                ('tier', models.CharField(blank=True, max_length=1, verbose_name='palier')),
                ('highest_series', models.PositiveSmallIntegerField(verbose_name='meilleure série atteinte')),
                ('s1_for_life', models.BooleanField(default=False, verbose_name='S1 à vie')),
                ('first_season', models.PositiveSmallIntegerField(default=0, verbose_name='première saison')),
                ('affiliated', models.BooleanField(default=True, verbose_name='affilié')),
                ('after_festival', models.BooleanField(default=False, verbose_name='affilié après le festival')),
                ('overseas', models.BooleanField(default=False, verbose_name='outre-mer')),
            ],
            options={
                'verbose_name': 'licencié',
                'verbose_name_plural': 'licenciés',
                'ordering': ['name', 'first_name', 'licence'],
            },
        ),
        migrations.CreateModel(
            name='Season',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('year', models.PositiveSmallIntegerField(unique=True, verbose_name='saison (première année)')),
                ('quota_s1', models.FloatField(default=245.0, verbose_name='quota S1')),
                ('quota_s2', models.FloatField(default=337.0, verbose_name='quota S2')),
                ('quota_s3', models.FloatField(default=574.0, verbose_name='quota S3')),
                ('federal_weeks_cap_s1', models.FloatField(blank=True, null=True, verbose_name='plafond Semaines fédérales S1')),
                ('federal_weeks_cap_s2', models.FloatField(blank=True, null=True, verbose_name='plafond Semaines fédérales S2')),
                ('federal_weeks_cap_s3', models.FloatField(blank=True, null=True, verbose_name='plafond Semaines fédérales S3')),
                ('next_quota_s1', models.FloatField(blank=True, null=True)),
                ('next_quota_s2', models.FloatField(blank=True, null=True)),
                ('next_quota_s3', models.FloatField(blank=True, null=True)),
                ('computed_at', models.DateTimeField(blank=True, null=True, verbose_name='calculé le')),
                ('closed', models.BooleanField(default=False, verbose_name='close')),
            ],
            options={
                'verbose_name': 'saison',
                'ordering': ['-year'],
            },
        ),
        migrations.CreateModel(
            name='PendingChange',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(max_length=20)),
                ('params', models.JSONField(default=dict)),
                ('data', models.BinaryField(blank=True, default=b'')),
                ('changes', models.JSONField(default=list)),
                ('outcome', models.JSONField(default=dict)),
                ('digest', models.CharField(max_length=64)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-created_at', '-id'],
            },
        ),
        migrations.CreateModel(
            name='RankedEvent',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=200, verbose_name='nom')),
                ('type_code', models.CharField(max_length=10, verbose_name='type')),
                ('games', models.PositiveSmallIntegerField(verbose_name='parties')),
                ('date', models.DateField(verbose_name='date')),
                ('overseas', models.BooleanField(default=False, verbose_name='outre-mer')),
                ('source', models.CharField(choices=[('arbitre', 'épreuve Arbitre'), ('import', 'fichier importé')], max_length=10, verbose_name='origine')),
                ('source_name', models.CharField(blank=True, max_length=200, verbose_name='fichier')),
                ('uid', models.CharField(blank=True, db_index=True, max_length=80, verbose_name='identifiant Arbitre')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('championship', models.CharField(default='other', max_length=20, verbose_name='championnat')),
                ('national', models.BooleanField(default=False, verbose_name='championnat national')),
                ('country', models.CharField(default='FR', max_length=3, verbose_name='pays')),
                ('title_decisions', models.JSONField(blank=True, default=dict)),
                ('duplicate_event', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='ranked', to='events.event')),
                ('season', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='events', to='ranking.season')),
            ],
            options={
                'verbose_name': 'épreuve classée',
                'ordering': ['-date', '-id'],
            },
        ),
        migrations.CreateModel(
            name='RankingAudit',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('at', models.DateTimeField(auto_now_add=True)),
                ('action', models.CharField(max_length=60)),
                ('target', models.CharField(blank=True, max_length=200)),
                ('before', models.JSONField(blank=True, null=True)),
                ('after', models.JSONField(blank=True, null=True)),
                ('reason', models.CharField(blank=True, max_length=300)),
                ('user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-at', '-id'],
                'abstract': False,
            },
        ),
        migrations.CreateModel(
            name='ResultRow',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('line', models.PositiveIntegerField()),
                ('place', models.PositiveIntegerField(verbose_name='place')),
                ('licence', models.CharField(blank=True, max_length=20, verbose_name='licence')),
                ('name', models.CharField(blank=True, max_length=100, verbose_name='nom')),
                ('first_name', models.CharField(blank=True, max_length=100, verbose_name='prénom')),
                ('club', models.CharField(blank=True, max_length=100, verbose_name='club')),
                ('series', models.PositiveSmallIntegerField(verbose_name='série')),
                ('tier', models.CharField(blank=True, max_length=1, verbose_name='palier')),
                ('pair', models.CharField(blank=True, max_length=40, verbose_name='paire')),
                ('category', models.CharField(blank=True, max_length=10, verbose_name="catégorie d'âge")),
                ('tops_lost', models.IntegerField(blank=True, null=True, verbose_name='tops perdus')),
                ('total', models.IntegerField(blank=True, null=True, verbose_name='total')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rows', to='ranking.rankedevent')),
            ],
            options={
                'ordering': ['event', 'place', 'line'],
                'indexes': [models.Index(fields=['licence'], name='ranking_res_licence_b9e5a7_idx')],
            },
        ),
        migrations.CreateModel(
            name='Standing',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('licence', models.CharField(max_length=20, verbose_name='licence')),
                ('series', models.PositiveSmallIntegerField(verbose_name='série')),
                ('tier', models.CharField(blank=True, max_length=1, verbose_name='palier')),
                ('order', models.PositiveIntegerField()),
                ('pct_s1', models.FloatField(default=0.0)),
                ('pct_s2', models.FloatField(default=0.0)),
                ('pct_s3', models.FloatField(default=0.0)),
                ('pp4', models.IntegerField(default=0)),
                ('points', models.IntegerField(default=0)),
                ('explanation', models.JSONField()),
                ('digest', models.BigIntegerField(blank=True, null=True)),
                ('season', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='standings', to='ranking.season')),
            ],
            options={
                'ordering': ['season', 'order'],
                'unique_together': {('season', 'licence')},
            },
        ),
    ]
