"""The account pages' HTML: sign up, sign in, and the account itself (change the password,
sign out, delete the account), in the site's style (``static/style.css``).

Plain forms that post back to the server: they work without a script, which the site's
content security policy would hold to its own files anyway. Every form carries the browser's
CSRF token (:mod:`bragkit.web.cookies`); every value shown is escaped.

>>> html = sign_in_page(csrf="t0k", name="<Ann>", error="wrong name or password")
>>> 'name="csrf" value="t0k"' in html, "&lt;Ann&gt;" in html, "<Ann>" in html
(True, True, False)
"""

from __future__ import annotations

from html import escape
from typing import Final
from urllib.parse import quote

from bragkit.web.accounts import MAX_PASSWORD, MIN_PASSWORD

__all__ = ["account_page", "page", "player_link", "sign_in_page", "sign_up_page"]

_NAME_HINT: Final = "Up to 20 letters, digits and spaces; . ' - _ too"


def player_link(name: str) -> str:
    """The address of a player's page (``/u/NAME``, the name quoted).

    >>> player_link("Ann Marie")
    '/u/Ann%20Marie'
    """
    return "/u/" + quote(name, safe="")


def page(title: str, body: str, *, account: str | None, main: str = "account-page") -> str:
    """A page of the site: its bar (the leaderboards, who is signed in) over ``body``, in a
    ``<main>`` of class ``main``."""
    who = (f'<span class="note">Signed in as</span> <a href="/account">{escape(account)}</a>'
           if account is not None else
           '<a href="/signin">Sign in</a> <a href="/signup">Sign up</a>')
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>{escape(title)} · bragkit</title>
  <link rel="stylesheet" href="/static/style.css">
  <link rel="icon" href="/cards/As.svg" type="image/svg+xml">
</head>
<body>
  <header class="bar">
    <a class="brand" href="/">brag<span>kit</span></a>
    <nav class="site-nav"><a href="/leaderboard">Leaderboards</a>
      <a href="/leagues">Leagues</a></nav>
    <nav class="account-nav">{who}</nav>
  </header>
  <main class="{main}">
{body}
  </main>
</body>
</html>
"""


def _hidden(csrf: str, after: str | None) -> str:
    fields = f'<input type="hidden" name="csrf" value="{escape(csrf)}">'
    if after is not None:
        fields += f'<input type="hidden" name="next" value="{escape(after)}">'
    return fields


def _error(error: str | None) -> str:
    text = "" if error is None else escape(error[:1].upper() + error[1:]) + "."
    return f'<p class="error" role="alert">{text}</p>'


def _password_field(label: str, name: str, autocomplete: str) -> str:
    return (f'<label class="field">{label}<input type="password" name="{name}" '
            f'autocomplete="{autocomplete}" minlength="{MIN_PASSWORD}" '
            f'maxlength="{MAX_PASSWORD}" required></label>')


def _name_field(name: str, autocomplete: str) -> str:
    return (f'<label class="field">Name<input name="name" value="{escape(name)}" '
            f'autocomplete="{autocomplete}" maxlength="20" required autocapitalize="none" '
            f'spellcheck="false"></label>')


def sign_up_page(*, csrf: str, name: str = "", error: str | None = None,
                 after: str | None = None) -> str:
    """The sign-up page: a name, a password twice."""
    body = f"""    <section class="form-card">
      <h1>Open an account</h1>
      <p class="note">An account keeps your name for you at every table: nobody else can sit
        down under it, or under a name that looks like it. No e-mail needed. Playing without an
        account works as ever: pick a name when you sit down.</p>
      <form method="post" action="/signup" class="stack">
        {_hidden(csrf, after)}
        {_name_field(name, "username")}
        <p class="note">{_NAME_HINT}.</p>
        {_password_field("Password", "password", "new-password")}
        {_password_field("Password again", "password2", "new-password")}
        <p class="note">{MIN_PASSWORD} to {MAX_PASSWORD} characters: a few words you will
          remember are best.</p>
        <button class="primary go" type="submit">Open the account</button>
        {_error(error)}
      </form>
      <p class="note">Have one? <a href="/signin">Sign in</a>.</p>
    </section>"""
    return page("Open an account", body, account=None)


def sign_in_page(*, csrf: str, name: str = "", error: str | None = None,
                 after: str | None = None) -> str:
    """The sign-in page: a name and a password."""
    body = f"""    <section class="form-card">
      <h1>Sign in</h1>
      <form method="post" action="/signin" class="stack">
        {_hidden(csrf, after)}
        {_name_field(name, "username")}
        {_password_field("Password", "password", "current-password")}
        <button class="primary go" type="submit">Sign in</button>
        {_error(error)}
      </form>
      <p class="note">No account? <a href="/signup">Open one</a>, or just play: pick a name when
        you sit down at a table.</p>
    </section>"""
    return page("Sign in", body, account=None)


def account_page(*, csrf: str, name: str, done: str | None = None,
                 error: str | None = None, failed: str | None = None) -> str:
    """The account's page: who is signed in; change the password; sign out; delete the account.
    ``done`` is a sentence saying what just changed; ``error`` what went wrong with the form
    ``failed`` (``password`` or ``delete``)."""
    notice = f'<p class="done" role="status">{escape(done)}</p>' if done else ""
    body = f"""    <section class="form-card">
      <h1>{escape(name)}</h1>
      <p class="note">Signed in. At any table you sit down as {escape(name)}, and nobody else
        can. <a href="{player_link(name)}">Your games and ratings</a>.</p>
      {notice}
      <form method="post" action="/signout" class="inline">
        {_hidden(csrf, None)}
        <button type="submit">Sign out</button>
      </form>
    </section>
    <section class="form-card">
      <h2>Change the password</h2>
      <form method="post" action="/account/password" class="stack">
        {_hidden(csrf, None)}
        <input type="hidden" name="name" value="{escape(name)}" autocomplete="username">
        {_password_field("Current password", "password", "current-password")}
        {_password_field("New password", "new", "new-password")}
        {_password_field("New password again", "new2", "new-password")}
        <button class="primary" type="submit">Change the password</button>
        {_error(error if failed == "password" else None)}
      </form>
      <p class="note">Every other browser signed in to this account is signed out.</p>
    </section>
    <section class="form-card danger-zone">
      <h2>Delete the account</h2>
      <p class="note">You can no longer sign in, and {escape(name)} is free to anyone at the
        tables again. Hand records keep the name; nobody can open a new account under it.</p>
      <form method="post" action="/account/delete" class="stack">
        {_hidden(csrf, None)}
        {_password_field("Password", "password", "current-password")}
        <button class="danger" type="submit">Delete the account</button>
        {_error(error if failed == "delete" else None)}
      </form>
    </section>"""
    return page(name, body, account=name)
