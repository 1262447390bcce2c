// The lobby: choose a game and its house rules, create a table, keep the host's token in this
// browser, go to the table. The games and every option (its rule id, meaning and allowed
// values) come from the server (GET /api/games): nothing is listed here again.
"use strict";

(function () {
  const form = document.getElementById("create");
  const errorBox = document.getElementById("create-error");
  const gameSelect = form.elements.game;
  const rulesBox = document.getElementById("rules");
  const about = document.getElementById("game-about");
  let catalogue = [];
  let shown = []; // [{option, input, initial}] of the game shown

  function number(name) {
    // the table's own settings (a game's rules may have an option of the same name)
    const raw = form.querySelector(`[data-setting=${name}]`).value.trim();
    return raw === "" ? null : Number(raw);
  }

  function chosen() {
    const value = gameSelect.value;
    for (const game of catalogue) {
      if (game.name === value) return { game, preset: {}, name: null };
      if (game.presets[value]) return { game, preset: game.presets[value], name: value };
    }
    return { game: catalogue[0], preset: {}, name: null };
  }

  function node(tag, attrs, ...children) {
    const out = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") out.textContent = v; else out.setAttribute(k, v === true ? "" : v);
    }
    out.append(...children);
    return out;
  }

  function field(option, value) {
    const title = `${option.meaning} (rule ${option.rule})`;
    const words = `${option.meaning.charAt(0).toUpperCase()}${option.meaning.slice(1)} (${option.rule})`;
    let input;
    if (option.kind === "bool") {
      input = node("input", { type: "checkbox", name: option.name, checked: value === true });
      return { input, label: node("label", { class: "field check", title }, input, ` ${words}`) };
    }
    if (option.kind === "choice") {
      input = node("select", { name: option.name });
      if (option.optional) input.append(node("option", { value: "", text: "default" }));
      for (const choice of option.choices) {
        input.append(node("option", { value: JSON.stringify(choice), text: String(choice),
          selected: choice === value }));
      }
    } else if (option.kind === "int") {
      input = node("input", { type: "number", name: option.name, min: option.min, max: option.max,
        value: value === null ? "" : value, placeholder: option.optional ? "no limit" : null });
    } else {
      input = node("input", { name: option.name, value: (value || []).join(" "),
        placeholder: option.kind === "cards" ? "e.g. 2 Jh" : "e.g. 3 2 1" });
    }
    return { input, label: node("label", { class: "field", title }, `${words} `, input) };
  }

  function read(option, input) {
    if (option.kind === "bool") return input.checked;
    const raw = input.value.trim();
    if (option.kind === "choice") return raw === "" ? null : JSON.parse(raw);
    if (option.kind === "int") return raw === "" ? null : Number(raw);
    const words = raw.split(/[\s,]+/).filter(Boolean);
    return option.kind === "ints" ? words.map(Number) : words;
  }

  function showGame() {
    const { game, preset, name } = chosen();
    about.textContent = name === null ? `${game.title}: ${game.summary}`
      : `${game.preset_titles[name]}: ${game.preset_summaries[name]}`;
    rulesBox.replaceChildren();
    shown = [];
    for (const option of game.options) {
      const value = option.name in preset ? preset[option.name] : option.default;
      const { input, label } = field(option, value);
      rulesBox.append(label);
      shown.push({ option, input, initial: JSON.stringify(read(option, input)) });
    }
    // a sit-and-go where the game has a stake every deal forces (rule T4), named its way
    const rising = game.sit_and_go;
    document.getElementById("sng-choice").hidden = !rising;
    if (!rising) form.elements.sit_and_go.checked = false;
    document.getElementById("sng-word").textContent = rising ? `The ${rising}` : "The ante";
    showSng();
    const seats = form.elements.seats;
    const before = Number(seats.value) || 6;
    seats.replaceChildren();
    for (let n = game.seats[0]; n <= game.seats[1]; n++) {
      seats.append(node("option", { text: String(n), selected: n === Math.min(before, game.seats[1]) }));
    }
  }

  async function load() {
    const response = await fetch("/api/games");
    catalogue = (await response.json()).games;
    gameSelect.replaceChildren();
    for (const game of catalogue) {
      gameSelect.append(node("option", { value: game.name, text: game.title }));
      for (const name of Object.keys(game.presets)) {
        gameSelect.append(node("option", { value: name, text: game.preset_titles[name],
                                           title: game.preset_summaries[name] }));
      }
    }
    showGame();
  }

  gameSelect.addEventListener("change", showGame);
  // a sit-and-go's levels are asked only for a sit-and-go
  function showSng() {
    form.querySelectorAll(".sng").forEach((f) => { f.hidden = !form.elements.sit_and_go.checked; });
  }
  form.elements.sit_and_go.addEventListener("change", showSng);
  showSng();
  // a table is listed (public) or private, not both
  form.elements.public.addEventListener("change", () => {
    if (form.elements.public.checked) form.elements.private.checked = false;
  });
  form.elements.private.addEventListener("change", () => {
    if (form.elements.private.checked) form.elements.public.checked = false;
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    errorBox.textContent = "";
    const rules = {};
    for (const { option, input, initial } of shown) {
      const value = read(option, input);
      if (JSON.stringify(value) !== initial) rules[option.name] = value; // only what changed
    }
    const settings = {
      name: form.elements.name.value,
      game: gameSelect.value,
      seats: Number(form.elements.seats.value),
      buy_in: number("buy_in"),
      turn_seconds: number("turn_seconds") || 0,
      deal_pause: number("deal_pause") ?? 5,
      bot_delay: number("bot_delay") ?? 1,
      rules,
    };
    for (const flag of ["public", "private", "rated"]) {
      if (form.elements[flag].checked) settings[flag] = true;
    }
    if (form.elements.sit_and_go.checked) { // rule T4: equal stacks, a rising ante
      settings.sit_and_go = { ante_every: number("ante_every") || 10,
        ante_rise: number("ante_rise") || 2 };
    }
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      const response = await fetch("/api/tables", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(settings),
      });
      const body = await response.json();
      if (!response.ok) {
        errorBox.textContent = body.error || "The table could not be created.";
        return;
      }
      localStorage.setItem("bragkit.host." + body.id, body.host_token);
      location.href = "/t/" + body.id + "#host=" + body.host_token; // the host link
    } catch (error) {
      errorBox.textContent = "The server did not answer: " + error;
    } finally {
      button.disabled = false;
    }
  });

  load().catch((error) => { errorBox.textContent = "The games could not be loaded: " + error; });

  // the open public tables (GET /api/tables), refreshed now and then; names shown as text
  async function listTables() {
    const response = await fetch("/api/tables");
    if (!response.ok) return;
    const { tables } = await response.json();
    const list = document.getElementById("open-tables");
    list.replaceChildren(...tables.map((t) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = "/t/" + encodeURIComponent(t.id);
      link.textContent = t.name;
      const about = document.createElement("span");
      about.className = "note";
      const status = t.status === "lobby" ? "waiting to start" : t.status;
      about.textContent = ` · ${t.game} · ${status} · ${t.free} of ${t.seats} seats free`;
      item.append(link, about);
      return item;
    }));
    document.getElementById("no-tables").hidden = tables.length > 0;
  }
  listTables().catch(() => {});
  setInterval(() => { listTables().catch(() => {}); }, 15000);
})();
