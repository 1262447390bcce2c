"""The three-card family's part of a session: :class:`ThreeCardDealing`, the
:class:`~bragkit.session.Dealing` hook of :class:`~bragkit.games.three_card.Deal` (rules D4, D5,
BL3, R1–R3, M1, M4, T2).

It holds what carries over from one deal to the next beyond the money: the pack in the exact
order the hands went back under it (D5), shuffled only as D4 says; a pot carried forward and a
blind hand kept (BL3, R1); the choice of two kept hands (R2); the commit–reveal shuffles of a fair
table (:mod:`bragkit.fairness`); and the game a dealer names (:class:`GameChoice`, T2).

>>> from bragkit.session import Session
>>> dealing = ThreeCardDealing(Rules(), rng=7)
>>> session = Session(dealing, seats=["Ann", "Bob", "Cy"], buy_ins=20)
>>> deal = session.start_deal()
>>> for text in ["Bob blind 1", "Cy fold", "Ann fold"]:
...     session.apply(text)
>>> dealing.carried_pot, dealing.retained, dealing.shuffle_due
(4, 'Bob', False)
>>> str(GameChoice(wild=("2",), cards=4)), GameChoice.parse("cards 4 open wild 2 Jk")
('cards 4 blind wild 2', GameChoice(wild=('2', 'Jk'), blind=False, cards=4))
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from bragkit.actions import HandChoice, Verb
from bragkit.cards import JOKER_INDEX, Card, Pack, RandomSource, make_rng, parse_cards
from bragkit.errors import InvalidCardError, RulesError
from bragkit.fairness import FairnessProof, ShuffleCommitment
from bragkit.games.protocol import Game, Operation
from bragkit.games.three_card.card_text import read_cards, write_cards
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.kept import CountedDeals, KeptDeals
from bragkit.games.three_card.log import DealLog
from bragkit.games.three_card.notation import DealRecord
from bragkit.games.three_card.operations import Acted, AnteTaken, Loan, PotAwarded
from bragkit.games.three_card.results import DealResult
from bragkit.games.three_card.rules import Rules
from bragkit.ledger import Kind, Ledger
from bragkit.session import DealingBase, DealStarted, Session, SessionError

__all__ = ["Chooser", "GameChoice", "ThreeCardDealing"]

_TOPUP: Final = Verb.TOPUP
#: The operations that move chips (the others deal, show or put back cards).
_MONEY: Final = (AnteTaken, Acted, Loan, PotAwarded)


def _book_chips(chips: Iterable[tuple[Any, ...]], ledger: Ledger) -> None:
    """Book the chips of operations given as their class and fields, as the compact log
    holds them (:meth:`DealLog.chips_since <bragkit.games.three_card.log.DealLog.chips_since>`):
    what :meth:`ThreeCardDealing.book` books of each record (D2, B2, M1, M4, B5)."""
    book = ledger.book
    for chip in chips:
        cls = chip[0]
        if cls is Acted:  # the commonest first
            action = chip[1]
            if action.verb is _TOPUP:
                book(Kind.TOP_UP, action.player, action.amount)  # rule M1
            elif chip[2]:
                book(Kind.BET, action.player, chip[2])
        elif cls is AnteTaken:
            if chip[2]:
                book(Kind.ANTE, chip[1], chip[2])
        elif cls is Loan:
            ledger.lend(chip[1], chip[2], chip[3])  # rule M4
        else:  # PotAwarded
            book(Kind.WIN, chip[1], chip[2])


@dataclass(frozen=True, kw_only=True, slots=True)
class GameChoice:
    """The game a dealer names under dealer's choice (rule T2): which cards are wild (W1, as
    the ``wild`` option: cards like ``"2c"`` or ranks like ``"2"``), whether blind play is
    allowed (BL1), and three, four or five cards (F1, F3). It prints as the words of a
    :class:`~bragkit.session.GameNamed` event and :meth:`parse` reads them back.

    >>> GameChoice(wild=("2",), cards=4).rules_from(Rules(ante=2)).to_dict()
    {'ante': 2, 'wild': ['2'], 'cards': 4}
    """

    wild: tuple[str, ...] = ()
    blind: bool = True
    cards: int = 3

    def rules_from(self, base: Rules) -> Rules:
        """The table's rules with this game (validated like any :class:`Rules`)."""
        return base.replace(wild=tuple(self.wild), blind=self.blind, cards=self.cards)

    @classmethod
    def of(cls, rules: Rules) -> GameChoice:
        """The game a set of rules names."""
        return cls(wild=rules.wild, blind=rules.blind, cards=rules.cards)

    def __str__(self) -> str:
        wild = f" wild {' '.join(self.wild)}" if self.wild else ""
        return f"cards {self.cards} {'blind' if self.blind else 'open'}{wild}"

    @classmethod
    def parse(cls, text: str) -> GameChoice:
        """The game its words name (``cards N blind|open [wild W ...]``)."""
        match = _CHOICE.fullmatch(text.strip())
        if match is None:
            raise SessionError(f'"{text}": not a game (cards N blind|open [wild ...]) (rule T2)')
        wild = tuple(match["wild"].split()) if match["wild"] else ()
        return cls(wild=wild, blind=match["blind"] == "blind", cards=int(match["cards"]))


