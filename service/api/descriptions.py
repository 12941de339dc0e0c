"""The ``description`` of every game operation: what it does, and the rules across fields that JSON Schema
cannot state (a 422 names them), so that a generated client's documentation says them too."""

from __future__ import annotations

from typing import Any

from service.rules.game import Game
from service.rules.hand_game import HandGame

STATE_RULES = (
    "The state must be one this service could have produced: of this game, consistent (card conservation, "
    "hand sizes, whose turn it is, chips and pots), with `dealer` and `to_act` seats below `players`; "
    "otherwise a 422 (`/invalid-state`) lists every problem."
)
TABLE_RULES = (
    "{name} is played by {players} players; `dealer` must be a seat, 0 <= dealer < players. Give exactly "
    "one of `seed` (the pack is shuffled with sha256-fisher-yates/1) and `deck` (the whole pack for this "
    "player count and options, each card once, deck[0] on top). Options take their catalog defaults when "
    "omitted."
)


def _players(game: Game[Any, Any]) -> str:
    """The player counts the game takes, as its own table check says (Briscola: 2, 3, 4 or 6)."""
    options = game.options(None)
    counts = [
        n
        for n in range(game.min_players, game.max_players + 1)
        if not any(p.pointer == "/players" for p in game.check_table(n, 0, options))
    ]
    if counts == list(range(counts[0], counts[-1] + 1)):
        return str(counts[0]) if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


def _hands(game: Game[Any, Any]) -> str:
    size = getattr(game, "hand_size", None) if isinstance(game, HandGame) else None
    held = f"{size} distinct cards" if size else "distinct cards"
    return f"Each hand holds {held} of the {game.name} pack; up to 10,000 hands a request."


def describe(game: Game[Any, Any], verb: str) -> str:
    """The description of one operation (``verb`` as in the operationId) of ``game``."""
    table = TABLE_RULES.format(name=game.name, players=_players(game))
    texts = {
        "entry": (
            f"The catalog entry of {game.name}: player counts, action types, every rule option with its "
            "default and the rule it settles, and the canonical pack order (the order a seed shuffles)."
            + (" Hand games also list their categories, best first." if isinstance(game, HandGame) else "")
        ),
        "rules": (
            f"The rules of {game.name} as Markdown, in this service's own words: the flow of a deal, evaluation "
            "and scoring, and every option with the rule id it settles (the `rule` of catalog options and of "
            "409 answers)."
        ),
        "evaluateHands": (
            "Evaluates each hand alone: its category, a dense strength comparable across hands, a description "
            f"and how any wild card was read. {_hands(game)}"
        ),
        "compareHands": (
            "Ranks the hands best first, equal hands in one group, with the winners and what decided between "
            f"the top two. {_hands(game)}"
        ),
        "handsEquity": (
            "A hand's evaluation and percentile, and how often it wins against opponents whose hands are unknown "
            "or partly known (Old Brag's face-up card), with dead cards out of play: integer `counts` over every "
            "outcome (`exact`: one opponent, two unknown three-card opponents by counting, any request of at most "
            "100,000 outcomes) or over `samples` drawn with sha256-sample/1 seeded by `seed` (`monte_carlo`, "
            "replayable by any client: docs/api.md section 10); `auto` chooses. A tie with t other hands shares the "
            "pot 1 / (t + 1), by strength (Broggin: every hand's best trump assignment); the game's own tie-breaks "
            "are not applied."
        ),
        "trickWinner": (
            "Says which card wins a trick (an index into `cards`, in play order) and the trick's card points. "
            f"The trick holds 1 to {game.max_players} distinct cards of the pack."
        ),
        "evaluateMelds": (
            "Lists every announcement (meld) the hand holds with the given trump suit, with its points and "
            "their total. The hand holds distinct cards of the pack."
        ),
        "deal": f"Deals a new deal and plays the automatic steps (antes, first draws). {table}",
        "legalActions": (
            "Lists every legal action of the seat to act, exactly as it would be submitted; a free amount "
            f"comes as `min` and `max` (choose one and send it as `amount`). {STATE_RULES}"
        ),
        "applyAction": (
            "Applies one action and returns the next state, the events it caused and, once the deal is over, "
            "the result. An action the rules forbid in this state is a 409 naming the rule and listing the "
            f"legal actions. {STATE_RULES}"
        ),
        "validateState": (
            "Lists every inconsistency of a state (card conservation, hand sizes, turn, chips), not just the "
            "first; a state of the right shape is answered 200 with `valid` and `problems`."
        ),
        "viewState": (
            f"The state as one seat may see it, hidden cards as `??`; `seat` must be below `players`. {STATE_RULES}"
        ),
        "suggestAction": (
            "Suggests a legal move for one seat (default: the seat to act), from that seat's view alone: two "
            "states with the same view give the same answer, byte for byte. Hidden cards are sampled with the "
            "byte stream of sha256-fisher-yates/1 seeded from `seed` and the view (docs/api.md section 17); each "
            "`level` fixes its work (samples and steps), never a clock. `considered` lists every candidate, "
            "best first, with its estimated `value` for the seat's side (docs/suggestions.md) and the samples "
            f"it rests on. A seat that may not act now is a 422 at `/seat`. {STATE_RULES}"
        ),
        "adjudicateRecord": (
            "Replays a record (a deal and every action in order) and gives the verdict: `complete`, "
            "`in_progress` or `illegal`, naming the first illegal action with its rule (still a 200). The record's "
            f"table follows the rules of a deal: {table}"
        ),
        "adjudicateMatch": (
            "Replays a match (deals in a row: one table, one set of options, each deal dealt with the carry of the "
            "result before it, the deal passing to the next seat) and gives one verdict: `complete`, `in_progress` "
            "or `illegal` (still a 200), each deal's as `records/adjudicate` gives it, the standings per seat, the "
            "winners and the deal that decided the match. At most 100 deals and 10,000 actions in all. Each deal "
            f"follows the rules of a deal: {table}"
        ),
    }
    return {**texts, **_notation(game), **_analysis(table)}[verb]


def _notation(game: Game[Any, Any]) -> dict[str, str]:
    """The descriptions of the notation's operations (records/parse, records/format)."""
    return {
        "parseRecord": (
            f"Reads a {game.name} record or match written as text (docs/api.md section 16; the grammar: "
            "docs/notation.md): any card notation the JSON takes, any case, comments, move numbers. The text's "
            "values go through the same schemas as a JSON record's."
        ),
        "formatRecord": (
            f"Writes a {game.name} record or match as its canonical text, the inverse of `records/parse`: "
            "parsing the text gives the record back, and formatting a parsed text again gives the same text."
        ),
    }


def _analysis(table: str) -> dict[str, str]:
    """The description of records/analyze (``table``: the rules of a deal, as a record's)."""
    return {
        "analyzeRecord": (
            "Analyses a record's decisions (docs/api.md section 19): each action of an analysed seat (`seats`, "
            "default every seat) that had a choice is weighed exactly as `actions/suggest` weighs the state before "
            "it at `level` and `seed`, the chosen action valued in the same samples; `loss` is what the choice gave "
            "up against the best, `label` its word by the game's thresholds (the catalog entry's `analysis`), and "
            "`summary` each seat's decisions, total loss, accuracy (0 to 100) and labels (docs/analysis.md). A "
            "decision uses only what its seat could see. The work is bounded (decisions times the level's "
            "samples): past it, a 422 at `/level` or `/seats` says what fits. The record's table follows the rules "
            f"of a deal: {table}"
        ),
    }
