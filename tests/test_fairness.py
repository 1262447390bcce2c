"""Tests of fair shuffles: secure by default, and commit–reveal with a checkable proof (D4)."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
import struct
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import Card, Pack, make_rng
from bragkit.errors import BragError, NotationError
from bragkit.fairness import (
    FORMAT,
    SEED_BYTES,
    FairnessError,
    FairnessProof,
    HmacStream,
    ShuffleCommitment,
    VerificationError,
    block_message,
    commitment_of,
    fisher_yates,
    shuffled_pack,
    uniform_below,
    verify,
)

SEED = bytes(range(32))


class StubBytes:
    """A byte stream that hands out fixed bytes and records every read."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.reads: list[int] = []

    def read(self, n: int) -> bytes:
        self.reads.append(n)
        out, self.data = self.data[:n], self.data[n:]
        return out


def reference_pack(
    seed: bytes, client_seeds: Sequence[str], deal: int, jokers: int = 0, decks: int = 1
) -> list[int]:
    """The protocol as the module docstring writes it, reimplemented from the text alone."""
    prefix = struct.pack(">I", len(client_seeds))
    for s in client_seeds:
        e = s.encode("utf-8")
        prefix += struct.pack(">I", len(e)) + e
    prefix += struct.pack(">Q", deal)
    stream = bytearray()
    counter = 0

    def take(w: int) -> int:
        nonlocal counter
        while len(stream) < w:
            msg = prefix + struct.pack(">Q", counter)
            stream.extend(hmac.new(seed, msg, hashlib.sha256).digest())
            counter += 1
        x = int.from_bytes(stream[:w], "big")
        del stream[:w]
        return x

    def below(n: int) -> int:
        w = 1
        while 256**w < n:
            w += 1
        limit = 256**w - (256**w % n)
        while True:
            x = take(w)
            if x < limit:
                return x % n

    deck = [(r - 2) * 4 + s for r in range(14, 1, -1) for s in range(4)]
    a = deck * decks + [52] * jokers
    for i in range(len(a) - 1, 0, -1):
        j = below(i + 1)
        a[i], a[j] = a[j], a[i]
    return a


def genuine_proof(client_seeds: Sequence[str] = ("alice", "bob"), deal: int = 9) -> FairnessProof:
    shuffle = ShuffleCommitment(deal=deal, server_seed=SEED)
    shuffle.publish()
    for s in client_seeds:
        shuffle.add_client_seed(s)
    return shuffle.reveal()


# -- secure by default -----------------------------------------------------------------------


def test_shuffles_draw_from_secrets_by_default() -> None:
    assert isinstance(make_rng(None), secrets.SystemRandom)
    commitments = {ShuffleCommitment(deal=1).commitment for _ in range(5)}
    assert len(commitments) == 5  # a fresh 32-byte server seed each time


# -- the protocol, byte for byte ---------------------------------------------------------------


def test_commitment_is_the_sha256_of_the_seed() -> None:
    assert commitment_of(SEED) == hashlib.sha256(SEED).hexdigest()
    shuffle = ShuffleCommitment(deal=1, server_seed=SEED)
    assert shuffle.commitment == commitment_of(SEED)
    assert len(shuffle.commitment) == 64


def test_message_encoding_is_length_prefixed_and_unambiguous() -> None:
    assert block_message(["ab"], 1, 2) == (
        b"\0\0\0\1" + b"\0\0\0\2ab" + (1).to_bytes(8, "big") + (2).to_bytes(8, "big")
    )
    messages = {
        block_message(["ab", "c"], 1, 0),
        block_message(["a", "bc"], 1, 0),
        block_message(["abc"], 1, 0),
        block_message([], 1, 0),
        block_message([""], 1, 0),
        block_message(["", ""], 1, 0),
        block_message(["ab", "c"], 2, 0),
        block_message(["ab", "c"], 1, 1),
    }
    assert len(messages) == 8
    assert block_message(["é"], 0, 0)[4:10] == b"\0\0\0\2\xc3\xa9"  # UTF-8 length in bytes


def test_stream_is_the_hmac_blocks_in_order() -> None:
    stream = HmacStream(SEED, ["x"], 3)
    data = stream.read(70)
    blocks = b"".join(
        hmac.new(SEED, block_message(["x"], 3, i), hashlib.sha256).digest() for i in range(3)
    )
    assert data == blocks[:70]
    assert stream.read(5) == blocks[70:75]


