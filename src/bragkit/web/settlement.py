"""The money of a web table: the ledger as a state shows it, and the settlement at its close.

>>> from bragkit.games.registry import open_session
>>> session = open_session("crash", seats=["Ann", "Bob"], buy_ins=20, seed=1)
>>> ledger_state(session)["rows"][0]
{'name': 'Ann', 'brought': 20, 'stack': 20, 'net': 0, 'cashed_out': 0}
>>> settlement, lines = settle(session)
>>> lines
['The table is closed', 'Settlement: everyone is square']
>>> settlement.to_dict()
{'payments': [], 'shares': {}}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bragkit.session import Session

__all__ = ["Settlement", "ledger_state", "settle"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Settlement:
    """Who pays whom when a table closes (each payment as text), and how the carried pot
    was shared."""

    payments: tuple[str, ...] = ()
    shares: Mapping[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """As JSON-able data."""
        return {"payments": list(self.payments), "shares": dict(self.shares)}


def settle(table: Session | None) -> tuple[Settlement, list[str]]:
    """Close the table's session (None: it never started): share a carried pot (BL3) and a
    kept hand's claim, settle the ledger (T1, the stakes per point and crash money of the
    points games among them, N7, C5). Returns the settlement and its lines for the log."""
    lines = ["The table is closed"]
    if table is None:
        return Settlement(), lines
    hook = table.dealing
    shares = (table.share_carried_pot()
              if hook.carried_pot or hook.retained is not None else {})
    if shares:
        lines.append("The carried pot is shared: " + ", ".join(
            f"{n} {a}" for n, a in shares.items()))
    payments = tuple(str(p) for p in table.settlement())
    lines += [f"Settlement: {p}" for p in payments] or ["Settlement: everyone is square"]
    return Settlement(payments=payments, shares=dict(shares)), lines


def ledger_state(table: Session | None) -> dict[str, Any]:
    """The ledger as a state shows it: a row per player who ever sat (brought, stack, net,
    cashed out), the chips in the pot and the pot carried to the next deal."""
    if table is None:
        return {"rows": [], "in_pot": 0, "carried_pot": 0}
    ledger = table.ledger
    stacks = table.stacks
    rows = [{"name": name, "brought": ledger.brought(name), "stack": stacks.get(name, 0),
             "net": ledger.net(name), "cashed_out": ledger.cashed_out(name)}
            for name in ledger.players]
    return {"rows": rows, "in_pot": ledger.in_pot, "carried_pot": table.dealing.carried_pot}
