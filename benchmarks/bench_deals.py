"""Speed of the three-card deal engine through its public, checked API.

Plays complete four-player deals of Three Card Brag with random legal agents: at each turn the
player to act picks uniformly among ``deal.legal_actions(player)`` (top-ups aside, M1); when it
picks its agreement to a showdown, everyone still betting agrees (B8: the deals are those of the
single ``showdown`` option the menu had before agreement became each one's action) and, for an
amount, uniformly between its least and most (at most 10 over the least); every action goes
through ``Deal.apply`` and is checked. Packs are shuffled before the clock starts (a session
deals from the last deal's pack without shuffling, rule D4).

The baseline, measured in the same run, is a bare loop making the same number of
``random.choice`` calls over a short list: the ratio says how many plain random choices one
engine decision costs, which travels between machines better than deals per second.

A second figure replays the same deals' recorded actions through fresh deals (construct,
``apply`` every action, read the result): the engine's own cost, the agents' choosing aside.

A third figure plays every game of the registry (:mod:`bragkit.games`) the same way, through the
one ``Game`` protocol: four players, :func:`~bragkit.games.protocol.random_action` at every
decision (a random option, then a random choice or amount), deals per second of each game (a
points game counts each of its deals).

Run: ``python benchmarks/bench_deals.py [--deals N] [--seed S] [--repeat R] [--games N]``.
Targets: three-card deals >= 40,000/s; every other game >= 5,000 deals/s.
"""

from __future__ import annotations

import argparse
import random
import time

from bragkit import games as registry
from bragkit.actions import Action, Verb
from bragkit.cards import Pack
from bragkit.games.protocol import random_action
from bragkit.games.three_card.deal import Deal
from bragkit.games.three_card.rules import Rules

PLAYERS = ("Ann", "Bob", "Cy", "Di")


def play_deals(
    count: int, rng: random.Random, packs: list[Pack], rules: Rules, *, memo: bool = False
) -> int:
    """Play ``count`` deals; return how many decisions the agents made.

    With ``memo`` the agents keep the actions they have built (an action is an immutable
    value, so a simulation agent may reuse one instead of building it again)."""
    made: dict[tuple[object, int | None], Action] = {}
    decisions = 0
    choice = rng.choice
    randint = rng.randint
    topup, agree = Verb.TOPUP, Verb.AGREE
    stacks = [200, 200, 200, 200]
    shuffles = 0
    for i in range(count):
        deal = Deal(rules, players=PLAYERS, dealer=PLAYERS[i % 4], stacks=stacks,
                    pack=packs[i % len(packs)])
        while not deal.over:
            player = deal.to_act
            options = [o for o in deal.legal_actions(player) if o.verb is not topup]
            option = choice(options)
            if option.verb is agree:  # a proposed showdown that everyone still betting agrees to
                agree_all(deal)
                decisions += 1
                continue
            low = option.min_amount
            amount = None
            if low is not None:
                high = option.max_amount
                amount = randint(low, low + 10 if high is None or high > low + 10 else high)
            if memo:
                action = made.get((option, amount))
                if action is None:
                    action = made[option, amount] = option.action(amount)
            else:
                action = option.action(amount)
            deal.apply(action)
            decisions += 1
        if deal.result.shuffle_next:  # what a Table reads after every deal
            shuffles += 1
    return decisions


AGREE = {name: Action(player=name, verb=Verb.AGREE) for name in PLAYERS}


def agree_all(deal: Deal) -> None:
    """Everyone still betting who has not yet agreed to a showdown agrees (B8)."""
    agreed = deal.agreed
    for player in deal.betting:
        if player not in agreed:
            deal.apply(AGREE[player])


def record_deals(
    count: int, rng: random.Random, packs: list[Pack], rules: Rules
) -> list[tuple[int, list[Action]]]:
    """The action lists of ``count`` random deals (for the replay measure)."""
    games = []
    topup, agree = Verb.TOPUP, Verb.AGREE
    for i in range(count):
        deal = Deal(rules, players=PLAYERS, dealer=PLAYERS[i % 4], stacks=[200] * 4,
                    pack=packs[i % len(packs)])
        while not deal.over:
            options = [o for o in deal.legal_actions(deal.to_act) if o.verb is not topup]
            option = rng.choice(options)
            if option.verb is agree:  # as play_deals: everyone still betting agrees (B8)
                agree_all(deal)
                continue
            low = option.min_amount
            amount = None if low is None else rng.randint(low, min(option.max_amount or low,
                                                                   low + 10))
            deal.apply(option.action(amount))
        games.append((i, list(deal.actions)))
    return games