_CHOICE: Final = re.compile(r"cards (?P<cards>\d) (?P<blind>blind|open)(?: wild (?P<wild>.+))?")

Chooser = Callable[[str, Rules], GameChoice | Rules | None]
"""Asked ``chooser(dealer, table_rules)`` before each deal once the dealer's choice is open
(rule T2); returns the game, or None for the table's own."""


class ThreeCardDealing(DealingBase):
    """The session hook of the three-card family (see the module docstring).

    ``rules`` are the table's house rules. ``rng`` drives the shuffles (a seed, a
    ``random.Random``; None: :mod:`secrets`); ``pack`` fixes the first deal's pack. ``fair`` makes
    every shuffle a commit–reveal shuffle, seeded from :mod:`secrets` unless ``rng`` is given.
    ``chooser`` names the game under dealer's choice (T2) when the dealer has not.
    """

    def __init__(self, rules: Rules, *, rng: RandomSource = None,
                 pack: Pack | str | Sequence[Card] | None = None, fair: bool = False,
                 chooser: Chooser | None = None) -> None:
        if not isinstance(rules, Rules):
            raise SessionError(f"rules must be a Rules object, not {type(rules).__name__}")
        if fair and pack is not None:
            raise SessionError("a fair table draws its packs from commitments: give no pack")
        self.rules = rules
        self.chooser = chooser
        self._secure = rng is None
        self._rng: random.Random = make_rng(rng)
        self._fair = bool(fair)
        self._first_pack = None if pack is None else as_pack(pack, rules.jokers)
        self._pack: Pack | None = None
        self._shuffle_due = True  # rule D4: the first deal of a session is shuffled
        self._carried = 0
        self._retained: tuple[str, tuple[Card, ...]] | None = None
        self._kept_rules: Rules | None = None
        self._current_rules = rules
        self._commitment: ShuffleCommitment | None = None
        self._current_proof: ShuffleCommitment | None = None
        self._keep_open = False
        self._shuffled = True  # whether the deal in progress was shuffled (D4)
        self._kept = KeptDeals()  # a finished deal is kept as a packed row only
        self._chips: tuple[Deal, DealLog] | None = None  # the deal booked, and its log
        self._prepare_commitment(1)

    # -- what the table reads ----------------------------------------------------------------

    @property
    def buy_in(self) -> int:
        """The least a player sits down with (M1)."""
        return self.rules.buy_in

    @property
    def lending(self) -> bool:
        """Whether loans are allowed (M4)."""
        return self.rules.lending

    @property
    def dealers_choice(self) -> bool:
        """Whether dealers name the game once the choice opens (T2)."""
        return self.rules.dealers_choice

    @property
    def carried_pot(self) -> int:
        """The pot carried forward to the next deal (BL3, R1, R3)."""
        return self._carried

    @property
    def retained(self) -> str | None:
        """The player keeping a blind hand for the next deal (R1), if any."""
        return None if self._retained is None else self._retained[0]

    @property
    def retained_hand(self) -> tuple[Card, ...]:
        """The kept blind hand (R1), ``()`` if none (omniscient)."""
        return () if self._retained is None else self._retained[1]

    @property
    def pack(self) -> Pack | None:
        """The pack as the last deal left it (a copy; D5); None before the first deal."""
        return None if self._pack is None else self._pack.copy()

    @property
    def shuffle_due(self) -> bool:
        """Whether the next deal is shuffled (D4)."""
        return self._shuffle_due

    @property
    def commitment(self) -> ShuffleCommitment | None:
        """The published commitment of the next shuffle of a fair table."""
        return self._commitment

    def count_deals_only(self) -> None:
        """Count the finished deals from now on without keeping them (what they were, their
        results and proofs, is then not to be asked): a table replaying a record only to check
        it, the record keeping its deals itself. Only before the first deal."""
        if len(self._kept):
            raise SessionError("the deals are counted only from the first on")
        self._kept = CountedDeals()

    def _finished(self, number: int) -> bool:
        return 1 <= number <= len(self._kept)

    def was_shuffled(self, number: int) -> bool:
        """Whether deal ``number`` was dealt from a fresh shuffle (D4)."""
        if self._finished(number):
            return self._kept.shuffled(number)
        return self._shuffled if number == len(self._kept) + 1 else True

    def result_of(self, number: int) -> DealResult | None:
        """The result of finished deal ``number``, a kept hand's choice included (R2)."""
        return self._kept.result(number) if self._finished(number) else None

    def record_of(self, number: int) -> DealRecord | None:
        """The record of finished deal ``number`` (a finished deal is kept as it only)."""
        return self._kept.record(number) if self._finished(number) else None

    def record_document(self, number: int) -> dict[str, Any]:
        """The TOML document of finished deal ``number``'s record (``record_of(number)
        .to_document()``, read straight from the deal's packed row: a session's record is
        written without building each deal's record)."""
        return self._kept.document(number)

    def proof_of(self, number: int) -> FairnessProof | None:
        """The revealed proof of the shuffle deal ``number`` was dealt from, at a fair table."""
        return self._kept.proof(number) if self._finished(number) else None

    def proofs(self) -> tuple[FairnessProof, ...]:
        """The revealed proofs of a fair table's shuffles, in deal order."""
        return tuple(self._kept.proofs())

    def house_game(self) -> Rules:
        """The game when no one names one: the table's, but while a blind hand is kept (R1)
        the game it was kept in, whose size and blind play it needs (T2 [decision])."""
        if self._retained is not None and self._kept_rules is not None:
            return self._kept_rules
        return self.rules

    def rules_of(self, game: str | None) -> Rules:
        """The rules a named game (or None: the house game) stands for."""
        return self.house_game() if game is None else GameChoice.parse(game).rules_from(
            self.rules)

    def game_of(self, rules: Rules) -> str | None:
        """The words of the game ``rules`` are (None: the house game)."""
        return None if rules == self.house_game() else str(GameChoice.of(rules))

    def restake(self, rules: Rules) -> None:
        """The next deals take the ante of ``rules`` (D2), the table's rules otherwise (a
        sit-and-go's rising ante); a blind hand kept (R1) is played in its own game at that
        ante (T2, D2 [decision])."""
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object, not {type(rules).__name__}")
        if rules != self.rules.replace(ante=rules.ante):
            raise RulesError("only the ante changes between the deals of a session (rule D2)")
        self.rules = rules
        if self._kept_rules is not None:
            self._kept_rules = self._kept_rules.replace(ante=rules.ante)

    # -- the hook ----------------------------------------------------------------------------

    def plan(self, session: Session, dealer: str, *, game: str | None,
             given: Any = None) -> DealStarted:
        """The next deal: its game (named, or asked of the ``chooser`` once the choice is open)
        and, when a shuffle is due, its pack (``given``, the commitment's, or a shuffle)."""
        if self._fair and given is not None:
            raise SessionError("a fair table draws its own pack from the commitment")
        if game is None and session.choice_open and self.rules.dealers_choice and self.chooser:
            named = self.chooser(dealer, self.rules)
            if named is not None:
                rules = named.rules_from(self.rules) if isinstance(named, GameChoice) else named
                game = self.game_of(self.check_choice(session, rules))
        number = session.deal_number + 1
        if not self._shuffle_due:
            if given is not None:
                self._check_follows(given)
            return DealStarted(number=number, dealer=dealer, game=game)
        held = self.retained_hand
        if given is not None:
            stock = as_pack(given, self.rules.jokers, held)
        elif self._commitment is not None:  # a fair table's commit-reveal shuffle
            stock = self._commitment.pack()
        elif number == 1 and self._first_pack is not None:
            stock = self._first_pack.copy()
        else:
            stock = Pack.shuffled(self._rng, jokers=self.rules.jokers)  # rule D4
        stock.take_out(held)
        return DealStarted(number=number, dealer=dealer, game=game, pack=write_cards(stock))

    def start(self, session: Session, event: DealStarted) -> Game:
        """The deal of ``event``: the antes, and the cards from the pack (D2, D5, D6)."""
        rules = self.check_choice(session, self.rules_of(event.game))
        held = self.retained_hand
        seats = session.seats
        rules.check_table(seats, retained=bool(held))  # rules D1, R1
        stacks = session.stacks
        for name in seats:
            if stacks[name] < rules.ante:
                # rule D2 [decision]: top up, borrow or leave before the deal
                raise SessionError(f"{name} cannot pay the ante of {rules.ante} with "
                                   f"{stacks[name]}: top up or leave first (rules D2, M1)")
        if event.pack is not None:
            if not self._shuffle_due:
                self._check_follows(event.pack)
            # the event's pack leaves the kept hand out: put it on top to take it out again
            stock = Pack([*held, *read_cards(event.pack)], jokers=self.rules.jokers)
            stock.take_out(held)
        elif self._shuffle_due:
            raise SessionError(f"deal {event.number} is shuffled (rule D4): it names its pack")
        else:
            assert self._pack is not None
            stock = self._pack.copy()
        deal = Deal(rules, players=seats, dealer=event.dealer,
                    stacks=[stacks[name] for name in seats], carried_pot=self._carried,
                    pack=stock, retained=dict([self._retained]) if self._retained else None,
                    first_deal=event.number == 1)
        self._current_rules = rules
        self._shuffled = self._shuffle_due
        self._current_proof = self._commitment if self._shuffle_due else None
        self._commitment = None
        self._keep_open = False
        return deal

    def book(self, operation: Operation, ledger: Ledger) -> None:
        """The chips of one operation of a deal (D2, B2, M1, M4, B5): what :func:`_book_chips`
        books of its fields (a session made by a table books a run of them at once:
        :meth:`book_since`)."""
        if not isinstance(operation, _MONEY):  # cards dealt, seen, shown, put back: no chips
            return
        if isinstance(operation, Acted):  # the commonest first
            action = operation.action
            if action.verb is _TOPUP:
                assert action.player is not None and action.amount is not None
                ledger.book(Kind.TOP_UP, action.player, action.amount)  # rule M1
            elif operation.paid:
                assert action.player is not None
                ledger.book(Kind.BET, action.player, operation.paid)
        elif isinstance(operation, AnteTaken):
            if operation.amount:
                ledger.book(Kind.ANTE, operation.player, operation.amount)
        elif isinstance(operation, Loan):
            ledger.lend(operation.lender, operation.borrower, operation.amount)  # rule M4
        elif isinstance(operation, PotAwarded):
            ledger.book(Kind.WIN, operation.player, operation.amount)

    def book_since(self, game: Game, start: int, ledger: Ledger) -> int:
        """The chips of ``game``'s operations from the ``start``-th on, as :meth:`book` books
        each; returns how many operations it has. A deal's are read from its compact log
        without making its records (:meth:`DealLog.chips_since
        <bragkit.games.three_card.log.DealLog.chips_since>`)."""
        found = self._chips_log(game).chips_since(start) if isinstance(game, Deal) else None
        if found is None:
            operations = game.operations_since(start)
            for operation in operations:
                self.book(operation, ledger)
            return start + len(operations)
        chips, count = found
        _book_chips(chips, ledger)
        return count

    def _chips_log(self, deal: Deal) -> DealLog:
        """The compact log of ``deal`` the chips are read from (one a deal, made once)."""
        kept = self._chips
        if kept is None or kept[0] is not deal:
            moves = deal.verifiers
            kept = self._chips = (deal, DealLog(moves.seats, moves.rules, moves.stock.dealt,
                                                moves.hold.face_up_seat, moves.entries))
        return kept[1]

    def finish(self, session: Session, game: Game) -> None:
        """The deal is over: carry its pot, kept hand and pack to the next (BL3, R1, D4, D5)."""
        assert isinstance(game, Deal)
        result = game.result
        assert result is not None
        number = session.deal_number
        assert number == len(self._kept) + 1, "the deals finish in order"
        self._adopt(result)
        proof = None
        if self._current_proof is not None:
            proof = self._current_proof.reveal()
            self._current_proof = None
        self._kept.add(game, shuffled=self._shuffled, proof=proof)
        self._keep_open = result.retained_choice is not None
        self._prepare_commitment(number + 1)

    def check_game(self, session: Session, game: str) -> None:
        """Whether the next dealer may name ``game`` now (T2)."""
        if not self.rules.dealers_choice:
            raise SessionError("dealer's choice is off at this table (rule T2)")
        self.check_choice(session, GameChoice.parse(game).rules_from(self.rules))

    def seat_left(self, session: Session, player: str) -> None:
        """A kept blind hand of ``player`` goes under the pack (D5 [decision])."""
        if self._retained is not None and self._retained[0] == player:
            assert self._pack is not None
            self._pack.put_under(self._retained[1])
            self._retained = None
            self._keep_open = False

    def keep(self, session: Session, player: str, hand: HandChoice) -> None:
        """The blind winner holding two hands keeps one, unseen (R2); no money moves."""
        if hand not in ("old", "new"):
            raise SessionError(f"keep the 'old' or the 'new' hand, not {hand!r} (rule R2)")
        game = session.current
        if not self._keep_open or self._retained is None or not isinstance(game, Deal):
            raise SessionError("no blind winner holds two hands to choose from (rule R2)")
        if self._retained[0] != player:
            raise SessionError(f"{player} keeps no blind hand (rule R2)")
        result = game.result_keeping(hand)
        self._adopt(result)
        self._kept.set_result(session.deal_number, result)

    def share(self, session: Session) -> None:
        """The carried pot is shared out: a kept hand goes under the pack (BL3)."""
        if self._retained is not None:
            assert self._pack is not None
            self._pack.put_under(self._retained[1])
            self._retained = None
        self._carried = 0
        self._keep_open = False

    # -- the rest ----------------------------------------------------------------------------

    def check_choice(self, session: Session, rules: Rules) -> Rules:
        """``rules`` if the next deal may be played under them (T2, R1)."""
        if not isinstance(rules, Rules):
            raise SessionError(f"rules must be a Rules object, not {type(rules).__name__}")
        if rules == self.rules or rules == self.house_game():
            return rules
        if not self.rules.dealers_choice:
            raise SessionError("the deal must be played under the table's rules: dealer's "
                               "choice is off (rule T2)")
        if not session.choice_open:
            raise SessionError(f"dealer's choice opens once the deal has gone round the table "
                               f"and one more ({len(session.seats) + 1} deals; "
                               f"{session.deal_number} played, rule T2)")
        if GameChoice.of(rules).rules_from(self.rules) != rules:
            raise SessionError("a dealer names only the wild cards, blind play and the number "
                               "of cards; the other rules are the table's (rule T2)")
        kept = self._retained
        if kept is not None and (rules.cards != len(kept[1]) or not rules.blind):
            raise SessionError(f"{kept[0]} keeps a blind hand of {len(kept[1])} cards: the "
                               "game must keep its size and blind play (rules R1, T2)")
        return rules

    def _adopt(self, result: DealResult) -> None:
        self._carried = result.carried_pot
        if result.retained is not None and result.retained_hand is not None:
            self._retained = (result.retained, tuple(result.retained_hand))
            self._kept_rules = self._current_rules
        else:
            self._retained = None
        assert result.next_pack is not None
        self._pack = result.next_pack.copy()
        self._shuffle_due = result.shuffle_next

    def _check_follows(self, given: Pack | str | Sequence[Card]) -> None:
        assert self._pack is not None
        if isinstance(given, tuple) and given == self._pack.cards:
            # the cards of the pack the last deal left (a session record's replay): with the
            # kept hand (R1), which it leaves out, it is the whole pack the slow way builds
            return
        held = self.retained_hand
        stock = as_pack(given, self.rules.jokers, held)
        stock.take_out(held)
        if stock != self._pack:
            raise SessionError(f"the pack does not follow from the last deal: "
                               f"{_difference(stock, self._pack)}; no shuffle is due "
                               "(rules D4, D5)")

    def _prepare_commitment(self, number: int) -> None:
        """A fair table commits to the next shuffle as soon as it is known to be due."""
        if not self._fair or not self._shuffle_due:
            return
        seed = None if self._secure else self._rng.randbytes(32)
        self._commitment = ShuffleCommitment(deal=number, server_seed=seed,
                                             jokers=self.rules.jokers)
        self._commitment.publish()


