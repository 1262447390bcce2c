"""What a solved strategy says: how often to play blind, when to look, which hands do what.

Numbers first (numpy only): :func:`history_probability` (how likely each public history is when
both seats play the strategy), :func:`blind_decisions` (every decision of a blind player: how
likely it is to come up and how often they look), :func:`hand_profile` (at an open player's
decision, each action's probability by the hand's strength) and :func:`summary`. Then
:func:`write_plots` draws them with matplotlib (the ``[plots]`` extra), for
``docs/equilibrium.md``.

>>> from bragkit.solver import Abstraction, solve
>>> s = solve(Abstraction(stakes=(1, 2), max_bets=2, ranks="AKQJ"), iterations=100, cache=None)
>>> round(float(history_probability(s)[0]), 6)     # the root is always reached
1.0
>>> profile = hand_profile(s, ["look"])
>>> profile.labels, profile.probabilities.shape == (len(profile.labels), s.space.n_classes)
(('fold', 'bet 1', 'bet 2'), True)
>>> bool(abs(profile.probabilities.sum(axis=0) - 1).max() < 1e-9)
True
>>> round(sum(profile.share(label) for label in profile.labels), 9)
1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from bragkit.solver.hand_space import HandSpace
from bragkit.solver.strategy import Strategy
from bragkit.solver.traversal import FloatArray, player_reach

__all__ = [
    "BlindDecision",
    "HandProfile",
    "blind_decisions",
    "blind_play",
    "edge_probability",
    "hand_percentiles",
    "hand_profile",
    "history_probability",
    "summary",
    "write_plots",
]


def hand_percentiles(space: HandSpace) -> FloatArray:
    """Per class, the share of all hands weaker than it (ties counted half): 0 the worst, 1
    the best."""
    below = np.cumsum(space.counts) - space.counts
    out: FloatArray = (below + space.counts / 2) / space.counts.sum()
    return out


def history_probability(strategy: Strategy) -> FloatArray:
    """Per decision node, the chance its public history comes up when both seats play the
    strategy (over the deals, card removal exact)."""
    tree, space = strategy.tree, strategy.space
    reach0 = player_reach(tree, strategy.table, 0)
    reach1 = player_reach(tree, strategy.table, 1)
    met = space.disjoint(reach1)
    out: FloatArray = (reach0 * met) @ space.counts / (space.n_hands * space.opponents)
    return out


def edge_probability(strategy: Strategy) -> FloatArray:
    """Per edge, the chance the deal takes it when both seats play the strategy."""
    tree, space = strategy.tree, strategy.space
    table = strategy.table
    reach = (player_reach(tree, table, 0), player_reach(tree, table, 1))
    nodes = tree.edge_node
    actor = tree.player[nodes]
    mine = [reach[p][nodes] for p in (0, 1)]
    for p in (0, 1):
        mine[p][actor == p] *= table[actor == p]
    met = space.disjoint(mine[1])
    out: FloatArray = (mine[0] * met) @ space.counts / (space.n_hands * space.opponents)
    return out


def blind_play(strategy: Strategy) -> dict[str, list[float]]:
    """How often each seat plays blind (BL1): blind bets per deal, and the chance of a deal
    ending with the seat still blind (having never looked, BL6)."""
    from bragkit.solver.tree import Kind

    tree = strategy.tree
    chance = edge_probability(strategy)
    actor = tree.player[tree.edge_node]
    bets = [float(chance[(tree.kind == Kind.BLIND) & (actor == p)].sum()) for p in (0, 1)]
    ends = tree.child < 0
    never = [float(sum(chance[e] for e in np.flatnonzero(ends)
                       if tree.states[int(tree.edge_node[e])].blind[p])) for p in (0, 1)]
    return {"blind_bets_per_deal": bets, "never_looked": never}


@dataclass(frozen=True, kw_only=True, slots=True)
class BlindDecision:
    """A decision of a player who has not looked (BL6): where, how likely, what they do."""

    node: int
    history: tuple[str, ...]
    player: int
    probability: float  # of the history coming up
    actions: dict[str, float]

    @property
    def look(self) -> float:
        """The chance they look (BL2)."""
        return self.actions.get("look", 0.0)


def blind_decisions(strategy: Strategy, *, least: float = 0.0) -> list[BlindDecision]:
    """Every blind player's decision whose history comes up with at least ``least`` chance,
    most likely first."""
    tree = strategy.tree
    chance = history_probability(strategy)
    out = []
    for node in np.flatnonzero(tree.blind_actor):
        if chance[node] < least:
            continue
        edges = tree.edges_of(int(node))
        out.append(BlindDecision(
            node=int(node), history=tree.history(int(node)), player=int(tree.player[node]),
            probability=float(chance[node]),
            actions={tree.label(e): float(strategy.table[e, 0]) for e in edges}))
    out.sort(key=lambda d: -d.probability)
    return out


@dataclass(frozen=True, kw_only=True, slots=True)
class HandProfile:
    """At an open player's decision: each action's probability per class, classes weakest
    first, with each class's percentile (:func:`hand_percentiles`)."""

    history: tuple[str, ...]
    player: int
    labels: tuple[str, ...]
    percentiles: FloatArray
    probabilities: FloatArray  # (actions, classes)
    counts: FloatArray  # hands per class
    reach: FloatArray  # per class, the chance the player's own play gets a hand here

    def share(self, label: str) -> float:
        """The share of all hands (weighted by how many there are) taking ``label``."""
        row = self.probabilities[self.labels.index(label)]
        return float(row @ self.counts / self.counts.sum())


