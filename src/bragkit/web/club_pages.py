"""The pages that remember the players: a player's page (:func:`player_page`: their sessions,
deals, nets, records and rating history per game) and a game's leaderboard
(:func:`leaderboard_page`), in the site's style. Plain HTML built on the server (the rating
chart an inline SVG: :mod:`bragkit.web.chart`); every value shown is escaped, and no card is
ever on them (a deal's cards are in its record, a download once released).

>>> from bragkit.web.profiles import Profile
>>> html = player_page(Profile(name="<Ann>"), viewer=None)
>>> "No games on record for &lt;Ann&gt;" in html, "<Ann>" in html
(True, False)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from html import escape
from urllib.parse import quote

from bragkit.web.chart import NARROW, WIDE, rating_chart
from bragkit.web.pages import page, player_link
from bragkit.web.profiles import GameRecord, Profile, SessionLine
from bragkit.web.ratings import Rating, Standing

__all__ = ["leaderboard_page", "player_page", "replay_link"]


def _date(at: float) -> str:
    """A date as the pages show it (UTC).

    >>> _date(0.0)
    '1 Jan 1970'
    """
    return time.strftime("%d %b %Y", time.gmtime(at)).lstrip("0")


def _net(amount: int) -> str:
    """A net, signed, in a span coloured by its sign.

    >>> _net(5), _net(0)
    ('<span class="net up">+5</span>', '<span class="net">0</span>')
    """
    kind = " up" if amount > 0 else " down" if amount < 0 else ""
    return f'<span class="net{kind}">{amount:+d}</span>' if amount else '<span class="net">0</span>'


def _ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st.

    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10,
                                                                                 "th")
    return f"{place}{suffix}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def replay_link(table_id: str, number: int) -> str:
    """The replay page of a table's deal (:mod:`bragkit.web.replay_site`).

    >>> replay_link("Ab-3", 7)
    '/replay/Ab-3/7'
    """
    return f"/replay/{quote(table_id, safe='')}/{number}"


def _session(line: SessionLine) -> str:
    pills = "".join([
        '<span class="pill rated">rated</span>' if line.rated else "",
        '<span class="pill">private</span>' if line.private else "",
        f'<span class="pill status-{escape(line.status)}">{escape(line.status)}</span>'])
    facts = [_date(line.started), _plural(line.deals, "deal")]
    if line.place is not None and line.players is not None:
        facts.append(f"{_ordinal(line.place)} of {line.players}")
    change = line.change
    if change is not None:
        facts.append(f"rating {change.before.shown:.1f} → {change.after.shown:.1f}")
    hands = "".join(
        f'<li><span class="hand-no">Deal {d.number}</span>{_net(d.net)}'
        + (f'<a href="{escape(d.record)}" download>.bhh</a>'
           f'<a href="{escape(replay_link(line.table_id, d.number))}">replay</a>' if d.record
           else '<span class="note">sealed</span>') + "</li>"
        for d in line.lines)
    deals = (f'<details><summary>The {_plural(len(line.lines), "deal")}</summary>'
             f'<ol class="hands">{hands}</ol></details>') if line.lines else ""
    return f"""      <article class="session">
        <header><span class="what"><a href="/t/{escape(line.table_id)}">{escape(line.table)}</a>
          {pills}</span>{_net(line.net)}</header>
        <p class="note">{" · ".join(escape(f) for f in facts)}</p>
        {deals}
      </article>"""


def _chart(record: GameRecord) -> str:
    if not record.changes:
        return ""
    first = record.changes[0][0]
    points: list[tuple[str, Rating]] = [("Before the first rated session", first.before)]
    for change, table in record.changes:
        where = table if table is not None else "a private table"
        points.append((f"{where}, {_date(change.at)}: {_ordinal(change.place)} of "
                       f"{change.players}", change.after))
    label = f"Rating history at {record.title}"
    return ('<figure class="chart-box">' + rating_chart(points, label=label, size=WIDE) +
            rating_chart(points, label=label, size=NARROW) +
        '<figcaption class="note">The line: the rating after each rated session, the skill '
        'the player has shown at least (it starts at 0 and rises as they play and win). '
        'The band: where their skill most likely lies, narrowing as the sessions add up.'
        '</figcaption></figure>')


def _game(record: GameRecord) -> str:
    rating = record.rating
    figures = [("Sessions", str(len(record.sessions))), ("Deals", str(record.deals)),
               ("Net", _net(record.net))]
    if rating is not None:
        figures.insert(0, ("Rating", f'<a href="/leaderboard/{escape(record.game)}">'
                                     f'{rating.shown:.1f}</a>'))
        figures.insert(1, ("Rated sessions", str(record.rated_sessions)))
    shown = "".join(f"<div><dt>{name}</dt><dd>{value}</dd></div>" for name, value in figures)
    sessions = "\n".join(_session(s) for s in record.sessions)
    return f"""    <section class="form-card game-record" id="game-{escape(record.game)}">
      <h2>{escape(record.title)}</h2>
      <dl class="figures">{shown}</dl>
      {_chart(record)}
{sessions}
    </section>"""


def player_page(profile: Profile, *, viewer: str | None) -> str:
    """A player's page as ``profile`` holds it (what the viewer, signed in as ``viewer``, may
    see: :class:`~bragkit.web.profiles.Profiles`)."""
    name = escape(profile.name)
    if profile.empty:
        body = f"""    <section class="form-card">
      <h1>{name}</h1>
      <p>No games on record for {name}.</p>
      <p class="note">A player's page lists the tables they played at signed in to their
        account, each deal's net and record, and their ratings from rated tables.</p>
    </section>"""
        return page(profile.name, body, account=viewer, main="club-page")
    games = "\n".join(_game(g) for g in profile.games)
    jump = " ".join(f'<a href="#game-{escape(g.game)}">{escape(g.title)}</a>'
                    for g in profile.games)
    tables = sum(len(g.sessions) for g in profile.games)
    body = f"""    <section class="form-card">
      <h1>{name}</h1>
      <p class="note">{_plural(tables, "table")} played signed in · {jump}</p>
    </section>
{games}"""
    return page(profile.name, body, account=viewer, main="club-page")


def leaderboard_page(*, game: str, title: str, standings: Sequence[Standing],
                     games: Sequence[tuple[str, str]], viewer: str | None) -> str:
    """A game's leaderboard: its ``standings``, and links to the other ``games`` (name,
    title) boards."""
    tabs = " ".join(
        f'<a href="/leaderboard/{escape(g)}"' + (' aria-current="page"' if g == game else "")
        + f">{escape(t)}</a>" for g, t in games)
    rows = "".join(
        f'<tr><td class="rank">{s.rank}</td><td><a href="{escape(player_link(s.name))}">'
        f'{escape(s.name)}</a></td><td class="rating">{s.rating.shown:.1f}</td>'
        f'<td class="count">{s.sessions}</td></tr>' for s in standings)
    board = (f'<table class="board"><thead><tr><th>#</th><th>Player</th><th>Rating</th>'
             f'<th>Sessions</th></tr></thead><tbody>{rows}</tbody></table>' if standings else
             f"<p>No rated session of {escape(title)} yet: a host makes a table rated when "
             f"creating it.</p>")
    body = f"""    <section class="form-card">
      <h1>Leaderboard: {escape(title)}</h1>
      <nav class="game-tabs">{tabs}</nav>
      {board}
      <p class="note">Ratings come from rated tables only (signed-in players, the game's own
        rules): after each session, each player's finishing place by net moves their rating
        (OpenSkill). The rating is the skill a player has shown at least: it starts at 0 and
        rises as they play and win.</p>
    </section>"""
    return page(f"Leaderboard: {title}", body, account=viewer, main="club-page")
