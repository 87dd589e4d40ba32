"""Simultaneous pairs across clubs: one set of deals, each club's session a section, scored across the field."""