def test_golden_vector() -> None:
    # Guards the protocol against silent change: anyone's verifier depends on these bytes.
    assert commitment_of(SEED) == (
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    )
    assert str(shuffled_pack(SEED, ["alice", "bob"], 1)) == (
        "Qh 5s 3s Qs 3d 3h 7s 5d Qc Tc Ks As Kh Kc Kd 8d 6c Ac 4s 6h 4h 6d 2s Ad 2h Jd "
        "5c 9h 5h 8h 7c 7d Jc 3c Ts Td 4d Ah Js Jh Qd 8s 2d 9d 4c 2c Th 9c 6s 9s 8c 7h"
    )


@pytest.mark.parametrize(
    ("client_seeds", "deal", "jokers", "decks"),
    [
        (["alice", "bob"], 1, 0, 1),
        ([], 0, 0, 1),
        (["ünïcødé ♠", ""], 2**40, 2, 1),
        (["x"], 17, 1, 2),
        (["many"] * 5, 3, 0, 5),  # 260 cards: two-byte draws
    ],
)
def test_matches_a_reimplementation_from_the_docstring(
    client_seeds: list[str], deal: int, jokers: int, decks: int
) -> None:
    pack = shuffled_pack(SEED, client_seeds, deal, jokers=jokers, decks=decks)
    assert [int(c) for c in pack] == reference_pack(SEED, client_seeds, deal, jokers, decks)


# -- rejection sampling ---------------------------------------------------------------------


def test_uniform_below_rejects_bytes_above_the_limit() -> None:
    # n = 52: 256 - 256 % 52 = 208, so 208..255 are rejected.
    source = StubBytes(bytes([255, 208, 207, 9]))
    assert uniform_below(52, source) == 207 % 52
    assert source.reads == [1, 1, 1]
    source = StubBytes(bytes([208, 0]))
    assert uniform_below(52, source) == 0
    assert source.reads == [1, 1]


def test_uniform_below_widths_and_edges() -> None:
    # n = 256 takes one byte and rejects nothing.
    assert uniform_below(256, StubBytes(b"\xff")) == 255
    # n = 257 takes two bytes; 65535 (the one value past 255 * 257) is rejected.
    source = StubBytes(b"\xff\xff\x01\x02")
    assert uniform_below(257, source) == 0x0102 % 257
    assert source.reads == [2, 2]
    # n = 1 needs no randomness at all.
    source = StubBytes(b"")
    assert uniform_below(1, source) == 0
    assert source.reads == [0]
    with pytest.raises(FairnessError, match="below 0"):
        uniform_below(0, StubBytes(b"\0"))
    with pytest.raises(FairnessError, match="ran out"):
        uniform_below(52, StubBytes(bytes([250, 251])))


@pytest.mark.parametrize("n", [2, 3, 5, 7, 52, 53, 100, 129, 255, 256, 257, 300, 1000])
def test_uniform_below_is_exactly_unbiased(n: int) -> None:
    # Over every possible draw of the first w bytes, each accepted value maps to each result
    # equally often: the limit is right.
    width = max(1, ((n - 1).bit_length() + 7) // 8)
    outcomes: Counter[int] = Counter()
    rejected = 0
    for x in range(256**width):
        source = StubBytes(x.to_bytes(width, "big"))
        try:
            outcomes[uniform_below(n, source)] += 1
        except FairnessError:
            rejected += 1
    assert set(outcomes) == set(range(n))
    assert len(set(outcomes.values())) == 1
    assert rejected == 256**width % n  # only the remainder is thrown away


@given(st.integers(1, 5000), st.binary(min_size=64, max_size=64))
def test_uniform_below_stays_in_range(n: int, data: bytes) -> None:
    try:
        value = uniform_below(n, StubBytes(data))
    except FairnessError:
        return  # all rejected: the stub ran out
    assert 0 <= value < n


# -- the shuffle -----------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    seed=st.binary(min_size=32, max_size=32),
    client_seeds=st.lists(st.text(max_size=20), max_size=4),
    deal=st.integers(0, 2**64 - 1),
    jokers=st.integers(0, 3),
    decks=st.integers(1, 2),
)
def test_shuffle_is_a_permutation_of_the_pack(
    seed: bytes, client_seeds: list[str], deal: int, jokers: int, decks: int
) -> None:
    pack = shuffled_pack(seed, client_seeds, deal, jokers=jokers, decks=decks)
    standard = Pack.standard(jokers=jokers, decks=decks)
    assert sorted(pack.cards) == sorted(standard.cards)
    assert (pack.jokers, pack.decks) == (jokers, decks)


def test_fisher_yates_swaps_as_documented() -> None:
    # Draw 0 at every step: each a[i] swaps with a[0], which rotates the list by one.
    items = list("abcd")
    fisher_yates(items, StubBytes(bytes(3)))
    assert items == ["b", "c", "d", "a"]


