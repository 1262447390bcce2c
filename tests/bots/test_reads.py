"""Reading opponents by Bayes' rule: open bets say something, blind bets nothing (BL1)."""

from __future__ import annotations

import numpy as np

from bragkit.bots.reads import Profile, Reads

Q = np.linspace(0, 1, 101)


def test_more_open_bets_mean_a_stronger_hand_rule_B3() -> None:
    profile = Profile()
    once = profile.weights(Q, bets=[(1, False)])
    thrice = profile.weights(Q, bets=[(1, False), (2, False), (3, False)])
    mean_once = float((Q * once).sum() / once.sum())
    mean_thrice = float((Q * thrice).sum() / thrice.sum())
    assert mean_thrice > mean_once > 0.5


def test_a_raise_means_more_than_a_call() -> None:
    profile = Profile()
    call = profile.weights(Q, bets=[(1, False)])
    raised = profile.weights(Q, bets=[(1, True)])
    assert float((Q * raised).sum() / raised.sum()) > float((Q * call).sum() / call.sum())


def test_learning_moves_the_threshold_toward_what_was_shown_rule_D8() -> None:
    loose, tight = Profile(), Profile()
    for q in np.linspace(0.1, 0.9, 20):
        loose.learn_shown(float(q), open_bets=1, raised=False, saw=True)
    for q in np.linspace(0.8, 0.99, 20):
        tight.learn_shown(float(q), open_bets=1, raised=False, saw=True)
    assert loose.open_threshold < Profile().open_threshold < tight.open_threshold
    assert loose.see_threshold < tight.see_threshold


def test_reads_keep_one_profile_per_opponent() -> None:
    reads = Reads()
    reads.profile("Bob").blind_stays = 5
    assert reads.profile("Bob").blind_stays == 5 and reads.profile("Cy").blind_stays == 0
