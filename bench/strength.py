"""The suggestions' strength (issue 32, docs/api.md 17): each level against the baselines of section 17 and the level
below, over duplicate deals, each score with its 95% interval.

- ``random``: a uniform pick among the listed legal actions (a free amount at its least, an exchange's discard
  uniform among the allowed ones), from a seeded ``random.Random``;
- ``greedy`` (trick games): take the trick with the cheapest card that takes it when it holds points, else throw
  the cheapest card, preferring non-trumps (:mod:`service.rules.bots.cheap`); Briscola chiamata's auction by the
  bots' own rules, so both sides of a comparison bid alike; ``greedy`` (betting games, "calling"): call every bet,
  never raise (open with the least bet when nobody has, keep every card at the exchange, stand in the 31 phase),
  and in Three Card Brag look at its cards first: a blind seat does not call a bet in the seed's sense (it stays
  for half, may not be seen, 5(b)), so section 17's calling station plays its cards seen;
- ``counting`` (trick games; elsewhere ``greedy``): the card-counting baseline of QBriscola's kind (issue 40), from
  the seat's view: the exact endgame once the view leaves one world (heads-up, the stock spent), else
  :func:`service.rules.bots.counting.counting_card` (docs/suggestions.md, Strength);
- ``blind-caller`` (Three Card Brag): the same but it never looks, so it stays blind. No policy can win chips
  against it here: it never folds nor sees, and an open seat may never see a blind one, so a deal ends only when
  the bot folds (a loss), or sees while still blind (two unseen hands, so the bot wins under half the time, the
  seer losing equal hands, having put in at least as much as the other, the see costing twice its last bet:
  negative on average whatever the policy), or is cut at :data:`MAX_ACTIONS` and scored 0; so its best is 0;
- ``briscolabot`` (two-player Briscola): BriscolaBot v3, the PPO agent the BriscoLab arena ranks first, from its
  published network (:mod:`bench.briscolabot`; ``--briscolabot PATH`` names the file, which this repository does
  not hold); it may also be the bot under test (``--levels briscolabot``), to check it against the baselines;
- a level (``easy``, ``normal``, ``hard``): :func:`service.rules.bots.suggest`.

Duplicate deals: every deal (a seed) is played twice with the seats swapped (two-sided games: the bot's side,
then the other; Old Brag's three seats: the bot in each seat in turn). Scores: two-sided trick games, the share
of deals won (a drawn deal a half); Briscola chiamata, the bot's side's card points against the points the same
seat's side takes when the baseline sits there in the same deal, ``bot / (bot + baseline)``; betting games, the
chips the bot wins a deal. A deal's score is the mean of its plays (the plays of one deal share its cards, so
they are not independent); the row's score is the mean over the deals, with its 95% interval (normal
approximation over the deals' scores). ``--json`` keeps every play's score too (``values``).

Run from the repository root: ``.venv/bin/python bench/strength.py [--deals N] [--games G ...] [--levels L ...]
[--against A ...]``; ``--short`` is the CI form (a few dozen deals of Briscola and Three Card Brag, ``normal``
against ``random``). Nothing here asserts; it prints a table (``--json``: the rows as JSON).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import briscolabot  # noqa: E402
from service.rules.base import LegalAction  # noqa: E402
from service.rules.bots import suggest  # noqa: E402
from service.rules.bots.auction import auction_suggestion  # noqa: E402
from service.rules.bots.cheap import declaration, greedy  # noqa: E402
from service.rules.bots.common import expand, typed  # noqa: E402
from service.rules.bots.counting import counting_card, unseen_in_view  # noqa: E402
from service.rules.bots.pimc import exact_search  # noqa: E402
from service.rules.bots.worlds import hidden, worlds  # noqa: E402
from service.rules.game import Game  # noqa: E402
from service.rules.registry import GAMES  # noqa: E402
from service.rules.shuffle import shuffle  # noqa: E402
from service.rules.trick_game import TrickGame  # noqa: E402

TABLES = {
    "briscola": 2,
    "briscola-4": 4,
    "briscola-chiamata": 5,
    "briscan": 2,
    "brisque": 2,
    "three-card-brag": 2,
    "old-brag": 3,
    "broggin": 2,
}
"""The tables measured: a name (a game id, or Briscola's with its player count) and its players."""
LEVELS = ("easy", "normal", "hard")
MAX_ACTIONS = 600
"""A deal cut short past this many actions counts as drawn (betting bots that only call each other)."""

Policy = Callable[[Game[Any, Any, Any], Any, int, str], LegalAction]


def game_of(table: str) -> Game[Any, Any, Any]:
    return GAMES[table.split("-4")[0] if table == "briscola-4" else table]


def random_policy(game: Game[Any, Any, Any], state: Any, seat: int, seed: str) -> LegalAction:
    """A uniform pick among the seat's listed actions, then among the ways to submit it."""
    rng = random.Random(seed)
    listed = rng.choice(game.view_legal_actions(state, seat))
    if "domains" in listed:
        return suggest(game, state, seat, "easy", seed).action  # the declaration: the hand's best reading
    return rng.choice(expand(listed, state.seats[seat].hand))


def greedy_policy(game: Game[Any, Any, Any], state: Any, seat: int, seed: str) -> LegalAction:
    """Section 17's greedy baseline: trick play by :func:`greedy`; betting: look (Three Card Brag's blind seat),
    then call every bet, never raise."""
    legal = game.view_legal_actions(state, seat)
    if isinstance(game, TrickGame):
        if getattr(state, "trump", None) is None:
            return auction_suggestion(game, game.view(state, seat), seat, legal).action
        return greedy(game, state, legal)
    look = next((a for a in legal if a["type"] == "look"), None)
    return look or calling(game, state, seat, seed, legal)


ENDGAME_NODES = 200_000
"""Nodes of the counting baseline's exact endgame (two-player Briscola's, from an empty stock, takes a few
hundred)."""


def counting_policy(game: Game[Any, Any, Any], state: Any, seat: int, seed: str) -> LegalAction:
    """The card-counting baseline (trick games; elsewhere ``greedy``): from the seat's view, the exact endgame
    once the view leaves one world (a spent stock, heads-up), else an announcement or exchange when listed, else
    :func:`~service.rules.bots.counting.counting_card`."""
    if not isinstance(game, TrickGame) or getattr(state, "trump", None) is None:
        return greedy_policy(game, state, seat, seed)
    legal = game.view_legal_actions(state, seat)
    view = game.view(state, seat)
    if hidden(game, view, seat).determined:
        found = exact_search(game, next(worlds(game, view, seat, 1, seed)), seat, legal, ENDGAME_NODES)
        if found is not None:
            return found.action
    declared = declaration(legal)
    cards = [a["card"] for a in legal if a["type"] == "play"]
    if declared is not None or not cards:
        return declared or legal[0]
    card = counting_card(game, view, seat, cards, unseen_in_view(game, view, seat))
    return next(a for a in legal if a["type"] == "play" and a["card"] == card)


def blind_caller_policy(game: Game[Any, Any, Any], state: Any, seat: int, seed: str) -> LegalAction:
    """The calling station that never looks (Three Card Brag: it stays blind); see the module's docstring."""
    return calling(game, state, seat, seed, game.view_legal_actions(state, seat))


def calling(game: Game[Any, Any, Any], state: Any, seat: int, seed: str, legal: Sequence[LegalAction]) -> LegalAction:
    """Call every bet, never raise: open with the least bet, keep every card at the exchange, stand at 31."""
    kinds = [a["type"] for a in legal]
    for kind in ("call", "bet", "stand"):
        if kind in kinds:
            return expand(legal[kinds.index(kind)], ())[0]
    if "exchange" in kinds:
        return {"seat": seat, "type": "exchange", "discard": []}
    if "declare" in kinds:
        return suggest(game, state, seat, "easy", seed).action
    return expand(legal[0], ())[0]


def briscolabot_policy(game: Game[Any, Any, Any], state: Any, seat: int, seed: str) -> LegalAction:
    """BriscolaBot v3's play (two-player Briscola; :mod:`bench.briscolabot`), from what its seat sees."""
    if game.id != "briscola" or state.players != 2:
        raise SystemExit("briscolabot plays two-player Briscola only (--games briscola)")
    return briscolabot.choose(_network(), state, seat, game.view_legal_actions(state, seat), seed)


@functools.cache
def _network() -> briscolabot.Network:
    path = os.environ.get(briscolabot.ENVIRONMENT)
    if not path:
        raise SystemExit(
            "briscolabot needs its network: --briscolabot PATH, the file pretrained_models/briscola-bot-v3.onnx "
            "of github.com/LetteraUnica/BriscolaBot"
        )
    return briscolabot.Network.load(path)


def level_policy(level: str) -> Policy:
    def policy(game: Game[Any, Any, Any], state: Any, seat: int, seed: str) -> LegalAction:
        return suggest(game, state, seat, level, seed).action

    return policy


BASELINES: dict[str, Policy] = {
    "random": random_policy,
    "greedy": greedy_policy,
    "counting": counting_policy,
    "blind-caller": blind_caller_policy,
    "briscolabot": briscolabot_policy,
}


def policy_of(name: str) -> Policy:
    return BASELINES.get(name) or level_policy(name)


def play_deal(game: Game[Any, Any, Any], players: int, seed: str, seated: Sequence[Policy]) -> Any:
    """One deal from ``seed`` (dealer from the seed too), each seat played by its policy: the final state."""
    options = game.options(None)
    dealer = int.from_bytes(seed.encode(), "big") % players
    state = game.deal(players, dealer, options, shuffle(game.pack(players, options), seed)).state
    for step in range(MAX_ACTIONS):
        if state.to_act is None:
            return state
        seat = next(s for s in [state.to_act, *range(players)] if game.view_legal_actions(state, s))
        action = seated[seat](game, state, seat, f"{seed}:{step}")
        state = game.apply(state, typed(game, action)).state
    return None


@dataclass
class Score:
    """Per-deal scores (each the mean of the deal's plays) and their mean with a 95% interval."""

    values: list[float]

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else math.nan

    @property
    def half_width(self) -> float:
        n = len(self.values)
        if n < 2:
            return math.nan
        m = self.mean
        return 1.96 * math.sqrt(sum((v - m) ** 2 for v in self.values) / (n - 1) / n)


def side_score(game: Game[Any, Any, Any], state: Any, seats: Sequence[int]) -> float:
    """A two-sided trick deal for the side of ``seats``: 1 won, 0.5 drawn (or cut short), 0 lost."""
    result = game.result(state) if state is not None else None
    if not result or not result["winners"]:
        return 0.5
    return 1.0 if set(result["winners"]) & set(seats) else 0.0


def side_points(game: Game[Any, Any, Any], state: Any, seat: int) -> float:
    """Briscola chiamata: the card points of ``seat``'s side at the end (a thrown-in deal: its own, 0)."""
    result = game.result(state) if state is not None else None
    if not result or "teams" not in result:
        return 0.0
    side = next(i for i, team in enumerate(result["teams"]) if seat in team)
    return float(result["team_points"][side])


def chips(game: Game[Any, Any, Any], state: Any, seat: int) -> float:
    result = game.result(state) if state is not None else None
    return float(result["payouts"][seat]) if result else 0.0


def duplicate(table: str, deal: int, bot: Policy, other: Policy) -> list[float]:
    """One duplicate deal: the bot's score in each of its plays."""
    game, players = game_of(table), TABLES[table]
    seed = f"strength/{table}/{deal}"
    if table == "briscola-chiamata":
        seat = deal % players
        with_bot = play_deal(game, players, seed, [bot if s == seat else other for s in range(players)])
        without = play_deal(game, players, seed, [other] * players)
        mine, theirs = side_points(game, with_bot, seat), side_points(game, without, seat)
        return [0.5 if mine + theirs == 0 else mine / (mine + theirs)]
    if players == 3:
        rotations = [[s] for s in range(players)]
    elif players == 4:
        rotations = [[0, 2], [1, 3]]
    else:
        rotations = [[0], [1]]
    out = []
    for seats in rotations:
        final = play_deal(game, players, seed, [bot if s in seats else other for s in range(players)])
        if isinstance(game, TrickGame):
            out.append(side_score(game, final, seats))
        else:
            out.append(chips(game, final, seats[0]))
    return out


def measure(table: str, level: str, against: str, deals: int, first: int = 0) -> dict[str, Any]:
    """``level`` against ``against`` over ``deals`` duplicate deals of ``table`` (numbered from ``first``)."""
    started = time.perf_counter()
    bot, other = policy_of(level), policy_of(against)
    plays = [duplicate(table, d, bot, other) for d in range(first, first + deals)]
    score = Score([sum(p) / len(p) for p in plays])
    return {
        "table": table,
        "level": level,
        "against": against,
        "deals": deals,
        "plays": sum(len(p) for p in plays),
        "score": round(score.mean, 4),
        "interval": round(score.half_width, 4),
        "unit": "chips a deal" if not isinstance(game_of(table), TrickGame) else "share",
        "seconds": round(time.perf_counter() - started, 1),
        "values": [v for p in plays for v in p],
        "deal_scores": score.values,
    }


def below(level: str) -> list[str]:
    return [LEVELS[LEVELS.index(level) - 1]] if level in LEVELS[1:] else []


def main(argv: Sequence[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=None, help="duplicate deals a row (default 50; --short 12)")
    parser.add_argument("--games", nargs="*", default=list(TABLES), choices=list(TABLES))
    parser.add_argument("--levels", nargs="*", default=["normal"], choices=[*LEVELS, "briscolabot"])
    parser.add_argument(
        "--against",
        nargs="*",
        default=None,
        choices=[*BASELINES, *LEVELS],
        help="default: random, greedy and the level below",
    )
    parser.add_argument("--first", type=int, default=0, help="the first deal's number (to run a table in parts)")
    parser.add_argument("--short", action="store_true", help="the CI form: a few dozen deals, normal v random")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--briscolabot", metavar="PATH", help="BriscolaBot v3's network (briscola-bot-v3.onnx)")
    args = parser.parse_args(argv)
    if args.briscolabot:
        os.environ[briscolabot.ENVIRONMENT] = args.briscolabot
    if args.short:
        args.games, args.levels, args.against = ["briscola", "three-card-brag"], ["normal"], ["random"]
    deals = args.deals or (12 if args.short else 50)
    rows = []
    for table in args.games:
        for level in args.levels:
            for against in args.against or ["random", "greedy", *below(level)]:
                row = measure(table, level, against, deals, args.first)
                rows.append(row)
                if not args.json:
                    print(
                        f"{row['table']:<18} {row['level']:<7} v {row['against']:<7} {row['score']:>8.3f} "
                        f"± {row['interval']:.3f} {row['unit']:<12} {row['deals']} deals, {row['plays']} plays, "
                        f"{row['seconds']} s",
                        flush=True,
                    )
    if args.json:
        print(json.dumps(rows))
    return rows


if __name__ == "__main__":
    main()
