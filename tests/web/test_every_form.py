"""CSRF on every form (issue 26, item 1), found from the app itself rather than listed by
hand: every POST route the app serves refuses a post from another site, and every one that
takes a web page's form refuses it without this browser's token (no token, a made-up one,
another browser's), as a host signed in with a league and a night to act on, so that the
refusal is the token's and not a missing sign-in; nothing is done. Every form on every page
of the club posts with its browser's token."""

from __future__ import annotations

import re
from typing import Any

from starlette.routing import Route

from .test_leagues import Site, _make

_FORM = re.compile(r"<form\b[^>]*>.*?</form>", re.S | re.I)
_ACTION = re.compile(r'action="([^"]*)"')
_API_PREFIX = "/api/"  # JSON APIs (no form of a page posts to them)


def _post_routes(app: Any) -> list[str]:
    return sorted({route.path for route in app.routes
                   if isinstance(route, Route) and "POST" in (route.methods or ())})


def _concrete(path: str, league: int) -> str:
    return path.replace("{league}", str(league)).replace("{night}", "1")


def _state(site: Site, league: int) -> tuple[Any, ...]:
    data = site.browser("Ann").get(f"/api/leagues/{league}").json()
    return (site.browser("Ann").get("/api/me").json(), data["members"], data["nights"],
            sorted(lg.name for lg in site.app.state.leagues.of(site.club.ids["Ann"])),
            sorted(site.club.manager.rooms))


def test_every_post_route_refuses_another_site_and_a_form_without_the_browsers_token() -> None:
    site = Site()
    league = _make(site)
    assert site.post("Ann", f"/leagues/{league}/nights", day="2026-12-03").status_code == 303
    before = _state(site, league)
    routes = _post_routes(site.app)
    forms = [path for path in routes if not path.startswith(_API_PREFIX)]
    # the club's forms are all found: accounts and leagues (a new one is checked as it comes)
    assert {"/signup", "/signin", "/signout", "/account/password", "/account/delete",
            "/leagues", "/leagues/{league}/members", "/leagues/{league}/nights",
            "/leagues/{league}/nights/{night}/open"} <= set(forms)
    fields = {"name": "Zed", "password": "correct horse battery", "password2": "x" * 12,
              "new": "y" * 12, "new2": "y" * 12, "game": "crash", "rules": "",
              "day": "2026-12-04", "tables": "1"}
    ann, other = site.browser("Ann"), site.browser("Bob")
    foreign = site.token(other)
    for path in routes:
        url = _concrete(path, league)
        cross = ann.post(url, data={**fields, "csrf": site.token(ann)},
                         headers={"origin": "https://evil.example",
                                  "sec-fetch-site": "cross-site"})
        assert cross.status_code == 403, (path, cross.status_code)
        if path in forms:
            for token in ("", "0" * 64, foreign):
                refused = ann.post(url, data={**fields, "csrf": token})
                assert refused.status_code == 403, (path, token, refused.status_code)
                assert "nothing was done" in refused.text
    assert _state(site, league) == before


def test_every_form_on_the_clubs_pages_carries_the_browsers_token() -> None:
    site = Site()
    league = _make(site)
    assert site.post("Ann", f"/leagues/{league}/nights", day="2026-12-03").status_code == 303
    ann = site.browser("Ann")
    token = site.token(ann)
    seen = 0
    for page in ("/signin", "/signup", "/account", "/leagues", f"/leagues/{league}"):
        text = ann.get(page, follow_redirects=True).text
        for form in _FORM.findall(text):
            if 'method="get"' in form.lower():
                continue
            seen += 1
            action = _ACTION.search(form)
            assert action is not None, (page, form[:200])
            assert f'name="csrf" value="{token}"' in form, (page, action.group(1))
    assert seen >= 7  # sign-out, password, delete, make a league, members, a night, open it
