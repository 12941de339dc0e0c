"""Lenient reading, canonical writing (docs/api.md section 16): what people type (any card notation of section 3,
any case, CRLF, a byte-order mark, extra spaces, comments, move numbers, Broggin's Swedish trump names) reads
as the record its canonical text writes, and writing that record gives the canonical text."""

from __future__ import annotations

import pytest

from tests.notation.texts import formatted, parsed

TOP = '[Notation "card-arbiter/1"]\n[Game "{game}"]\n[Players "{players}"]\n'


def _suit(suit: str, ranks: str = "AKQJT98765432") -> str:
    """One suit's cards in a deck's text, ``ranks`` in order, each followed by ``suit`` as written."""
    return " ".join(f"{rank}{suit}" for rank in ranks)


LENIENT: list[tuple[str, str, str]] = [
    (
        "briscola",
        '\ufeff[notation "Card-Arbiter/1"]\r\n[GAME "Briscola"]\r\n  [Players   "2" ]\r\n'
        '[Dealer "0"] [Seed "perf-1"] ; the seed\r\n1... S1 PLAY q♣ {Seat 1 leads}\r\n  s0   play 7-bastoni\r\n',
        TOP.format(game="briscola", players=2) + '\n[Dealer "0"]\n[Seed "perf-1"]\n1. s1 play QC s0 play 7C\n',
    ),
    (
        "brisque",
        '[Players "2"]\r[Dealer "1"]\r[Seed "x"]\r12. s0 play 10h s1 play A♠\r13.s0 announce MARRIAGE( kh QH ) '
        "tierce(7d 8d 9d)\n",
        TOP.format(game="brisque", players=2)
        + '\n[Dealer "1"]\n[Seed "x"]\n1. s0 play TH s1 play AS\n2. s0 announce marriage(KH QH) tierce(7D 8D 9D)\n',
    ),
    (
        "broggin",
        '[Players "3"]\n[Options "Assignment=declared_only"]\n[Dealer "0"]\n[Seed "y"]\n'
        "s1 bet s2 bet s0 bet 1\ns1 exchange Sv8 ba1 s2 exchange s0 exchange 6sw drawn St7\n"
        "s1 declare häxan=qsw Narren=1cu s2 declare DÖDEN=ksw\n",
        TOP.format(game="broggin", players=3)
        + '[Options "assignment=declared_only"]\n\n[Dealer "0"]\n[Seed "y"]\n1. s1 bet s2 bet s0 bet 1\n'
        "2. s1 exchange KSw 1Cu s2 exchange s0 exchange 6Sw drawn QSt\n"
        "3. s1 declare Witch=QSw Fool=1Cu s2 declare Death=KSw\n",
    ),
    (
        "three-card-brag",
        '[Players "2"][Options "blind_allowed=FALSE max_bet=NULL"][Carry "pot=5"][Dealer "1"]'
        f'[Deck "10h {_suit("♠", "AKQJ98765432")} 10s {_suit("h", "akqj98765432")} {_suit("D")} {_suit("♣")}"]'
        "s0 bet +2 s1 raise 4 s0 call",
        TOP.format(game="three-card-brag", players=2)
        + '[Options "blind_allowed=false max_bet=null"]\n[Carry "pot=5"]\n\n[Dealer "1"]\n'
        + f'[Deck "TH {_suit("S", "AKQJ98765432")} TS {_suit("H", "AKQJ98765432")} {_suit("D")} {_suit("C")}"]\n'
        + "1. s0 bet 2 s1 raise 4\n2. s0 call\n",
    ),
    (
        "briscola-chiamata",
        '[Players "5"] [Dealer "4"] [Seed "z"] s0 BID a s1 bid 3 s2 Pass s3 pass s4 pass s0 bid 112PT '
        "s1 pass s0 choose_suit ♥ s0 play k♥",
        TOP.format(game="briscola-chiamata", players=5)
        + '\n[Dealer "4"]\n[Seed "z"]\n1. s0 bid A s1 bid 3 s2 pass s3 pass s4 pass s0 bid 112pt s1 pass'
        " s0 choose_suit H\n2. s0 play KH\n",
    ),
]


@pytest.mark.parametrize(("game_id", "typed", "canonical"), LENIENT, ids=[game for game, _, _ in LENIENT])
def test_lenient_text_normalises_to_the_canonical(game_id: str, typed: str, canonical: str) -> None:
    kind, record = parsed(game_id, typed)
    assert formatted(game_id, kind, record) == canonical
    assert parsed(game_id, canonical) == (kind, record)


def test_other_tags_are_kept_and_written_back() -> None:
    text = TOP.format(game="briscola", players=2) + '[Event "Club night"]\n[Names "Ann, Bo \\"B\\""]\n'
    text += '\n[Dealer "0"]\n[Seed "s"]\n'
    from service.notation import read
    from service.rules.registry import GAMES

    reading = read(text, GAMES["briscola"])
    assert reading.tags == {"Event": "Club night", "Names": 'Ann, Bo "B"'}
    kind, record = parsed("briscola", text)
    assert formatted("briscola", kind, record, reading.tags) == text
