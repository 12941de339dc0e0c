"""BriscolaBot v3 as an opponent of the strength bench (issue 40 item 5): the PPO agent of Lorenzo Cavuoti's
BriscolaBot (github.com/LetteraUnica/BriscolaBot, MIT licence), the bot the BriscoLab arena ranks first, played
from its published policy network, ``pretrained_models/briscola-bot-v3.onnx``.

The network is not in this repository: ``bench/strength.py --briscolabot PATH`` (or ``BRISCOLABOT_ONNX``) names the
file. It is read here without ONNX tooling (:func:`read_initializers`: the protobuf's wire format, the graph's
initializers) and evaluated in plain Python, as the file's graph does: three fully connected layers, 162 inputs,
256 and 256 Mish units, 40 logits, one a card; illegal cards masked, the card drawn from the softmax of the rest
(the graph's ``Multinomial``), here from a seeded ``random.Random``, as the arena's deterministic runtime draws it.

What the agent sees (its environment's ``observe``, two-player Briscola): four rows of 40 cards, one-hot: the
cards played in finished tricks, the turn-up ("briscola") card, the card led in the trick when the agent answers
it, the agent's hand; then its card points and the other's, each over 120. A card is ``suit * 10 + rank``, ranks
in the order A 2 3 4 5 6 7 J Q K (Italian: fante, cavallo, re), suits bastoni, coppe, denari, spade (here clubs,
hearts, diamonds, spades: the game is the same under any renaming of suits).
"""

from __future__ import annotations

import array
import math
import os
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from service.rules.base import LegalAction
from service.rules.cards import Card, suit

RANK_INDEX = {r: i for i, r in enumerate("A234567JQK")}
SUIT_INDEX = {"C": 0, "H": 1, "D": 2, "S": 3}
TOTAL_POINTS = 120
LAYERS = (("actor.0.weight", "actor.0.bias"), ("actor.2.weight", "actor.2.bias"), ("actor.4.weight", "actor.4.bias"))
"""The graph's initializers, by layer: a ``Gemm`` of weight ``[out, in]`` (``y = W x + b``); Mish after the first
two."""
ENVIRONMENT = "BRISCOLABOT_ONNX"
"""The variable naming the network's file (``bench/strength.py --briscolabot PATH`` sets it)."""


def card_index(card: Card) -> int:
    """The agent's number for one of our cards."""
    return SUIT_INDEX[suit(card)] * 10 + RANK_INDEX[card[0]]


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def fields(data: bytes) -> Iterator[tuple[int, Any]]:
    """A protobuf message's fields in order: (number, value); a varint as an int, anything else as bytes."""
    at = 0
    while at < len(data):
        key, at = _varint(data, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, at = _varint(data, at)
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            value, at = data[at : at + size], at + size
        elif wire == 2:
            size, at = _varint(data, at)
            value, at = data[at : at + size], at + size
        else:
            raise ValueError(f"protobuf wire type {wire} is not read here")
        yield number, value


def read_initializers(data: bytes) -> dict[str, tuple[list[int], array.array[float]]]:
    """An ONNX model's initializers (ModelProto 7: graph; GraphProto 5: initializer; TensorProto 1: dims,
    2: data type, 8: name, 9: raw data, little-endian float32): name to (dims, values)."""
    found = {}
    for number, graph in fields(data):
        if number != 7:
            continue
        for part, tensor in fields(graph):
            if part != 5:
                continue
            dims, kind, name, raw = [], None, "", b""
            for key, value in fields(tensor):
                if key == 1:
                    dims.append(value)
                elif key == 2:
                    kind = value
                elif key == 8:
                    name = value.decode()
                elif key == 9:
                    raw = value
            if kind != 1:  # FLOAT
                raise ValueError(f"initializer {name}: data type {kind}, not float32")
            values = array.array("f", raw)
            if len(values) != math.prod(dims):
                raise ValueError(f"initializer {name}: {len(values)} values for dims {dims}")
            found[name] = (dims, values)
    return found


def mish(x: float) -> float:
    """x tanh(softplus x), as the graph computes it (Softplus, Tanh, Mul)."""
    softplus = x if x > 20 else math.log1p(math.exp(x))
    return x * math.tanh(softplus)


class Network:
    """The actor: its three layers' weights, by row."""

    def __init__(self, initializers: dict[str, tuple[list[int], array.array[float]]]) -> None:
        self.layers = []
        for weight, bias in LAYERS:
            (rows, width), values = initializers[weight]
            self.layers.append(([values[r * width : (r + 1) * width] for r in range(rows)], initializers[bias][1]))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Network:
        return cls(read_initializers(Path(path).read_bytes()))

    def logits(self, observation: Sequence[float]) -> list[float]:
        """The 40 logits of an observation of 162 numbers."""
        first_rows, first_bias = self.layers[0]
        hot = [(i, x) for i, x in enumerate(observation) if x]
        values = [mish(b + sum(row[i] * x for i, x in hot)) for row, b in zip(first_rows, first_bias, strict=True)]
        rows, bias = self.layers[1]
        values = [mish(b + sum(map(float.__mul__, row, values))) for row, b in zip(rows, bias, strict=True)]
        rows, bias = self.layers[2]
        return [b + sum(map(float.__mul__, row, values)) for row, b in zip(rows, bias, strict=True)]


def observation(state: Any, seat: int) -> list[float]:
    """What the agent sees at ``state`` (two-player Briscola, ``seat`` to play): 4 x 40 one-hot rows, then the card
    points of the seat and of the other over 120."""
    seen = [0.0] * 162
    for trick in state.tricks:
        for card in trick.cards:
            seen[card_index(card)] = 1.0
    seen[40 + card_index(state.turn_up)] = 1.0
    if state.trick:
        seen[80 + card_index(state.trick[0])] = 1.0
    for card in state.seats[seat].hand:
        seen[120 + card_index(card)] = 1.0
    seen[160] = state.seats[seat].points / TOTAL_POINTS
    seen[161] = state.seats[1 - seat].points / TOTAL_POINTS
    return seen


def choose(network: Network, state: Any, seat: int, legal: Sequence[LegalAction], seed: str) -> LegalAction:
    """The agent's play: a legal card drawn from the softmax of its logits (the others masked)."""
    plays = [a for a in legal if a["type"] == "play"]
    logits = network.logits(observation(state, seat))
    scores = [logits[card_index(a["card"])] for a in plays]
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    pick = random.Random(seed).random() * sum(weights)
    for action, weight in zip(plays, weights, strict=True):
        pick -= weight
        if pick < 0:
            return action
    return plays[-1]


__all__ = ["ENVIRONMENT", "Network", "card_index", "choose", "fields", "observation", "read_initializers"]
