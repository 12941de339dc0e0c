"""The card-arbiter engine: pure rules for seven card games, no HTTP, no I/O.

Every game is one :class:`~service.rules.game.Game` object in :data:`~service.rules.registry.GAMES`.
"""
