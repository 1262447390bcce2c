"""Fair shuffles: secure by default, and provably fair by commit and reveal over a network.

Every shuffle in bragkit takes its randomness from a source the caller injects; given none, it
uses :mod:`secrets` (``cards.make_rng(None)`` is a ``secrets.SystemRandom``, so
``Pack.shuffled()`` is cryptographically secure). That is enough at a table where everyone trusts
the dealer. Over a network, players need not trust the server: before a shuffled deal (rule D4)
the server commits to a secret seed, players add their own seeds, and after the deal the server
reveals its seed, so anyone can recompute the pack and check it was not chosen after the fact.

>>> shuffle = ShuffleCommitment(deal=1)
>>> commitment = shuffle.publish()             # sent to every player first
>>> shuffle.add_client_seed("andy's lucky words")
>>> shuffle.add_client_seed("bill-7f3a")
>>> pack = shuffle.pack()                      # no more client seeds now; deal from it
>>> proof = shuffle.reveal()                   # after the deal: the seed, for everyone
>>> verify(FairnessProof.from_json(proof.to_json())) == pack
True

The protocol (version ``bragkit-fairness/1``), exactly, so that anyone can reimplement
:func:`verify`:

1. The **server seed** S is 32 bytes from :func:`secrets.token_bytes`. The **commitment** is
   SHA-256(S) as 64 lower-case hex digits. It is published before any client seed is accepted
   (:class:`ShuffleCommitment` enforces it).
2. The **client seeds** are strings c_1 … c_m (m ≥ 0, in the order accepted), each encoded as
   UTF-8 (no normalisation) into bytes e_1 … e_m. The **deal number** d is a whole number ≥ 0.
3. The **byte stream** is the concatenation of blocks B_0, B_1, B_2 … where
   B_i = HMAC-SHA256(key = S, msg = M_i) and, with u32 and u64 big-endian unsigned integers of
   4 and 8 bytes and || concatenation::

       M_i = u32(m) || u32(len(e_1)) || e_1 || ... || u32(len(e_m)) || e_m || u64(d) || u64(i)

   Every field is counted or length-prefixed, so no two different inputs give the same message.
4. An **integer below n** (n ≥ 1): let w be the fewest bytes with 256**w ≥ n; read the next w
   bytes of the stream as a big-endian integer x; if x < 256**w - (256**w mod n) the result is
   x mod n, otherwise discard those bytes and read w more (rejection sampling: every result is
   exactly equally likely). Bytes are used once, in order, across block boundaries.
5. The **starting order** is ``Pack.standard(jokers=J, decks=D)``, top card first: D times the
   deck As Ah Ad Ac Ks Kh … 2d 2c (ranks down from the ace, suits s h d c), then the J jokers.
   Call it a[0] … a[N-1], a[0] on top.
6. **Fisher–Yates**: for i from N - 1 down to 1, let j be an integer below i + 1 (step 4) and
   swap a[i] and a[j]. The result, a[0] on top, is the pack.

A test vector: the seed ``00 01 02 … 1f``, client seeds ``alice`` and ``bob``, deal 1:

>>> seed = bytes(range(32))
>>> commitment_of(seed)[:16]
'630dcd2966c43366'
>>> str(shuffled_pack(seed, ["alice", "bob"], 1))[:23]
'Qh 5s 3s Qs 3d 3h 7s 5d'

A :class:`FairnessProof` holds the commitment, the revealed seed (hex), the client seeds, the deal
number, the jokers and decks, and the pack as dealt; ``bragkit verify PROOF.json`` checks one.
Only shuffled deals need a proof: an unshuffled deal's pack follows from the last one (D4, D5).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import struct
from collections.abc import Iterable, MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol, TypeVar

from bragkit.cards import (
    MAX_DECKS,
    MAX_JOKERS,
    Card,
    Pack,
    check_pack_size,
    format_cards,
    parse_cards,
)
from bragkit.errors import BragError, InvalidCardError, NotationError
from bragkit.toml_text import decode_text

__all__ = [
    "FORMAT",
    "MAX_CLIENT_SEEDS",
    "MAX_PROOF_CHARS",
    "SEED_BYTES",
    "ByteSource",
    "FairnessError",
    "FairnessProof",
    "HmacStream",
    "ShuffleCommitment",
    "VerificationError",
    "block_message",
    "commitment_of",
    "fisher_yates",
    "shuffled_pack",
    "uniform_below",
    "verify",
]

#: The ``format`` key of a proof document, and the protocol version.
FORMAT: Final = "bragkit-fairness/1"
#: The length of a server seed, in bytes.
SEED_BYTES: Final = 32
#: The longest client seed accepted, in UTF-8 bytes (protects the server, not the proof).
MAX_CLIENT_SEED_BYTES: Final = 1024
#: The most client seeds one shuffle takes (and a proof holds).
MAX_CLIENT_SEEDS: Final = 1000
#: The longest proof document read, in characters: the most seeds at their longest, and room.
MAX_PROOF_CHARS: Final = 8 * MAX_CLIENT_SEEDS * MAX_CLIENT_SEED_BYTES

_HEX_DIGITS: Final = frozenset("0123456789abcdef")

T = TypeVar("T")


class FairnessError(BragError):
    """A commit–reveal step out of order (a client seed before the commitment is published or
    after the pack is drawn, a reveal before publishing, …) or a bad seed."""


class VerificationError(FairnessError):
    """A proof that does not check out; ``field`` says what does not match: ``"commitment"``
    (the seed does not hash to it, or it is not a SHA-256 digest), ``"seed"`` (not 32 bytes of
    hex) or ``"pack"`` (the seeds give another pack)."""

    def __init__(self, message: str, *, field: Literal["commitment", "seed", "pack"]) -> None:
        self.field = field
        super().__init__(message)


class ByteSource(Protocol):
    """Anything that hands out the next bytes of a stream."""

    def read(self, n: int) -> bytes:
        """The next ``n`` bytes."""
        ...


def commitment_of(server_seed: bytes) -> str:
    """The commitment to a server seed: its SHA-256 in lower-case hex (step 1)."""
    return hashlib.sha256(server_seed).hexdigest()


def _u32(n: int) -> bytes:
    return struct.pack(">I", n)


def _encode_client_seed(seed: object) -> bytes:
    if not isinstance(seed, str):
        raise FairnessError(f"a client seed is a string, not {seed!r}")
    try:
        return seed.encode("utf-8")
    except UnicodeEncodeError:
        raise FairnessError(f"a client seed must be valid Unicode text: {seed!r}") from None


def _message_prefix(client_seeds: Sequence[str], deal: int) -> bytes:
    if type(deal) is not int or not 0 <= deal < 2**64:
        raise FairnessError(f"a deal number is a whole number from 0, not {deal!r}")
    parts = [_u32(len(client_seeds))]
    for seed in client_seeds:
        encoded = _encode_client_seed(seed)
        parts += [_u32(len(encoded)), encoded]
    parts.append(struct.pack(">Q", deal))
    return b"".join(parts)


def block_message(client_seeds: Sequence[str], deal: int, counter: int) -> bytes:
    """The HMAC message M_counter of step 3.

    >>> block_message(["ab"], 1, 2).hex()
    '0000000100000002616200000000000000010000000000000002'
    """
    return _message_prefix(client_seeds, deal) + struct.pack(">Q", counter)


class HmacStream:
    """The byte stream of step 3: HMAC-SHA256 blocks keyed by the server seed.

    >>> stream = HmacStream(bytes(32), [], 0)
    >>> len(stream.read(40)), stream.read(3) == HmacStream(bytes(32), [], 0).read(43)[40:]
    (40, True)
    """

    __slots__ = ("_buffer", "_counter", "_key", "_prefix")

    def __init__(self, server_seed: bytes, client_seeds: Sequence[str], deal: int) -> None:
        self._key = bytes(server_seed)
        self._prefix = _message_prefix(client_seeds, deal)
        self._counter = 0
        self._buffer = b""

    def read(self, n: int) -> bytes:
        """The next ``n`` bytes of the stream."""
        while len(self._buffer) < n:
            message = self._prefix + struct.pack(">Q", self._counter)
            self._buffer += hmac.digest(self._key, message, "sha256")
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out


def uniform_below(n: int, source: ByteSource) -> int:
    """An integer in ``[0, n)``, every value equally likely, by rejection sampling (step 4).

    >>> class Bytes:
    ...     def __init__(self, data): self.data = data
    ...     def read(self, k): out, self.data = self.data[:k], self.data[k:]; return out
    >>> uniform_below(52, Bytes(bytes([250, 208, 207])))   # 250 and 208 are rejected
    51
    """
    if type(n) is not int or n < 1:
        raise FairnessError(f"cannot draw an integer below {n!r}")
    width = ((n - 1).bit_length() + 7) // 8
    span = 1 << (8 * width)
    limit = span - span % n
    while True:
        chunk = source.read(width)
        if len(chunk) != width:
            raise FairnessError("the byte stream ran out")
        x = int.from_bytes(chunk, "big")
        if x < limit:
            return x % n


def fisher_yates(items: MutableSequence[T], source: ByteSource) -> None:
    """Shuffle ``items`` in place (step 6): for i from the last index down to 1, swap item i with
    item j, j drawn uniformly from 0..i."""
    for i in range(len(items) - 1, 0, -1):
        j = uniform_below(i + 1, source)
        items[i], items[j] = items[j], items[i]


def _check_pack_size(jokers: object, decks: object) -> None:
    """Jokers from 0 to MAX_JOKERS and decks from 1 to MAX_DECKS (step 5), before any pack."""
    try:
        check_pack_size(jokers=jokers, decks=decks)
    except InvalidCardError as error:
        raise FairnessError(str(error)) from None


def _check_seed(server_seed: bytes) -> bytes:
    if not isinstance(server_seed, bytes | bytearray) or len(server_seed) != SEED_BYTES:
        raise FairnessError(f"a server seed is {SEED_BYTES} bytes")
    return bytes(server_seed)


def shuffled_pack(
    server_seed: bytes,
    client_seeds: Sequence[str],
    deal: int,
    *,
    jokers: int = 0,
    decks: int = 1,
) -> Pack:
    """The pack the seeds give (steps 3 to 6): a pure function of its arguments."""
    seed = _check_seed(server_seed)
    _check_pack_size(jokers, decks)
    cards = list(Pack.standard(jokers=jokers, decks=decks).cards)
    fisher_yates(cards, HmacStream(seed, client_seeds, deal))
    return Pack(cards, jokers=jokers, decks=decks)


class ShuffleCommitment:
    """One shuffled deal's commit–reveal, in the only order the protocol allows:

    1. created with a server seed (32 bytes from :mod:`secrets` unless given — give one only to
       restore a commitment, e.g. after a restart, or in tests);
    2. :meth:`publish` returns the :attr:`commitment` for every player; only after it,
    3. :meth:`add_client_seed` accepts players' seeds, until
    4. :meth:`pack` draws the pack (from then on the seeds are fixed) for the deal, and after it
    5. :meth:`reveal` gives the :class:`FairnessProof` with the seed.

    The server seed cannot be read before the reveal.

    >>> shuffle = ShuffleCommitment(deal=3, server_seed=bytes(range(32)))
    >>> shuffle.add_client_seed("too soon")
    Traceback (most recent call last):
    ...
    bragkit.fairness.FairnessError: publish the commitment before accepting client seeds
    >>> shuffle.publish() == shuffle.commitment
    True
    >>> shuffle.add_client_seed("now")
    >>> shuffle.pack() == shuffled_pack(bytes(range(32)), ["now"], 3)
    True
    >>> shuffle.add_client_seed("too late")
    Traceback (most recent call last):
    ...
    bragkit.fairness.FairnessError: the pack is drawn: no more client seeds
    """

    __slots__ = (
        "_client_seeds",
        "_commitment",
        "_pack",
        "_published",
        "_revealed",
        "_seed",
        "deal",
        "decks",
        "jokers",
    )

    def __init__(
        self,
        *,
        deal: int,
        server_seed: bytes | None = None,
        jokers: int = 0,
        decks: int = 1,
    ) -> None:
        self._seed = _check_seed(
            secrets.token_bytes(SEED_BYTES) if server_seed is None else server_seed
        )
        _message_prefix((), deal)  # checks the deal number
        _check_pack_size(jokers, decks)
        self.deal = deal
        self.jokers = jokers
        self.decks = decks
        self._commitment = commitment_of(self._seed)
        self._client_seeds: list[str] = []
        self._published = False
        self._pack: Pack | None = None
        self._revealed = False

    @property
    def commitment(self) -> str:
        """SHA-256 of the server seed, lower-case hex."""
        return self._commitment

    @property
    def client_seeds(self) -> tuple[str, ...]:
        """The client seeds accepted so far, in order."""
        return tuple(self._client_seeds)

    @property
    def published(self) -> bool:
        """Whether :meth:`publish` was called."""
        return self._published

    @property
    def drawn(self) -> bool:
        """Whether the pack is drawn (client seeds are closed)."""
        return self._pack is not None

    @property
    def revealed(self) -> bool:
        """Whether :meth:`reveal` was called."""
        return self._revealed

    @property
    def server_seed(self) -> bytes:
        """The server seed: only after :meth:`reveal`."""
        if not self._revealed:
            raise FairnessError("the server seed stays secret until the reveal")
        return self._seed

    def publish(self) -> str:
        """Mark the commitment published and return it; client seeds may come now."""
        self._published = True
        return self._commitment

    def add_client_seed(self, seed: str) -> None:
        """Accept a player's seed: only after :meth:`publish` and before :meth:`pack`."""
        if not self._published:
            raise FairnessError("publish the commitment before accepting client seeds")
        if self._pack is not None:
            raise FairnessError("the pack is drawn: no more client seeds")
        if len(_encode_client_seed(seed)) > MAX_CLIENT_SEED_BYTES:
            raise FairnessError(f"a client seed is at most {MAX_CLIENT_SEED_BYTES} bytes")
        if len(self._client_seeds) >= MAX_CLIENT_SEEDS:
            raise FairnessError(f"a shuffle takes at most {MAX_CLIENT_SEEDS} client seeds")
        self._client_seeds.append(seed)

    def pack(self) -> Pack:
        """The shuffled pack to deal from (a new copy each call). The first call closes the
        client seeds."""
        if not self._published:
            raise FairnessError("publish the commitment before drawing the pack")
        if self._pack is None:
            self._pack = shuffled_pack(
                self._seed, self._client_seeds, self.deal, jokers=self.jokers, decks=self.decks
            )
        return self._pack.copy()

    def reveal(self) -> FairnessProof:
        """After the deal: the proof, with the server seed (draws the pack if not yet drawn;
        only after :meth:`publish`)."""
        pack = self.pack()
        self._revealed = True
        return FairnessProof(
            commitment=self._commitment,
            server_seed=self._seed.hex(),
            client_seeds=tuple(self._client_seeds),
            deal=self.deal,
            jokers=self.jokers,
            decks=self.decks,
            pack=pack.cards,
        )

    def __repr__(self) -> str:
        state = "revealed" if self._revealed else "drawn" if self.drawn else (
            "published" if self._published else "new"
        )
        return f"ShuffleCommitment(deal={self.deal}, commitment={self._commitment[:12]}…, {state})"


