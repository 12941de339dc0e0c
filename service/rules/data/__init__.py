"""Package data: the hand tables for each game's default options (``python -m service.rules.data`` writes them)."""
