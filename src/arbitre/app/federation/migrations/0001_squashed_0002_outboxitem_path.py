
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    """The app's migrations up to 0002_outboxitem_path in one, made from the models: a new
    database is created in one step (issue 36); a database migrated before keeps them."""

    initial = True

    replaces = [
        ('federation', '0001_uploads_and_outbox'),
        ('federation', '0002_outboxitem_path'),
    ]

    dependencies = [
        ('events', '0001_initial'),
        ('ranking', '0001_squashed_0007_pending_change'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Link',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('url', models.URLField(blank=True, verbose_name='adresse du serveur de la fédération')),
                ('token', models.CharField(blank=True, max_length=80, verbose_name='clé du club')),
                ('installation', models.CharField(max_length=32)),
            ],
        ),
        migrations.CreateModel(
            name='ClubToken',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('club', models.CharField(max_length=100, verbose_name='club')),
                ('digest', models.CharField(max_length=64, unique=True)),
                ('hint', models.CharField(max_length=8)),
                ('active', models.BooleanField(default=True)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['club', '-created_at'],
            },
        ),
        migrations.CreateModel(
            name='OutboxItem',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('uid', models.CharField(max_length=80, unique=True)),
                ('name', models.CharField(max_length=200)),
                ('date', models.DateField(blank=True, null=True)),
                ('payload', models.TextField()),
                ('path', models.CharField(blank=True, default='', max_length=200)),
                ('state', models.CharField(choices=[('queued', "en file d'attente"), ('sent', 'reçu par la fédération, en attente de décision'), ('accepted', 'accepté par la fédération'), ('rejected', 'refusé par la fédération')], default='queued', max_length=10)),
                ('reason', models.CharField(blank=True, max_length=300)),
                ('attempts', models.PositiveIntegerField(default=0)),
                ('last_error', models.CharField(blank=True, max_length=300)),
                ('queued_at', models.DateTimeField(auto_now_add=True)),
                ('sent_at', models.DateTimeField(blank=True, null=True)),
                ('answered_at', models.DateTimeField(blank=True, null=True)),
                ('event', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='outbox', to='events.event')),
            ],
        ),
        migrations.CreateModel(
            name='Upload',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('uid', models.CharField(max_length=80)),
                ('name', models.CharField(max_length=200, verbose_name='épreuve')),
                ('date', models.DateField(blank=True, null=True, verbose_name='date')),
                ('payload', models.TextField()),
                ('digest', models.CharField(max_length=64)),
                ('status', models.CharField(choices=[('pending', 'en attente'), ('accepted', 'accepté'), ('rejected', 'refusé')], default='pending', max_length=10)),
                ('reason', models.CharField(blank=True, max_length=300, verbose_name='raison')),
                ('received_at', models.DateTimeField(auto_now_add=True)),
                ('sent_count', models.PositiveIntegerField(default=1)),
                ('decided_at', models.DateTimeField(blank=True, null=True)),
                ('decided_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('ranked_event', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='ranking.rankedevent')),
                ('token', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='uploads', to='federation.clubtoken')),
            ],
            options={
                'ordering': ['-received_at', '-id'],
                'constraints': [models.UniqueConstraint(fields=('token', 'uid'), name='unique_upload_per_club')],
            },
        ),
    ]
