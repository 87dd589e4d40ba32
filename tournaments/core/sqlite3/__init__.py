"""The laptop default's database backend: Django's SQLite, with a web process's writers taking turns in order."""
