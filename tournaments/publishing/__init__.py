"""Published results: public pages without a login, corrections shown in the open, the provisional banner."""
