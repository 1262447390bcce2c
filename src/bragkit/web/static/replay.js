// The replay page (replay.html): a record stepped through, one action at a time, drawn by the
// table's own script (table.js, window.bragkit.show). Each step is one viewer's state, built
// on the server (GET /api/replays/…): the page never holds the record, nor a card the chosen
// seat may not see. "Watch together" opens a room (POST /api/replay-rooms, WS /ws/replay/…)
// whose browsers follow the leader's steps.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const parts = location.pathname.split("/").slice(2).map(decodeURIComponent);
  const query = new URLSearchParams(location.search);
  // /replay/file/{id} (an upload), /replay/{table}/{deal} (a table's deal), /replay (drop one)
  const source = parts[0] === "file" && parts[1] ? `/api/replays/file/${encodeURIComponent(parts[1])}`
    : parts.length >= 2 && parts[1] ? `/api/replays/${encodeURIComponent(parts[0])}/${encodeURIComponent(parts[1])}`
      : null;
  const table = parts[0] !== "file" && parts.length >= 2 ? parts[0] : null;
  const roomId = query.get("room");
  const LEADER_KEY = roomId ? "bragkit.replay.leader." + roomId : null;
  let leader = LEADER_KEY ? sessionStorage.getItem(LEADER_KEY) : null;
  let socket = null;
  let at = Number(query.get("at")) || 0;
  let seat = query.get("seat") || "";
  let ownSeat = false; // a follower who picked their own view keeps it
  let step = null; // the step shown
  let asked = 0; // the last request sent: a slow answer to an older one is dropped

  function toast(text) {
    const box = $("toast");
    box.textContent = text;
    box.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => { box.hidden = true; }, 5000);
  }

  // A private table's records are its players': show the seat's or host's token the table's
  // page keeps for that table (records_site.py); an account's cookie goes by itself.
  function headers() {
    if (!table) return {};
    const token = localStorage.getItem("bragkit.seat." + table) || localStorage.getItem("bragkit.host." + table);
    return token ? { authorization: "Bearer " + token } : {};
  }

  async function load(wanted, viewer) {
    const mine = ++asked;
    const url = `${source}?at=${wanted}` + (viewer ? `&seat=${encodeURIComponent(viewer)}` : "");
    let answer;
    try {
      const response = await fetch(url, { headers: headers(), cache: "no-store" });
      answer = await response.json();
      if (!response.ok) throw new Error(answer.error || "the replay could not be read");
    } catch (error) {
      if (mine === asked) toast(String(error.message || error));
      return;
    }
    if (mine !== asked) return;
    step = answer;
    at = step.at;
    seat = step.seat || "";
    show();
  }

  function show() {
    $("replay-bar").hidden = false;
    document.title = `${step.title} · replay · bragkit`;
    const picker = $("replay-seat");
    if (picker.options.length !== step.players.length + 1) {
      picker.replaceChildren(new Option("the spectator", ""),
        ...step.players.map((name) => new Option(name, name)));
    }
    picker.value = seat;
    const range = $("replay-range");
    range.max = step.steps - 1;
    range.value = step.at;
    const deal = step.deals > 1 ? `Deal ${step.deal} of ${step.deals} · ` : "";
    $("replay-where").textContent = step.action === 0
      ? `${deal}dealt · ${step.actions} action${step.actions === 1 ? "" : "s"}`
      : `${deal}action ${step.action} of ${step.actions}`;
    const following = Boolean(roomId && !leader);
    $("replay-follow").hidden = !roomId;
    $("replay-follow").textContent = following ? "following the leader" : "leading";
    for (const id of ["replay-first", "replay-back", "replay-forward", "replay-last", "replay-range"]) {
      $(id).disabled = following;
    }
    $("replay-first").disabled ||= step.at === 0;
    $("replay-back").disabled ||= step.at === 0;
    $("replay-forward").disabled ||= step.at >= step.steps - 1;
    $("replay-last").disabled ||= step.at >= step.steps - 1;
    $("replay-share").hidden = Boolean(roomId);
    const address = new URLSearchParams();
    if (seat) address.set("seat", seat);
    address.set("at", step.at);
    if (roomId) address.set("room", roomId);
    history.replaceState(null, "", `${location.pathname}?${address}`);
    window.bragkit.show(step);
  }

  function go(wanted, viewer) {
    if (!step) return;
    const target = Math.max(0, Math.min(step.steps - 1, wanted));
    if (roomId && !leader) return; // a follower goes where the leader goes
    if (leader && socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ leader, at: target, seat: viewer || null }));
    }
    load(target, viewer);
  }

  // -- watching together -------------------------------------------------------------------

  function join() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/replay/${encodeURIComponent(roomId)}`);
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (error) { return; }
      if (message.type !== "step" || leader) return; // the leader moves itself
      load(message.at, ownSeat ? seat : message.seat || "");
    };
    socket.onclose = (event) => {
      if (event.code === 4404) {
        toast("This replay room is closed: the replay goes on here alone.");
        return;
      }
      setTimeout(join, 2000);
    };
  }

  async function share() {
    try {
      const response = await fetch("/api/replay-rooms", { method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ record: location.pathname, at, seat: seat || null }) });
      const room = await response.json();
      if (!response.ok) throw new Error(room.error || "no room could be opened");
      sessionStorage.setItem("bragkit.replay.leader." + room.room, room.leader);
      const link = `${location.origin}${room.url}`;
      try { await navigator.clipboard.writeText(link); } catch (error) { /* shown below */ }
      location.assign(room.url + `&at=${at}` + (seat ? `&seat=${encodeURIComponent(seat)}` : ""));
    } catch (error) {
      toast(String(error.message || error));
    }
  }

  // -- a record dropped on the page --------------------------------------------------------

  async function upload(file) {
    $("replay-error").textContent = "";
    if (file.size > 1024 * 1024) {
      $("replay-error").textContent = "The file is over 1 MiB: a replay here reads a record of at most 1 MiB.";
      return;
    }
    try {
      const response = await fetch("/api/replays", { method: "POST", body: file,
        headers: { "content-type": "application/octet-stream", "x-file-name": file.name.slice(0, 80).replace(/[^\x20-\x7e]/g, "?") } });
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.error || "the file could not be read");
      location.assign(answer.url);
    } catch (error) {
      $("replay-error").textContent = String(error.message || error);
    }
  }

  // -- wiring ------------------------------------------------------------------------------

  $("replay-first").addEventListener("click", () => go(0, seat));
  $("replay-back").addEventListener("click", () => go(at - 1, seat));
  $("replay-forward").addEventListener("click", () => go(at + 1, seat));
  $("replay-last").addEventListener("click", () => go(step ? step.steps - 1 : 0, seat));
  $("replay-range").addEventListener("input", (event) => go(Number(event.target.value), seat));
  $("replay-seat").addEventListener("change", (event) => {
    seat = event.target.value;
    if (roomId && !leader) { ownSeat = true; load(at, seat); return; } // their own view
    go(at, seat);
  });
  $("replay-share").addEventListener("click", share);
  document.addEventListener("keydown", (event) => {
    if (!step || event.target.closest("input:not([type=range]), select, textarea")) return;
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: step.steps - 1 };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key], seat);
    }
  });
  const zone = $("drop-zone");
  $("replay-file").addEventListener("change", (event) => {
    if (event.target.files.length) upload(event.target.files[0]);
  });
  zone.addEventListener("dragover", (event) => { event.preventDefault(); zone.classList.add("over"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("over");
    if (event.dataTransfer.files.length) upload(event.dataTransfer.files[0]);
  });

  if (!source) {
    $("replay-drop").hidden = false;
    document.querySelector("main.layout").hidden = true;
    $("status").textContent = "replay";
    $("status").className = "pill status-replay";
    return;
  }
  if (roomId) join();
  if (roomId && leader) {
    toast("You lead this replay: whoever opens this page's address follows your steps (the link is copied).");
  }
  load(at, seat);
})();
