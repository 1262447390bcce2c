"""Teen Patti through the front ends that know it only from the registry: a web table's
turn timer declines a sideshow left unanswered (TP5), a deal played there replays from its
record with ``bragkit replay`` (records), and the terminal's controls read a seen chaal as an
amount (TP3)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.web.support import Client, settle, token
from typer.testing import CliRunner

from bragkit import records
from bragkit.actions import Verb
from bragkit.cli import app
from bragkit.games import new
from bragkit.games.teen_patti import TeenPatti
from bragkit.play.controls import controls
from bragkit.web.room import Room
from bragkit.web.store import Store
from bragkit.web.tables import TableManager

FAST = {"deal_pause": 0, "bot_delay": 0}


def _move(deal: Any, name: str, *, answer: bool) -> str:
    """Look, ask for a sideshow when offered, answer one (``answer``: accept, else leave it
    to the timer), else the least chaal; a show with two left (TP2-TP5)."""
    menu = {o.verb: o for o in deal.legal_actions(name)}
    if Verb.ACCEPT in menu:
        return str(menu[Verb.ACCEPT].action()) if answer else ""
    for verb in (Verb.LOOK, Verb.SHOW, Verb.SIDESHOW):
        if verb in menu:
            return str(menu[verb].action())
    for verb in (Verb.BET, Verb.BLIND):
        if verb in menu:
            return str(menu[verb].action(menu[verb].min_amount))
    return str(menu[Verb.FOLD].action())


def _table(answer: bool) -> tuple[Room, Any, list[str]]:
    """Three browsers at a Teen Patti table play one deal by :func:`_move` (stopping at the
    first sideshow when not ``answer``): the room, the first deal and the moves sent."""

    async def main() -> tuple[Room, Any, list[str]]:
        manager = TableManager(Store("sqlite://"), defaults=FAST)
        table_id, host_token = manager.create_table(
            {"game": "teen-patti", "seats": 3, "buy_in": 100})
        room = manager.rooms[table_id]
        host = Client(manager, table_id)
        host.send({"type": "hello", "host": host_token})
        players: dict[str, Client] = {}
        for seat, name in enumerate(["Ann", "Bob", "Cy"]):
            players[name] = Client(manager, table_id)
            players[name].send({"type": "hello"})
            players[name].send({"type": "sit", "id": "s", "seat": seat, "name": name,
                                "token": token(name)})
        host.send({"type": "host", "id": "go", "op": "start"})
        sent: list[str] = []
        await settle(3)
        first = room.deal
        for _ in range(60):
            await settle(3)
            deal, turn = room.deal, room.to_act
            if deal is not first or turn is None or not room.in_deal:
                break
            text = _move(deal, turn, answer=answer)
            if not text:
                break
            sent.append(text)
            verb = text.split(" ")[1]
            amount = text.split(" ")[2] if len(text.split(" ")) > 2 else None
            action: dict[str, Any] = {"verb": verb}
            if amount is not None:
                action["amount"] = int(amount)
            players[turn].send({"type": "act", "id": f"a{room.seq}", "at": room.seq,
                                "action": action})
        await settle(3)
        return room, first, sent

    return asyncio.run(main())


def test_the_turn_timer_declines_a_sideshow_left_unanswered_rule_TP5() -> None:
    room, deal, sent = _table(answer=False)
    assert sent[-1].split(" ")[1] == "sideshow"
    assert deal is room.deal
    assert deal is not None and deal.to_act is not None
    event = room.timeout_event()
    assert event is not None
    assert event.data["action"] == f"{deal.to_act} decline"  # not a pack: the answer (TP5)


def test_a_web_deal_of_teen_patti_replays_from_its_record(tmp_path: Path) -> None:
    _, deal, sent = _table(answer=True)
    assert any(" accept" in s for s in sent) and any(" show" in s for s in sent)
    assert deal is not None and deal.over
    text = records.dump(deal)  # the deal's record, through the one records module
    assert text.startswith('format = "teen-patti/1"')
    replayed = records.replay(text).to_json()
    assert replayed["winners"] == dict(deal.winners)
    path = tmp_path / "deal.toml"
    path.write_text(text)
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "accept" in result.output and "shows" in result.output


def test_the_terminal_offers_a_seen_chaal_as_an_amount_and_the_answers_as_keys() -> None:
    deal = new("teen-patti", players=["Ann", "Bob", "Cy"], seed=2)
    assert isinstance(deal, TeenPatti)
    first = str(deal.to_act)
    deal.apply(f"{first} look")
    keys = {c.verb: c for c in controls(deal.legal_actions(first))}
    bet = keys[Verb.BET]
    assert bet.kind == "amount" and bet.least == 2 * deal.stake  # rule TP3: 2x to 4x
    assert bet.most == 4 * deal.stake
