"""One wording for every reader (the issue "the operation log is the truth"): the terminal's log
(:class:`~bragkit.play.game_table.GameTable`), the web table's lines
(:class:`~bragkit.web.driver.DealDriver`) and ``bragkit replay``
(:class:`~bragkit.games.three_card.replay.DealReplay`) take the words of each record of a deal from
:func:`bragkit.games.protocol.describe`: the same deal gives the same words in all three, for a
spectator (the web's public lines), for the player (the terminal, in the second person) and for
the record (the replay: every card of a finished deal is public, HAND-HISTORY.md); a shown hand
is named by its record (D8), never by a front end."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from bragkit.actions import Action, Verb
from bragkit.bots.agent import AgentBase
from bragkit.cards import Pack
from bragkit.games.protocol import Operation, describe, random_action
from bragkit.games.registry import names, new
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.notation import DealRecord
from bragkit.games.three_card.operations import Acted, HandShown
from bragkit.games.three_card.replay import DealReplay
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.table import Table
from bragkit.games.three_card.views import DealView
from bragkit.hands import evaluate
from bragkit.play.game_table import GameTable
from bragkit.web.config import TableConfig
from bragkit.web.driver import DealDriver

from .helpers import Scripted, stacked

# Ann and Bob: Bob deals, so Ann is dealt first (D6): Ann Qh Qs 4d, Bob As Tc 2d.
PACK = stacked("Qh As Qs Tc 4d 2d")


def words(ops: Sequence[Operation], viewer: str | None, rules: Rules) -> list[str]:
    """What a front shows for ``ops``: the words of describe and nothing else (a shown hand
    is named by its record, D8: ``rules`` only checks that name)."""
    out = []
    for op in ops:
        text = describe(op, viewer)
        if text is None:
            continue
        if isinstance(op, HandShown):
            assert op.name and op.name == str(evaluate(op.cards[:3], ordering=rules.ordering,
                                                       wild=rules.wild_cards))
        out.append(text)
    return out


def plain_cards(line: str) -> str:
    """A log line with its cards in the records' notation (the screen shows suit symbols)."""
    for symbol, letter in zip("♠♥♦♣", "shdc", strict=True):
        line = line.replace(symbol, letter)
    return line


def terminal_lines(table: GameTable, deal: Deal, rules: Rules) -> list[str]:
    """The terminal's log from the deal's first action on (after the framing "— deal 1: … —"
    and the antes and cards dealt), in the records' notation."""
    before = len(words(deal.operations[:first_action(deal)], "Ann", rules))
    return [plain_cards(line) for line in table.log[1 + before:]]


def first_action(deal: Deal) -> int:
    """Where the deal's play begins in its log: after the antes and the cards dealt (D2, D6)."""
    return next(i for i, op in enumerate(deal.operations) if isinstance(op, Acted))


def web_lines(deal: Deal, rules: Rules, pack: Pack) -> tuple[Deal, list[str]]:
    """The web table's lines for the actions of ``deal``, replayed at a table dealt ``pack``."""
    driver = DealDriver(TableConfig(rules=rules), secret=bytes(32))
    driver.table = Table(rules, seats=list(deal.players), buy_ins=100, pack=pack,
                         dealer=deal.dealer).session
    driver.next_deal()
    lines: list[str] = []
    for action in deal.actions:
        lines += driver.act(str(action))
    assert driver.deal is not None
    return driver.deal, lines


def test_one_deal_the_same_words_in_the_terminal_the_web_and_the_replay_rule_B6() -> None:
    rules = Rules(max_bet=10)
    session = GameTable("three-card", rules={"max_bet": 10},
                        seated=[("Bob", Scripted("Bob bet 2"))], name="Ann", pack=PACK, seed=1)
    for text in ("Ann look", "Ann bet 2"):
        session.act(text)
    session.run_bots()
    session.act("Ann see 4")
    deal = session.game
    assert isinstance(deal, Deal) and deal.over
    start = first_action(deal)
    ops = deal.operations[start:]

    terminal = terminal_lines(session, deal, rules)
    assert terminal == words(ops, "Ann", rules) == [
        "You look", "You looked at Qh Qs 4d", "You bet 2", "Bob bets 2", "You pay 4 to see",
        "Bob shows high card, A-T-2 (As Tc 2d)", "You show pair of queens, 4 kicker (Qh Qs 4d)",
        "You take 10"]  # the hands go under the pack face down (D5): nothing new to read

    web_deal, web = web_lines(deal, rules, PACK)
    assert web_deal.operations == deal.operations  # the same deal, record for record
    # a spectator learns nothing of Ann's look but that she looked (BL2); the rest is public
    assert web == words(ops, None, rules) == [
        "Ann looks", "Ann bets 2", "Bob bets 2", "Ann pays 4 to see",
        "Bob shows high card, A-T-2 (As Tc 2d)", "Ann shows pair of queens, 4 kicker (Qh Qs 4d)",
        "Ann takes 10"]

    replay = DealReplay(DealRecord.from_deal(deal))
    assert list(replay.action_words) == [line for line in web if line.split()[1] in
                                         {"looks", "bets", "pays"}]
    text = replay.describe()
    for line in words(replay.outcome, None, rules):
        assert line in text
    assert "Ann takes 10" in text and "Bob shows high card, A-T-2 (As Tc 2d)" in text


