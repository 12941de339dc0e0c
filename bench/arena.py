"""Our Briscola bot in the BriscoLab arena (issue 40 item 5): head to head against the arena's own players, in its
own protocol (every seed played twice with the seats swapped, ``playBalancedPair`` of its ``simulate.mjs``), with a
local copy of the arena (``linkingtechnologies/libre-arcade``, its ``briscola/`` directory; GPL, never copied here).

The bridge: ``bench/arena/card_arbiter_player.mjs`` is an arena player whose decisions are answered by a
long-lived ``bench/arena.py serve --level L`` over JSON lines. That process deals our own Briscola (two players)
from the deck the arena deals (docs/api.md section 5: the arena deals from the end of its shuffled stock, seat 0
first, then turns up the next card, drawn last; so our deck, top first, is that order, dealer seat 1), applies
every play the arena's observation reports (its finished tricks' cards, then the table), checks the observation
against its replica (the seat's hand, both seats' card points, the trump, the stock's size) and answers with
``actions/suggest``'s policy for the seat (:func:`service.rules.bots.suggest`, which reads only the seat's view, so
holding the whole deal in the replica gives the bot nothing it may not see). Seats: the arena's player ids 0 and 1
are our seats 0 and 1. Cards: ``denari coppe spade bastoni`` are ``D H S C``; ranks 1 to 7 are ``A 2 3 4 5 6 7``,
8 (fante) ``J``, 9 (cavallo) ``Q``, 10 (re) ``K``.

Run from the repository root (none of this is part of the test suite)::

    .venv/bin/python bench/arena.py --arena DIR --opponent giacomelli-pig --level normal --seed-pairs 200
    .venv/bin/python bench/arena.py check --arena DIR --seed-pairs 200     # arena games replayed through ours

``DIR`` is the arena's ``briscola/`` directory (or the repository holding it). The first prints the score share (a
won game 1, a draw a half) with its 95% interval over the seed pairs (a pair's score the mean of its two games),
the arena's own counts (wins, draws, card points) and the CPU time spent. ``check`` plays arena games between
arena players (``--players A,B``) and replays each through our engine from the same deck, comparing every trick's
winner and points and the final scores.
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.rules.bots import suggest  # noqa: E402
from service.rules.bots.common import typed  # noqa: E402
from service.rules.registry import GAMES  # noqa: E402

PLAYER = ROOT / "bench" / "arena" / "card_arbiter_player.mjs"
GAME = GAMES["briscola"]
SUITS = {"denari": "D", "coppe": "H", "spade": "S", "bastoni": "C"}
RANKS = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "J", 9: "Q", 10: "K"}
ARENA_SUITS = {ours: theirs for theirs, ours in SUITS.items()}
ARENA_RANKS = {ours: theirs for theirs, ours in RANKS.items()}
DEALER = 1
"""Our dealer seat: seat 0 receives the first card and leads, as the arena's ``firstPlayer: 0``."""


def ours(arena_id: str) -> str:
    """An arena card id (``denari-10``) as our code (``KD``)."""
    suit, rank = arena_id.rsplit("-", 1)
    return RANKS[int(rank)] + SUITS[suit]


def theirs(card: str) -> str:
    """Our code (``KD``) as the arena's card id (``denari-10``)."""
    return f"{ARENA_SUITS[card[-1]]}-{ARENA_RANKS[card[:-1]]}"


