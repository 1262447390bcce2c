"""Tests of bragkit.web.archive: a record is published only once its pack order is dead
(rules D4, D5, R1)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bragkit.actions import Action, Verb
from bragkit.games.three_card.rules import Rules
from bragkit.games.three_card.table import Table
from bragkit.web.archive import Archive


def test_deals_from_one_shuffle_share_its_pack_until_the_next_shuffle_rule_D4() -> None:
    archive = Archive()
    archive.dealt(1, shuffled=True, kept=False)
    archive.dealt(2, shuffled=False, kept=False)
    assert [archive.shuffled(n) for n in (0, 1, 2, 3)] == [False, True, False, False]
    assert archive.live(1) and archive.live(2)
    archive.dealt(3, shuffled=True, kept=False)  # a fresh pack: the old order is gone
    assert not archive.live(1) and not archive.live(2) and archive.live(3)


def test_a_kept_blind_hand_keeps_its_pack_alive_across_a_shuffle_rule_R1() -> None:
    archive = Archive()
    archive.dealt(1, shuffled=True, kept=False)
    archive.dealt(2, shuffled=True, kept=True)  # deal 1's blind hand plays on in deal 2
    assert archive.live(1) and archive.live(2)
    archive.dealt(3, shuffled=True, kept=False)
    assert not archive.live(1) and not archive.live(2)
    archive.pack_dead()
    assert not archive.live(3)


@given(st.lists(st.tuples(st.booleans(), st.booleans(), st.booleans()), max_size=20))
def test_closing_releases_every_pack(steps: list[tuple[bool, bool, bool]]) -> None:
    archive = Archive()
    dead = True  # the first deal is shuffled
    for number, (shuffled, kept, ends) in enumerate(steps, start=1):
        archive.dealt(number, shuffled=shuffled or dead, kept=kept and not dead)
        assert archive.live(number)  # the pack a deal is dealt from is in play
        dead = ends  # the deal ended with a shuffle due and no hand kept (D4)
        if dead:
            archive.pack_dead()
    archive.close()
    assert archive.closed
    assert not any(archive.live(n) for n in range(len(steps) + 1))


def test_only_finished_deals_are_released() -> None:
    archive = Archive()
    assert archive.played() == [] and not archive.released(1)
    table = Table(Rules(blind=False), seats=["Ann", "Bob"], buy_ins={"Ann": 20, "Bob": 20})
    archive.session = table.session
    table.start_deal()
    archive.dealt(1, shuffled=True, kept=False)
    archive.pack_dead()
    assert not archive.released(1) and archive.record_text(1) is None  # still being played
    table.apply(Action(player=table.current.to_act, verb=Verb.FOLD))  # type: ignore[union-attr]
    assert not table.in_deal
    assert archive.released(1)
    assert archive.record_text(1) is not None and archive.proof_json(1) is None  # not fair
    (row,) = archive.records()
    assert row["deal"] == 1 and row["released"] and row["shuffled"]
    assert archive.recent(1)[0]["proof"] is False
    assert not archive.released(2)
