"""Hand keys: each card of a pack gets a value such that the sum of a hand's values names the hand.

A hand table (:mod:`service.rules.tables`) finds a hand by the sum of its cards' values, so the values must
give every multiset of ``hand_size`` cards its own sum: a real hand never shares its key with another, and a
hand holding a card twice sums to no real hand's key (it finds nothing). A *B_h set* does that: every sum of
``h`` of its values (repeats allowed) is different. The values here are Bose and Chowla's B_h sets (1962),
whose sums stay below 2**30: small integers, which Python adds and hashes fastest, and for three-card hands
small enough (below 420,000) to index a list. For other sizes, or packs longer than a set, each card has its own
bit instead (:func:`bit_value`).
"""

from __future__ import annotations

import hashlib
import itertools
import math

SIDON_SETS: dict[int, tuple[int, ...]] = {
    3: (
        0, 753, 3145, 4536, 5279, 7886, 8834, 9926, 13685, 14359, 15667, 17571, 17670, 18772, 20352, 23212, 29680,
        32586, 36978, 37591, 40322, 42594, 42829, 44432, 52249, 55081, 57334, 63526, 67942, 72718, 73417, 74333,
        76055, 77212, 86055, 89339, 89625, 90810, 93138, 96590, 105024, 105478, 106691, 110333, 110774, 116146,
        117751, 119594, 122771, 126056, 128191, 136760, 139676,
    ),
    4: (
        0, 70702, 137404, 254158, 302463, 313088, 366142, 388745, 402770, 415772, 416155, 514154, 690713, 805687,
        954112, 1021956, 1037529, 1148804, 1161111, 1189476, 1217547, 1350213, 1459892, 1470185, 1530436, 1538563,
        1539784, 1553309, 1568079, 1734173, 1754551, 1768449, 1854709, 1886290, 2051292, 2065428, 2134692, 2347348,
        2373801, 2412799, 2519059,
    ),
}  # fmt: skip
"""B_h sets by ``h`` (the hand size): ``bose_chowla(53, 3)`` (53 values for a pack of up to 53 cards) and
``bose_chowla(41, 4)`` (41 values), written out so that no table waits for them."""

LOW_BITS = 16
"""Where no B_h set serves: each card's bit is shifted above LOW_BITS, with a scatter below."""


def card_values(pack_size: int, hand_size: int) -> tuple[int, ...]:
    """The value of each card of a pack of ``pack_size``, by its index: a B_h set's where one is long enough,
    else :func:`bit_value`."""
    sidon = SIDON_SETS.get(hand_size, ())
    if pack_size <= len(sidon):
        return sidon[:pack_size]
    return tuple(bit_value(i, hand_size) for i in range(pack_size))


def bit_value(index: int, hand_size: int) -> int:
    """The card at ``index``'s own bit above LOW_BITS, and below them a fixed pseudo-random scatter (from
    BLAKE2b) small enough that a hand's scatters never carry into the bits: a hand's bits say which cards it
    holds (a card twice sums to fewer bits), the scatter spreads the keys over a dict's slots."""
    width = LOW_BITS - max(hand_size - 1, 1).bit_length()
    scatter = int.from_bytes(hashlib.blake2b(index.to_bytes(2, "big"), digest_size=4).digest(), "big") >> (32 - width)
    return (1 << (index + LOW_BITS)) | scatter


def bose_chowla(q: int, h: int) -> tuple[int, ...]:
    """Bose and Chowla's B_h set of ``q`` values (``q`` prime): with ``x`` a primitive element of GF(q**h),
    the exponents ``a`` below ``q**h - 1`` where ``x**a - x`` lies in GF(q), that is the discrete logarithms of
    ``x + c`` for every ``c`` of GF(q); every sum of ``h`` of them (repeats allowed) differs modulo ``q**h - 1``.
    Turned about that modulus so that the widest gap comes last (the largest value is the least possible), and
    shifted to start at 0."""
    order = q**h - 1
    modulus = _primitive_modulus(q, h, order)
    exponents = sorted(_logarithms([[c, 1] + [0] * (h - 2) for c in range(q)], modulus, q, order))
    gaps = [(b - a) % order for a, b in zip(exponents, exponents[1:] + exponents[:1], strict=True)]
    start = exponents[(gaps.index(max(gaps)) + 1) % len(exponents)]
    return tuple(sorted((a - start) % order for a in exponents))


