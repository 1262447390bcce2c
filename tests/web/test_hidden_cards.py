"""No hidden card ever reaches a browser that may not know it (rules D8, BL6, T3).

Random games are played through the table manager, by "browsers" that send JSON, with bots,
spectators and reconnections. Every message the server builds is checked, at the moment it is
built, against what its receiver may know according to the engine itself (not the view code
that censors the messages): the cards they hold *and have looked at* (a blind player's own cards
are not theirs to know), the hands shown in a see, a showdown or a covered pot, and the face-up
hand of R3.
"""

from __future__ import annotations

import asyncio
import random
from collections import defaultdict
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.actions import Verb
from bragkit.games.three_card.operations import CardDealt, HandShown
from bragkit.web.room import Room
from bragkit.web.store import Store
from bragkit.web.tables import Connection, TableManager

from .support import Client, cards_in, settle, token

FAST = {"deal_pause": 0, "bot_delay": 0}
RULE_SETS = [{}, {"cards": 4}, {"retained_blind": "face-up"}, {"shuffle": "always"},
             {"cards": 5, "jokers": 2}, {"blind": False}, {"short_money": "fold"}]


class Knowledge:
    """What each viewer may know, learnt from the omniscient engine as the game goes."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.known: dict[str | None, set[str]] = defaultdict(set)

    def learn(self) -> None:
        deal = self.room.deal
        if deal is None:
            return
        public = self.known[None]
        for op in deal.operations:
            if isinstance(op, CardDealt) and op.face_up:  # rule R3: dealt face up
                public.add(str(op.card))
            elif isinstance(op, HandShown):  # rules B6, B8, M2, M3
                public.update(str(c) for c in op.cards)
        start = deal.start
        for name in deal.players:
            if not deal.is_blind(name):  # rule BL6: only once they have looked
                self.known[name].update(str(c) for c in deal.cards_of(name))
            for action in deal.actions:
                if action.player == name and action.verb is Verb.LOOK and action.hand:
                    # rule R2: a look at one of two hands shows that hand only
                    seen = start.retained[name] if action.hand == "old" else start.hands[name]
                    self.known[name].update(str(c) for c in seen)

    def allowed(self, name: str | None) -> set[str]:
        return self.known[None] | (self.known[name] if name is not None else set())


def random_move(room: Room, rng: random.Random) -> tuple[str, dict[str, Any]] | None:
    """A random legal-looking move for a random human player, as the message a browser sends
    (now and then an illegal or stale one: refusals must leak nothing either)."""
    deal = room.deal
    if deal is None or not room.in_deal:
        return None
    humans = [n for n in deal.players if n not in room.bots]
    if not humans:
        return None
    name = rng.choice(humans)
    options = [o for o in deal.legal_actions(name) if o.verb is not Verb.TOPUP]
    at = room.seq if rng.random() > 0.05 else max(room.seq - 3, 0)
    if not options or rng.random() < 0.05:
        return name, {"type": "act", "id": f"x{room.seq}{name}", "at": at,
                      "action": {"verb": "see", "amount": 1}}
    option = rng.choice(options)
    action: dict[str, Any] = {"verb": option.verb.value}
    if option.hand:
        action["hand"] = option.hand
    if option.verb is Verb.DISCARD:
        hand = deal.view(name).hand
        if hand is None:
            return None
        action["cards"] = [str(c) for c in rng.sample(list(hand), option.discards)]
    if option.min_amount is not None:
        top = option.max_amount if option.max_amount is not None else option.min_amount + 10
        action["amount"] = rng.randint(option.min_amount, min(top, option.min_amount + 10))
    return name, {"type": "act", "id": f"a{room.seq}{name}", "at": at, "action": action}


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULE_SETS))
def test_no_message_holds_a_card_its_receiver_may_not_know(seed: int, rules: dict) -> None:
    rng = random.Random(seed)

    async def main() -> int:
        manager = TableManager(Store("sqlite://"), defaults=FAST)
        table_id, host_token = manager.create_table(
            {"rules": {"max_bet": 10, **rules}, "seats": 6, "buy_in": 30})
        room = manager.rooms[table_id]
        knowledge = Knowledge(room)
        checked = 0

        def observe(conn: Connection, message: dict[str, Any]) -> None:
            nonlocal checked
            knowledge.learn()
            leaked = cards_in(message) - knowledge.allowed(conn.viewer.name)
            assert not leaked, (conn.viewer.name, sorted(leaked), message)
            checked += 1

        manager.observers.append(observe)
        host = Client(manager, table_id)
        host.send({"type": "hello", "host": host_token})
        watchers = [Client(manager, table_id) for _ in range(2)]
        for watcher in watchers:
            watcher.send({"type": "hello"})
        players: dict[str, Client] = {}
        for seat, name in enumerate(["Ann", "Bob", "Cy"][: rng.randint(2, 3)]):
            client = players[name] = Client(manager, table_id)
            client.send({"type": "hello"})
            client.send({"type": "sit", "id": "s", "seat": seat, "name": name,
                         "token": token(name)})
        host.send({"type": "host", "id": "bot", "op": "add_bot", "seat": 4, "bot": "random"})
        host.send({"type": "host", "id": "go", "op": "start"})
        for step in range(120):
            await settle(3)
            if step % 30 == 29:  # a browser reconnects and resumes
                name = rng.choice(list(players))
                manager.disconnect(players[name].conn)
                players[name] = Client(manager, table_id)
                players[name].send({"type": "hello", "token": token(name),
                                    "last_seq": max(room.seq - 5, 0)})
            move = random_move(room, rng)
            if move is not None:
                name, message = move
                players[name].send(message)
                if rng.random() < 0.1:
                    players[name].send(message)  # sent twice: applied once
            if step % 10 == 0:
                for client in [host, *watchers, *players.values()]:
                    client.conn.drain()
        return checked

    assert asyncio.run(main()) > 100


# -- every other game of the registry (issue 14) ------------------------------------------------

OTHER_GAMES = ["nine-card", "crash", "single-stake", "three-stake", "brag-poker", "teen-patti",
               "teen-patti-joker"]


class GameKnowledge:
    """What each viewer may know at a game of sets or stakes, from the engine's own records:
    the cards dealt to them (a Brag Poker player's only once looked, P5; face-up cards for
    everyone, S4), the sets laid (N4) and the hands played (C4) and shown (S2, P3) for
    everyone; Teen Patti's turned joker for everyone (TP8), an accepted sideshow's two hands to
    those two players only (TP5). A Nine Card set or Crash arrangement not yet laid, another's
    draw or discards, are nobody else's."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.known: dict[str | None, set[str]] = defaultdict(set)
        wild = getattr(room.config.rules, "wild", ())  # the braggers (S1)
        if not callable(wild):  # (Teen Patti's wild is a method: its cards come turned, TP8)
            self.known[None].update(wild)
        self.seen: tuple[int, int] = (0, 0)

    def learn(self) -> None:
        from bragkit.games.crash import Arranged, RoundPlayed
        from bragkit.games.nine_card import SetPlayed
        from bragkit.games.points_game import CardsDealt
        from bragkit.games.stake_operations import Dealt, Revealed, Shown
        from bragkit.games.teen_patti_operations import Compared, JokerTurned

        deal = self.room.deal
        if deal is None:
            return
        number = self.room.dealing.deal_number
        start = self.seen[1] if self.seen[0] == number else 0
        public = self.known[None]
        ops = deal.operations
        for op in ops[start:]:
            if isinstance(op, CardsDealt):
                self.known[op.player].update(str(c) for c in op.cards)
            elif isinstance(op, Arranged) and op.hands is not None:
                self.known[op.player].update(str(c) for h in op.hands for c in h)
            elif isinstance(op, SetPlayed):
                public.update(str(c) for c in op.cards)
            elif isinstance(op, RoundPlayed):
                public.update(str(c) for _, hand, _ in op.hands for c in hand)
            elif isinstance(op, Dealt) and op.card is not None:
                if op.face_up:
                    public.add(str(op.card))
                elif op.owner_sees:
                    self.known[op.player].add(str(op.card))
            elif isinstance(op, Revealed | Shown):
                (public if isinstance(op, Shown) else self.known[op.player]).update(
                    str(c) for c in op.cards)
            elif isinstance(op, JokerTurned):  # rule TP8: turned face up
                public.add(str(op.card))
            elif isinstance(op, Compared):  # rule TP5: the two hands to those two only
                self.known[op.asker].update(str(c) for c in op.asked_cards)
                self.known[op.asked].update(str(c) for c in op.asker_cards)
        self.seen = (number, len(ops))

    def allowed(self, name: str | None) -> set[str]:
        return self.known[None] | (self.known[name] if name is not None else set())


