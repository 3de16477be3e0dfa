
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    """The app's migrations up to 0005_shared_parts in one, made from the models: a new
    database is created in one step (issue 36); a database migrated before keeps them."""

    initial = True

    replaces = [
        ('simultane', '0001_initial'),
        ('simultane', '0002_licences_and_game_starts'),
        ('simultane', '0003_version_corrections_withdrawals'),
        ('simultane', '0004_uploaded_licences_and_summaries'),
        ('simultane', '0005_shared_parts'),
    ]

    dependencies = [
        ('events', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Centre',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('club', models.CharField(max_length=100, verbose_name='club')),
                ('admitted_at', models.DateTimeField(auto_now_add=True)),
                ('key_fetched_at', models.DateTimeField(blank=True, null=True)),
            ],
            options={
                'ordering': ['club'],
            },
        ),
        migrations.CreateModel(
            name='CentreUpload',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('payload', models.JSONField()),
                ('digest', models.CharField(max_length=64)),
                ('summary', models.JSONField(blank=True, default=dict)),
                ('games_ended', models.JSONField(default=list)),
                ('players', models.PositiveIntegerField(default=0)),
                ('sent_count', models.PositiveIntegerField(default=1)),
                ('received_at', models.DateTimeField(auto_now_add=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('withdrawn_at', models.DateTimeField(blank=True, null=True)),
                ('withdrawn_reason', models.CharField(blank=True, max_length=300)),
                ('centre', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='upload', to='simultane.centre')),
            ],
        ),
        migrations.CreateModel(
            name='Received',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('uid', models.CharField(max_length=80, unique=True)),
                ('name', models.CharField(max_length=200, verbose_name='nom')),
                ('type_code', models.CharField(max_length=10, verbose_name='type')),
                ('starts_at', models.DateTimeField(verbose_name='début officiel')),
                ('seconds_per_move', models.PositiveSmallIntegerField(verbose_name='temps par coup (s)')),
                ('games', models.PositiveSmallIntegerField(verbose_name='parties')),
                ('sealed', models.TextField()),
                ('received_at', models.DateTimeField(auto_now=True)),
                ('opened_at', models.DateTimeField(blank=True, null=True)),
                ('code', models.CharField(blank=True, max_length=20)),
                ('games_opened', models.PositiveSmallIntegerField(default=0)),
                ('opened_with', models.CharField(blank=True, choices=[('online', 'clé reçue de la fédération'), ('code', 'code donné par téléphone')], max_length=10)),
                ('event', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='events.event')),
                ('opened_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-starts_at', '-id'],
            },
        ),
        migrations.CreateModel(
            name='Simultane',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('uid', models.CharField(max_length=40, unique=True)),
                ('name', models.CharField(max_length=200, verbose_name='nom')),
                ('type_code', models.CharField(max_length=10, verbose_name='type')),
                ('starts_at', models.DateTimeField(verbose_name='début officiel')),
                ('seconds_per_move', models.PositiveSmallIntegerField(verbose_name='temps par coup (s)')),
                ('games', models.PositiveSmallIntegerField(verbose_name='parties')),
                ('code', models.CharField(max_length=20)),
                ('sealed', models.TextField()),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('closed_at', models.DateTimeField(blank=True, null=True)),
                ('version', models.PositiveBigIntegerField(default=0)),
                ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-starts_at', '-id'],
            },
        ),
        migrations.AddField(
            model_name='centre',
            name='simultane',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='centres', to='simultane.simultane'),
        ),
        migrations.CreateModel(
            name='SimultaneAudit',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('at', models.DateTimeField(auto_now_add=True)),
                ('action', models.CharField(max_length=60)),
                ('target', models.CharField(blank=True, max_length=200)),
                ('before', models.JSONField(blank=True, null=True)),
                ('after', models.JSONField(blank=True, null=True)),
                ('reason', models.CharField(blank=True, max_length=300)),
                ('simultane', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='audit', to='simultane.simultane')),
                ('user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-at', '-id'],
                'abstract': False,
            },
        ),
        migrations.CreateModel(
            name='SimultaneGame',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField()),
                ('starts_at', models.DateTimeField(verbose_name='début officiel')),
                ('code', models.CharField(max_length=20)),
                ('simultane', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='releases', to='simultane.simultane')),
            ],
            options={
                'ordering': ['simultane', 'number'],
            },
        ),
        migrations.CreateModel(
            name='UploadedLicence',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('licence', models.CharField(max_length=20)),
                ('simultane', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='simultane.simultane')),
                ('upload', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='licences', to='simultane.centreupload')),
            ],
        ),
        migrations.CreateModel(
            name='Correction',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('licence', models.CharField(max_length=20)),
                ('game', models.PositiveSmallIntegerField()),
                ('score', models.IntegerField(blank=True, null=True)),
                ('reason', models.CharField(max_length=300)),
                ('at', models.DateTimeField(auto_now=True)),
                ('by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('centre', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='corrections', to='simultane.centre')),
            ],
            options={
                'ordering': ['centre__club', 'licence', 'game'],
                'constraints': [models.UniqueConstraint(fields=('centre', 'licence', 'game'), name='unique_simultane_correction')],
            },
        ),
        migrations.CreateModel(
            name='CentrePlayer',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('licence', models.CharField(max_length=20, verbose_name='licence')),
                ('status', models.CharField(choices=[('unchecked', 'non vérifiée'), ('known', 'licence connue de la fédération'), ('unknown', 'licence inconnue de la fédération')], default='unchecked', max_length=10)),
                ('known_as', models.JSONField(blank=True, default=dict)),
                ('checked_at', models.DateTimeField(blank=True, null=True)),
                ('unlicensed', models.BooleanField(default=False, verbose_name='hors classement (non licencié)')),
                ('received', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='players', to='simultane.received')),
            ],
            options={
                'ordering': ['received', 'licence'],
                'constraints': [models.UniqueConstraint(fields=('received', 'licence'), name='unique_centre_player')],
            },
        ),
        migrations.CreateModel(
            name='SharedPart',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=64)),
                ('version', models.PositiveBigIntegerField()),
                ('body', models.TextField()),
                ('simultane', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='simultane.simultane')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('simultane', 'name'), name='unique_shared_part')],
            },
        ),
        migrations.AddConstraint(
            model_name='centre',
            constraint=models.UniqueConstraint(fields=('simultane', 'club'), name='unique_centre'),
        ),
        migrations.AddConstraint(
            model_name='simultanegame',
            constraint=models.UniqueConstraint(fields=('simultane', 'number'), name='unique_simultane_game'),
        ),
        migrations.AddIndex(
            model_name='uploadedlicence',
            index=models.Index(fields=['simultane', 'licence'], name='simultane_licence'),
        ),
    ]
