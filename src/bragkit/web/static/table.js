// The table page: one WebSocket to the server (protocol 1, docs/web-protocol.md), one state
// object from it, and a render of that state. Everything shown comes from the state the
// server built for this viewer; the page never guesses a card.
"use strict";

(function () {
  const PROTOCOL = 1;
  // a replay (replay.html, replay.js) draws the steps it is given, and connects to no table
  const REPLAY = document.body.hasAttribute("data-replay");
  const TABLE = decodeURIComponent(location.pathname.split("/")[2] || "");
  const KEYS = {
    seat: "bragkit.seat." + TABLE,
    host: "bragkit.host." + TABLE,
    name: "bragkit.name",
    seeds: "bragkit.seeds." + TABLE,
    alerts: "bragkit.alerts", // "off": no sound or title alert on your turn
  };
  // a host link (/t/{id}#host=TOKEN) carries the host's powers to any browser: keep the token
  // for this table, then take it out of the address bar
  const hostInLink = /(?:^#|&)host=([A-Za-z0-9_-]{22,128})/.exec(location.hash);
  if (hostInLink) {
    localStorage.setItem("bragkit.host." + TABLE, hostInLink[1]);
    history.replaceState(null, "", location.pathname + location.search);
  }
  const $ = (id) => document.getElementById(id);
  // the other games' drawing (games.js); its ctx is filled once the functions below exist
  const games = window.bragGames({
    el: (...a) => el(...a), cardImg: (...a) => cardImg(...a), act: (...a) => act(...a),
    toast: (...a) => toast(...a), plural: (...a) => plural(...a), me: () => me(),
  });

  let ws = null;
  let greeted = false;
  let lastSeq = null;
  let state = null;
  let settings = null; // the table's settings: sent once per connection (welcome, sync)
  let you = { name: null, host: false };
  let log = [];
  let online = [];
  let spectators = 0; // connections watching without a seat
  let timer = null; // {player, deadline, total}
  let nextDealAt = null;
  let retry = 0;
  let myTurnBefore = false; // for the turn alert: sounded once per turn
  let publicUrl = null; // the address friends can reach (server's --public-url / LAN address)
  let picked = new Set();
  let sitSeat = null;
  let sitId = null;
  const pending = new Map(); // id -> message, until replied to (resent after a reconnect)
  const verdicts = new Map(); // deal number -> {ok, message}
  const analyses = new Map(); // deal number -> {busy} | {error} | the analysis (JSON)
  const seeds = JSON.parse(sessionStorage.getItem(KEYS.seeds) || "{}"); // commitment -> my seed

  // -- helpers -----------------------------------------------------------------------------

  function randomToken(bytes) {
    const raw = crypto.getRandomValues(new Uint8Array(bytes));
    let text = "";
    for (const b of raw) text += String.fromCharCode(b);
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function newId() {
    return "c" + randomToken(9).replace(/[^A-Za-z0-9]/g, "x");
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
  const RANK_NAMES = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine",
    8: "eight", 7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };

  function cardImg(card, extra) {
    const name = card === null ? "card face down" : card === "Jk" ? "joker"
      : `${RANK_NAMES[card[0]]} of ${SUIT_NAMES[card[1]]}`;
    return el("img", Object.assign({ src: `/cards/${card === null ? "back" : card}.svg`,
      alt: name, title: name, "data-card": card || "back", draggable: "false" }, extra || {}));
  }

  function toast(message, kind) {
    const box = $("toast");
    box.textContent = message;
    box.className = "toast" + (kind ? " " + kind : "");
    box.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => { box.hidden = true; }, 4500);
  }

  function plural(n, word) {
    return `${n} ${word}${n === 1 ? "" : "s"}`;
  }

  // -- the connection ----------------------------------------------------------------------

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(TABLE)}`);
    greeted = false;
    ws.onopen = () => {
      retry = 0;
      const hello = { v: PROTOCOL, type: "hello", last_seq: lastSeq };
      const token = localStorage.getItem(KEYS.seat);
      const host = localStorage.getItem(KEYS.host);
      if (token) hello.token = token;
      if (host) hello.host = host;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (error) { return; }
      handle(message);
    };
    ws.onclose = (event) => {
      greeted = false;
      setConn(false);
      // refused for good (docs/web-protocol.md): say why and stop retrying
      const refused = { 4404: "no such table", 4403: "refused", 4429: "too many messages" }[event.code];
      if (refused) {
        $("conn").textContent = refused;
        toast(event.code === 4404 ? "There is no such table: check the invite link."
          : `The server closed this page's connection: ${refused}. Reload to try again.`);
        return;
      }
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 250 * 2 ** retry);
    };
  }

  function setConn(live) {
    const box = $("conn");
    box.className = "conn " + (live ? "live" : "down");
    box.textContent = live ? "live" : "reconnecting…";
  }

  function send(message) {
    message.v = PROTOCOL;
    if (message.id) pending.set(message.id, message);
    if (ws && ws.readyState === WebSocket.OPEN && greeted) ws.send(JSON.stringify(message));
  }

  function act(option, amount, cards, sets) {
    const action = { verb: option.verb };
    if (option.hand) action.hand = option.hand;
    if (amount !== undefined && amount !== null) action.amount = amount;
    if (cards && cards.length) action.cards = cards;
    if (sets && sets.length) action.sets = sets;
    send({ type: "act", id: newId(), at: lastSeq, action });
  }

  function host(op, extra) {
    send(Object.assign({ type: "host", id: newId(), op }, extra || {}));
  }

  function takeExtras(message) {
    if ("online" in message) online = message.online || [];
    if ("spectators" in message) spectators = message.spectators || 0;
    timer = message.timer ? { player: message.timer.player, total: message.timer.total,
      deadline: performance.now() + message.timer.remaining * 1000 } : null;
    nextDealAt = message.next_deal_in === null || message.next_deal_in === undefined ? null
      : performance.now() + message.next_deal_in * 1000;
  }

  function handle(message) {
    switch (message.type) {
      case "welcome":
        greeted = true;
        you = message.you;
        settings = message.settings;
        setConn(true);
        break;
      case "sync": {
        state = message.state;
        state.deal = games.normalise(state.deal);
        settings = message.settings;
        const known = log.length ? log[log.length - 1].seq : -1;
        log = log.concat((message.log || []).filter((line) => line.seq > known)).slice(-400);
        lastSeq = message.seq;
        takeExtras(message);
        render();
        for (const waiting of pending.values()) ws.send(JSON.stringify(waiting));
        break;
      }
      case "state":
        if (lastSeq !== null && message.seq <= lastSeq) return;
        if (lastSeq !== null && message.seq > lastSeq + 1) {
          ws.send(JSON.stringify({ v: PROTOCOL, type: "resume", last_seq: lastSeq }));
          return;
        }
        state = message.state;
        state.deal = games.normalise(state.deal);
        lastSeq = message.seq;
        for (const text of message.lines) log.push({ seq: message.seq, text });
        if (log.length > 400) log = log.slice(-400);
        takeExtras(message);
        render();
        break;
      case "reply":
        pending.delete(message.re);
        if (message.re === sitId) sitId = null;
        break;
      case "error":
        if (message.re) pending.delete(message.re);
        if (message.re && message.re === sitId) {
          localStorage.removeItem(KEYS.seat);
          sitId = null;
        }
        if (message.code === "forbidden" && /token/.test(message.message)) {
          if (/host/.test(message.message)) localStorage.removeItem(KEYS.host);
          else localStorage.removeItem(KEYS.seat);
        }
        toast(message.code === "stale" ? "The table moved on before your action arrived: choose again."
          : message.message + (message.rule ? ` (rule ${message.rule})` : ""));
        break;
      default:
        break;
    }
  }

  // -- rendering ---------------------------------------------------------------------------

  function me() {
    return state && state.you ? state.you : { seat: null, name: null, host: false, legal: [] };
  }

  function render() {
    if (!state) return;
    const table = state.table;
    table.seats = settings.seats;
    $("table-name").textContent = table.name;
    const status = $("status");
    const words = { lobby: "waiting to start", playing: "playing", paused: "paused",
      closing: "closing", closed: "closed", replay: "replay" };
    status.textContent = words[table.status] || table.status;
    status.className = "pill status-" + table.status; // (not "lobby": the front page's layout)
    $("invite").value = `${publicUrl || location.origin}/t/${TABLE}`;
    const hostToken = localStorage.getItem(KEYS.host);
    $("host-link").hidden = !(me().host && hostToken);
    renderHost();
    renderSeats();
    renderCenter();
    renderMe();
    renderLog();
    renderLedger();
    renderRecords();
    renderChat();
    renderWatchers();
    autoSeed();
  }

  function renderWatchers() {
    const count = spectators;
    $("watchers").textContent = count ? `${plural(count, "spectator")} watching` : "";
  }

  function renderHost() {
    const status = state.table.status;
    const kinds = $("bot-kind"); // the bots that play this game, as the server lists them
    const offered = Object.keys(settings.bots || {});
    if (offered.length && kinds.dataset.game !== settings.game) {
      kinds.replaceChildren(...offered.map((k) => el("option", { value: k, text: `${k} bot`,
        title: settings.bots[k] })));
      kinds.dataset.game = settings.game;
    }
    $("host-bar").hidden = !me().host || status === "closed";  // closed: nothing left to do
    $("start").hidden = status !== "lobby";
    $("pause").hidden = status !== "playing";
    $("resume").hidden = status !== "paused";
    $("close").disabled = status === "closed" || status === "closing";
    const select = $("bot-seat");
    const empty = state.seats.map((s, i) => (s ? null : i)).filter((i) => i !== null);
    const chosen = select.value;
    select.replaceChildren(...empty.map((i) => el("option", { value: i, text: `seat ${i + 1}` })));
    if (empty.includes(Number(chosen))) select.value = chosen;
    const people = state.seats.filter((s) => s && !s.bot && s.name !== me().name);
    const heir = $("handover-seat");
    const was = heir.value;
    heir.replaceChildren(...people.map((s) => el("option", { value: s.seat, text: s.name })));
    if (people.some((s) => String(s.seat) === was)) heir.value = was;
    $("handover").disabled = !people.length || status === "closed";
    $("add-bot").disabled = !empty.length || status === "closed" || status === "closing";
    // no empty seat, nobody to hand over to: no empty pickers (the table is full, or alone);
    // no bot joins a closed table or a started sit-and-go (its seats are fixed, T4)
    const seatsFixed = !offered.length  // (no bot sits here)
      || Boolean(state.sit_and_go && state.sit_and_go.started);
    for (const id of ["bot-kind", "bot-seat", "add-bot"]) $(id).hidden = !empty.length || seatsFixed;
    for (const id of ["handover-seat", "handover"]) $(id).hidden = !people.length;
  }

  function playerOf(text, names) {
    let best = null;
    for (const name of names) {
      if ((text === name || text.startsWith(name + " ")) && (!best || name.length > best.length)) {
        best = name;
      }
    }
    return best;
  }

  // An action's text with its verb in the game's own word (TP3: "bet 4" is "chaal 4").
  function inGameWords(text) {
    const space = text.indexOf(" ");
    const verb = space < 0 ? text : text.slice(0, space);
    const word = (settings.verbs || {})[verb];
    return word ? word + text.slice(verb.length) : text;
  }

  function lastActions(deal) {
    const out = {};
    if (!deal) return out;
    for (const text of deal.actions) {
      const who = playerOf(text, deal.players);
      if (who) out[who] = inGameWords(text.slice(who.length + 1));
    }
    return out;
  }

  function renderSeats() {
    const felt = $("felt");
    for (const old of felt.querySelectorAll(".seat")) old.remove();
    const deal = state.deal;
    const last = lastActions(deal);
    state.seats.forEach((seat, i) => {
      felt.append(seat ? seatView(seat, deal, last) : emptySeat(i));
    });
  }

  // The seats round the felt, the middle and the panel placed clear of each other (layout.js).
  function place() {
    window.bragLayout($("felt"), document.querySelector("#felt .center"), $("me"), me().seat);
  }

  function emptySeat(i) {
    const canSit = me().seat === null && !["closed", "closing"].includes(state.table.status);
    return el("div", { class: "seat empty", "data-seat": i },
      el("div", { class: "plate" },
        el("div", { class: "name", text: `Seat ${i + 1}` }),
        canSit ? el("button", { type: "button", class: "sit", "data-seat": i,
          onclick: () => openSit(i), text: "Sit here" }) : el("div", { class: "stack", text: "empty" })));
  }

  // The receiver's hand less the cards they discarded (four- and five-card Brag, F1).
  function keptCards(deal) {
    const gone = deal.discards || [];
    return deal.hand.filter((c) => !gone.includes(c));
  }

  // How many cards a player has discarded this deal, from the actions (F1: "Ann discard
  // [2 cards]" as others see it).
  function discarded(deal, name) {
    let count = 0;
    for (const text of deal.actions || []) {
      if (playerOf(text, deal.players) !== name) continue;
      const rest = text.slice(name.length + 1);
      if (!rest.startsWith("discard")) continue;
      const hidden = rest.match(/\[(\d+) cards?\]/);
      count += hidden ? Number(hidden[1]) : rest.split(" ").length - 1;
    }
    return count;
  }

  function seatCards(name, deal) {
    if (!deal) return null;
    if (deal.kind) return games.seatCards(name, deal, me());
    const shown = deal.shown[name];
    if (shown) return el("div", { class: "cards shown" }, ...shown.map((c) => cardImg(c)));
    const parts = [];
    const faceUp = deal.face_up[name] || [];
    if (name === me().name && deal.hand) {
      for (const c of keptCards(deal)) parts.push(cardImg(c));
    } else {
      const held = (deal.held[name] || 0) - discarded(deal, name);
      for (let i = 0; i < held; i++) parts.push(cardImg(null));
    }
    for (const c of faceUp) parts.push(cardImg(c));
    return el("div", { class: "cards" }, ...parts);
  }

  function seatView(seat, deal, last) {
    const name = seat.name;
    const inDeal = deal && deal.players.includes(name);
    const folded = inDeal && !deal.in_play.includes(name);
    const turn = deal && !deal.is_over && deal.to_act === name;
    const won = deal && deal.is_over ? deal.winners[name] : undefined;
    const classes = ["seat"];
    if (name === me().name) classes.push("mine");
    if (turn) classes.push("turn");
    if (folded) classes.push("folded");
    if (won) classes.push("winner");
    const badges = [];
    if (seat.bot) badges.push(el("span", { class: "badge bot", text: "bot" }));
    if (inDeal && !deal.is_over && deal.blind.includes(name)) {
      badges.push(el("span", { class: "badge blind", text: "blind" }));
    }
    if (deal && deal.covered.includes(name)) badges.push(el("span", { class: "badge", text: "covered" }));
    if (folded) badges.push(el("span", { class: "badge", text: settings.out_word || "folded" }));
    if (seat.joining) badges.push(el("span", { class: "badge", text: "next deal" }));
    if (seat.leaving) badges.push(el("span", { class: "badge away", text: "leaving" }));
    if (seat.away) badges.push(el("span", { class: "badge away", text: "sitting out" }));
    if (seat.host) badges.push(el("span", { class: "badge", text: "host" }));
    if (!seat.bot && !online.includes(name)) badges.push(el("span", { class: "badge away", text: "away" }));
    const plate = el("div", { class: "plate" },
      seat.dealer ? el("div", { class: "dealer-chip", title: "dealer", text: "D" }) : null,
      el("div", { class: "name", text: name }),
      el("div", { class: "line" }, seat.stack === null ? null : el("span", { class: "stack", text: `${seat.stack} chips` }),
        ...badges),
      turn && timer && timer.player === name
        ? el("div", { class: "timer" }, el("i", { "data-timer": "1" })) : null);
    const named = deal && deal.named ? deal.named[name] : null;
    const note = won ? el("div", { class: "won", text: window.bragWords.winnings(deal, won), title: named || "" })
      : named ? el("div", { class: "last", text: named })
        : last[name] ? el("div", { class: "last", text: last[name] }) : null;
    return el("div", { class: classes.join(" "), "data-seat": seat.seat, "data-name": name },
      seatCards(name, deal), plate, note);
  }

  function renderCenter() {
    const deal = state.deal;
    const table = state.table;
    const rules = settings.rules;
    $("deal-no").textContent = deal ? `Deal ${deal.number} · ${deal.dealer} deals`
      : table.status === "lobby" ? `${settings.title}: waiting for the host to start` : "";
    const won = deal && deal.is_over
      ? Object.values(deal.winners).reduce((a, b) => a + b, 0) + deal.carried_forward : null;
    $("pot").textContent = deal ? (won !== null ? won : deal.pot) : state.ledger.carried_pot;
    $("pot").parentElement.hidden = false;
    let stake = "";
    if (deal && !deal.is_over && deal.costs) {
      const blind = rules.blind ? ` (blind ${deal.costs.blind})` : "";
      stake = deal.stake ? `Stake ${deal.stake} · to stay in: ${deal.costs.open}${blind}`
        : `First bet ${rules.min_bet}${rules.max_bet ? "–" + rules.max_bet : "+"}${blind}`;
    }
    $("stake-line").textContent = stake;
    const banner = $("banner");
    banner.className = "banner";
    banner.textContent = "";
    if (deal && deal.is_over) {
      const winners = Object.entries(deal.winners);
      if (winners.length) {
        banner.textContent = winners.map(([who, n]) => `${who} wins ${n}`
          + (deal.named && deal.named[who] ? ` with ${deal.named[who]}` : "")).join(" · ");
        banner.className = "banner win";
      } else if (deal.carried_forward) {
        banner.textContent = `${deal.carried_forward} carried forward`
          + (deal.retained ? ` · ${deal.retained} keeps a blind hand` : "");
      }
    } else if (table.status === "paused") {
      banner.textContent = "Paused by the host";
    }
    if (deal && deal.kind) {
      const mid = games.center(deal, settings);
      if (mid.title) $("deal-no").textContent = mid.title;
      $("pot").textContent = mid.pot === null ? "" : mid.pot;
      $("pot").parentElement.hidden = mid.pot === null; // a game played for points has no pot
      $("stake-line").textContent = mid.line;
      if (mid.banner) {
        banner.textContent = mid.banner;
        banner.className = mid.win ? "banner win" : "banner";
      }
    }
    renderSitAndGo();
    const settle = $("settle");
    if (state.settlement) {
      const payments = state.settlement.payments;
      settle.replaceChildren(...finishingOrder(),
        el("h3", { text: "Table closed · settlement" }),
        payments.length ? el("ul", {}, ...payments.map((p) => el("li", { text: p })))
          : el("div", { text: "Everyone is square." }));
      settle.hidden = false;
    } else {
      settle.hidden = true;
    }
    const fair = state.fairness;
    $("commit").textContent = fair.commitment && !["closed", "closing"].includes(table.status)
      ? `Next shuffle sealed ${fair.commitment.slice(0, 10)}… · ${plural(fair.seeds, "seed")}` : "";
  }

  // a sit-and-go (rule T4): the level, its ante, the next rise; at the end the finishing order
  function ordinal(n) {
    const teen = n % 100 >= 10 && n % 100 <= 20;
    return n + (teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th"));
  }

  function renderSitAndGo() {
    const sng = state.sit_and_go;
    const line = $("sng");
    line.hidden = !sng;
    if (!sng) return;
    const set = settings.sit_and_go || {};
    const rise = set.schedule ? "on its schedule" : `×${set.ante_rise}`;
    if (!sng.started) {
      line.textContent = `Sit-and-go · stacks ${settings.buy_in} · the ante rises ${rise}`
        + ` every ${plural(sng.ante_every, "deal")}`;
    } else if (sng.over) {
      const winner = sng.places.find((p) => p.place === 1);
      line.textContent = `Sit-and-go won by ${winner ? winner.name : "?"}`;
      if (winner) { // the last deal's result gives way to the sit-and-go's
        $("banner").textContent = `${winner.name} holds every chip`;
        $("banner").className = "banner win";
      }
    } else {
      const short = sng.deal_ante && sng.deal_ante < sng.ante && state.deal && !state.deal.is_over
        ? ` (this deal ${sng.deal_ante})` : "";
      line.textContent = `Level ${sng.level} · ${sng.ante_name} ${sng.ante}${short} · `
        + `next ${sng.next_rise.ante} in ${plural(sng.next_rise.deals, "deal")}`;
    }
  }

  function finishingOrder() {
    const sng = state.sit_and_go;
    if (!sng || !sng.places.length) return [];
    return [el("h3", { text: sng.over ? "Sit-and-go · finishing order" : "Out so far" }),
      el("ol", { class: "places" }, ...sng.places.map((p) => el("li", {
        text: `${ordinal(p.place)} ${p.name}` + (p.deal ? ` · out on deal ${p.deal}` : "") })))];
  }

  function renderMe() {
    const mine = me();
    const deal = state.deal;
    const cards = $("my-cards");
    const turn = $("turn");
    const actions = $("actions");
    const legal = mine.legal || [];
    const discard = legal.find((o) => o.verb === "discard");
    cards.replaceChildren();
    cards.classList.remove("many"); // (games.js sets it for a hand of many cards)
    actions.replaceChildren();
    if (mine.seat === null) {
      cards.append(el("div", { class: "hint", text: REPLAY
        ? "The spectator's view: no hidden card is shown. Pick a seat above to see its cards."
        : state.table.status === "closed"
          ? "This table is closed." : "You are watching. Pick an empty seat to play." }));
    } else if (deal && deal.kind && deal.players.includes(mine.name)) {
      games.mine(cards, actions, deal, legal, renderMe);
    } else if (deal && deal.players.includes(mine.name) && (deal.held[mine.name] || deal.shown[mine.name])) {
      if (deal.hand) {
        const hand = keptCards(deal); // the discards leave the hand (F1)
        picked = new Set([...picked].filter((c) => hand.includes(c)));
        for (const c of hand) {
          const img = cardImg(c, discard ? { class: "pick" + (picked.has(c) ? " picked" : "") } : {});
          if (discard) img.addEventListener("click", () => { togglePick(c); });
          cards.append(img);
        }
        if (deal.hand_name) cards.append(el("div", { class: "hand-name", text: deal.hand_name }));
      } else if (deal.shown[mine.name]) {
        for (const c of deal.shown[mine.name]) cards.append(cardImg(c));
      } else {
        for (let i = 0; i < deal.held[mine.name]; i++) cards.append(cardImg(null));
        cards.append(el("div", { class: "hint", text: "Blind: your cards stay face down until you look. Blind bets cost half." }));
      }
    } else if (mine.seat !== null) {
      cards.append(el("div", { class: "hint", text: state.table.status === "lobby"
        ? "Seated. The host starts the table." : "Waiting for the next deal." }));
    }
    // (a replay's viewer watches a seat: never their turn, no alert)
    const turnStarts = turnAlert(!REPLAY && Boolean(deal && !deal.is_over && mine.name && deal.to_act === mine.name));
    // whose turn
    turn.className = "turn";
    turn.replaceChildren();
    if (deal && !deal.is_over) {
      if (deal.to_act === mine.name && !REPLAY) {
        turn.className = "turn mine";
        turn.append("Your turn");
      } else if (deal.to_act) {
        turn.append(`${deal.to_act} to act`);
      }
      turn.append(el("span", { class: "sub", "data-countdown": "turn" }));
    } else if (nextDealAt !== null && state.table.status === "playing") {
      turn.append(el("span", { class: "sub", "data-countdown": "deal" }));
    }
    // actions
    if (!(deal && deal.kind)) actions.replaceChildren();
    const order = ["look", "keep", "throw", "fold", "blind", "bet", "see", "cover", "discard", "agree"];
    const sorted = deal && deal.kind ? [] : legal.filter((o) => o.verb !== "topup")
      .sort((a, b) => order.indexOf(a.verb) - order.indexOf(b.verb));
    for (const option of sorted) actions.append(actionControl(option));
    if (mine.agreed) actions.append(el("span", { class: "note", text: "You agreed to a showdown." }));
    const secondary = el("div", { class: "secondary" });
    const topup = legal.find((o) => o.verb === "topup");
    if (topup) {
      const input = el("input", { type: "number", min: 1, value: settings.buy_in, "aria-label": "Top-up amount" });
      secondary.append(input, el("button", { type: "button", class: "ghost", "data-verb": "topup",
        text: "Top up", onclick: () => act(topup, Number(input.value)) }));
    }
    // a sit-and-go's seats and money are fixed once it starts (T4): nothing to sit out or cash
    const fixed = state.sit_and_go && state.sit_and_go.started;
    if (mine.seat !== null && state.ledger.rows.length && !REPLAY && !fixed
        && !["closed", "closing"].includes(state.table.status)) {
      secondary.append(el("button", { type: "button", class: "ghost", id: "sit-out",
        text: mine.away ? "I'm back" : "Sit out",
        onclick: () => send({ type: "away", id: newId(), away: !mine.away }) }));
    }
    if (mine.seat !== null && !REPLAY && !fixed && state.table.status !== "closed") {
      secondary.append(el("button", { type: "button", class: "ghost", text: "Leave table",
        onclick: () => { if (confirm("Leave the table and cash out?")) send({ type: "leave", id: newId() }); } }));
    }
    if (secondary.childNodes.length) turn.append(secondary); // beside the turn: a short panel
    tick();
    place();
    // a panel that follows the felt (too tall to stay in view over it) comes into view on a turn
    if (turnStarts && $("me").classList.contains("loose")) $("me").scrollIntoView({ block: "nearest" });
  }

  // -- your turn: a beep (WebAudio, no file) and the tab's title, unless switched off ---------

  let audio = null;
  function alertsOn() {
    if (REPLAY) return false;
    return localStorage.getItem(KEYS.alerts) !== "off";
  }

  function beep() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.08, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.25);
    } catch (error) { /* no audio here: the title still says it */ }
  }

  // The tab's title and a beep at the start of the player's turn; whether it starts now.
  function turnAlert(mine) {
    const starts = mine && !myTurnBefore;
    const base = state ? `${state.table.name} · bragkit` : "bragkit";
    document.title = mine && alertsOn() ? `● Your turn · ${base}` : base;
    if (mine && !myTurnBefore && alertsOn()) {
      beep();
      window.bragkitAlerts = (window.bragkitAlerts || 0) + 1; // counted for tests
    }
    myTurnBefore = mine;
    return starts;
  }

  // -- chat: rendered as text (never HTML), quick reactions, the host mutes ----------------

  const REACTIONS = ["👍", "👏", "😂", "😮", "😬", "gg", "nh", "ty"];
  let chatSeen = 0;

  function renderChat() {
    const lines = state.chat || [];
    const muted = state.muted || [];
    const box = $("chat-lines");
    const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 30;
    box.replaceChildren(...lines.map((line) => {
      const item = el("li", {}, el("strong", { text: line.from + ": " }), line.text);
      if (me().host && line.from !== me().name) {
        const seat = state.seats.find((s) => s && s.name === line.from);
        if (seat) {
          const isMuted = muted.includes(line.from);
          item.append(el("button", { type: "button", class: "ghost mini", "data-mute": line.from,
            text: isMuted ? "unmute" : "mute",
            onclick: () => host(isMuted ? "unmute" : "mute", { seat: seat.seat }) }));
        }
      }
      return item;
    }));
    if (atBottom) box.scrollTop = box.scrollHeight;
    const seated = me().seat !== null && state.table.status !== "closed";
    $("chat-form").hidden = !seated;
    $("chat-muted").textContent = muted.length ? `Muted: ${muted.join(", ")}` : "";
    const last = lines.length ? lines[lines.length - 1].at : 0;
    const tab = document.querySelector(".tabs button[data-tab=chat]");
    if (last > chatSeen && $("tab-chat").hidden && tab) tab.classList.add("news");
  }

  function sendChat(text) {
    const line = text.trim();
    if (!line) return;
    send({ type: "chat", id: newId(), text: line.slice(0, 200) });
  }

  function togglePick(card) {
    if (picked.has(card)) picked.delete(card); else picked.add(card);
    renderMe();
  }

  function actionControl(option) {
    const verb = option.verb;
    const label = {
      look: option.hand ? `Look at ${option.hand} hand` : "Look at cards",
      keep: "Keep this hand", throw: "Throw this hand", fold: "Fold",
      agree: state.showdown
        ? `Agree to the showdown (${state.showdown.agreed.length}/${state.showdown.betting.length})`
        : "Propose a showdown",
    };
    if (verb === "bet" || verb === "blind") {
      const least = option.min;
      const most = option.max;
      const input = el("input", { type: "number", min: least, max: most ?? null, value: least,
        "aria-label": `${verb} amount`, "data-amount": verb });
      const slider = most !== null && most - least <= 1000 && most > least
        ? el("input", { type: "range", min: least, max: most, value: least, "aria-label": `${verb} slider` }) : null;
      const button = el("button", { type: "button", class: verb === "bet" ? "primary" : "", "data-verb": verb });
      const sync = (value) => {
        button.textContent = `${verb === "bet" ? "Bet" : "Blind"} ${value}`;
      };
      input.addEventListener("input", () => { if (slider) slider.value = input.value; sync(input.value); });
      if (slider) slider.addEventListener("input", () => { input.value = slider.value; sync(slider.value); });
      button.addEventListener("click", () => {
        const amount = Number(input.value);
        if (!Number.isInteger(amount) || amount < least || (most !== null && amount > most)) {
          toast(`${verb === "bet" ? "A bet" : "A blind bet"} here is ${least}${most !== null ? " to " + most : " or more"}.`);
          return;
        }
        act(option, amount);
      });
      sync(least);
      return el("span", { class: "amount-group" }, slider, input, button);
    }
    if (verb === "see" || verb === "cover") {
      return el("button", { type: "button", class: "primary", "data-verb": verb,
        text: `${verb === "see" ? "See" : "Cover"} for ${option.min}`, onclick: () => act(option, option.min) });
    }
    if (verb === "discard") {
      const ready = picked.size === option.discards;
      return el("button", { type: "button", "data-verb": verb, disabled: !ready,
        text: ready ? `Discard ${[...picked].join(" ")}` : `Pick ${plural(option.discards, "card")} to discard`,
        onclick: () => { act(option, null, [...picked]); picked = new Set(); } });
    }
    return el("button", { type: "button", class: verb === "fold" ? "danger" : "",
      "data-verb": verb + (option.hand ? "-" + option.hand : ""),
      text: label[verb] || option.text, onclick: () => act(option) });
  }

  function renderLog() {
    const list = $("log");
    const atBottom = list.parentElement.scrollTop + list.parentElement.clientHeight
      >= list.parentElement.scrollHeight - 30;
    list.replaceChildren(...log.map((line) => {
      const shown = window.bragWords.logLine(line.text); // "-- draw": a heading, in words
      return el("li", { class: shown.kind }, el("span", { class: "seq", text: line.seq }), shown.text);
    }));
    if (atBottom) list.parentElement.scrollTop = list.parentElement.scrollHeight;
  }

  function renderLedger() {
    const ledger = state.ledger;
    $("ledger").replaceChildren(...ledger.rows.map((row) => el("tr", {},
      el("td", { text: row.name }), el("td", { text: row.brought }), el("td", { text: row.stack }),
      el("td", { class: row.net > 0 ? "up" : row.net < 0 ? "down" : "",
        text: (row.net > 0 ? "+" : "") + row.net }))));
    $("in-pot").textContent = ledger.rows.length
      ? `In the pot: ${ledger.in_pot}${ledger.carried_pot ? ` (carried: ${ledger.carried_pot})` : ""}`
      : "The ledger starts when the host starts the table.";
    const box = $("settlement");
    box.replaceChildren(...finishingOrder());
    if (state.settlement) {
      box.append(el("h3", { text: "Settlement" }));
      const payments = state.settlement.payments;
      box.append(payments.length ? el("ul", {}, ...payments.map((p) => el("li", { text: p })))
        : el("p", { text: "Everyone is square." }));
    }
  }

  function renderRecords() {
    const box = $("records");
    const records = state.records.slice().reverse();
    const older = records.length && records[records.length - 1].deal > 1
      ? el("p", { class: "note" }, "Older deals: ", settings && settings.private
        ? recordLink(`/api/tables/${TABLE}/records`, `bragkit-${TABLE}-records.json`, "the full list")
        : el("a", { href: `/api/tables/${TABLE}/records`, text: "the full list" }),
        " (their records download the same way).") : null;
    box.replaceChildren(older || "", ...records.map((record) => {
      const winners = Object.entries(record.winners).map(([w, n]) => `${w} +${n}`).join(", ")
        || "pot carried";
      const links = el("div", { class: "links" });
      if (record.record === false) {
        links.append(el("span", { class: "note", text: "no hand history for this game yet" }));
      } else if (record.released) {
        links.append(recordLink(`/api/tables/${TABLE}/deals/${record.deal}.bhh`,
          `bragkit-${TABLE}-deal-${record.deal}.bhh`, "Download .bhh"));
        links.append(el("a", { href: `/replay/${encodeURIComponent(TABLE)}/${record.deal}`,
          target: "_blank", rel: "noopener", text: "Replay" }));
        if (record.proof) {
          links.append(recordLink(`/api/tables/${TABLE}/deals/${record.deal}/proof`,
            `proof-deal-${record.deal}.json`, "Proof"));
          links.append(el("button", { type: "button", class: "ghost", "data-check": record.deal,
            text: "Check the shuffle", onclick: () => checkProof(record) }));
        } else if (!record.shuffled) {
          links.append(el("span", { class: "note", text: "dealt from the last deal's pack" }));
        }
        if (settings && settings.analysable) {
          links.append(el("button", { type: "button", class: "ghost", "data-analyse": record.deal,
            text: "Analyse", onclick: () => analyseDeal(record) }));
        }
      } else {
        links.append(el("span", { class: "note", text: "sealed while its pack is in play" }));
      }
      const verdict = verdicts.get(record.deal);
      return el("div", { class: "record", "data-deal": record.deal },
        el("div", { class: "head" }, el("strong", { text: `Deal ${record.deal}` }),
          el("span", { class: "note", text: `${record.dealer} dealt · ${winners}` })),
        links,
        verdict ? el("div", { class: "verdict " + (verdict.ok ? "ok" : verdict.ok === false ? "bad" : ""),
          text: verdict.message }) : null,
        analysisOf(analyses.get(record.deal)));
    }));
  }

  // A private table's records are its players' (docs/web-protocol.md): each request shows the
  // seat's token, or the host's, as a bearer token; a download is fetched so, then saved.
  function recordHeaders() {
    const token = localStorage.getItem(KEYS.seat) || localStorage.getItem(KEYS.host);
    return settings && settings.private && token ? { authorization: "Bearer " + token } : {};
  }

  function recordLink(href, filename, text) {
    if (!settings || !settings.private) return el("a", { href, download: filename, text });
    return el("a", { href, download: filename, text, onclick: async (event) => {
      event.preventDefault();
      try {
        const response = await fetch(href, { headers: recordHeaders(), cache: "no-store" });
        if (!response.ok) throw new Error("only this table's players may download its records");
        const url = URL.createObjectURL(await response.blob());
        const save = el("a", { href: url, download: filename });
        document.body.append(save);
        save.click();
        save.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10000);
      } catch (error) {
        toast(String(error.message || error), "error");
      }
    } });
  }

  // Every decision of a finished deal beside the adviser's play (bragkit analyse), costliest
  // first: what was played, what the adviser plays and how likely, the chips it cost.
  async function analyseDeal(record) {
    analyses.set(record.deal, { busy: true });
    renderRecords();
    try {
      const response = await fetch(`/api/tables/${TABLE}/deals/${record.deal}/analysis`,
        { headers: recordHeaders() });
      const found = await response.json();
      if (!response.ok) throw new Error(found.error || "no analysis");
      analyses.set(record.deal, found);
    } catch (error) {
      analyses.set(record.deal, { error: String(error.message || error) });
    }
    renderRecords();
  }

  function analysisOf(found) {
    if (!found) return null;
    if (found.busy) return el("div", { class: "analysis note", text: "Playing the deal out…" });
    if (found.error) return el("div", { class: "analysis verdict bad", text: found.error });
    const move = (action, player) => action.startsWith(player + " ") ? action.slice(player.length + 1) : action;
    const rows = found.decisions.map((d) => el("li", {},
      el("strong", { text: `${d.player}: ${move(d.taken, d.player)}` }),
      ` — ${found.adviser} plays `,
      d.choices.filter((c) => c.probability > 0)
        .map((c) => `${move(c.action, d.player)} ${Math.round(c.probability * 100)}%`).join(", "),
      el("span", { class: d.cost > 0.05 ? "cost bad" : "cost", text:
        ` · ${d.cost > 0 ? "cost" : "gain"} ${Math.abs(d.cost).toFixed(1)} chips` })));
    return el("div", { class: "analysis" },
      el("p", { class: "note", text: `Each decision beside ${found.adviser}'s play, costliest ` +
        `first (${found.rollouts} deals played out per move)` }),
      rows.length ? el("ol", {}, ...rows) : el("p", { class: "note", text: "No decisions." }));
  }

  async function checkProof(record) {
    verdicts.set(record.deal, { ok: null, message: "Checking…" });
    renderRecords();
    try {
      const response = await fetch(`/api/tables/${TABLE}/deals/${record.deal}/proof`,
        { headers: recordHeaders() });
      if (!response.ok) throw new Error(await response.text());
      const proof = await response.json();
      const verdict = await window.BragFairness.verify(proof, record.commitment, seeds[proof.commitment]);
      verdicts.set(record.deal, verdict);
    } catch (error) {
      verdicts.set(record.deal, { ok: false, message: String(error.message || error) });
    }
    renderRecords();
  }

  function autoSeed() {
    const mine = me();
    const commitment = state.fairness.commitment;
    if (!commitment || mine.seat === null || mine.seeded || seeds[commitment]) return;
    if (state.deal && !state.deal.is_over) return;
    if (!["lobby", "playing", "paused"].includes(state.table.status)) return;
    const seed = randomToken(18);
    seeds[commitment] = seed;
    sessionStorage.setItem(KEYS.seeds, JSON.stringify(seeds));
    send({ type: "seed", id: newId(), seed });
  }

  // -- clocks ------------------------------------------------------------------------------

  function tick() {
    const now = performance.now();
    for (const bar of document.querySelectorAll("[data-timer]")) {
      if (!timer) continue;
      const left = Math.max(timer.deadline - now, 0) / 1000;
      bar.style.width = `${Math.max(0, Math.min(100, (left / timer.total) * 100))}%`;
    }
    const turnText = document.querySelector("[data-countdown=turn]");
    if (turnText) {
      turnText.textContent = timer ? `${Math.ceil(Math.max(timer.deadline - now, 0) / 1000)} s left` : "";
    }
    const dealText = document.querySelector("[data-countdown=deal]");
    if (dealText) {
      dealText.textContent = nextDealAt === null ? ""
        : `Next deal in ${Math.ceil(Math.max(nextDealAt - now, 0) / 1000)} s`;
    }
  }

  // -- seats -------------------------------------------------------------------------------

  // signed in (account.js): one sits under the account's name, at every table
  let account = null;
  window.bragAccount.then((name) => { account = name; });

  function openSit(seat) {
    sitSeat = seat;
    $("sit-title").textContent = `Take seat ${seat + 1}`;
    $("sit-name").value = account || localStorage.getItem(KEYS.name) || "";
    $("sit-name").readOnly = account !== null;
    $("sit-account").replaceChildren(...(account !== null
      ? [`Signed in: you sit down as ${account}.`]
      : ["Have an account? ", el("a", { href: `/signin?next=${encodeURIComponent(location.pathname)}`,
        text: "Sign in" }), " to sit under its name."]));
    $("sit-buy-in").value = settings.buy_in;
    $("sit-dialog").showModal();
    $("sit-name").focus();
  }

  $("sit-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("sit-name").value.trim();
    if (!name) return;
    if (account === null) localStorage.setItem(KEYS.name, name);
    const token = randomToken(32);
    localStorage.setItem(KEYS.seat, token);
    sitId = newId();
    send({ type: "sit", id: sitId, seat: sitSeat, name, token, buy_in: Number($("sit-buy-in").value) || null });
    $("sit-dialog").close();
    // the new token speaks for this connection from now on
  });
  $("sit-cancel").addEventListener("click", () => $("sit-dialog").close());

  // -- wiring ------------------------------------------------------------------------------

  for (const button of document.querySelectorAll(".tabs button")) {
    button.addEventListener("click", () => {
      for (const other of document.querySelectorAll(".tabs button")) {
        other.classList.toggle("active", other === button);
        $("tab-" + other.dataset.tab).hidden = other !== button;
      }
      if (button.dataset.tab === "chat") {
        button.classList.remove("news");
        const lines = (state && state.chat) || [];
        chatSeen = lines.length ? lines[lines.length - 1].at : 0;
      }
    });
  }
  $("copy").addEventListener("click", async () => {
    const text = $("invite").value;
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      $("invite").select();
      document.execCommand("copy");
    }
    toast("Invite link copied: send it to your friends.", "info");
  });
  $("start").addEventListener("click", () => host("start"));
  $("pause").addEventListener("click", () => host("pause"));
  $("resume").addEventListener("click", () => host("resume"));
  $("close").addEventListener("click", () => {
    if (confirm("Close the table and settle up?")) host("close");
  });
  $("handover").addEventListener("click", () => {
    const seat = Number($("handover-seat").value);
    const who = state.seats[seat] && state.seats[seat].name;
    if (who && confirm(`Hand the host role to ${who}? You will no longer run the table.`)) {
      host("handover", { seat });
    }
  });
  $("add-bot").addEventListener("click", () => {
    const seat = Number($("bot-seat").value);
    host("add_bot", { seat, bot: $("bot-kind").value });
  });
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    sendChat($("chat-text").value);
    $("chat-text").value = "";
  });
  $("reactions").replaceChildren(...REACTIONS.map((r) => el("button", { type: "button",
    class: "ghost mini", text: r, onclick: () => sendChat(r) })));
  const alertBox = $("alerts");
  alertBox.checked = alertsOn();
  alertBox.addEventListener("change", () => {
    localStorage.setItem(KEYS.alerts, alertBox.checked ? "on" : "off");
    if (state) renderMe();
  });
  $("host-link").addEventListener("click", async () => {
    const link = `${publicUrl || location.origin}/t/${TABLE}#host=${localStorage.getItem(KEYS.host)}`;
    try { await navigator.clipboard.writeText(link); } catch (error) { prompt("Host link", link); }
    toast("Host link copied: whoever opens it runs the table. Keep it private.", "info");
  });
  fetch("/api/server").then((r) => (r.ok ? r.json() : null)).then((info) => {
    if (info && info.public_url) { publicUrl = info.public_url; if (state) render(); }
  }).catch(() => {});
  window.addEventListener("resize", () => { if (state) place(); });
  setInterval(tick, 250);
  window.bragkit = { get state() { return state; }, get lastSeq() { return lastSeq; },
    get socket() { return ws; }, pending };
  if (REPLAY) {
    // a replay's step (GET /api/replays/…): one viewer's state, settings and log, drawn as
    // the table draws a state message
    window.bragkit.show = (step) => {
      state = step.state;
      state.deal = games.normalise(state.deal);
      settings = step.settings;
      log = step.log;
      online = state.seats.filter(Boolean).map((s) => s.name);
      lastSeq = step.at;
      render();
    };
  } else {
    connect();
  }
})();