def action_message(action: Any) -> dict[str, Any]:
    """An engine action as a browser sends it."""
    out: dict[str, Any] = {"verb": action.verb.value}
    if action.amount is not None:
        out["amount"] = action.amount
    if action.cards:
        out["cards"] = [str(c) for c in action.cards]
    if action.hand:
        out["hand"] = action.hand
    if action.sets:
        out["sets"] = [[str(c) for c in s] for s in action.sets]
    return out


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), game=st.sampled_from(OTHER_GAMES))
def test_no_message_holds_a_card_its_receiver_may_not_know_at_any_game(seed: int,
                                                                       game: str) -> None:
    from bragkit.games.protocol import random_action

    rng = random.Random(seed)

    async def main() -> int:
        manager = TableManager(Store("sqlite://"), defaults=FAST)
        rules = {"target": 6} if game in ("nine-card", "crash") else {}
        table_id, host_token = manager.create_table(
            {"game": game, "rules": rules, "seats": 4, "buy_in": 30})
        room = manager.rooms[table_id]
        knowledge = GameKnowledge(room)
        checked = 0

        def observe(conn: Connection, message: dict[str, Any]) -> None:
            nonlocal checked
            knowledge.learn()
            leaked = cards_in(message) - knowledge.allowed(conn.viewer.name)
            assert not leaked, (game, conn.viewer.name, sorted(leaked), message)
            checked += 1

        manager.observers.append(observe)
        host = Client(manager, table_id)
        host.send({"type": "hello", "host": host_token})
        watcher = Client(manager, table_id)
        watcher.send({"type": "hello"})
        players: dict[str, Client] = {}
        for seat, name in enumerate(["Ann", "Bob", "Cy"][: rng.randint(2, 3)]):
            client = players[name] = Client(manager, table_id)
            client.send({"type": "hello"})
            client.send({"type": "sit", "id": "s", "seat": seat, "name": name,
                         "token": token(name)})
        host.send({"type": "host", "id": "bot", "op": "add_bot", "seat": 3, "bot": "random"})
        host.send({"type": "host", "id": "go", "op": "start"})
        for step in range(150):
            await settle(3)
            deal, name = room.deal, room.to_act
            if step % 40 == 39:  # a browser reconnects and resumes
                who = rng.choice(list(players))
                manager.disconnect(players[who].conn)
                players[who] = Client(manager, table_id)
                players[who].send({"type": "hello", "token": token(who),
                                   "last_seq": max(room.seq - 5, 0)})
            if deal is not None and name in players and room.in_deal:
                action = action_message(random_action(deal, rng))
                if rng.random() < 0.05:  # a refused move leaks nothing either (the error
                    action = {"verb": "plays", "cards": ["As", "Ks", "Qs"]}  # may echo these)
                    knowledge.known[name].update(action["cards"])
                players[name].send({"type": "act", "id": f"a{room.seq}", "at": room.seq,
                                    "action": action})
            if step % 10 == 0:
                for client in [host, watcher, *players.values()]:
                    client.conn.drain()
        return checked

    assert asyncio.run(main()) > 100


