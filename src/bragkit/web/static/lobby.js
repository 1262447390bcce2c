// The lobby: create a table, keep the host's token in this browser, go to the table.
"use strict";

(function () {
  const form = document.getElementById("create");
  const errorBox = document.getElementById("create-error");

  function number(name) {
    const raw = form.elements[name].value.trim();
    return raw === "" ? null : Number(raw);
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    errorBox.textContent = "";
    const rules = {
      ante: number("ante"),
      min_bet: number("min_bet"),
      blind: form.elements.blind.checked,
      see_cost: form.elements.see_cost.value,
      short_money: form.elements.short_money.value,
      shuffle: form.elements.shuffle.value,
    };
    const most = number("max_bet");
    if (most !== null) rules.max_bet = most;
    const settings = {
      name: form.elements.name.value,
      preset: form.elements.preset.value,
      seats: Number(form.elements.seats.value),
      buy_in: number("buy_in"),
      turn_seconds: number("turn_seconds") || 0,
      deal_pause: number("deal_pause") ?? 5,
      bot_delay: number("bot_delay") ?? 1,
      rules,
    };
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
      location.href = "/t/" + body.id;
    } catch (error) {
      errorBox.textContent = "The server did not answer: " + error;
    } finally {
      button.disabled = false;
    }
  });
})();
