"""``card-arbiter``: the service from a shell, for people settling a dispute (docs/architecture.md, "Where a
new command goes").

The group ``main`` is built here from the command modules, one per group of subcommands: ``serving`` (``serve``,
``games``), ``hands`` (``evaluate``, ``compare``, ``equity``), ``deals`` (``deal``), ``records`` (``adjudicate``;
``matches``: what it says of matches and archives), ``notation`` (``format``, ``parse``), ``suggestions``
(``suggest``, ``play``), ``analysis`` (``analyze``) and ``conformance`` (``conformance generate | run``). What
they share is ``service.cli.common``, which imports none of them; no command module imports this package's ``main``.
"""

from __future__ import annotations

import click

from service.cli.common import SETTINGS, ArbiterGroup, Context
from service.cli.conformance import conformance
from service.cli.deals import deal
from service.cli.hands import compare, equity, evaluate
from service.cli.records import adjudicate
from service.cli.serving import games, serve


@click.group(cls=ArbiterGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.pass_context
def main(ctx: click.Context) -> None:
    """Adjudicate card games: evaluate and compare hands, deal, and settle whole game records.

    --json, --url, --timeout and --lang go before or after the subcommand (card-arbiter adjudicate briscola
    game.json --json); given in both places, the one after the subcommand wins.
    """
    ctx.obj = Context(ctx.meta.setdefault(SETTINGS, {}))


for command in (games, evaluate, compare, equity, deal, adjudicate, serve, conformance):
    main.add_command(command)
main.lazy.update(  # imported when first asked for (each module's own imports are heavier: the referee's words)
    suggest="service.cli.suggestions:suggest",  # card-arbiter suggest GAME STATE.json | play GAME
    play="service.cli.suggestions:play",
    format="service.cli.notation:format_",  # card-arbiter format GAME FILE | parse GAME FILE
    parse="service.cli.notation:parse",
    analyze="service.cli.analysis:analyze",  # card-arbiter analyze GAME FILE [--seat N] [--level L]
)
