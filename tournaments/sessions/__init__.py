"""The club session core: sessions, sections, movements, boards, results, rulings, standings."""
