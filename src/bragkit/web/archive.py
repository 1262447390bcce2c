"""The finished deals of a web table, and when each may be published: :class:`Archive`.

A record holds the whole pack, and without a shuffle the next deal is dealt from the same pack
with the hands put under it (D4, D5): a record published while its pack is still in play would
give the next deals' cards away, and a kept blind hand (R1) with them. So the archive follows
each pack order (a *chain*: the deals dealt from one shuffle) and releases a record, and the
proof of the shuffle it came from, once that pack order is dead: the next deal is shuffled and
no blind hand from it is kept, or the table is closed.

>>> archive = Archive()
>>> archive.dealt(1, shuffled=True, kept=False)
>>> archive.dealt(2, shuffled=False, kept=False)     # dealt from deal 1's pack (D4)
>>> archive.shuffled(1), archive.shuffled(2), archive.live(2)
(True, False, True)
>>> archive.pack_dead()
>>> archive.live(1), archive.live(2)
(False, False)
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bragkit import records
from bragkit.errors import BragError
from bragkit.fairness import FairnessProof
from bragkit.games.protocol import Game
from bragkit.games.three_card.notation import DealRecord
from bragkit.packed import PackedRows
from bragkit.session import DealEnded, Kept, Session

__all__ = ["Archive", "Finished"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Finished:
    """A finished deal of any game: its number, dealer and winners; its record (the
    three-card family's :class:`DealRecord`, or for another game its record's text, as its
    game's record format writes it: :func:`bragkit.records.dump`) and the proof of its shuffle
    where the game keeps one (the three-card family); ``nets``: what each player dealt in won
    or lost in it (the change of their ledger net over the deal, its ante included)."""

    number: int
    dealer: str
    winners: dict[str, int]
    shuffled: bool
    record: DealRecord | str | None = None
    proof: FairnessProof | None = None
    nets: Mapping[str, int] = field(default_factory=dict)


class Archive:
    """The pack chains of a table's deals and their records (see the module docstring). The
    finished deals are read from :attr:`session` once it is set (at the start of play): its
    events, and what the game's hook keeps of each deal (records, results after R2, proofs).
    A long table keeps a finished deal in a few bytes: its winners as a packed row, its chain
    a number, the record of a game whose hook keeps none as its packed text; the rest is read
    from the session when asked for."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.closed = False
        self._seen = 0
        self._winners = PackedRows()  # a finished deal's winners, in order (JSON pairs)
        self._chains = array("q")  # a deal's chain (the deal its pack was shuffled for), by number
        self._chain = 0
        self._live: set[int] = set()
        self._texts = PackedRows()  # the record text of a game whose hook keeps none ("": none)
        self._nets = PackedRows()  # each deal's nets, by number (JSON pairs; "": not known)
        self._totals: dict[str, int] = {}  # each player's ledger net at their last deal's end

    # -- following the pack --------------------------------------------------------------------

    def dealt(self, number: int, *, shuffled: bool, kept: bool) -> None:
        """Deal ``number`` started, from a fresh shuffle or not; ``kept``: a blind hand of the
        last deal was kept into it (R1), so that pack order lives on."""
        if shuffled:  # rule D4: a new pack order
            self._live = {number} | (self._live if kept else set())
            self._chain = number
        chains = self._chains
        while len(chains) < number:
            chains.append(0)  # 0: no deal of that number was dealt here
        chains[number - 1] = self._chain

    def _chain_of(self, number: int) -> int:
        return self._chains[number - 1] if 1 <= number <= len(self._chains) else 0

    def pack_dead(self) -> None:
        """The pack's order is dead: the next deal is shuffled (D4) and keeps no hand."""
        self._live = set()

    def close(self) -> None:
        """The table closed: every record may be seen."""
        self.closed = True
        self._live = set()

    def shuffled(self, number: int) -> bool:
        """Whether deal ``number`` was dealt from a fresh shuffle (D4)."""
        return number > 0 and self._chain_of(number) == number

    def live(self, number: int) -> bool:
        """Whether the pack order deal ``number`` was dealt from is still in play."""
        chain = self._chain_of(number)
        return chain > 0 and chain in self._live

    def ended(self, number: int, game: Game | None,
              totals: Mapping[str, int] | None = None) -> None:
        """Deal ``number`` has ended with ``game``: kept as its record's text when the game's
        hook keeps no record of its own (every game but the three-card family); ``totals``, the
        ledger's nets now, give each player dealt in their net of the deal.

        >>> archive = Archive()
        >>> archive.ended(1, None, {"Ann": 5, "Bob": -5})
        >>> archive.ended(2, None, {"Ann": 2, "Bob": -2})
        >>> archive.nets_of(2)
        {'Ann': -3, 'Bob': 3}
        """
        if totals is not None:
            dealt = game.players if game is not None else tuple(totals)
            nets = {p: totals.get(p, 0) - self._totals.get(p, 0) for p in dealt}
            self._totals.update({p: totals[p] for p in dealt if p in totals})
            _put(self._nets, number, _row(nets))
        if game is None or not game.over:
            return
        hook = self.session.dealing if self.session is not None else None
        if hook is not None and hook.record_of(number) is not None:
            return
        try:
            text = records.dump(game)
        except BragError:
            text = ""  # no format writes this game's records
        _put(self._texts, number, text)

    def nets_of(self, number: int) -> dict[str, int]:
        """What each player dealt in won or lost in deal ``number`` (empty: not known)."""
        if not 1 <= number <= len(self._nets) or not self._nets[number - 1]:
            return {}
        return dict(json.loads(self._nets[number - 1]))

    # -- the records ---------------------------------------------------------------------------

    def _count(self) -> int:
        """How many deals have finished (the session's events read so far)."""
        session = self.session
        if session is None:
            return 0
        if self._seen != session.event_count:
            self._catch_up(session)
        return len(self._winners)

    def _catch_up(self, session: Session) -> None:
        hook = session.dealing
        for event in session.events_from(self._seen):
            if isinstance(event, DealEnded):
                result = hook.result_of(event.number)
                self._winners.append(_row(result.winners if result is not None
                                          else event.winners))
            elif isinstance(event, Kept) and len(self._winners):  # R2 changed the last result
                result = hook.result_of(len(self._winners))
                if result is not None:
                    self._winners.replace_last(_row(result.winners))
        self._seen = session.event_count

    def _finished(self, number: int) -> Finished:
        session = self.session
        assert session is not None
        hook = session.dealing
        record: DealRecord | str | None = hook.record_of(number)
        if record is None and number <= len(self._texts):
            record = self._texts[number - 1] or None
        return Finished(number=number, dealer=session.dealer_of(number),
                        winners=dict(json.loads(self._winners[number - 1])),
                        shuffled=hook.was_shuffled(number), record=record,
                        proof=hook.proof_of(number), nets=self.nets_of(number))

    def played(self) -> list[Finished]:
        """Every finished deal, in order (each read from the session when asked for)."""
        return [self._finished(number) for number in range(1, self._count() + 1)]

    def released(self, number: int) -> bool:
        """Whether deal ``number``'s record and its shuffle's proof may be seen by everyone
        (see the module docstring)."""
        if self._chain_of(number) == 0 or not 1 <= number <= self._count():
            return False
        return self.closed or self._chain_of(number) not in self._live

    def record_text(self, number: int) -> str | None:
        """Deal ``number``'s record (a ``.bhh`` hand history, in its game's format), once
        released (else None)."""
        if not self.released(number):
            return None
        record = self._finished(number).record
        if record is None or isinstance(record, str):
            return record
        return records.dump(record)

    def proof_json(self, number: int) -> str | None:
        """The fairness proof of the shuffle before deal ``number``, once released (else
        None; a deal dealt from the last deal's pack has no shuffle of its own, D4)."""
        if not self.released(number):
            return None
        assert self.session is not None
        proof = self.session.dealing.proof_of(number)
        return None if proof is None else proof.to_json()

    def records(self) -> list[dict[str, Any]]:
        """Every finished deal: number, dealer, winners, and whether its record is released."""
        return [self._row(number) for number in range(1, self._count() + 1)]

    def _row(self, number: int) -> dict[str, Any]:
        session = self.session
        assert session is not None
        return {"deal": number, "dealer": session.dealer_of(number),
                "shuffled": session.dealing.was_shuffled(number),
                "winners": dict(json.loads(self._winners[number - 1])),
                "released": self.released(number)}

    def recent(self, count: int) -> list[dict[str, Any]]:
        """The last ``count`` finished deals as a state lists them (with their proofs'
        commitments)."""
        rows = []
        last = self._count()
        for number in range(max(1, last - count + 1), last + 1):
            played = self._finished(number)
            released = self.released(number)
            rows.append({
                "deal": number, "dealer": played.dealer, "shuffled": played.shuffled,
                "winners": dict(played.winners), "released": released,
                "proof": released and played.proof is not None,
                "record": played.record is not None,  # a .bhh hand history to download
                "commitment": played.proof.commitment if played.proof is not None else None,
            })
        return rows


def _row(winners: dict[str, int] | Any) -> str:
    """A deal's winners as a packed row (JSON: any name is written safely)."""
    return json.dumps(list(dict(winners).items()), ensure_ascii=False)


def _put(rows: PackedRows, number: int, row: str) -> None:
    """Row ``number`` (1-based) of ``rows``, the rows before it filled with "" (not known); a
    row already there stays."""
    while len(rows) < number - 1:
        rows.append("")
    if len(rows) == number - 1:
        rows.append(row)
