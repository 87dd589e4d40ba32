"""Fixtures of the report tests. (The SQLite audit-log flush is handled for every test in tests/conftest.py.)"""
