"""bench/briscolabot.py, BriscolaBot v3 as the strength bench's opponent: its ONNX reading, its network's forward
pass, what it sees of a deal and how it draws its card. The network itself is not in the repository: these tests
build small ONNX files of the same graph's initializers."""

from __future__ import annotations

import array
import math
import random
import struct

import pytest

from bench import briscolabot, strength
from service.rules.bots.common import typed
from service.rules.briscola.cards import PACK, POINTS
from service.rules.registry import GAMES
from service.rules.shuffle import shuffle

GAME = GAMES["briscola"]


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _field(number: int, value: int | bytes) -> bytes:
    if isinstance(value, int):
        return _varint(number << 3) + _varint(value)
    return _varint(number << 3 | 2) + _varint(len(value)) + value


def tensor(name: str, dims: list[int], values: list[float], kind: int = 1) -> bytes:
    """An ONNX TensorProto as the exporter writes it: dims, data type, name, raw little-endian data."""
    body = b"".join(_field(1, d) for d in dims) + _field(2, kind) + _field(8, name.encode())
    return body + _field(9, struct.pack(f"<{len(values)}f", *values))


def model(tensors: dict[str, tuple[list[int], list[float]]]) -> bytes:
    """An ONNX ModelProto holding only a graph of these initializers (and the fields a real file has around them)."""
    graph = _field(2, b"main_graph") + b"".join(_field(5, tensor(n, d, v)) for n, (d, v) in tensors.items())
    return _field(1, 7) + _field(2, b"pytorch") + _field(7, graph)


def random_network(width: int = 3, seed: int = 1) -> dict[str, tuple[list[int], list[float]]]:
    """The actor's initializers at a small hidden width, random values (float32-exact)."""
    rng = random.Random(seed)
    shapes = {"actor.0": (width, 162), "actor.2": (width, width), "actor.4": (40, width)}
    out = {}
    for layer, (rows, cols) in shapes.items():
        out[f"{layer}.weight"] = ([rows, cols], [_f32(rng.uniform(-1, 1)) for _ in range(rows * cols)])
        out[f"{layer}.bias"] = ([rows], [_f32(rng.uniform(-1, 1)) for _ in range(rows)])
    return out


def _f32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


def test_the_initializers_read_back_with_their_dims_and_values():
    tensors = random_network()
    found = briscolabot.read_initializers(model(tensors))
    assert set(found) == set(tensors)
    for name, (dims, values) in tensors.items():
        assert found[name][0] == dims and list(found[name][1]) == values


def test_an_initializer_not_float32_or_short_of_its_dims_is_refused():
    with pytest.raises(ValueError, match="data type 7"):
        briscolabot.read_initializers(_field(7, _field(5, tensor("x", [1], [0.0], kind=7))))
    with pytest.raises(ValueError, match="3 values for dims"):
        briscolabot.read_initializers(_field(7, _field(5, tensor("x", [2, 2], [0.0, 1.0, 2.0]))))


def reference_logits(tensors: dict[str, tuple[list[int], list[float]]], x: list[float]) -> list[float]:
    """The graph computed the long way: y = W x + b, Mish = x tanh(ln(1 + e^x)) after the first two layers."""
    for layer, activate in (("actor.0", True), ("actor.2", True), ("actor.4", False)):
        (rows, cols), weights = tensors[f"{layer}.weight"]
        bias = tensors[f"{layer}.bias"][1]
        y = [bias[r] + sum(weights[r * cols + c] * x[c] for c in range(cols)) for r in range(rows)]
        x = [v * math.tanh(math.log(1 + math.exp(v))) for v in y] if activate else y
    return x


def test_the_forward_pass_is_the_graph_s():
    tensors = random_network(width=5)
    network = briscolabot.Network(briscolabot.read_initializers(model(tensors)))
    rng = random.Random(7)
    for _ in range(5):
        x = [float(rng.random() < 0.2) for _ in range(160)] + [rng.random() / 2, rng.random() / 2]
        assert network.logits(x) == pytest.approx(reference_logits(tensors, x), rel=1e-9, abs=1e-9)


def mid_deal(seed: str = "briscolabot", plays: int = 9):
    """A two-player deal played greedily for ``plays`` cards: a trick led and not yet answered."""
    options = GAME.options(None)
    state = GAME.deal(2, 1, options, shuffle(GAME.pack(2, options), seed)).state
    for step in range(plays):
        action = strength.greedy_policy(GAME, state, state.to_act, f"{seed}:{step}")
        state = GAME.apply(state, typed(GAME, action)).state
    return state


