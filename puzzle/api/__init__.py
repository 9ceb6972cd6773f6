"""The game's JSON API: a django-ninja router, mounted under /api/ by portal.urls."""