def pick(deal: Deal, rng: random.Random) -> Action:
    """A random legal action of the player to act, a discard's cards chosen at random (F1)."""
    player = deal.to_act
    assert player is not None
    options = [o for o in deal.legal_actions(player) if o.verb is not Verb.TOPUP]
    option = rng.choice(options)
    if option.verb is Verb.DISCARD:
        cards = tuple(rng.sample(deal.cards_of(player), option.discards or 1))
        return Action(player=player, verb=Verb.DISCARD, cards=cards)
    if option.min_amount is None:
        return option.action()
    high = option.min_amount + 8 if option.max_amount is None else option.max_amount
    return option.action(rng.randint(option.min_amount, min(high, option.min_amount + 8)))


class RandomBot(AgentBase):
    """A bot that plays a random legal action of the deal it is shown (a test double)."""

    kind = "random"

    def __init__(self, session: list[GameTable], rng: random.Random) -> None:
        self.session = session
        self.rng = rng

    def act(self, view: DealView) -> Action:
        deal = self.session[0].game
        assert isinstance(deal, Deal)
        return pick(deal, self.rng)


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("cards", [3, 4])
def test_random_deals_one_wording_for_every_reader(seed: int, cards: int) -> None:
    """Random deals (four cards each: discards face down to the others, F1): the terminal
    shows the player's words of every record, the web the spectator's, the replay the record's
    (every card); a record everyone sees in full reads the same in all three."""
    rules = Rules(max_bet=10, cards=cards)
    rng = random.Random(seed)
    pack = Pack.standard()
    pack.shuffle(random.Random(seed))
    holder: list[GameTable] = []
    bots = [("Bob", RandomBot(holder, rng)), ("Cy", RandomBot(holder, rng))]
    session = GameTable("three-card", rules=rules.to_dict(), seated=bots, name="Ann",
                        pack=pack, seed=seed)  # type: ignore[arg-type]
    holder.append(session)
    deal = session.game
    assert isinstance(deal, Deal)
    while not deal.over:
        session.run_bots()
        if not deal.over:
            session.act(pick(deal, rng))
    start = first_action(deal)
    ops = deal.operations[start:]
    terminal = terminal_lines(session, deal, rules)
    assert terminal == words(ops, "Ann", rules)

    web_deal, web = web_lines(deal, rules, pack)
    assert web_deal.operations == deal.operations
    assert web == words(ops, None, rules)

    replay = DealReplay(DealRecord.from_deal(deal))
    # the record's actions, worded as their actor saw them (every card, HAND-HISTORY.md);
    # agreements aside: a record keeps only those that brought a showdown (B8)
    acted = [op for op in ops if isinstance(op, Acted) and op.action.verb is not Verb.AGREE]
    record = [describe(op, every_card=True) for op in acted]
    replayed = [w for line in replay.action_words for w in line.split(", ")
                if not w.endswith(" agree")]
    assert replayed == record
    text = replay.describe()
    for line in words(replay.outcome, None, rules):
        assert line in text
    # another's discards are face down for the player and a spectator (F1)
    for op in acted:
        if op.action.verb is Verb.DISCARD and op.player != "Ann":
            assert describe(op, "Ann") == describe(op, None)
            assert describe(op, every_card=True) not in terminal
            assert "card" in str(describe(op, None))
    # a record everyone sees in full is worded alike for the player, a spectator and the record
    for op in ops:
        if op.censored(None) is op:  # alike but for the person: Ann reads "you"
            assert describe(op, "Ann") == op.words("Ann")
            assert describe(op, None) == op.words(None)


@pytest.mark.parametrize("name", names())
def test_every_record_of_every_game_has_words_for_every_viewer(name: str) -> None:
    """describe words every record of every registered game, for a spectator and each player:
    a short text (never a dataclass's repr), or None when the viewer learns nothing; and it
    never shows a viewer a card their censored record hides."""
    game = new(name, players=["Ann", "Bob", "Cy"], seed=5)
    rng = random.Random(5)
    for _ in range(400):
        if game.over:
            break
        game.apply(random_action(game, rng))
    worded = 0
    for op in game.operations:
        for viewer in (None, *game.players):
            text = describe(op, viewer)
            censored = op.censored(viewer)
            if censored is None:
                assert text is None
                continue
            assert text == (censored.words(viewer) or None)
            if text is not None:
                worded += 1
                assert f"{type(op).__name__}(" not in text and "=" not in text, text
    assert worded > 0
