"""The league pages' HTML: an account's leagues and the form that makes one
(:func:`leagues_page`), and a league's page (:func:`league_page`: its standings as a table and
a chart, its nights and their tables, its members; the host's forms), in the site's style.

Plain forms that post back to the server, each with the browser's CSRF token; every value
shown is escaped. The standings chart is an inline SVG (:func:`~bragkit.web.chart.
standings_chart`), drawn for a wide screen and for a phone's.

>>> from bragkit.web.leagues import League, Standings
>>> league = League(id=1, name="<Thursday>", game="crash", rules={"target": 5}, host_id=1,
...                 host="Ann")
>>> html = league_page(LeagueView(league=league, members=(), nights=(),
...                               standings=Standings(unit="points")),
...                    csrf="t0k", viewer="Ann", host=True)
>>> "&lt;Thursday&gt;" in html, "<Thursday>" in html, 'name="csrf" value="t0k"' in html
(True, False, True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from bragkit.web.chart import NARROW, SERIES, WIDE, standings_chart
from bragkit.web.leagues import MAX_TABLES, League, Member, Night, Standings
from bragkit.web.pages import page, player_link

__all__ = ["LeagueView", "league_page", "leagues_page"]


@dataclass(frozen=True, kw_only=True, slots=True)
class LeagueView:
    """What a league's page shows: the league, its members, nights and standings."""

    league: League
    members: Sequence[Member]
    nights: Sequence[Night]
    standings: Standings


def _csrf(token: str) -> str:
    return f'<input type="hidden" name="csrf" value="{escape(token)}">'


def _notice(error: str | None, done: str | None) -> str:
    if error:
        return (f'<p class="error" role="alert">{escape(error[:1].upper() + error[1:])}.'
                '</p>')
    return f'<p class="done" role="status">{escape(done)}</p>' if done else ""


def _day(day: str) -> str:
    """A night's day as the page shows it.

    >>> _day("2026-12-03")
    'Thu 3 Dec 2026'
    """
    shown = time.strftime("%a %d %b %Y", time.strptime(day, "%Y-%m-%d"))
    return shown[:4] + shown[4:].lstrip("0")


def _score(amount: int, unit: str) -> str:
    """A total or a night's score: a net signed and coloured, points as they are.

    >>> _score(5, "chips"), _score(7, "points")
    ('<span class="net up">+5</span>', '7')
    """
    if unit == "points":
        return str(amount)
    kind = " up" if amount > 0 else " down" if amount < 0 else ""
    return f'<span class="net{kind}">{amount:+d}</span>' if amount else '<span class="net">0</span>'


def _rules(rules: dict[str, Any]) -> str:
    if not rules:
        return "its own rules"
    return "house rules: " + ", ".join(f"{k} = {v!r}" for k, v in sorted(rules.items()))


def leagues_page(*, csrf: str, viewer: str, leagues: Sequence[League],
                 games: Sequence[tuple[str, str]], error: str | None = None,
                 name: str = "", game: str = "", rules: str = "") -> str:
    """An account's leagues, and the form that makes a new one (``games``: each choice's
    name and title; ``name``, ``game``, ``rules``: the form as it was sent, with its
    ``error``)."""
    items = "".join(
        f'<li><a href="/leagues/{lg.id}">{escape(lg.name)}</a> <span class="note">'
        f'{escape(lg.title)} · hosted by {escape(lg.host)}</span></li>' for lg in leagues)
    listed = (f'<ul class="league-list">{items}</ul>' if leagues else
              "<p>You are in no league yet: make one, or ask a league's host to add you.</p>")
    options = "".join(
        f'<option value="{escape(g)}"' + (" selected" if g == game else "") +
        f">{escape(t)}</option>" for g, t in games)
    body = f"""    <section class="form-card">
      <h1>Leagues</h1>
      {listed}
    </section>
    <section class="form-card">
      <h2>Make a league</h2>
      <form method="post" action="/leagues" class="stack">
        {_csrf(csrf)}
        <label class="field">Name<input name="name" value="{escape(name)}" maxlength="40"
          required></label>
        <label class="field">Game<select name="game">{options}</select></label>
        <label class="field">House rules<textarea name="rules" rows="3"
          spellcheck="false" placeholder="max_bet = 10">{escape(rules)}</textarea></label>
        <p class="note">One rule a line, as a rules file's <code>[rules]</code> table writes
          it (<a href="/rules">the rules</a> name each option); empty: the game's own rules.
          Every night of the league plays them.</p>
        <button class="primary go" type="submit">Make the league</button>
        {_notice(error, None)}
      </form>
      <p class="note">You host the league: you add its members by their account's name,
        schedule its nights and open each night's tables. Only members see the league.</p>
    </section>"""
    return page("Leagues", body, account=viewer, main="club-page league-page")


