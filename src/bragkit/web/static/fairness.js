// Checks a fairness proof (format bragkit-fairness/1) in the browser, independently of the
// server: the same steps as bragkit.fairness.verify, written again from the protocol text.
//   1. SHA-256(server seed) must be the commitment published before the deal;
//   3. bytes: HMAC-SHA256(seed, u32(m) || (u32(len) || seed_i)... || u64(deal) || u64(counter));
//   4. an integer below n: w bytes (256**w >= n), big-endian, rejected at or above
//      256**w - (256**w mod n), else taken mod n;
//   5. the pack starts As Ah Ad Ac Ks ... 2c (per deck), then the jokers;
//   6. Fisher-Yates from the last index down to 1; the result must be the proof's pack.
"use strict";

window.BragFairness = (function () {
  const RANKS = "AKQJT98765432";
  const SUITS = "shdc";

  function hexToBytes(hex) {
    if (!/^([0-9a-f]{2})+$/.test(hex)) throw new Error("the seed is not hexadecimal");
    const out = new Uint8Array(hex.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(i * 2, 2), 16);
    return out;
  }

  function toHex(buffer) {
    return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function u32(n) {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, n, false);
    return b;
  }

  function u64(n) {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt(n), false);
    return b;
  }

  function concat(parts) {
    const size = parts.reduce((total, p) => total + p.length, 0);
    const out = new Uint8Array(size);
    let at = 0;
    for (const p of parts) { out.set(p, at); at += p.length; }
    return out;
  }

  function standardPack(jokers, decks) {
    const cards = [];
    for (let d = 0; d < decks; d++) {
      for (const r of RANKS) for (const s of SUITS) cards.push(r + s);
    }
    for (let j = 0; j < jokers; j++) cards.push("Jk");
    return cards;
  }

  async function stream(seed, clientSeeds, deal) {
    const key = await crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" },
                                              false, ["sign"]);
    const encoder = new TextEncoder();
    const prefix = [u32(clientSeeds.length)];
    for (const s of clientSeeds) {
      const bytes = encoder.encode(s);
      prefix.push(u32(bytes.length), bytes);
    }
    prefix.push(u64(deal));
    const head = concat(prefix);
    let counter = 0;
    let buffer = new Uint8Array(0);
    return {
      async read(n) {
        while (buffer.length < n) {
          const block = await crypto.subtle.sign("HMAC", key, concat([head, u64(counter)]));
          counter += 1;
          buffer = concat([buffer, new Uint8Array(block)]);
        }
        const out = buffer.slice(0, n);
        buffer = buffer.slice(n);
        return out;
      },
    };
  }

  async function below(n, source) {
    let width = 0;
    while (256 ** width < n) width += 1;
    const span = 256 ** width;
    const limit = span - (span % n);
    for (;;) {
      const chunk = await source.read(width);
      let x = 0;
      for (const b of chunk) x = x * 256 + b;
      if (x < limit) return x % n;
    }
  }

  // Resolves to {ok, message}; never throws.
  async function verify(proof, expectedCommitment, mySeed) {
    try {
      if (!window.crypto || !crypto.subtle) {
        return { ok: null, message: "This browser allows the check only on https or localhost: "
          + "download the proof and run bragkit verify." };
      }
      if (proof.format !== "bragkit-fairness/1") throw new Error("unknown proof format");
      const seed = hexToBytes(proof.server_seed);
      if (seed.length !== 32) throw new Error("the server seed is not 32 bytes");
      const digest = toHex(await crypto.subtle.digest("SHA-256", seed));
      if (digest !== proof.commitment) {
        return { ok: false, message: "The seed does not match its commitment." };
      }
      if (expectedCommitment && expectedCommitment !== proof.commitment) {
        return { ok: false, message: "This is not the commitment published before the deal." };
      }
      const cards = standardPack(proof.jokers || 0, proof.decks || 1);
      const source = await stream(seed, proof.client_seeds, proof.deal);
      for (let i = cards.length - 1; i > 0; i--) {
        const j = await below(i + 1, source);
        [cards[i], cards[j]] = [cards[j], cards[i]];
      }
      if (cards.join(" ") !== proof.pack.trim().split(/\s+/).join(" ")) {
        return { ok: false, message: "The seeds give another pack than the one dealt." };
      }
      const mine = mySeed && proof.client_seeds.includes(mySeed) ? ", your seed included" : "";
      return {
        ok: true,
        message: `Verified: the pack follows from the seed committed before the deal (${proof.commitment.slice(0, 12)}…) and ${proof.client_seeds.length} player seed(s)${mine}.`,
      };
    } catch (error) {
      return { ok: false, message: "Not a valid proof: " + error.message };
    }
  }

  return { verify, standardPack };
})();