def test_every_input_changes_the_pack() -> None:
    base = shuffled_pack(SEED, ["alice"], 1)
    assert shuffled_pack(SEED, ["alice"], 2) != base
    assert shuffled_pack(SEED, ["alicf"], 1) != base
    assert shuffled_pack(SEED, ["alice", ""], 1) != base
    assert shuffled_pack(bytes(32), ["alice"], 1) != base
    assert shuffled_pack(SEED, ["alice"], 1) == base


def chi_square(counts: Counter[int], cells: int) -> float:
    expected = sum(counts.values()) / cells
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in range(cells))


def test_first_and_last_cards_are_uniform_chi_square() -> None:
    # 3,120 deterministic seeds, 60 expected per card; chi-square with 51 degrees of freedom
    # has mean 51 and standard deviation 10: 120 is about seven deviations out. The top card
    # depends on every draw of the shuffle, the bottom card on the first one only.
    packs = [
        shuffled_pack(hashlib.sha256(b"chi-square %d" % i).digest(), [], i).cards
        for i in range(3120)
    ]
    top = Counter(int(cards[0]) for cards in packs)
    bottom = Counter(int(cards[-1]) for cards in packs)
    assert chi_square(top, 52) < 120
    assert chi_square(bottom, 52) < 120
    # The statistic has teeth: the unshuffled order, or a top card drawn from half the pack,
    # is far out.
    assert chi_square(Counter({0: 3120}), 52) > 120
    assert chi_square(Counter({c: 120 for c in range(26)}), 52) > 120


# -- commit and reveal -----------------------------------------------------------------------


def test_protocol_order_is_enforced() -> None:
    shuffle = ShuffleCommitment(deal=1, server_seed=SEED)
    with pytest.raises(FairnessError, match="publish the commitment before accepting"):
        shuffle.add_client_seed("early")
    with pytest.raises(FairnessError, match="before drawing"):
        shuffle.pack()
    with pytest.raises(FairnessError, match="before drawing"):
        shuffle.reveal()
    with pytest.raises(FairnessError, match="secret until the reveal"):
        _ = shuffle.server_seed
    assert shuffle.publish() == commitment_of(SEED)
    assert shuffle.published and not shuffle.drawn
    shuffle.add_client_seed("andy")
    shuffle.add_client_seed("bill")
    assert shuffle.client_seeds == ("andy", "bill")
    pack = shuffle.pack()
    assert shuffle.drawn
    with pytest.raises(FairnessError, match="no more client seeds"):
        shuffle.add_client_seed("late")
    with pytest.raises(FairnessError, match="secret until the reveal"):
        _ = shuffle.server_seed
    proof = shuffle.reveal()
    assert shuffle.revealed and shuffle.server_seed == SEED
    with pytest.raises(FairnessError, match="no more client seeds"):
        shuffle.add_client_seed("after")
    assert pack == shuffled_pack(SEED, ["andy", "bill"], 1)
    assert proof.pack == pack.cards
    assert proof.client_seeds == ("andy", "bill")
    assert proof.server_seed == SEED.hex()
    assert proof.commitment == commitment_of(SEED)


def test_pack_is_a_fresh_copy_each_time() -> None:
    shuffle = ShuffleCommitment(deal=1, server_seed=SEED)
    shuffle.publish()
    pack = shuffle.pack()
    top = pack.deal()
    assert shuffle.pack().peek() == (top,)
    assert len(shuffle.reveal().pack) == 52


def test_bad_seeds_are_refused() -> None:
    with pytest.raises(FairnessError, match="32 bytes"):
        ShuffleCommitment(deal=1, server_seed=b"short")
    with pytest.raises(FairnessError, match="deal number"):
        ShuffleCommitment(deal=-1)
    with pytest.raises(FairnessError, match="1 to 8 decks"):
        ShuffleCommitment(deal=1, decks=0)
    shuffle = ShuffleCommitment(deal=1)
    shuffle.publish()
    with pytest.raises(FairnessError, match="is a string"):
        shuffle.add_client_seed(7)  # type: ignore[arg-type]
    with pytest.raises(FairnessError, match="valid Unicode"):
        shuffle.add_client_seed("\ud800")
    with pytest.raises(FairnessError, match="at most 1024 bytes"):
        shuffle.add_client_seed("x" * 1025)
    assert shuffle.client_seeds == ()
    assert issubclass(FairnessError, BragError)


# -- verify ----------------------------------------------------------------------------------


def test_verify_accepts_a_genuine_deal() -> None:
    proof = genuine_proof()
    assert verify(proof) == Pack(proof.pack)
    with_jokers = ShuffleCommitment(deal=2, jokers=2, decks=2)
    with_jokers.publish()
    with_jokers.add_client_seed("z")
    proof = with_jokers.reveal()
    assert len(verify(proof)) == 106


