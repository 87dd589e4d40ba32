"""Clubs as tenants (issue 30): each club's own directors, members, events, settings and public address.

`models`: Club, Federation, ClubRole (a role held in one club). `current`: the current club of a request or a
command (one context variable) and the manager that scopes every root's queries to it. `middleware`: works
the current club out of the address, the host name or the signed-in user, in one place.
"""
