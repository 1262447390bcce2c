"""The shark: exact equity, the tracked pack (D5) and reads of open bets (BL1, B3, B6)."""

from __future__ import annotations

from bragkit.actions import Verb
from bragkit.bots import SharkBot
from bragkit.bots.reading import History
from bragkit.bots.strength import HandSpace
from bragkit.bots.tracking import Knowledge
from bragkit.cards import parse_cards
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules


def heads_up(ann: str, bob: str, actions: list[str], **options: object) -> Deal:
    deal = Deal(Rules(max_bet=10, **options), players=["Ann", "Bob"], dealer="Bob",
                stacks=[100, 100], hands={"Ann": ann, "Bob": bob})
    for text in actions:
        deal.apply(text)
    return deal


def test_the_best_hand_never_folds_and_raises_rule_H3() -> None:
    deal = heads_up("3s 3h 3d", "As Ah 2d", ["Ann look", "Ann bet 3", "Bob bet 10"])
    action = SharkBot(seed=1).act(deal.view("Ann"))
    assert action.verb is Verb.BET and action.amount == 10


def test_rubbish_folds_against_repeated_open_bets_rule_B3() -> None:
    actions = ["Ann look", "Ann bet 1", "Bob bet 5", "Ann bet 5", "Bob bet 10"]
    deal = heads_up("2s 3h 5d", "As Ah 2d", actions)
    assert SharkBot(seed=1).act(deal.view("Ann")).verb is Verb.FOLD


def test_a_blind_opponents_bets_say_nothing_rule_BL1() -> None:
    """The same money bet blind leaves the opponent's range as it was; bet open by a player
    who has looked, it makes the shark's chance of winning much smaller."""
    hand = "9s 9h 4d"
    blind = heads_up(hand, "As Ah 2d", ["Ann look", "Ann bet 2", "Bob blind 5", "Ann bet 10",
                                        "Bob blind 5", "Ann bet 10", "Bob blind 5"])
    open_ = heads_up(hand, "As Ah 2d", ["Ann look", "Ann bet 2", "Bob bet 10", "Ann bet 10",
                                        "Bob bet 10", "Ann bet 10", "Bob bet 10"])
    space = HandSpace.of(Rules())
    mine = space.value(parse_cards(hand))
    chances = []
    for deal in (blind, open_):
        view = deal.view("Ann")
        ranges = SharkBot(seed=1)._ranges(view, space, History.of(view), view.hand or (),
                                          _Forever())
        assert ranges is not None
        chances.append(ranges[0].share(mine > ranges[0].values))
    assert chances[0] > 0.8  # a pair of nines beats most random hands
    assert chances[1] < 0.4  # but not most hands that bet like that


def test_reads_learnt_from_shown_hands_change_the_decision_rule_D8() -> None:
    actions = ["Ann look", "Ann bet 2", "Bob bet 4", "Ann bet 4", "Bob bet 8"]
    deal = heads_up("Ks Kh 4d", "As Ah 2d", actions)
    loose, tight = SharkBot(seed=1), SharkBot(seed=1)
    for q in [0.3, 0.4, 0.45, 0.5, 0.35, 0.42, 0.38, 0.5, 0.33, 0.47] * 3:
        loose.reads.profile("Bob").learn_shown(q, open_bets=3, raised=True, saw=True)
    for q in [0.985, 0.99, 0.995, 0.98, 0.999, 0.99] * 5:
        tight.reads.profile("Bob").learn_shown(q, open_bets=3, raised=True, saw=True)
    assert loose.act(deal.view("Ann")).verb is not Verb.FOLD
    assert tight.act(deal.view("Ann")).verb is Verb.FOLD


def test_a_tracked_hand_is_played_blind_rules_D5_BL1() -> None:
    """Knowing its own cards from the stacked pack, the shark bets blind (half price) with a
    strong hand and folds a weak one unseen, rather than look."""
    strong = heads_up("As Ah Ad", "7c 8d 2h", [])
    weak = heads_up("2s 3h 5d", "7c 8d 2h", ["Ann blind 1", "Bob bet 10"])
    for deal, expected in ((strong, Verb.BLIND), (weak, Verb.FOLD)):
        shark = SharkBot(seed=1)
        shark.tracker.knowledge = Knowledge(holding={"Ann": deal.cards_of("Ann")}, stock=())
        assert shark.act(deal.view("Ann")).verb is expected
    assert SharkBot(seed=1).act(strong.view("Ann")).verb is Verb.LOOK  # not tracked: look


def test_known_cards_are_dead_for_the_opponent_rule_D9() -> None:
    """With the face-up stock card and tracked stock cards known, the shark's opponent range
    leaves them out."""
    deal = heads_up("Qs Qh 4d", "As Ah 2d", ["Ann look"])
    shark = SharkBot(seed=1)
    shark.tracker.knowledge = Knowledge(holding={}, stock=parse_cards("Ad Ac"))
    view = deal.view("Ann")
    space = HandSpace.of(Rules())
    ranges = shark._ranges(view, space, History.of(view), view.hand or (), _Forever())
    assert ranges is not None
    aces = [v for v in ranges[0].values.tolist() if v == space.value(parse_cards("As Ah Ad"))]
    assert aces == []  # only As Ah remain: no prial of aces possible
    assert len(ranges[0].values) == 47 * 46 * 45 // 6


class _Forever:
    def left(self) -> float:
        return 1.0


def test_out_of_time_it_still_acts_legally() -> None:
    deal = heads_up("Qs Qh 4d", "As Ah 2d", ["Ann look", "Ann bet 2", "Bob bet 4"])
    action = SharkBot(seed=1, budget=0.0).act(deal.view("Ann"))
    assert deal.can_apply(action)


def test_four_card_shark_discards_then_bets_rule_F1() -> None:
    deal = Deal(Rules(cards=4, max_bet=10), players=["Ann", "Bob"], dealer="Bob",
                stacks=[100, 100], hands={"Ann": "Ks Kh Kd 2c", "Bob": "As Ah 2d 3d"})
    shark = SharkBot(seed=1, rules=Rules(cards=4, max_bet=10))
    deal.apply(shark.act(deal.view("Ann")))  # look
    action = shark.act(deal.view("Ann"))
    assert str(action) == "Ann discard 2c"
    deal.apply(action)
    assert shark.act(deal.view("Ann")).verb is Verb.BET
