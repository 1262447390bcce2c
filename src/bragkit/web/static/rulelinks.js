/* Every rule id the page shows links to its rule in the rule book: "(rule BL4)" becomes a link
   to /rules#rule-bl4, opened in a new tab. Watches the page (a MutationObserver), so the log,
   error messages and anything written later are linked too. Self-contained, no build step.

   The pattern is bragkit.help.CITATION's: a rule id (a section's capitals, then 1 to 99 without
   a leading zero) standing alone as a word, optionally a range to another id (N1-N7). Not after
   "#" (a colour), nor next to a number across a space (SVG path data: "M50 90 C22 68").
   tests/web/test_rulebook_web.py checks that this pattern and the Python one agree. */
(function (root) {
  "use strict";

  const ID = "(?:TP|BL|[HWDBMRFNCSPT])[1-9][0-9]?";
  const WORD = "[\\p{L}\\p{N}_]";
  const SOURCE = `(?<![\\p{L}\\p{N}_#])(?<![0-9] )(${ID})(?:[-\u2013](${ID}))?(?!${WORD})(?! ?[0-9])`;
  const BOOK = "/rules";
  // Where a link cannot go (nested links, form controls) or where text is not prose.
  const SKIP = new Set(["A", "BUTTON", "SCRIPT", "STYLE", "TEXTAREA", "INPUT", "SELECT",
    "OPTION", "NOSCRIPT", "TEMPLATE", "SVG", "TITLE", "CODE", "PRE"]);

  function pattern() { return new RegExp(SOURCE, "gu"); }

  /** The citations of a text: [{first, last}] in order (last is null without a range). */
  function citations(text) {
    return Array.from(String(text).matchAll(pattern()), (m) => ({ first: m[1], last: m[2] || null }));
  }

  /** The rule ids a text cites, each once, a range giving every id between (bragkit.help.find_ids). */
  function ids(text) {
    const found = [];
    const add = (id) => { if (!found.includes(id)) found.push(id); };
    for (const { first, last } of citations(text)) {
      const prefix = first.replace(/[0-9]+$/, "");
      if (last && last.replace(/[0-9]+$/, "") === prefix) {
        const start = Number(first.slice(prefix.length));
        const stop = Math.max(start, Number(last.slice(prefix.length)));
        for (let n = start; n <= stop; n += 1) add(prefix + n);
      } else {
        add(first);
        if (last) add(last);
      }
    }
    return found;
  }

  /** The link of a rule id: /rules#rule-bl4. */
  function href(id) { return `${BOOK}#rule-${id.toLowerCase()}`; }

  /** A text cut into plain strings and {id, text} pieces, the ids of its citations. */
  function split(text) {
    const parts = [];
    let done = 0;
    for (const m of String(text).matchAll(pattern())) {
      const spans = [[m.index, m[1]]];
      if (m[2]) spans.push([m.index + m[0].length - m[2].length, m[2]]);
      for (const [start, id] of spans) {
        if (start > done) parts.push(text.slice(done, start));
        parts.push({ id, text: id });
        done = start + id.length;
      }
    }
    if (done < text.length) parts.push(text.slice(done));
    return parts;
  }

  function skipped(node) {
    for (let el = node.parentNode; el && el.nodeType === 1; el = el.parentNode) {
      if (SKIP.has(el.nodeName.toUpperCase()) || el.isContentEditable) return true;
      if (el.namespaceURI && el.namespaceURI !== "http://www.w3.org/1999/xhtml") return true;
    }
    return false;
  }

  const HINT = /[A-Z][1-9]/;  // a quick look first: most text cites no rule

  function linkText(node) {
    const text = node.nodeValue || "";
    if (!HINT.test(text) || !node.isConnected || !node.parentNode || skipped(node)) return;
    const parts = split(text);
    if (!parts.some((part) => typeof part !== "string")) return;
    const doc = node.ownerDocument;
    const fragment = doc.createDocumentFragment();
    for (const part of parts) {
      if (typeof part === "string") { fragment.append(doc.createTextNode(part)); continue; }
      const link = doc.createElement("a");
      link.className = "rule-link";
      link.href = href(part.id);
      link.target = "_blank";
      link.rel = "noopener";
      link.title = `Rule ${part.id} in the rule book`;
      link.textContent = part.text;
      fragment.append(link);
    }
    node.parentNode.replaceChild(fragment, node);
  }

  /** Link every rule id under a node (a text node or an element). */
  function linkify(node) {
    if (!node) return;
    if (node.nodeType === 3) { linkText(node); return; }
    if (node.nodeType !== 1 && node.nodeType !== 11) return;
    const doc = node.ownerDocument || node;
    const walker = doc.createTreeWalker(node, 4 /* NodeFilter.SHOW_TEXT */);
    const texts = [];
    for (let text = walker.nextNode(); text; text = walker.nextNode()) texts.push(text);
    texts.forEach(linkText);
  }

  function watch(doc) {
    linkify(doc.body);
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === "characterData") linkify(record.target);
        else record.addedNodes.forEach(linkify);
      }
    }).observe(doc.body, { childList: true, subtree: true, characterData: true });
  }

  root.BragRuleLinks = { source: SOURCE, citations, ids, href, split, linkify };
  if (typeof document !== "undefined" && typeof MutationObserver !== "undefined") {
    if (document.body) watch(document);
    else document.addEventListener("DOMContentLoaded", () => watch(document));
  }
})(typeof window !== "undefined" ? window : globalThis);