def _teen_patti_move(deal: Any, name: str, asked: bool) -> Any:
    """A scripted Teen Patti move: answer a sideshow by accepting it; look; ask for a sideshow
    once; otherwise the least chaal (TP2, TP3, TP5)."""
    menu = {o.verb: o for o in deal.legal_actions(name)}
    for verb in (Verb.ACCEPT, Verb.LOOK):
        if verb in menu:
            return menu[verb].action()
    if Verb.SIDESHOW in menu and not asked:
        return menu[Verb.SIDESHOW].action()
    for verb in (Verb.BET, Verb.BLIND):
        if verb in menu:
            return menu[verb].action(menu[verb].min_amount)
    return menu[Verb.FOLD].action()


def test_a_teen_patti_sideshow_reaches_those_two_players_only_rule_TP5() -> None:
    """Three browsers look and chaal until one asks for a sideshow and it is accepted: the two
    hands reach the asker and the asked player, never the third player nor a spectator."""
    from bragkit.games.teen_patti_operations import Compared

    async def main() -> tuple[Any, dict[str, set[str]]]:
        manager = TableManager(Store("sqlite://"), defaults=FAST)
        table_id, host_token = manager.create_table(
            {"game": "teen-patti", "seats": 3, "buy_in": 100})
        room = manager.rooms[table_id]
        knowledge = GameKnowledge(room)

        def observe(conn: Connection, message: dict[str, Any]) -> None:
            knowledge.learn()
            leaked = cards_in(message) - knowledge.allowed(conn.viewer.name)
            assert not leaked, (conn.viewer.name, sorted(leaked), message)

        manager.observers.append(observe)
        host = Client(manager, table_id)
        host.send({"type": "hello", "host": host_token})
        watcher = Client(manager, table_id)
        watcher.send({"type": "hello"})
        players: dict[str, Client] = {}
        for seat, name in enumerate(["Ann", "Bob", "Cy"]):
            client = players[name] = Client(manager, table_id)
            client.send({"type": "hello"})
            client.send({"type": "sit", "id": "s", "seat": seat, "name": name,
                         "token": token(name)})
        host.send({"type": "host", "id": "go", "op": "start"})
        compared = None
        for _ in range(40):
            await settle(3)
            deal, turn = room.deal, room.to_act
            if deal is None or turn is None or not room.in_deal:
                break
            found = [op for op in deal.operations if isinstance(op, Compared)]
            if found:
                compared = found[0]
                break
            action = _teen_patti_move(deal, turn, False)
            players[turn].send({"type": "act", "id": f"a{room.seq}", "at": room.seq,
                                "action": action_message(action)})
        await settle(3)
        received: dict[str, set[str]] = {}
        for name, client in {**players, "watcher": watcher}.items():
            client.poll()
            received[name] = cards_in(client.received)
        return compared, received

    compared, received = asyncio.run(main())
    assert compared is not None, "the script reaches an accepted sideshow"
    asker_cards = {str(c) for c in compared.asker_cards}
    asked_cards = {str(c) for c in compared.asked_cards}
    assert asked_cards <= received[compared.asker]  # each of the two sees the other's hand
    assert asker_cards <= received[compared.asked]
    third = ({"Ann", "Bob", "Cy"} - {compared.asker, compared.asked}).pop()
    for cards in (asker_cards, asked_cards):
        assert not cards & received["watcher"]
        assert not cards & received[third]
