"""Ratings of the players of rated tables: one per account per game, by OpenSkill (the
``openskill`` package's Plackett-Luce model, which rates many players at once).

A table its host marks ``rated`` seats only signed-in players and plays its game's default
rules (:class:`~bragkit.web.config.TableConfig`). When it closes, its players' finishing order
by net (the ledger's, after the settlement: :func:`places`; equal nets share a place) updates
each one's rating at the table's game (:func:`rate`), once. A rating is a belief about a
player's skill: ``mu`` its mean, ``sigma`` its uncertainty (25 and 25/3 for a newcomer); the
number shown and ranked is the cautious estimate ``mu - 3 sigma`` (:attr:`Rating.ordinal`,
0 for a newcomer), which grows as the player wins and as the rating grows sure.

>>> after = rate({"Ann": Rating(), "Bob": Rating(), "Cy": Rating()},
...              places({"Ann": 40, "Bob": -10, "Cy": -30}))
>>> after["Ann"].mu > after["Bob"].mu > after["Cy"].mu, after["Ann"].mu > 25 > after["Cy"].mu
(True, True)
>>> places({"Ann": 5, "Bob": 5, "Cy": -10})          # equal nets share a place
{'Ann': 1, 'Bob': 1, 'Cy': 3}
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from sqlalchemy import delete, insert, select, text, update
from sqlalchemy.engine import Connection, Engine

from bragkit.web.schema import accounts, rating_events, ratings

__all__ = ["DEFAULT_MU", "DEFAULT_SIGMA", "Change", "Rating", "Ratings", "Standing", "places",
           "rate"]

#: The advisory lock that takes a cluster's ratings one table at a time (PostgreSQL).
_LOCK: Final = 0x62726173  # "bras"

#: A newcomer's rating: OpenSkill's defaults.
DEFAULT_MU: Final = 25.0
DEFAULT_SIGMA: Final = 25.0 / 3
#: The most players a leaderboard lists.
MAX_LISTED: Final = 100

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, kw_only=True, slots=True)
class Rating:
    """A player's rating at one game: ``mu`` (the skill believed), ``sigma`` (how unsure).

    >>> Rating().ordinal, Rating(mu=30.0, sigma=2.0).shown
    (0.0, 24.0)
    """

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        """The cautious estimate ranked and shown: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> float:
        """:attr:`ordinal` to one decimal, as the pages show it."""
        return round(self.ordinal, 1) + 0.0  # no -0.0


@dataclass(frozen=True, kw_only=True, slots=True)
class Standing:
    """A line of a game's leaderboard."""

    rank: int
    name: str
    rating: Rating
    sessions: int

    def to_dict(self) -> dict[str, Any]:
        """As the API sends it."""
        return {"rank": self.rank, "name": self.name, "rating": self.rating.shown,
                "mu": round(self.rating.mu, 3), "sigma": round(self.rating.sigma, 3),
                "sessions": self.sessions}


@dataclass(frozen=True, kw_only=True, slots=True)
class Change:
    """A rated session's change of one account's rating: the game, the table, when it closed,
    the place the account finished in among how many players, and the rating before and
    after."""

    game: str
    table_id: str
    at: float
    place: int
    players: int
    before: Rating
    after: Rating


def places(nets: Mapping[K, int]) -> dict[K, int]:
    """Each player's finishing place by net, best first; equal nets share the better place
    (1, 1, 3).

    >>> places({"Ann": -5, "Bob": 20, "Cy": 20, "Di": 0})
    {'Ann': 4, 'Bob': 1, 'Cy': 1, 'Di': 3}
    """
    ordered = sorted(nets.values(), reverse=True)
    return {who: ordered.index(net) + 1 for who, net in nets.items()}


def rate(before: Mapping[K, Rating], finished: Mapping[K, int]) -> dict[K, Rating]:
    """The ratings after a session whose players (the keys of ``before``) finished in the
    ``finished`` places (1 the best; equal places are a tie), by OpenSkill's Plackett-Luce
    model; fewer than two players change nothing.

    Ties: ``openskill`` 6.2's Plackett-Luce mishandles tied ranks (a tied group can come out
    below a player who finished behind it: openskill.py issue 155, pull request 176), so a
    tie is rated as every order of the tied players alike: the model rates the session once
    for each turn of each tied group (each player in each of the group's places the same
    number of times) and each player gets the mean of their ratings. Without a tie that is
    the model's one rating; equal players tied get one rating, and a better place never a
    lower one.

    >>> tied = rate({"Ann": Rating(), "Bob": Rating()}, {"Ann": 1, "Bob": 1})
    >>> tied["Ann"] == tied["Bob"], tied["Ann"].mu == 25.0, tied["Ann"].sigma < DEFAULT_SIGMA
    (True, True, True)
    """
    from openskill.models import PlackettLuce

    players = list(before)
    if len(players) < 2:
        return dict(before)
    model = PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)
    groups: dict[int, list[K]] = {}
    for player in players:
        groups.setdefault(finished[player], []).append(player)
    tied = [groups[place] for place in sorted(groups)]
    turns = math.lcm(*(len(group) for group in tied))
    mus: dict[K, list[float]] = {p: [] for p in players}
    sigmas: dict[K, list[float]] = {p: [] for p in players}
    for turn in range(turns):  # each tied player in each place of their tie alike
        order = [p for group in tied for p in group[turn % len(group):] + group[
            :turn % len(group)]]
        teams = [[model.rating(mu=before[p].mu, sigma=before[p].sigma)] for p in order]
        new = model.rate(teams, ranks=[float(n) for n in range(1, len(order) + 1)])
        for player, team in zip(order, new, strict=True):
            mus[player].append(float(team[0].mu))
            sigmas[player].append(float(team[0].sigma))
    return {p: Rating(mu=math.fsum(mus[p]) / turns, sigma=math.fsum(sigmas[p]) / turns)
            for p in players}  # fsum: exact, so tied equals come out equal