def test_the_observation_is_what_the_seat_sees():
    state = mid_deal()
    seat = state.to_act
    seen = briscolabot.observation(state, seat)
    rows = [[i for i in range(40) if seen[40 * r + i]] for r in range(4)]
    played = [c for t in state.tricks for c in t.cards]
    assert sorted(rows[0]) == sorted(map(briscolabot.card_index, played)) and len(rows[0]) == 8
    assert rows[1] == [briscolabot.card_index(state.turn_up)]
    assert rows[2] == [briscolabot.card_index(state.trick[0])]
    assert sorted(rows[3]) == sorted(map(briscolabot.card_index, state.seats[seat].hand))
    assert seen[160:] == [state.seats[seat].points / 120, state.seats[1 - seat].points / 120]
    assert sum(seen[:160]) == 8 + 1 + 1 + 3


def test_the_card_numbers_are_the_agent_s():
    """Suit times ten plus the rank in the order A 2 3 4 5 6 7 J Q K: its points table is ours."""
    agent_points = [11, 0, 10, 0, 0, 0, 0, 2, 3, 4]
    assert sorted(map(briscolabot.card_index, PACK)) == list(range(40))
    for card in PACK:
        assert agent_points[briscolabot.card_index(card) % 10] == POINTS.get(card[0], 0)


def test_the_card_is_drawn_from_the_legal_ones_by_the_seed():
    tensors = random_network()
    network = briscolabot.Network(briscolabot.read_initializers(model(tensors)))
    state = mid_deal()
    seat = state.to_act
    legal = GAME.view_legal_actions(state, seat)
    picks = [briscolabot.choose(network, state, seat, legal, f"s{i}")["card"] for i in range(3000)]
    assert set(picks) <= {a["card"] for a in legal}
    assert picks[:50] == [briscolabot.choose(network, state, seat, legal, f"s{i}")["card"] for i in range(50)]
    logits = network.logits(briscolabot.observation(state, seat))
    weights = {a["card"]: math.exp(logits[briscolabot.card_index(a["card"])]) for a in legal}
    for card, weight in weights.items():  # the softmax's share, within four standard errors
        share = weight / sum(weights.values())
        assert abs(picks.count(card) / len(picks) - share) <= 4 * math.sqrt(share * (1 - share) / len(picks))


def test_a_card_far_ahead_in_the_logits_is_always_played():
    tensors = random_network()
    state = mid_deal()
    seat = state.to_act
    legal = GAME.view_legal_actions(state, seat)
    target = briscolabot.card_index(legal[-1]["card"])
    dims, bias = tensors["actor.4.bias"]
    tensors["actor.4.bias"] = (dims, [100.0 if i == target else b for i, b in enumerate(bias)])
    network = briscolabot.Network(briscolabot.read_initializers(model(tensors)))
    assert {briscolabot.choose(network, state, seat, legal, f"s{i}")["card"] for i in range(20)} == {legal[-1]["card"]}


def test_the_bench_plays_it_from_the_file_it_is_given(tmp_path, monkeypatch):
    path = tmp_path / "briscola-bot-v3.onnx"
    path.write_bytes(model(random_network()))
    strength._network.cache_clear()
    monkeypatch.setenv(briscolabot.ENVIRONMENT, str(path))
    try:
        row = strength.measure("briscola", "easy", "briscolabot", 2)
        assert row["plays"] == 4 and all(0 <= v <= 1 for v in row["values"])
    finally:
        strength._network.cache_clear()
    monkeypatch.delenv(briscolabot.ENVIRONMENT)
    with pytest.raises(SystemExit, match="LetteraUnica/BriscolaBot"):
        strength.briscolabot_policy(GAME, mid_deal(), 0, "s")
    with pytest.raises(SystemExit, match="two-player Briscola only"):
        strength.briscolabot_policy(GAMES["brisque"], mid_deal(), 0, "s")


def test_mish_is_the_graph_s_softplus_tanh_product():
    for x in (-30.0, -3.0, 0.0, 0.5, 19.0, 25.0, 800.0):
        softplus = x if x > 30 else math.log1p(math.exp(x))
        assert briscolabot.mish(x) == pytest.approx(x * math.tanh(softplus), rel=1e-12, abs=1e-12)
    assert array.array("f", [briscolabot.mish(1.0)])[0] == pytest.approx(0.8650984, rel=1e-6)
