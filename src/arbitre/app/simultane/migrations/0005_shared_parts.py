"""The parts of a simultané's pages rendered once per version for every server process."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('simultane', '0004_uploaded_licences_and_summaries'),
    ]

    operations = [
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
    ]