class Replica:
    """Our deal kept in step with an arena game."""

    def __init__(self, deck: Sequence[str]) -> None:
        self.state: Any = GAME.deal(2, DEALER, GAME.options(None), [ours(c) for c in deck]).state
        self.plays = 0

    def play(self, card: str, seat: int | None = None) -> tuple[dict[str, Any], ...]:
        """Apply a play (our code) by the seat to act (checked against ``seat`` when given): the events."""
        if seat is not None and seat != self.state.to_act:
            raise ValueError(f"play {card}: the arena's seat {seat}, ours {self.state.to_act}")
        action = typed(GAME, {"seat": self.state.to_act, "type": "play", "card": card})
        transition = GAME.apply(self.state, action)
        self.state = transition.state
        self.plays += 1
        return tuple(transition.events)

    def follow(self, observation: dict[str, Any]) -> None:
        """Apply the plays the observation shows that the replica lacks, then check it against the observation."""
        shown = [c["id"] for c in observation["playedCards"]] + [p["card"]["id"] for p in observation["table"]]
        for card in shown[self.plays :]:
            self.play(ours(card))
        seat = observation["playerId"]
        state = self.state
        problems = []
        if state.to_act != seat:
            problems.append(f"to act: ours {state.to_act}, the arena's {seat}")
        if sorted(state.seats[seat].hand) != sorted(ours(c["id"]) for c in observation["hand"]):
            problems.append(f"hand: ours {state.seats[seat].hand}, the arena's {observation['hand']}")
        points = (state.seats[seat].points, state.seats[1 - seat].points)
        if points != (observation["scores"]["mine"], observation["scores"]["opponent"]):
            problems.append(f"points: ours {points}, the arena's {observation['scores']}")
        if state.trump != SUITS[observation["trumpSuit"]]:
            problems.append(f"trump: ours {state.trump}, the arena's {observation['trumpSuit']}")
        stock = observation["stockCount"] + (1 if observation["visibleTrump"] else 0)
        if len(state.stock) != stock:
            problems.append(f"stock: ours {len(state.stock)} cards, the arena's {stock}")
        if problems:
            raise ValueError("; ".join(problems))


def serve(level: str, lines: Iterator[str], out: Any) -> None:
    """Answer the player's JSON lines: ``new`` (a game from the arena's deck) and ``move`` (an observation)."""
    games: dict[str, Replica] = {}
    seeds: dict[str, int] = {}
    for line in lines:
        if not line.strip():
            continue
        message = json.loads(line)
        try:
            if message["op"] == "new":
                games[message["game"]] = Replica(message["deck"])
                seeds[message["game"]] = message["seed"]
                answer: dict[str, Any] = {"ok": True}
            else:
                replica = games[message["game"]]
                observation = message["observation"]
                replica.follow(observation)
                seat = observation["playerId"]
                seed = f"arena/{seeds[message['game']]}/{seat}/{replica.plays}"
                action = suggest(GAME, replica.state, seat, level, seed).action
                answer = {"card": theirs(action["card"])}
                if not replica.state.stock and len(replica.state.seats[seat].hand) == 1:
                    del games[message["game"]]  # the seat's last decision in this game
        except Exception as error:  # the player reports it and stops the run
            answer = {"error": f"{type(error).__name__}: {error}"}
        out.write(json.dumps(answer) + "\n")
        out.flush()


def arena_dir(given: str | None) -> Path:
    """The arena's ``briscola/`` directory from ``--arena``; exits with a clear message when it is not there."""
    if not given:
        sys.exit(
            "bench/arena.py: --arena DIR is required: a local copy of the BriscoLab arena "
            "(linkingtechnologies/libre-arcade, its briscola/ directory); it is not part of this repository"
        )
    path = Path(given).expanduser().resolve()
    for candidate in (path, path / "briscola"):
        if (candidate / "src" / "core" / "BriscolaGame.js").is_file() and (
            candidate / "arena" / "scripts" / "lib" / "simulate.mjs"
        ).is_file():
            return candidate
    sys.exit(
        f"bench/arena.py: no arena at {path}: expected src/core/BriscolaGame.js and arena/scripts/lib/simulate.mjs "
        "under it (the briscola/ directory of linkingtechnologies/libre-arcade)"
    )


def node() -> str:
    found = shutil.which("node")
    if not found:
        sys.exit("bench/arena.py: node (Node.js 20 or later) is not on PATH")
    return found