def hand_profile(strategy: Strategy, history: Sequence[str]) -> HandProfile:
    """The strategy at an open player's decision, by hand strength."""
    tree = strategy.tree
    node = tree.find(history)
    if tree.blind_actor[node]:
        raise ValueError("the player to act is blind: no hand to profile")
    edges = tree.edges_of(node)
    return HandProfile(
        history=tuple(history), player=int(tree.player[node]),
        labels=tuple(tree.label(e) for e in edges),
        percentiles=hand_percentiles(strategy.space),
        probabilities=np.array(strategy.table[edges.start:edges.stop]),
        counts=strategy.space.counts,
        reach=player_reach(tree, strategy.table, int(tree.player[node]))[node])


def summary(strategy: Strategy, *, least: float = 0.01) -> dict[str, Any]:
    """The headline numbers: values per seat, the first decisions, the likely blind decisions,
    and at the likely open decisions the share of the hands that get there taking each
    action."""
    tree, space = strategy.tree, strategy.space
    counts = space.counts / space.counts.sum()
    record = strategy.record
    out: dict[str, Any] = {
        "abstraction": strategy.abstraction.describe(),
        "values": record.values,
        "exploitability": record.exploitability,
        "iterations": record.iterations,
        "first_decision": strategy.probabilities([]) if tree.blind_actor[0] else None,
        "blind_play": blind_play(strategy),
        "blind_decisions": [
            {"history": " ".join(d.history) or "(deal)", "seat": d.player,
             "probability": round(d.probability, 4),
             "actions": {k: round(v, 4) for k, v in d.actions.items()}}
            for d in blind_decisions(strategy, least=least)
        ],
        "open_decisions": {},
    }
    chance = history_probability(strategy)
    reach = (player_reach(tree, strategy.table, 0), player_reach(tree, strategy.table, 1))
    for node in np.argsort(-chance):
        if tree.blind_actor[node] or chance[node] < least:
            continue
        edges = tree.edges_of(int(node))
        here = counts * reach[int(tree.player[node])][node]  # the hands that get here
        shares = strategy.table[edges.start:edges.stop] @ (here / max(here.sum(), 1e-300))
        out["open_decisions"][" ".join(tree.history(int(node)))] = {
            "seat": int(tree.player[node]), "probability": round(float(chance[node]), 4),
            "actions": {tree.label(e): round(float(x), 4) for e, x in zip(edges, shares,
                                                                         strict=True)}}
    return out


