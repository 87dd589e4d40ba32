"""Results entered at the table on the players' own phones: table links, the table page, its JSON API, the
director's live panel and the round timer."""
