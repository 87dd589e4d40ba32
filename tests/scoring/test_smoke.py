def test_scoring_package_imports_without_django():
    import scoring  # noqa: F401