@dataclass(frozen=True, kw_only=True, slots=True)
class FairnessProof:
    """What a player needs to check a shuffled deal: :func:`verify` recomputes the pack.

    ``server_seed`` is hex; ``pack`` the pack as dealt, top card first. Every count is bounded
    and checked before anything is built: ``jokers`` at most :data:`~bragkit.cards.MAX_JOKERS`,
    ``decks`` at most :data:`~bragkit.cards.MAX_DECKS`, at most :data:`MAX_CLIENT_SEEDS` client
    seeds of at most :data:`MAX_CLIENT_SEED_BYTES` each, ``deal`` below 2**64, a document of at
    most :data:`MAX_PROOF_CHARS` characters.

    >>> shuffle = ShuffleCommitment(deal=2)
    >>> _ = shuffle.publish()
    >>> proof = shuffle.reveal()
    >>> FairnessProof.from_dict(proof.to_dict()) == proof
    True
    >>> sorted(proof.to_dict())
    ['client_seeds', 'commitment', 'deal', 'decks', 'format', 'jokers', 'pack', 'server_seed']
    """

    commitment: str
    server_seed: str
    client_seeds: tuple[str, ...]
    deal: int
    pack: tuple[Card, ...]
    jokers: int = 0
    decks: int = 1

    def __post_init__(self) -> None:
        for name in ("commitment", "server_seed"):
            value = getattr(self, name)
            if not isinstance(value, str) or len(value) > 200:
                raise NotationError(f"proof {name} must be a string of hex digits")
        for name, least, most in (("deal", 0, 2**64 - 1), ("jokers", 0, MAX_JOKERS),
                                  ("decks", 1, MAX_DECKS)):
            value = getattr(self, name)
            if type(value) is not int or not least <= value <= most:
                raise NotationError(f"proof {name} must be a whole number from {least} to {most}")
        if isinstance(self.client_seeds, str | bytes) or not isinstance(
                self.client_seeds, Sequence) or len(self.client_seeds) > MAX_CLIENT_SEEDS:
            raise NotationError(f"proof client_seeds must be a list of at most "
                                f"{MAX_CLIENT_SEEDS} strings")
        seeds = tuple(self.client_seeds)
        for seed in seeds:
            if not isinstance(seed, str):
                raise NotationError("proof client_seeds must be strings")
            try:
                size = len(_encode_client_seed(seed))
            except FairnessError as error:
                raise NotationError(f"proof client_seeds: {error}") from None
            if size > MAX_CLIENT_SEED_BYTES:
                raise NotationError(f"proof client_seeds: a client seed is at most "
                                    f"{MAX_CLIENT_SEED_BYTES} bytes")
        object.__setattr__(self, "client_seeds", seeds)
        most = 52 * self.decks + self.jokers
        if isinstance(self.pack, str) or not isinstance(self.pack, Sequence) or (
                len(self.pack) > most):
            raise NotationError(f"proof pack must be at most {most} cards, top card first")
        try:
            object.__setattr__(self, "pack", parse_cards(self.pack))
        except InvalidCardError as error:
            raise NotationError(f"proof pack: {error}") from None

    def to_dict(self) -> dict[str, Any]:
        """The proof as JSON-able data, with ``format = "bragkit-fairness/1"``."""
        return {
            "format": FORMAT,
            "commitment": self.commitment,
            "server_seed": self.server_seed,
            "client_seeds": list(self.client_seeds),
            "deal": self.deal,
            "jokers": self.jokers,
            "decks": self.decks,
            "pack": format_cards(self.pack),
        }

    @classmethod
    def from_dict(cls, data: Any) -> FairnessProof:
        """A proof from :meth:`to_dict` data; a malformed one is a :class:`NotationError`."""
        if not isinstance(data, dict):
            raise NotationError("a fairness proof is a JSON object")
        if not all(isinstance(key, str) for key in data):
            raise NotationError("a fairness proof's keys are strings")
        if data.get("format") != FORMAT:
            found = data.get("format")
            raise NotationError(f"a fairness proof has format {FORMAT!r}, not {found!r}")
        required = ("commitment", "server_seed", "client_seeds", "deal", "pack")
        missing = [k for k in required if k not in data]
        if missing:
            raise NotationError(f"the proof has no {', '.join(missing)}")
        seeds = data["client_seeds"]
        if not isinstance(seeds, list):
            raise NotationError("proof client_seeds must be a list of strings")
        pack = data["pack"]
        if not isinstance(pack, str) or len(pack) > 8 * 52 * MAX_DECKS + 8 * MAX_JOKERS:
            raise NotationError("proof pack must be a string of cards, top card first")
        try:
            cards = parse_cards(pack)
        except InvalidCardError as error:
            raise NotationError(f"proof pack: {error}") from None
        return cls(
            commitment=data["commitment"],
            server_seed=data["server_seed"],
            client_seeds=tuple(seeds),
            deal=data["deal"],
            jokers=data.get("jokers", 0),
            decks=data.get("decks", 1),
            pack=cards,
        )

    def to_json(self) -> str:
        """The proof as one JSON document."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=2)

    @classmethod
    def from_json(cls, text: str | bytes) -> FairnessProof:
        """A proof from JSON text (bytes: UTF-8) of at most :data:`MAX_PROOF_CHARS` characters;
        a malformed one is a :class:`NotationError`.

        >>> FairnessProof.from_json('{"format": "bragkit-fairness/1", "deal": ' + "[" * 5000)
        Traceback (most recent call last):
        ...
        bragkit.errors.NotationError: not JSON: nested too deeply
        """
        text = decode_text(text, limit=MAX_PROOF_CHARS, what="proof")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise NotationError(f"not JSON: {error}") from None
        except RecursionError:
            raise NotationError("not JSON: nested too deeply") from None
        except ValueError as error:  # a number of more than 4,300 digits
            raise NotationError(f"not JSON: {str(error)[:80]}") from None
        return cls.from_dict(data)


def _is_hex(text: str, length: int) -> bool:
    return len(text) == length and set(text.lower()) <= _HEX_DIGITS


def verify(proof: FairnessProof) -> Pack:
    """Check a proof and return the pack; a mismatch is a :class:`VerificationError` naming
    what does not match.

    >>> shuffle = ShuffleCommitment(deal=4, server_seed=bytes(range(32)))
    >>> _ = shuffle.publish()
    >>> proof = shuffle.reveal()
    >>> verify(proof) == Pack(proof.pack)
    True
    >>> from dataclasses import replace
    >>> verify(replace(proof, deal=5))
    Traceback (most recent call last):
    ...
    bragkit.fairness.VerificationError: pack does not match the seeds: card 1 from the top is ...
    """
    commitment = proof.commitment.strip().lower()
    if not _is_hex(commitment, 64):
        raise VerificationError(
            f"commitment is not a SHA-256 digest (64 hex digits): {proof.commitment!r}",
            field="commitment",
        )
    seed_hex = proof.server_seed.strip().lower()
    if not _is_hex(seed_hex, 2 * SEED_BYTES):
        raise VerificationError(
            f"server seed is not {SEED_BYTES} bytes of hex: {proof.server_seed!r}", field="seed"
        )
    seed = bytes.fromhex(seed_hex)
    digest = commitment_of(seed)
    if not hmac.compare_digest(digest, commitment):
        raise VerificationError(
            f"server seed does not match the commitment: its SHA-256 is {digest[:16]}…, "
            f"the commitment is {commitment[:16]}…",
            field="commitment",
        )
    try:
        expected = shuffled_pack(
            seed, proof.client_seeds, proof.deal, jokers=proof.jokers, decks=proof.decks
        )
    except FairnessError as error:
        raise VerificationError(f"cannot recompute the pack: {error}", field="pack") from None
    _compare_packs(proof.pack, expected.cards)
    return expected


def _compare_packs(given: Iterable[Card], expected: tuple[Card, ...]) -> None:
    given = tuple(given)
    for position, (a, b) in enumerate(zip(given, expected, strict=False), start=1):
        if a != b:
            raise VerificationError(
                f"pack does not match the seeds: card {position} from the top is {a} in the "
                f"proof, {b} from the seeds",
                field="pack",
            )
    if len(given) != len(expected):
        raise VerificationError(
            f"pack does not match the seeds: the proof has {len(given)} cards, "
            f"the seeds give {len(expected)}",
            field="pack",
        )
