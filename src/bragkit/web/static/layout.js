// Where the seats, the middle of the felt and the player's own panel go, so that none covers
// another at any screen size: the seats sit on an ellipse, each measured as drawn; the middle
// (deal, pot, status, result) is as wide as the seats beside it leave free; the felt is as tall
// as the seats above and below the middle need, and no taller than the screen leaves above the
// player's panel while that panel stays in view (sticky). When the felt cannot be that short
// the panel stops being sticky and follows the felt (table.js scrolls it into view on the
// player's turn). table.js calls window.bragLayout() after each render and on resize.
"use strict";

window.bragLayout = function layout(felt, center, panel, mine) {
  const GAP = 8; // px between two things on the felt
  const seats = [...felt.querySelectorAll(".seat")];
  const n = seats.length;
  const W = felt.clientWidth;
  if (!W) return;
  const border = felt.offsetHeight - felt.clientHeight;
  const wide = window.innerWidth > 600;
  // each seat's angle: the player's own seat at the bottom, the others round the table
  const angles = seats.map((node) => {
    const k = (Number(node.dataset.seat) - (mine === null ? 0 : mine) + n) % n;
    return (90 + (k * 360) / n) * (Math.PI / 180);
  });
  const size = seats.map((node) => ({ w: node.offsetWidth, h: node.offsetHeight }));
  const seatW = Math.max(0, ...size.map((s) => s.w));
  const seatH = Math.max(0, ...size.map((s) => s.h));
  const rx = W / 2 - seatW / 2 - GAP / 2;
  const xs = angles.map((a) => W / 2 + rx * Math.cos(a));
  // the middle: as wide as the seats beside it leave (those not straight above or below)
  let free = Math.min(wide ? 440 : 260, W * (wide ? 0.5 : 0.62));
  seats.forEach((node, i) => {
    if (Math.abs(Math.sin(angles[i])) > 0.9) return;
    free = Math.min(free, 2 * (Math.abs(xs[i] - W / 2) - size[i].w / 2 - GAP));
  });
  center.style.width = `${Math.max(free, 140)}px`;
  const cW = center.offsetWidth;
  const cH = center.offsetHeight;
  // the vertical radius the seats need: clear of the middle and of each other
  let ry = seatH / 2 + GAP;
  seats.forEach((node, i) => {
    const s = Math.abs(Math.sin(angles[i]));
    if (s > 0.01 && Math.abs(xs[i] - W / 2) < cW / 2 + size[i].w / 2 + GAP) {
      ry = Math.max(ry, (cH / 2 + size[i].h / 2 + GAP) / s);
    }
    for (let j = 0; j < i; j++) {
      const dy = Math.abs(Math.sin(angles[i]) - Math.sin(angles[j]));
      if (Math.abs(xs[i] - xs[j]) < (size[i].w + size[j].w) / 2 + GAP && dy > 0.01) {
        ry = Math.max(ry, ((size[i].h + size[j].h) / 2 + GAP) / dy);
      }
    }
  });
  const needed = 2 * ry + seatH + GAP + border;
  // as tall as the felt's own shape, within the room above the panel, never less than needed
  const natural = W * (wide ? 9.4 / 16 : 4 / 3) + border;
  const top = felt.getBoundingClientRect().top + window.scrollY;
  const below = parseFloat(getComputedStyle(felt.parentElement).rowGap) || 0;
  const room = window.innerHeight - top - panel.offsetHeight - below - GAP;
  const height = Math.max(needed, Math.min(natural, room));
  felt.style.height = `${Math.round(height)}px`;
  panel.classList.toggle("loose", height > room); // not sticky: it would cover the felt
  const H = felt.clientHeight;
  const r = Math.max(H / 2 - seatH / 2 - GAP / 2, 0);
  seats.forEach((node, i) => {
    // set through the CSSOM: the page's security policy forbids inline style attributes
    node.style.left = `${xs[i]}px`;
    node.style.top = `${H / 2 + r * Math.sin(angles[i])}px`;
  });
};
