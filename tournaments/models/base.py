"""Shared model pieces."""

from django.db import models


class Timestamped(models.Model):
    """Created/updated timestamps on every row a director can change."""

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True
