// What the table says in words where a bare number or a record's shorthand was misread: the
// note under a winner's seat (a score or what they took, never "+11" read as chips won) and a
// log line (a phase that begins, "-- draw", as a heading). Pure functions of the state the
// server sent; table.js calls them through window.bragWords, the tests through Node.
"use strict";

window.bragWords = {
  // The note under a winner's seat: `n` points in a game played to a target (N7, C6; the
  // deal's `winnings` says so), else what they took from the pot, or from one of several pots
  // or a share of a split pot when more than one player took some.
  winnings(deal, n) {
    if (deal.winnings === "points") return `${n} point${n === 1 ? "" : "s"}`;
    return Object.keys(deal.winners).length > 1 ? `took ${n}` : `won pot ${n}`;
  },

  // A log line as shown: {text, kind}; kind "phase" for a phase of the deal that begins
  // ("-- draw" -> "Draw"), "deal" for a new deal, "win" for a pot taken.
  logLine(text) {
    const phase = /^-- (.+)$/.exec(text);
    if (phase) return { text: phase[1][0].toUpperCase() + phase[1].slice(1), kind: "phase" };
    return { text, kind: text.startsWith("Deal ") ? "deal" : / takes \d+$/.test(text) ? "win" : "" };
  },
};
