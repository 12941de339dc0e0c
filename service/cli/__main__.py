"""``python -m service.cli``: the same group as the ``card-arbiter`` command."""

from service.cli import main

main()