def run_node(arguments: Sequence[str]) -> Iterator[dict[str, Any]]:
    """The player script's JSON lines, as they come; exits with its error when it fails."""
    command = [node(), str(PLAYER), *arguments]
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None and child.stderr is not None
        for line in child.stdout:
            yield json.loads(line)
        error = child.stderr.read()
        if child.wait() != 0:
            sys.exit(f"bench/arena.py: the arena run failed:\n{error}")


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its 95% half-width (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan
    return mean, 1.96 * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def head_to_head(arena: Path, opponent: str, level: str, pairs: int, start: int) -> dict[str, Any]:
    """``level`` against the arena's ``opponent`` over ``pairs`` seeds from ``start``, each with the seats swapped."""
    started, cpu = time.perf_counter(), children_cpu()
    arguments = ["play", "--arena", str(arena), "--opponent", opponent, "--level", level]
    arguments += ["--seed-pairs", str(pairs), "--seed-start", str(start), "--python", sys.executable]
    by_seed: dict[int, list[float]] = {}
    wins = draws = losses = points = other_points = 0
    for game in run_node(arguments):
        by_seed.setdefault(game["seed"], []).append(game["share"])
        wins += game["share"] == 1
        draws += game["share"] == 0.5
        losses += game["share"] == 0
        points += game["scores"][game["seat"]]
        other_points += game["scores"][1 - game["seat"]]
    pair_scores = [sum(s) / len(s) for s in by_seed.values()]
    mean, half = interval(pair_scores)
    return {
        "level": level,
        "opponent": opponent,
        "seed_start": start,
        "seed_pairs": len(by_seed),
        "games": wins + draws + losses,
        "score": round(mean, 4),
        "interval": round(half, 4),
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "points": points,
        "opponent_points": other_points,
        "cpu_seconds": round(children_cpu() - cpu, 1),
        "wall_seconds": round(time.perf_counter() - started, 1),
        "pair_scores": pair_scores,
    }


def check(arena: Path, players: str, pairs: int, start: int) -> dict[str, Any]:
    """Arena games between arena players replayed through our engine: each trick's winner and points, the
    final card points."""
    arguments = ["record", "--arena", str(arena), "--players", players]
    arguments += ["--seed-pairs", str(pairs), "--seed-start", str(start)]
    games = agreed = tricks = 0
    disagreements: list[str] = []
    for game in run_node(arguments):
        games += 1
        replica = Replica(game["deck"])
        found: list[list[int]] = []
        for seat, card in game["plays"]:
            for event in replica.play(ours(card), seat):
                if event["type"] == "trick":
                    found.append([event["winner"], event["points"]])
        final = [s.points for s in replica.state.seats]
        tricks += len(game["tricks"])
        if found == game["tricks"] and final == game["scores"] and not any(s.hand for s in replica.state.seats):
            agreed += 1
        elif len(disagreements) < 5:
            disagreements.append(f"seed {game['seed']} swapped {game['swapped']}: ours {found} {final}")
    return {"players": players, "games": games, "tricks": tricks, "agreed": agreed, "disagreements": disagreements}


def main(argv: Sequence[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["serve"]:
        parser = argparse.ArgumentParser(prog="bench/arena.py serve", description="answer the arena player")
        parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
        serve(parser.parse_args(argv[1:]).level, iter(sys.stdin), sys.stdout)
        return
    checking = argv[:1] == ["check"]
    parser = argparse.ArgumentParser(prog="bench/arena.py" + (" check" if checking else ""), description=__doc__)
    parser.add_argument("--arena", help="the arena's briscola/ directory (a local copy; required)")
    parser.add_argument("--seed-pairs", type=int, default=10)
    parser.add_argument("--seed-start", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    if checking:
        parser.add_argument("--players", action="append", help="A,B (repeatable); default random against πG")
    else:
        parser.add_argument("--opponent", default="briscolabot-v3")
        parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    args = parser.parse_args(argv[1:] if checking else argv)
    arena = arena_dir(args.arena)
    if checking:
        rows = [
            check(arena, players, args.seed_pairs, args.seed_start)
            for players in args.players or ["random,giacomelli-pig", "giacomelli-pig,giacomelli-pic"]
        ]
        for row in rows:
            line = f"{row['players']}: {row['agreed']} of {row['games']} games agree trick for trick"
            print(json.dumps(row) if args.json else f"{line} ({row['tricks']} tricks)")
            for disagreement in row["disagreements"]:
                print(f"  {disagreement}")
        if any(row["agreed"] != row["games"] for row in rows):
            sys.exit(1)
        return
    row = head_to_head(arena, args.opponent, args.level, args.seed_pairs, args.seed_start)
    if args.json:
        print(json.dumps(row))
        return
    print(
        f"{row['level']} against {row['opponent']}: {row['score']:.3f} ± {row['interval']:.3f} "
        f"over {row['seed_pairs']} seed pairs ({row['games']} games; won {row['wins']}, drawn {row['draws']}, "
        f"lost {row['losses']}; card points {row['points']} to {row['opponent_points']}); "
        f"CPU {row['cpu_seconds']} s, wall {row['wall_seconds']} s"
    )


if __name__ == "__main__":
    main()
