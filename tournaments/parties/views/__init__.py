"""The host's party pages: set-up (setup.py), play and entry (play.py), tallies and printing (results.py)."""