def test_verify_rejects_a_tampered_pack() -> None:
    proof = genuine_proof()
    cards = list(proof.pack)
    cards[3], cards[10] = cards[10], cards[3]
    with pytest.raises(VerificationError, match="card 4 from the top") as info:
        verify(replace(proof, pack=tuple(cards)))
    assert info.value.field == "pack"
    with pytest.raises(VerificationError, match="the proof has 51 cards") as info:
        verify(replace(proof, pack=proof.pack[:-1]))
    assert info.value.field == "pack"


def test_verify_rejects_a_tampered_seed() -> None:
    proof = genuine_proof()
    other = ("1" if proof.server_seed[0] != "1" else "2") + proof.server_seed[1:]
    with pytest.raises(VerificationError, match="does not match the commitment") as info:
        verify(replace(proof, server_seed=other))
    assert info.value.field == "commitment"
    with pytest.raises(VerificationError, match="32 bytes of hex") as info:
        verify(replace(proof, server_seed=proof.server_seed[:-2]))
    assert info.value.field == "seed"
    with pytest.raises(VerificationError, match="32 bytes of hex"):
        verify(replace(proof, server_seed="zz" * 32))


def test_verify_rejects_a_tampered_commitment() -> None:
    proof = genuine_proof()
    forged = commitment_of(b"\x01" * SEED_BYTES)
    with pytest.raises(VerificationError, match="does not match the commitment") as info:
        verify(replace(proof, commitment=forged))
    assert info.value.field == "commitment"
    with pytest.raises(VerificationError, match="not a SHA-256 digest") as info:
        verify(replace(proof, commitment="abc"))
    assert info.value.field == "commitment"
    # Upper-case hex of the right digest is the same commitment.
    assert verify(replace(proof, commitment=proof.commitment.upper())) == Pack(proof.pack)


@pytest.mark.parametrize(
    "change",
    [
        {"client_seeds": ("alice", "bob!")},
        {"client_seeds": ("bob", "alice")},
        {"client_seeds": ("alice",)},
        {"client_seeds": ("alice", "bob", "eve")},
        {"deal": 10},
        {"deal": 0},
    ],
)
def test_verify_rejects_tampered_client_seeds_and_deal_numbers(change: dict[str, object]) -> None:
    proof = genuine_proof()
    with pytest.raises(VerificationError, match="pack does not match the seeds") as info:
        verify(replace(proof, **change))  # type: ignore[arg-type]
    assert info.value.field == "pack"


def test_verify_rejects_other_jokers_or_decks() -> None:
    proof = genuine_proof()
    with pytest.raises(VerificationError, match="pack does not match the seeds") as info:
        verify(replace(proof, jokers=1))
    assert info.value.field == "pack"


# -- the proof document ----------------------------------------------------------------------


def test_proof_round_trips_through_json() -> None:
    proof = genuine_proof(client_seeds=("ünï ♠", ""))
    data = json.loads(proof.to_json())
    assert data["format"] == FORMAT
    assert data["client_seeds"] == ["ünï ♠", ""]
    assert data["pack"].split()[0] == str(proof.pack[0])
    assert FairnessProof.from_json(proof.to_json()) == proof
    assert FairnessProof.from_dict(proof.to_dict()) == proof
    assert all(isinstance(c, Card) for c in FairnessProof.from_dict(data).pack)


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda d: d.update(format="bragkit-fairness/9"), "has format"),
        (lambda d: d.pop("server_seed"), "has no server_seed"),
        (lambda d: d.update(client_seeds="alice"), "list of strings"),
        (lambda d: d.update(client_seeds=[1]), "must be strings"),
        (lambda d: d.update(pack="As Kx"), "not a card: 'Kx'"),
        (lambda d: d.update(pack=["As"]), "string of cards"),
        (lambda d: d.update(deal=-1), "deal must be a whole number"),
        (lambda d: d.update(decks=0), "decks must be a whole number from 1"),
        (lambda d: d.update(commitment=5), "commitment must be a string"),
    ],
)
def test_malformed_proofs_are_notation_errors(mangle: object, message: str) -> None:
    data = genuine_proof().to_dict()
    mangle(data)  # type: ignore[operator]
    with pytest.raises(NotationError, match=message):
        FairnessProof.from_dict(data)


def test_proof_json_must_be_json() -> None:
    with pytest.raises(NotationError, match="not JSON"):
        FairnessProof.from_json("{")
    with pytest.raises(NotationError, match="JSON object"):
        FairnessProof.from_json("[]")


def test_client_seeds_are_independent_of_a_seeded_rng() -> None:
    # The commit–reveal pack owes nothing to any global random state.
    random.seed(1)
    first = shuffled_pack(SEED, ["a"], 1)
    random.seed(2)
    assert shuffled_pack(SEED, ["a"], 1) == first