def _standings(view: LeagueView) -> str:
    standings = view.standings
    unit = standings.unit
    what = "Points" if unit == "points" else "Net"
    rows = "".join(
        f'<tr><td class="rank">{s.place}</td><td><span class="swatch s{n % SERIES}"></span>'
        f'<a href="{escape(player_link(s.name))}">{escape(s.name)}</a></td>'
        f'<td class="count">{s.nights}</td><td class="rating">{_score(s.total, unit)}</td></tr>'
        for n, s in enumerate(standings.lines))
    table = (f'<table class="board standings"><thead><tr><th>#</th><th>Player</th>'
             f'<th>Nights</th><th>{what}</th></tr></thead><tbody>{rows}</tbody></table>')
    if not standings.counted:
        return (table + '<p class="note">No night has counted yet: a night counts once its '
                "tables close.</p>")
    lines = [(s.name, s.running) for s in standings.lines]
    label = f"Standings of {view.league.name} night by night"
    chart = (standings_chart(lines, nights=standings.counted, label=label, size=WIDE) +
             standings_chart(lines, nights=standings.counted, label=label, size=NARROW))
    told = ("the points of the games each won" if unit == "points" else
            "each one's net in chips")
    return (table + f'<figure class="chart-box">{chart}<figcaption class="note">Each '
            f"member's running total after each night ({told}); the colours are the "
            "table's.</figcaption></figure>")


def _night(night: Night, *, csrf: str, league: League, host: bool) -> str:
    if night.tables:
        links = "".join(
            f'<li><a href="/t/{escape(t.table_id)}">Table {t.number}</a> '
            f'<span class="pill status-{escape(t.status)}">{escape(t.status)}</span>'
            + (f' <a class="note" href="/t/{escape(t.table_id)}#host={escape(t.host_token)}">'
               "host link</a>" if host and t.status != "closed" else "")
            + "</li>" for t in night.tables)
        state = ('<span class="pill">counted</span>' if night.done else
                 '<span class="pill status-playing">open</span>')
        inner = f'<ul class="night-tables">{links}</ul>'
    else:
        state = '<span class="pill">scheduled</span>'
        choices = "".join(f'<option value="{n}">{n} table{"s" if n > 1 else ""}</option>'
                          for n in range(1, MAX_TABLES + 1))
        inner = (f'<form method="post" action="/leagues/{league.id}/nights/{night.number}'
                 f'/open" class="inline open-night">{_csrf(csrf)}<select name="tables" '
                 f'aria-label="Tables for night {night.number}">{choices}</select>'
                 f'<button class="primary" type="submit">Open the night</button></form>'
                 if host else "")
    return (f'<li class="night"><div class="night-head"><strong>Night {night.number}</strong>'
            f' <span class="note">{_day(night.day)}</span> {state}</div>{inner}</li>')


def league_page(view: LeagueView, *, csrf: str, viewer: str, host: bool,
                error: str | None = None, done: str | None = None) -> str:
    """A league's page for a member signed in as ``viewer`` (``host``: the league's host,
    who gets its forms); ``error`` or ``done`` say how the host's last form went."""
    league = view.league
    nights = "".join(_night(n, csrf=csrf, league=league, host=host) for n in view.nights)
    nights_list = (f'<ol class="nights">{nights}</ol>' if view.nights else
                   "<p>No night scheduled yet.</p>")
    schedule = (f"""      <form method="post" action="/leagues/{league.id}/nights" class="inline">
        {_csrf(csrf)}
        <label class="field">Next night<input type="date" name="day" required></label>
        <button type="submit">Schedule it</button>
      </form>""" if host else "")
    members = "".join(f'<li><a href="{escape(player_link(m.name))}">{escape(m.name)}</a></li>'
                      for m in view.members)
    add = (f"""      <form method="post" action="/leagues/{league.id}/members" class="inline">
        {_csrf(csrf)}
        <label class="field">Add a member<input name="name" maxlength="20" required
          autocapitalize="none" spellcheck="false" placeholder="their account's name"></label>
        <button type="submit">Add</button>
      </form>""" if host else "")
    body = f"""    <section class="form-card">
      <h1>{escape(league.name)}</h1>
      <p class="note">{escape(league.title)}, {escape(_rules(dict(league.rules)))} · hosted
        by {escape(league.host)} · {len(view.members)} member{"s" if len(view.members) != 1
        else ""}</p>
      {_notice(error, done)}
    </section>
    <section class="form-card">
      <h2>Standings</h2>
      {_standings(view)}
    </section>
    <section class="form-card">
      <h2>Nights</h2>
      {nights_list}
{schedule}
      <p class="note">Each night's tables seat only the league's members, signed in; a night
        counts once its tables close.</p>
    </section>
    <section class="form-card">
      <h2>Members</h2>
      <ul class="members">{members}</ul>
{add}
    </section>"""
    return page(league.name, body, account=viewer, main="club-page league-page")