def _logarithms(targets: list[list[int]], modulus: list[int], q: int, order: int) -> list[int]:
    """The discrete logarithm to base ``x`` of each nonzero polynomial of ``targets`` in the field GF(q**h)
    that ``modulus`` makes (``x`` primitive, of order ``order``): baby steps ``x**j`` for ``j`` below ``m`` in a
    dict, then giant steps dividing each target by ``x**m`` until it lands among them; ``m`` balances the two
    for many targets (seconds for GF(41**4), where walking every power of ``x`` takes minutes)."""
    steps = math.isqrt(len(targets) * order) + 1
    baby: dict[tuple[int, ...], int] = {}
    power = [1] + [0] * (len(modulus) - 1)
    for j in range(steps):
        baby.setdefault(tuple(power), j)
        power = _times_x(power, modulus, q)
    giant = _power_of_x(order - steps % order, modulus, q)  # x**-steps
    found = []
    for target in targets:
        value, i = target, 0
        while tuple(value) not in baby:
            value, i = _multiply(value, giant, modulus, q), i + 1
        found.append((i * steps + baby[tuple(value)]) % order)
    return found


def _times_x(poly: list[int], modulus: list[int], q: int) -> list[int]:
    """``poly * x`` modulo the monic polynomial ``x**h + sum(modulus[i] * x**i)`` over GF(q) (lowest first)."""
    top = poly[-1]
    shifted = [0, *poly[:-1]]
    return [(c - top * m) % q for c, m in zip(shifted, modulus, strict=True)]


def _power_of_x(exponent: int, modulus: list[int], q: int) -> list[int]:
    """``x**exponent`` modulo the monic polynomial given by ``modulus`` over GF(q), by squaring."""
    h = len(modulus)
    result, base = [1] + [0] * (h - 1), [0, 1] + [0] * (h - 2)
    while exponent:
        if exponent & 1:
            result = _multiply(result, base, modulus, q)
        base = _multiply(base, base, modulus, q)
        exponent >>= 1
    return result


def _multiply(a: list[int], b: list[int], modulus: list[int], q: int) -> list[int]:
    h = len(modulus)
    product = [0] * (2 * h - 1)
    for i, ai in enumerate(a):
        for j, bj in enumerate(b):
            product[i + j] = (product[i + j] + ai * bj) % q
    for k in range(2 * h - 2, h - 1, -1):
        c, product[k] = product[k], 0
        for i in range(h):
            product[k - h + i] = (product[k - h + i] - c * modulus[i]) % q
    return product[:h]


def _primitive_modulus(q: int, h: int, order: int) -> list[int]:
    """The first monic polynomial of degree ``h`` over GF(q) (lowest coefficients first, in counting order)
    modulo which ``x`` has order ``q**h - 1`` (so the polynomial is irreducible and ``x`` primitive). Where ``x``
    is primitive, so is its norm ``(-1)**h * modulus[0]`` in GF(q) (the norm maps onto GF(q)'s units): any other
    constant term is passed over without raising ``x`` to a power, which leaves seconds of minutes' work."""
    primes = _prime_factors(order)
    one = [1] + [0] * (h - 1)
    norms = {c for c in range(1, q) if all(pow(c, (q - 1) // p, q) != 1 for p in _prime_factors(q - 1))}
    for coefficients in itertools.product(range(q), repeat=h):
        modulus = list(coefficients)
        if (-1) ** h * modulus[0] % q not in norms or _power_of_x(order, modulus, q) != one:
            continue
        if all(_power_of_x(order // p, modulus, q) != one for p in primes):
            return modulus
    raise ValueError(f"no primitive polynomial of degree {h} over GF({q})")  # pragma: no cover - q is prime


def _prime_factors(n: int) -> list[int]:
    primes, d = [], 2
    while d * d <= n:
        if n % d == 0:
            primes.append(d)
            while n % d == 0:
                n //= d
        d += 1
    return [*primes, n] if n > 1 else primes
