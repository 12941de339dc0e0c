"""The seeded shuffle sha256-fisher-yates/1 (docs/api.md section 5) against values worked out independently."""

from __future__ import annotations

import hashlib
import struct

import pytest

from service.rules.cards import french_pack
from service.rules.shuffle import _shuffle_by_word, byte_stream, deck_commitment, shuffle, uniform


def _reference_words(seed: str, count: int) -> list[int]:
    """The byte stream, written out plainly: whole blocks concatenated, then cut into 8-byte words."""
    data = b""
    k = 0
    while len(data) < 8 * count:
        data += hashlib.sha256(f"{seed}:{k}".encode()).digest()
        k += 1
    return list(struct.unpack(f">{count}Q", data[: 8 * count]))


def test_stream_is_big_endian_words_of_sha256_blocks():
    stream = byte_stream("card-arbiter")
    assert [next(stream) for _ in range(9)] == _reference_words("card-arbiter", 9)


@pytest.mark.parametrize("seed", ["100%", "%d%s%%:", "åsa % 7"])
def test_a_seed_holding_percent_signs_is_hashed_as_it_is(seed):
    """The stream writes each block's message from a format; a "%" of the seed is not a conversion."""
    stream = byte_stream(seed)
    assert [next(stream) for _ in range(600)] == _reference_words(seed, 600)


def test_uniform_rejects_words_at_or_above_the_limit():
    words = iter([2**64 - 1, 2**64 - 2, 17])
    # m = 3: limit = (2**64 // 3) * 3 = 2**64 - 1, so 2**64 - 1 is rejected and 2**64 - 2 accepted
    assert uniform(words, 3) == (2**64 - 2) % 3
    assert uniform(words, 5) == 2


def test_uniform_draws_match_the_reference():
    words = _reference_words("seed", 4)
    stream = byte_stream("seed")
    assert [uniform(stream, m) for m in (52, 51, 50, 49)] == [
        w % m for w, m in zip(words, (52, 51, 50, 49), strict=True)
    ]


def test_a_whole_permutation_derived_by_hand():
    # Five cards, seed "x": i = 4..1, j = word % (i + 1) with the words below (no rejection is possible
    # at these sizes unless a word is within m of 2**64, and these are not).
    words = _reference_words("x", 4)
    pack = ["AS", "KS", "QS", "JS", "TS"]
    expected = list(pack)
    for i, word in zip(range(4, 0, -1), words, strict=True):
        j = word % (i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert list(shuffle(pack, "x")) == expected
    # Worked by hand from those words: j = 0, 0, 1, 0 for i = 4, 3, 2, 1:
    # [AS KS QS JS TS] -> swap 4,0 -> [TS KS QS JS AS] -> swap 3,0 -> [JS KS QS TS AS]
    # -> swap 2,1 -> [JS QS KS TS AS] -> swap 1,0 -> [QS JS KS TS AS]
    assert [w % (i + 1) for w, i in zip(words, range(4, 0, -1), strict=True)] == [0, 0, 1, 0]
    assert expected == ["QS", "JS", "KS", "TS", "AS"]
    assert sorted(shuffle(pack, "x")) == sorted(pack)


def test_full_pack_is_a_permutation_and_seed_sensitive():
    pack = french_pack()
    a, b = shuffle(pack, "deal-1"), shuffle(pack, "deal-2")
    assert sorted(a) == sorted(pack) and sorted(b) == sorted(pack)
    assert a != b
    assert shuffle(pack, "deal-1") == a


def test_deck_commitment_is_sha256_of_comma_joined_codes():
    deck = ["AS", "KH", "2C"]
    assert deck_commitment(deck) == hashlib.sha256(b"AS,KH,2C").hexdigest()


def test_reading_whole_blocks_first_gives_the_same_decks():
    """The shuffle reads whole blocks first; the deck is the one drawn word by word through ``uniform`` (whose
    words and draws are checked against the reference above)."""
    for size in (0, 1, 2, 3, 4, 5, 9, 32, 36, 40, 52):
        pack = [f"c{i}" for i in range(size)]
        for seed in ("", "x", "bench-1", "é", *(str(n) for n in range(40))):
            assert shuffle(pack, seed) == _shuffle_by_word(pack, seed), (size, seed)


def test_a_rejected_word_draws_the_deck_again_word_by_word(monkeypatch):
    import service.rules.shuffle as module

    pack = list(french_pack())
    calls = []
    real = module._shuffle_by_word
    true = module._limits_down

    def by_word(p, s):
        calls.append(s)
        return real(p, s)

    def rejecting(size):  # every word for m = 40 is "rejected" on the fast path (uniform keeps the true limit)
        return tuple(0 if m == 40 else limit for m, limit in zip(range(size, 1, -1), true(size), strict=True))

    monkeypatch.setattr(module, "_limits_down", rejecting)
    monkeypatch.setattr(module, "_shuffle_by_word", by_word)
    assert shuffle(pack, "seed") == real(pack, "seed")
    assert calls == ["seed"]
