// Who is signed in (GET /api/me: an account is optional). window.bragAccount is a promise of
// the account's name (null for a guest); the page's header link (#account-nav) says who, or
// offers to sign in.
"use strict";

window.bragAccount = fetch("/api/me", { credentials: "same-origin", cache: "no-store" })
  .then((answer) => (answer.ok ? answer.json() : { name: null }))
  .then((body) => (typeof body.name === "string" ? body.name : null))
  .catch(() => null);

window.bragAccount.then((name) => {
  const nav = document.getElementById("account-nav");
  if (!nav || name === null) return;
  const who = document.createElement("span");
  who.className = "note";
  who.textContent = "Signed in as";
  const link = document.createElement("a");
  link.href = "/account";
  link.textContent = name;
  const games = document.createElement("a");
  games.href = "/u/" + encodeURIComponent(name);
  games.textContent = "Your games";
  nav.replaceChildren(who, " ", link, " ", games);
});
