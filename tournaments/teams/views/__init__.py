"""The teams event pages."""