class Ratings:
    """The ratings in the server's database (``engine``, its schema made by
    :func:`~bragkit.web.schema.migrate`): updated by :meth:`record` as rated tables close
    (:class:`~bragkit.web.history.History` calls it), read by the leaderboards and the
    players' pages."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def record(self, connection: Connection, *, game: str, table_id: str, at: float,
               finished: Mapping[int, int]) -> bool:
        """Rate a closed table's session, inside the caller's transaction ``connection``: the
        accounts (by number) and their places. Once per table: False if it was rated before
        (or has fewer than two players).

        On PostgreSQL the ratings are written one table at a time, whichever process closes
        it (a transaction-scoped advisory lock): two processes rating two tables with a player
        in common at once would otherwise both start from the same rating, and one update
        would be lost."""
        if len(finished) < 2:
            return False
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK})
        if connection.execute(
                select(rating_events.c.table_id).where(rating_events.c.table_id == table_id)
                .limit(1)).first() is not None:
            return False
        rows = {row.account_id: row for row in connection.execute(
            select(ratings).where(ratings.c.game == game,
                                  ratings.c.account_id.in_(list(finished))))}
        before = {a: Rating(mu=rows[a].mu, sigma=rows[a].sigma) if a in rows else Rating()
                  for a in sorted(finished)}
        after = rate(before, finished)
        for account, new in after.items():
            old = before[account]
            if account in rows:
                connection.execute(update(ratings).where(
                    ratings.c.account_id == account, ratings.c.game == game).values(
                    mu=new.mu, sigma=new.sigma, sessions=rows[account].sessions + 1))
            else:
                connection.execute(insert(ratings).values(
                    account_id=account, game=game, mu=new.mu, sigma=new.sigma, sessions=1))
            connection.execute(insert(rating_events).values(
                account_id=account, game=game, table_id=table_id, at=at,
                place=finished[account], players=len(finished), mu_before=old.mu,
                sigma_before=old.sigma, mu=new.mu, sigma=new.sigma))
        return True

    @staticmethod
    def clear(connection: Connection) -> None:
        """Forget every rating (a rebuild from the event logs starts so)."""
        connection.execute(delete(rating_events))
        connection.execute(delete(ratings))

    def leaderboard(self, game: str, *, limit: int = MAX_LISTED) -> list[Standing]:
        """The best ``limit`` live accounts at ``game`` by :attr:`Rating.ordinal` (ties: the
        more sessions, then the name)."""
        query = (select(accounts.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.sessions)
                 .join(accounts, accounts.c.id == ratings.c.account_id)
                 .where(ratings.c.game == game, accounts.c.deleted_at.is_(None)))
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        ordered = sorted(rows, key=lambda r: (-(r.mu - 3 * r.sigma), -r.sessions, r.name))
        return [Standing(rank=n, name=r.name, rating=Rating(mu=r.mu, sigma=r.sigma),
                         sessions=r.sessions) for n, r in enumerate(ordered[:limit], 1)]

    def of(self, account_id: int) -> dict[str, tuple[Rating, int]]:
        """An account's rating at each game it played rated, and its number of sessions."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(ratings).where(
                ratings.c.account_id == account_id).order_by(ratings.c.game)).all()
        return {r.game: (Rating(mu=r.mu, sigma=r.sigma), r.sessions) for r in rows}

    def changes(self, account_id: int) -> list[Change]:
        """Every rated session of an account, oldest first (its rating's history)."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(rating_events).where(
                rating_events.c.account_id == account_id).order_by(
                rating_events.c.at, rating_events.c.table_id)).all()
        return [Change(game=r.game, table_id=r.table_id, at=r.at, place=r.place,
                       players=r.players, before=Rating(mu=r.mu_before, sigma=r.sigma_before),
                       after=Rating(mu=r.mu, sigma=r.sigma)) for r in rows]
