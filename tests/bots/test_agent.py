"""The Agent protocol and what a bot is told (rules D5, D8, D9, BL6, T3)."""

from __future__ import annotations

import pytest

from bragkit.actions import Action, Verb
from bragkit.bots import BotError, DealStarted, ask, ended_event, notify, started_event
from bragkit.bots.agent import Agent, AgentBase
from bragkit.cards import Pack, parse_cards
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.views import DealView


def two_player_deal(**options: object) -> Deal:
    return Deal(Rules(**options), players=["Ann", "Bob"], dealer="Bob", stacks=[20, 20],
                hands={"Ann": "Qh Qs 4d", "Bob": "As Tc 2d"})


class Scripted(AgentBase):
    def __init__(self, answer: object) -> None:
        self.answer = answer
        self.seen: list[DealView] = []
        self.events: list[object] = []

    def act(self, view: DealView) -> object:
        self.seen.append(view)
        return self.answer

    def observe(self, event: object) -> None:
        self.events.append(event)


def test_ask_gives_only_the_players_view_rule_T3() -> None:
    deal = two_player_deal()
    agent = Scripted(Action.parse("Ann look"))
    ask(agent, deal)  # type: ignore[arg-type]
    (view,) = agent.seen
    assert view.viewer == "Ann"
    assert view.hand is None  # rule BL6: blind, so not even her own cards


def test_ask_refuses_an_illegal_action_rule_B11() -> None:
    deal = two_player_deal()
    with pytest.raises(BotError, match="illegal"):
        ask(Scripted(Action.parse("Ann see 4")), deal)  # type: ignore[arg-type]


def test_ask_refuses_acting_for_another_player_rule_B11() -> None:
    deal = two_player_deal()
    with pytest.raises(BotError, match="acted for 'Bob'"):
        ask(Scripted(Action.parse("Bob fold")), deal)  # type: ignore[arg-type]


def test_ask_refuses_something_that_is_not_an_action() -> None:
    with pytest.raises(BotError, match="not an Action"):
        ask(Scripted("Ann fold"), two_player_deal())  # type: ignore[arg-type]


def test_ask_after_the_deal_is_over() -> None:
    deal = two_player_deal()
    deal.apply("Ann fold")
    with pytest.raises(BotError, match="over"):
        ask(Scripted(None), deal)  # type: ignore[arg-type]


def test_an_agent_that_does_not_observe_notes_nothing_by_default() -> None:
    class Plain(AgentBase):
        def act(self, view: DealView) -> Action:
            raise AssertionError

    deal = two_player_deal()
    plain = Plain()
    assert isinstance(plain, Agent)  # the protocol's hooks, from the base
    notify(plain, started_event(deal, "Ann", shuffled=True))  # no error
    agent = Scripted(None)
    notify(agent, started_event(deal, "Ann", shuffled=True))
    (event,) = agent.events
    assert isinstance(event, DealStarted) and event.pack_size == 52 and event.shuffled


def test_ended_event_shows_own_looked_hand_and_shown_hands_rules_D5_D8() -> None:
    deal = two_player_deal()
    for text in ["Ann bet 2", "Bob bet 2", "Ann see 4"]:
        deal.apply(text)
    event = ended_event(deal, "Ann")
    returned = {r.player: r.cards for r in event.returned}
    # both hands were shown in the see, so both are known to Ann as they go under the pack
    assert returned == {"Bob": parse_cards("As Tc 2d"), "Ann": parse_cards("Qh Qs 4d")}


def test_ended_event_hides_a_losing_seers_hand_from_others_rule_D8() -> None:
    deal = two_player_deal()
    for text in ["Ann bet 2", "Bob bet 2", "Ann bet 2", "Bob see 4"]:  # Bob sees and loses
        deal.apply(text)
    ann = {r.player: r.cards for r in ended_event(deal, "Ann").returned}
    bob = {r.player: r.cards for r in ended_event(deal, "Bob").returned}
    assert ann["Bob"] == (None, None, None)  # the loser need not show (B6)
    assert bob["Bob"] == parse_cards("As Tc 2d")  # he looked at his own (a bet includes it)
    assert bob["Ann"] == parse_cards("Qh Qs 4d")  # the seen player shows first


def test_ended_event_folded_hand_with_face_up_stock_shows_its_last_card_rule_D9() -> None:
    pack = Pack.standard()
    deal = Deal(Rules(stock_face_up=True), players=["Ann", "Bob", "Cy"], dealer="Cy",
                stacks=[20, 20, 20], pack=pack)
    deal.apply("Ann fold")
    cards = deal.cards_of("Ann")
    deal.apply("Bob bet 1")
    deal.apply("Cy fold")
    event = ended_event(deal, "Cy")
    first = event.returned[0]
    assert first.player == "Ann" and first.folded
    assert first.cards == (None, None, cards[-1])  # only the card that lay face up


def test_started_event_counts_the_pack_without_a_retained_hand_rule_R1() -> None:
    deal = Deal(Rules(), players=["Ann", "Bob"], dealer="Bob", stacks=[20, 20],
                retained={"Ann": "2c 3c 4c"}, rng=1)
    event = started_event(deal, "Bob", shuffled=False)
    assert event.retained == "Ann" and event.pack_size == 49


def test_legal_action_menu_only_for_the_viewer() -> None:
    deal = two_player_deal()
    agent = Scripted(Action(player="Ann", verb=Verb.FOLD))
    assert str(ask(agent, deal)) == "Ann fold"  # type: ignore[arg-type]
