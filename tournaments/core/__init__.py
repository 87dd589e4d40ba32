"""What every domain shares and nothing in it knows a domain: base models, small tasks."""
