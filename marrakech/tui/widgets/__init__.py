"""The game screen's widgets, one per module: board, player panel, log, die and risk."""