def as_pack(given: Pack | str | Sequence[Card], jokers: int, held: Sequence[Card] = ()) -> Pack:
    """A pack from a :class:`Pack`, text or cards; it may leave out the ``held`` cards (a
    retained hand, R1) or hold them (they are taken out later)."""
    if isinstance(given, Pack):
        cards = list(given)
        if given.jokers != jokers:
            raise SessionError(f"the pack has {given.jokers} jokers, the rules {jokers} "
                               "(rule W1)")
    else:
        cards = list(parse_cards(given))
    # a whole pack holds the held cards; a short one leaves them all out (with two jokers a kept
    # one is out of the pack while the other is in it: a membership test cannot tell). They go on
    # top, where Pack.take_out, taking the copy nearest the top, finds exactly them again.
    missing = list(held) if len(cards) < JOKER_INDEX + jokers else []
    try:
        return Pack([*missing, *cards], jokers=jokers)
    except InvalidCardError as error:
        raise SessionError(f"not a pack: {error}") from None


def _difference(given: Pack, expected: Pack) -> str:
    for position, (a, b) in enumerate(zip(given, expected, strict=False), 1):
        if a != b:
            return f"card {position} from the top is {a}, the last deal left {b} there"
    return f"{len(given)} cards, the last deal left {len(expected)}"
