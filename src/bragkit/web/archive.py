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

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bragkit import records
from bragkit.fairness import FairnessProof
from bragkit.games.protocol import Game
from bragkit.games.three_card.notation import DealRecord
from bragkit.session import DealEnded, DealStarted, Kept, Session

__all__ = ["Archive", "Finished"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Finished:
    """A finished deal of any game: its number, dealer and winners; its record (the
    three-card family's :class:`DealRecord`, or the finished game, which its game's record
    format writes: :func:`bragkit.records.dump`) and the proof of its shuffle where the game
    keeps one (the three-card family); ``nets``: what each player dealt in won or lost in it
    (the change of their ledger net over the deal, its ante included)."""

    number: int
    dealer: str
    winners: dict[str, int]
    shuffled: bool
    record: DealRecord | Game | None = None
    proof: FairnessProof | None = None
    nets: Mapping[str, int] = field(default_factory=dict)


class Archive:
    """The pack chains of a table's deals and their records (see the module docstring). The
    finished deals are read from :attr:`session` once it is set (at the start of play): its
    events, and what the game's hook keeps of each deal (records, results after R2, proofs)."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.closed = False
        self._played: list[Finished] = []
        self._seen = 0
        self._dealers: dict[int, str] = {}
        self._chain_of: dict[int, int] = {}
        self._chain = 0
        self._live: set[int] = set()
        self._games: dict[int, Game] = {}
        self._nets: dict[int, dict[str, int]] = {}  # each deal's nets, by deal number
        self._totals: dict[str, int] = {}  # each player's ledger net at their last deal's end

    # -- following the pack --------------------------------------------------------------------

    def dealt(self, number: int, *, shuffled: bool, kept: bool) -> None:
        """Deal ``number`` started, from a fresh shuffle or not; ``kept``: a blind hand of the
        last deal was kept into it (R1), so that pack order lives on."""
        if shuffled:  # rule D4: a new pack order
            self._live = {number} | (self._live if kept else set())
            self._chain = number
        self._chain_of[number] = self._chain

    def pack_dead(self) -> None:
        """The pack's order is dead: the next deal is shuffled (D4) and keeps no hand."""
        self._live = set()

    def close(self) -> None:
        """The table closed: every record may be seen."""
        self.closed = True
        self._live = set()

    def shuffled(self, number: int) -> bool:
        """Whether deal ``number`` was dealt from a fresh shuffle (D4)."""
        return number > 0 and self._chain_of.get(number) == number

    def live(self, number: int) -> bool:
        """Whether the pack order deal ``number`` was dealt from is still in play."""
        return number in self._chain_of and self._chain_of[number] in self._live

    def ended(self, number: int, game: Game | None,
              totals: Mapping[str, int] | None = None) -> None:
        """Deal ``number`` has ended with ``game``: kept as its record when the game's hook
        keeps none of its own (every game but the three-card family); ``totals``, the ledger's
        nets now, give each player dealt in their net of the deal.

        >>> archive = Archive()
        >>> archive.ended(1, None, {"Ann": 5, "Bob": -5})
        >>> archive.ended(2, None, {"Ann": 2, "Bob": -2})
        >>> archive._nets[2]
        {'Ann': -3, 'Bob': 3}
        """
        if game is not None and game.over:
            self._games[number] = game
        if totals is not None:
            dealt = game.players if game is not None else tuple(totals)
            self._nets[number] = {p: totals.get(p, 0) - self._totals.get(p, 0) for p in dealt}
            self._totals.update({p: totals[p] for p in dealt if p in totals})

    # -- the records ---------------------------------------------------------------------------

    def played(self) -> list[Finished]:
        """Every finished deal, in order."""
        session = self.session
        if session is None:
            return []
        if self._seen != session.event_count:
            self._catch_up(session)
        return self._played

    def _catch_up(self, session: Session) -> None:
        hook = session.dealing
        for event in session.events_from(self._seen):
            if isinstance(event, DealStarted):
                self._dealers[event.number] = event.dealer
            elif isinstance(event, DealEnded):
                number = event.number
                result = hook.result_of(number)
                record = hook.record_of(number)
                self._played.append(Finished(
                    number=number, dealer=self._dealers[number],
                    winners=dict(result.winners if result is not None else event.winners),
                    shuffled=hook.was_shuffled(number),
                    record=record if record is not None else self._games.get(number),
                    proof=hook.proof_of(number), nets=self._nets.get(number, {})))
            elif isinstance(event, Kept) and self._played:  # R2 changed the last result
                last = self._played[-1]
                result = hook.result_of(last.number)
                if result is not None:
                    self._played[-1] = replace(last, winners=dict(result.winners))
        self._seen = session.event_count

    def released(self, number: int) -> bool:
        """Whether deal ``number``'s record and its shuffle's proof may be seen by everyone
        (see the module docstring)."""
        if number not in self._chain_of:
            return False
        finished = any(e.number == number for e in self.played())
        return finished and (self.closed or self._chain_of[number] not in self._live)

    def record_text(self, number: int) -> str | None:
        """Deal ``number``'s record (a ``.bhh`` hand history, in its game's format), once
        released (else None)."""
        if not self.released(number):
            return None
        for played in self.played():
            if played.number == number and played.record is not None:
                return records.dump(played.record)
        return None

    def proof_json(self, number: int) -> str | None:
        """The fairness proof of the shuffle before deal ``number``, once released (else
        None; a deal dealt from the last deal's pack has no shuffle of its own, D4)."""
        if not self.released(number):
            return None
        for played in self.played():
            if played.number == number and played.proof is not None:
                return played.proof.to_json()
        return None

    def records(self) -> list[dict[str, Any]]:
        """Every finished deal: number, dealer, winners, and whether its record is released."""
        return [{"deal": p.number, "dealer": p.dealer, "shuffled": p.shuffled,
                 "winners": dict(p.winners), "released": self.released(p.number)}
                for p in self.played()]

    def recent(self, count: int) -> list[dict[str, Any]]:
        """The last ``count`` finished deals as a state lists them (with their proofs'
        commitments)."""
        rows = []
        for played in self.played()[-count:]:
            number = played.number
            released = self.released(number)
            rows.append({
                "deal": number, "dealer": played.dealer, "shuffled": played.shuffled,
                "winners": dict(played.winners), "released": released,
                "proof": released and played.proof is not None,
                "record": played.record is not None,  # a .bhh hand history to download
                "commitment": played.proof.commitment if played.proof is not None else None,
            })
        return rows