def replay_deals(games: list[tuple[int, list[Action]]], packs: list[Pack], rules: Rules) -> None:
    """Play recorded deals again through the public API: construct, apply each action (every
    one checked), read the result. The engine alone, without the agents' choosing."""
    stacks = [200, 200, 200, 200]
    for i, actions in games:
        deal = Deal(rules, players=PLAYERS, dealer=PLAYERS[i % 4], stacks=stacks,
                    pack=packs[i % len(packs)])
        apply = deal.apply
        for action in actions:
            apply(action)
        assert deal.result is not None


def play_registered(name: str, count: int, seed: int) -> tuple[int, int]:
    """Play ``count`` games of the registered game ``name`` with random legal actions through
    the protocol; return (deals, decisions)."""
    deals = decisions = 0
    rng = random.Random(seed)
    for i in range(count):
        game = registry.new(name, players=PLAYERS, seed=seed + i)
        while not game.over:
            game.apply(random_action(game, rng))
            decisions += 1
        deals += getattr(game, "deal_number", 1)  # a points game plays deals to its target
    return deals, decisions


def baseline(decisions: int, rng: random.Random) -> None:
    """The same number of bare ``random.choice`` calls over a list of five."""
    items = ["fold", "bet", "blind", "look", "see"]
    choice = rng.choice
    for _ in range(decisions):
        choice(items)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--games", type=int, default=300,
                        help="games of each registered game for the protocol figures")
    args = parser.parse_args()
    packs = [Pack.shuffled(random.Random(args.seed + i)) for i in range(256)]
    rules = Rules(max_bet=20)
    play_deals(500, random.Random(0), packs, rules)  # warm the caches and the hand tables

    # CPU time of this process, best of a few runs: the machine may be shared
    engine = memo = bare = float("inf")
    for _ in range(args.repeat):
        rng = random.Random(args.seed)
        start = time.process_time()
        decisions = play_deals(args.deals, rng, packs, rules)
        engine = min(engine, time.process_time() - start)
        start = time.process_time()
        baseline(decisions, rng)
        bare = min(bare, time.process_time() - start)
        start = time.process_time()
        play_deals(args.deals, random.Random(args.seed), packs, rules, memo=True)
        memo = min(memo, time.process_time() - start)

    games = record_deals(args.deals, random.Random(args.seed), packs, rules)
    replay = float("inf")
    for _ in range(args.repeat):
        start = time.process_time()
        replay_deals(games, packs, rules)
        replay = min(replay, time.process_time() - start)

    per_deal = engine / args.deals
    print(f"deals: {args.deals:,} four-player deals, {decisions:,} decisions "
          f"({decisions / args.deals:.1f} per deal)")
    print(f"engine: {args.deals / engine:,.0f} deals/s, {per_deal * 1e6:.1f} us/deal, "
          f"{engine / decisions * 1e6:.2f} us/decision (target >= 40,000 deals/s)")
    print(f"random agents reusing their actions: {args.deals / memo:,.0f} deals/s, "
          f"{memo / args.deals * 1e6:.1f} us/deal")
    print(f"engine alone (recorded actions replayed, every one checked): "
          f"{args.deals / replay:,.0f} deals/s, {replay / args.deals * 1e6:.1f} us/deal")
    print(f"baseline: {decisions / bare:,.0f} bare random.choice calls/s")
    print(f"ratio: one engine decision costs {engine / bare:.1f} bare random.choice calls "
          f"(engine time / baseline time)")
    print("every registered game through the Game protocol, four players, random legal "
          "actions (target >= 5,000 deals/s):")
    for info in registry.games():
        best = float("inf")
        for _ in range(args.repeat):
            start = time.process_time()
            deals, made = play_registered(info.name, args.games, args.seed)
            best = min(best, time.process_time() - start)
        print(f"  {info.name:<12} {deals / best:>10,.0f} deals/s, {made / deals:.1f} decisions "
              f"a deal, {best / made / (bare / decisions):.1f}x a bare random.choice a decision")


if __name__ == "__main__":
    main()
