"""Teams events: Swiss, round robin and knockout matches scored in IMPs and victory points."""
