// Others' moves seen happening (window.chaupalMotion): when the page redraws the board after a move
// that someone else made (a bot), what changed fades into place, about 0.3 s; nothing moves under
// prefers-reduced-motion, for the player's own moves, or in review.
//
// Boards are drawn anew after every move, so "what changed" is found by comparing drawings: each
// element of the board's SVG is known by what it draws itself (its tag, its attributes, its own text,
// not its children's). An element of the new drawing that the old one did not have is marked
// `arrive`: a piece that moved (new coordinates or transform), a piece or marker that appeared, a
// number that changed. A container whose children changed is unchanged itself, so only the changes
// fade, not the board around them.
(function () {
  "use strict";
  const SETTLE_MS = 1000;  // the fade (style.css, 0.3 s) is over: the marks go
  let previous = null;  // signature -> how many elements of the last drawing drew it
  const reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

  // What makes an element a target to click (page.py, DESIGN.md: class "action", focusable, named)
  // is not part of the position: targets come and go with whose turn it is.
  const TARGET_ATTRS = /^(tabindex|role|aria-.*|data-action|focusable)$/;

  function own(node) {
    let sig = node.tagName;
    for (const attr of node.attributes) {
      if (TARGET_ATTRS.test(attr.name)) continue;
      const value = attr.name === "class" ? attr.value.replace(/\baction\b/, "") : attr.value;
      sig += " " + attr.name + "=" + value;
    }
    for (const child of node.childNodes) if (child.nodeType === 3) sig += "|" + child.data;
    return sig;
  }

  function drawing(board) {
    const svg = board.querySelector("svg");
    // targets (and what they draw) come with the player's turn: they are not the move
    return svg ? [...svg.querySelectorAll("*")].filter((node) => !node.closest("defs, title, desc, .action")) : [];
  }

  window.chaupalMotion = {
    // The board's drawing was replaced; with `animate`, the elements new in it fade in. Returns how
    // many were marked.
    drawn(board, animate) {
      const nodes = drawing(board);
      const before = previous;
      previous = new Map();
      const sigs = nodes.map(own);
      for (const sig of sigs) previous.set(sig, (previous.get(sig) || 0) + 1);
      if (!animate || !before || (reduced && reduced.matches)) return 0;
      const marked = [];
      nodes.forEach((node, i) => {
        const left = before.get(sigs[i]) || 0;
        if (left > 0) {
          before.set(sigs[i], left - 1);
        } else {
          node.classList.add("arrive");
          marked.push(node);
        }
      });
      // once faded in, the drawing is the board's own again (the same as a fresh page draws)
      setTimeout(() => {
        for (const node of marked) {
          node.classList.remove("arrive");
          if (!node.classList.length) node.removeAttribute("class");
        }
      }, SETTLE_MS);
      return marked.length;
    },
  };
})();