def write_plots(strategy: Strategy, folder: str | Path, *, least: float = 0.01) -> list[Path]:
    """Draw the figures of ``docs/equilibrium.md`` into ``folder`` (needs matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out_dir = Path(folder)
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(fig: Any, name: str) -> None:
        path = out_dir / name
        fig.tight_layout()
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)

    record = strategy.record
    if record.curve:  # the exploitability curve
        fig, ax = plt.subplots(figsize=(6, 4))
        its = [p[0] for p in record.curve]
        ax.loglog(its, [max(p[2], 1e-9) * 1000 for p in record.curve], marker="o")
        ax.axhline(1.0, color="grey", linestyle="--", linewidth=1)
        ax.set_xlabel("CFR+ iterations")
        ax.set_ylabel("exploitability (milli-antes per deal)")
        ax.set_title("Convergence")
        save(fig, "exploitability.png")

    if record.values is not None:  # the value of each seat
        fig, ax = plt.subplots(figsize=(5, 3.5))
        ax.bar(["seat 0 (dealer's left)", "seat 1 (dealer)"], record.values,
               color=["tab:red", "tab:green"])
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_ylabel("chips per deal (ante 1)")
        ax.set_title("The game's value to each seat")
        save(fig, "values.png")

    decisions = blind_decisions(strategy, least=least)[:12]  # when a blind player looks
    if decisions:
        fig, ax = plt.subplots(figsize=(8, 0.45 * len(decisions) + 1.5))
        names = [f"seat {d.player}: {' '.join(d.history) or 'first to act'}"
                 for d in decisions]
        labels = sorted({k for d in decisions for k, v in d.actions.items() if v > 1e-3},
                        key=lambda k: (k != "look", k))
        left = np.zeros(len(decisions))
        for label in labels:
            widths = np.array([d.actions.get(label, 0.0) for d in decisions])
            ax.barh(names, widths, left=left, label=label)
            left += widths
        ax.invert_yaxis()
        ax.set_xlabel("probability")
        ax.set_title("Blind players: look or play on (most likely decisions first)")
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
        save(fig, "blind.png")

    play = blind_play(strategy)  # how often to play blind
    fig, ax = plt.subplots(figsize=(6, 3.5))
    x = np.arange(2)
    ax.bar(x - 0.2, play["blind_bets_per_deal"], 0.4, label="blind bets per deal")
    ax.bar(x + 0.2, play["never_looked"], 0.4, label="deals ended without a look")
    ax.set_xticks(x, ["seat 0 (dealer's left)", "seat 1 (dealer)"])
    ax.set_title("How often each seat plays blind")
    ax.legend(fontsize=8)
    save(fig, "blind-play.png")

    tree = strategy.tree
    chance = history_probability(strategy)
    opens = [int(n) for n in np.argsort(-chance) if not tree.blind_actor[n]][:4]
    for k, node in enumerate(opens):  # which hands stay, raise and see
        profile = hand_profile(strategy, tree.history(node))
        fig, ax = plt.subplots(figsize=(7, 3.8))
        order = np.argsort(profile.percentiles)
        ax.stackplot(profile.percentiles[order], profile.probabilities[:, order],
                     labels=profile.labels)
        ax.plot(profile.percentiles[order], profile.reach[order], color="black", linewidth=0.8,
                label="hands that get here")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_xlabel("hand strength (share of hands weaker)")
        ax.set_ylabel("probability")
        history = " ".join(profile.history) or "first to act"
        ax.set_title(f"Seat {profile.player} after: {history}  (reached {chance[node]:.1%})")
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
        save(fig, f"hands-{k}.png")
    return written
