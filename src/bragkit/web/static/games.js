// The games beyond the three-card family at the web table: Nine Card Brag and Crash (sets),
// historic Brag, 3 Card Brag Poker and Teen Patti (stakes; Teen Patti's boot and stake, its
// sideshow request with accept / decline and the joker's turned card come from its view's
// extra: boot, stake, seen, sideshow, turned). Each draws from the receiver's own view of the
// deal (state.deal: the game's view, see docs/web-protocol.md) and its legal actions; the
// server checks every action. table.js calls these through window.bragGames(ctx).
"use strict";

window.bragGames = function (ctx) {
  const { el, cardImg, act, toast, plural } = ctx;
  let picked = new Set(); // cards tapped (places in a Nine Card hand): a set to play (N), discards to draw (P3)
  let handKey = null; // the Nine Card hand the places are of
  let sets = []; // a Crash arrangement being built (C2): arrays of cards
  let dealKey = null;

  const split = (text) => (typeof text === "string" ? text.split(" ").filter(Boolean) : text || []);

  // The shape table.js reads of any deal, from the game's own view.
  function normalise(deal) {
    if (!deal || deal.held !== undefined) return deal; // a three-card view
    const kind = deal.played !== undefined ? "nine" : deal.arranged !== undefined ? "crash" : "stakes";
    const shown = {};
    for (const [p, cards] of Object.entries(deal.shown || {})) shown[p] = split(cards);
    let winners = deal.winners || {};
    if (deal.winner) winners = { [deal.winner]: deal.scores[deal.winner] };
    const pot = deal.pots ? Object.values(deal.pots).reduce((a, b) => a + b, 0) : 0;
    const inPlay = deal.in_play || deal.players;
    // a game that names its seen players (Teen Patti, TP2): the others in play are blind
    const seen = deal.extra && deal.extra.seen;
    const blind = seen ? inPlay.filter((p) => !seen.includes(p)) : [];
    return Object.assign({}, deal, {
      kind, shown, winners, pot, is_over: deal.over, in_play: inPlay,
      // what a winner's number is: a score (N7, C6) or what they took from the pots
      winnings: kind === "stakes" ? "pot" : "points",
      blind, covered: [], held: {}, face_up: {}, actions: deal.history || [],
      carried_forward: 0, named: null,
    });
  }

  function key(deal) {
    return `${deal.number}/${deal.deal || 0}/${deal.round || deal.phase || ""}`;
  }

  function seatCards(name, deal, mine) {
    if (deal.kind === "nine") {
      const laid = deal.played[name] || [];
      const last = laid.length ? split(laid[laid.length - 1]) : [];
      const left = deal.cards_left[name] || 0;
      return el("div", { class: "cards" },
        ...last.map((c) => cardImg(c)),
        el("span", { class: "count", text: `${left} left` }));
    }
    if (deal.kind === "crash") {
      const arranged = deal.arranged.includes(name);
      const call = deal.calls[name];
      return el("div", { class: "cards" }, el("span", { class: "count", text:
        (arranged ? "arranged" : "arranging") + (call === true ? " · CRASH!" : call === false ? " · pass" : "") }));
    }
    const cards = deal.shown[name] || (deal.cards[name] || []);
    if (name === mine.name && !deal.shown[name]) {
      return el("div", { class: "cards" }, ...cards.map((c) => cardImg(c)));
    }
    return el("div", { class: "cards" + (deal.shown[name] ? " shown" : "") }, ...cards.map((c) => cardImg(c)));
  }

  function scores(deal, target) {
    return "points: " + Object.entries(deal.scores).map(([p, n]) => `${p} ${n}`).join(" · ")
      + ` (to ${target})`;
  }

  // {title, pot, line, banner, win} for the middle of the felt (pot null: the game has none)
  function center(deal, settings) {
    const rules = settings.rules;
    if (deal.kind === "nine") {
      // the sets laid in the latest round, in the order played (N4)
      const rounds = Object.values(deal.played).reduce((a, s) => Math.max(a, s.length), 0);
      const laid = rounds ? Object.entries(deal.played).filter(([, s]) => s.length === rounds)
        .map(([p, s]) => `${p} ${s[rounds - 1]}`) : [];
      return { title: `Game ${deal.number} · deal ${deal.deal} · ${deal.dealer} deals`, pot: null,
        line: (deal.is_over ? "" : `Round ${deal.round} · `) + scores(deal, rules.target)
        + ` · each loser pays ${plural(rules.stake, "chip")} a point behind (N7)`,
        banner: deal.is_over ? `${deal.winner} wins the game with ${plural(deal.scores[deal.winner], "point")}`
          : laid.length ? `Round ${rounds}: ${laid.join(" · ")}` : "",
        win: deal.is_over };
    }
    if (deal.kind === "crash") {
      const calls = Object.entries(deal.calls).filter(([, c]) => c).map(([p]) => p);
      const nets = Object.entries(deal.nets).filter(([, n]) => n).map(([p, n]) => `${p} ${n > 0 ? "+" : ""}${n}`);
      const phase = deal.is_over ? "" : { arrange: "Arranging · ", call: "Calling crash · " }[deal.phase] || "";
      return { title: `Game ${deal.number} · deal ${deal.deal} · ${deal.dealer} deals`, pot: null,
        line: phase + scores(deal, rules.target)
        + (calls.length ? ` · crash called: ${calls.join(", ")}` : "")
        + (nets.length ? ` · crash money ${nets.join(", ")} (C5)` : ""),
        banner: deal.is_over ? `${deal.winner} wins the game with ${plural(deal.scores[deal.winner], "point")}` : "",
        win: deal.is_over };
    }
    const extra = deal.extra || {};
    // while the deal goes on, its phase and the pots; at its end they are emptied (the banner
    // and the POT badge say what was taken)
    const bits = deal.is_over ? [] : [deal.phase];
    const several = Object.keys(deal.pots).length > 1; // one pot is the badge itself
    if (!deal.is_over && several) bits.push(Object.entries(deal.pots).map(([p, n]) => `${p} ${n}`).join(" · "));
    // who posted the blinds (P1): names, not amounts
    if (extra.small_blind) bits.push(`blinds: ${extra.small_blind} (small), ${extra.big_blind} (big)`);
    if (extra.boot !== undefined) { // Teen Patti: the boot (TP2), the stake in blind terms (TP3)
      bits.push(`boot ${extra.boot} · stake ${extra.stake}` + (deal.is_over ? ""
        : ` (blind chaal ${extra.stake}–${2 * extra.stake}, seen ${2 * extra.stake}–${4 * extra.stake})`));
    }
    if (extra.turned) bits.push(`joker ${extra.turned}: every ${extra.turned[0]} is wild (TP8)`);
    const totals = Object.entries(extra.totals || {});
    // past 31 by drawing is bust: the third stake is lost (S4)
    if (totals.length) bits.push("31 count: " + totals.map(([p, n]) => `${p} ${n}${n > 31 ? " (bust)" : ""}`).join(", "));
    if (extra.drawn && Object.keys(extra.drawn).length) {
      bits.push("drew: " + Object.entries(extra.drawn).map(([p, n]) => `${p} ${n}`).join(", "));
    }
    const contests = (extra.contests || []).map((c) => `${c.pot}: ${c.winner} (${c.why})`);
    const winners = Object.entries(deal.winners).map(([p, n]) => `${p} wins ${n}`);
    const taken = Object.values(deal.winners).reduce((a, b) => a + b, 0);
    const asked = extra.sideshow ? `${extra.sideshow.asker} asks ${extra.sideshow.asked} for a sideshow (TP5)` : "";
    return { title: null, pot: deal.is_over ? taken : deal.pot, line: bits.filter(Boolean).join(" · "),
      banner: deal.is_over ? winners.join(" · ") : asked || (contests.length ? contests[contests.length - 1] : ""),
      win: deal.is_over && winners.length > 0 };
  }

  // a card to tap: picked by `key`, the card itself, or its place in the hand where a hand may
  // hold the same card twice (Nine Card Brag's two packs, N1)
  function pickable(card, on, key = card) {
    const img = cardImg(card, { class: "pick" + (picked.has(key) ? " picked" : "") });
    img.addEventListener("click", () => { if (picked.has(key)) picked.delete(key); else picked.add(key); on(); });
    return img;
  }

  // Draw the receiver's own cards into `box`, their actions into `actions`.
  function mine(box, actions, deal, legal, rerender) {
    if (dealKey !== key(deal)) { dealKey = key(deal); picked = new Set(); sets = []; }
    const suggestion = deal.suggestion;
    box.classList.toggle("many", deal.kind === "nine" || deal.kind === "crash");
    if (deal.kind === "nine") { // picked by place in the hand: two packs deal a card twice (N1)
      const hand = split(deal.hand);
      if (handKey !== deal.hand) { handKey = deal.hand; picked = new Set(); }
      hand.forEach((c, i) => box.append(pickable(c, rerender, i)));
      const cardsOf = (places) => [...places].sort((a, b) => a - b).map((i) => hand[i]);
      const laid = (deal.played[ctx.me().name] || []).map((s) => split(s).join(" "));
      if (laid.length) box.append(el("div", { class: "hint", text: "Laid: " + laid.join(" | ") }));
      const plays = legal.find((o) => o.verb === "plays");
      if (plays) {
        actions.append(el("button", { type: "button", class: "ghost", "data-verb": "suggest", text: "Suggest",
          onclick: () => {
            if (!suggestion) return;
            picked = new Set(); // each suggested card at a place of its own
            for (const c of suggestion.cards) {
              const i = hand.findIndex((h, j) => h === c && !picked.has(j));
              if (i >= 0) picked.add(i);
            }
            rerender();
          } }));
        const ready = picked.size === 3;
        actions.append(el("button", { type: "button", class: "primary", "data-verb": "plays", disabled: !ready,
          text: ready ? `Play ${cardsOf(picked).join(" ")}` : "Pick three cards to play",
          onclick: () => { act(plays, null, cardsOf(picked)); picked = new Set(); } }));
      }
      return;
    }
    if (deal.kind === "crash") {
      const cards = split(deal.cards);
      const placed = new Set(sets.flat());
      if (deal.hands) {
        box.append(el("div", { class: "sets" }, ...deal.hands.map((h, i) =>
          el("div", { class: "set", "data-set": i }, ...split(h).map((c) => cardImg(c))))));
      } else {
        for (const c of cards) if (!placed.has(c)) box.append(pickable(c, rerender));
        box.append(el("div", { class: "sets" }, ...sets.map((h, i) =>
          el("div", { class: "set", "data-set": i }, ...h.map((c) => cardImg(c))))));
      }
      const arranges = legal.find((o) => o.verb === "arranges");
      if (arranges) {
        actions.append(el("button", { type: "button", class: "ghost", "data-verb": "suggest", text: "Suggest",
          onclick: () => { if (suggestion) { sets = suggestion.sets.map((s) => s.slice()); picked = new Set(); rerender(); } } }));
        if (sets.length < 4) { // up to four hands of three or four cards (C2)
          const ready = picked.size === 3 || picked.size === 4;
          actions.append(el("button", { type: "button", "data-verb": "make-hand", disabled: !ready,
            text: ready ? `Make hand ${sets.length + 1} of ${[...picked].join(" ")}`
              : `Pick 3 or 4 cards for hand ${sets.length + 1}`,
            onclick: () => { sets.push([...picked]); picked = new Set(); rerender(); } }));
        }
        if (sets.length) {
          actions.append(el("button", { type: "button", class: "ghost", "data-verb": "undo-hand", text: "Undo hand",
            onclick: () => { sets.pop(); rerender(); } }));
        }
        actions.append(el("button", { type: "button", class: "primary", "data-verb": "arranges",
          disabled: !sets.length, text: `Arrange ${plural(sets.length, "hand")}`,
          onclick: () => act(arranges, null, null, sets) }));
      }
      for (const option of legal.filter((o) => o.verb === "crash" || o.verb === "pass")) {
        actions.append(el("button", { type: "button", class: option.verb === "crash" ? "danger" : "",
          "data-verb": option.verb, text: option.verb === "crash" ? "Call crash! (C5)" : "Pass",
          onclick: () => act(option) }));
      }
      return;
    }
    // historic Brag, Brag Poker and Teen Patti
    const extra = deal.extra || {};
    const own = deal.cards[ctx.me().name] || [];
    const draw = legal.find((o) => o.verb === "draw" && o.max);
    for (const c of own) box.append(c && draw ? pickable(c, rerender) : cardImg(c));
    if (!draw) picked = new Set();
    // a draw of cards (P3) is one control: the cards picked on screen; other draws are buttons
    const shown = legal.filter((o) => o.verb !== "topup" && !(draw && o.verb === "draw"));
    if (draw) shown.unshift(draw);
    if (extra.turned) { // the joker variant's turned card (TP8)
      box.append(el("div", { class: "turned", "data-turned": extra.turned },
        el("span", { class: "hint", text: "Joker:" }), cardImg(extra.turned),
        el("span", { class: "hint", text: `every ${extra.turned[0]} is wild` })));
    }
    const answer = extra.sideshow && shown.some((o) => o.verb === "accept");
    if (answer) { // a sideshow asked of this player (TP5): accept or decline
      actions.append(el("div", { class: "hint sideshow-request", text:
        `${extra.sideshow.asker} asks you for a sideshow: accept to compare hands privately `
        + "(the weaker packs; a tie goes against the asker), or decline" }));
    }
    for (const option of shown) actions.append(control(option));
  }

  // A button's words as a sentence starts ("call 1" -> "Call 1").
  function capital(text) {
    return text ? text[0].toUpperCase() + text.slice(1) : text;
  }

  // The amounts a range allows go in steps its listed choices show (a seen chaal is even, TP3).
  function step(option) {
    const amounts = (option.choices || []).map((t) => Number(t.split(" ").pop()));
    return amounts.length > 1 && amounts.every(Number.isInteger) ? amounts[1] - amounts[0] : 1;
  }

  function control(option) {
    const verb = option.verb;
    if (verb === "draw" && option.max) {
      const n = picked.size;
      return el("button", { type: "button", class: "primary", "data-verb": "draw",
        disabled: n > 3, text: n ? `Draw ${n}: discard ${[...picked].join(" ")}` : "Draw none (stand pat)",
        onclick: () => { act(option, n, [...picked]); picked = new Set(); } });
    }
    if (option.min !== null && option.max !== option.min && verb !== "draw") {
      const input = el("input", { type: "number", min: option.min, max: option.max ?? null, value: option.min,
        step: step(option), "aria-label": `${verb} amount`, "data-amount": verb });
      const button = el("button", { type: "button", class: "primary", "data-verb": verb, text: capital(verb),
        onclick: () => {
          const amount = Number(input.value);
          if (!Number.isInteger(amount) || amount < option.min || (option.max !== null && amount > option.max)) {
            toast(`${verb} ${option.min}${option.max !== null ? " to " + option.max : " or more"}`);
            return;
          }
          act(option, amount);
        } });
      return el("span", { class: "amount-group" }, input, button);
    }
    const amount = verb === "draw" ? 0 : (option.min !== null && option.min === option.max ? option.min : null);
    const words = capital(option.text.slice(option.player.length + 1));
    const style = verb === "drop" || verb === "fold" ? "danger" : verb === "accept" ? "primary" : "";
    return el("button", { type: "button", class: style, "data-verb": verb,
      text: words, onclick: () => act(option, verb === "draw" ? option.min : amount) });
  }

  return { normalise, seatCards, center, mine };
};
