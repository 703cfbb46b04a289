// Zoom and pan for the game board's SVG (window.chaupalZoom), and the board's room on a phone.
//
// The page redraws the board's SVG after every move, so the view lives here, not in the SVG:
// `apply(board)` puts the current view back on the new drawing. The view is a scale (1 = the
// whole board) and a centre in the drawing's own coordinates, written into its viewBox.
// Controls: the +, - and Fit buttons; Ctrl + wheel (and a trackpad's pinch, which browsers send
// as Ctrl + wheel); a two-finger pinch on touch screens; dragging pans once zoomed in. A drag
// never counts as a click, so panning over a hex does not move a piece there.
(function () {
  "use strict";
  const MAX_SCALE = 8;
  const STEP = 1.5;
  const DRAG_PIXELS = 6;  // a pointer that moves less than this is a click, not a drag
  const TARGET = 24;  // CSS px: the smallest target a finger is sure to hit (WCAG 2.5.8)
  const TEXT = 11;    // CSS px: the smallest text a phone shows (DESIGN.md, Phones)

  let scale = 1;
  let centre = null;  // [x, y] in the drawing's coordinates; null = the middle of the drawing
  let base = null;    // the drawing's own viewBox [x, y, w, h], read from each new SVG
  let svg = null;
  let onChange = () => {};
  const pointers = new Map();  // pointerId -> {x, y} of the pointers down on the board
  let gesture = null;          // {dragged, lastX, lastY, pinch} while pointers are down
  let swallowClick = false;
  let followed = false;  // the view is the one `follow` chose (not the player's own zoom or pan)

  function readBase(node) {
    const box = (node.getAttribute("data-base-viewbox") || node.getAttribute("viewBox") || "")
      .trim().split(/[\s,]+/).map(Number);
    if (box.length !== 4 || box.some((v) => !Number.isFinite(v)) || box[2] <= 0 || box[3] <= 0) {
      return null;
    }
    node.setAttribute("data-base-viewbox", box.join(" "));
    return box;
  }

  // The part of the drawing in view at the current scale, [w, h]: the whole drawing fits the
  // board's box at scale 1, and the view takes the box's own shape, so that a box taller than the
  // drawing (a phone, zoomed) shows more of the drawing instead of empty bands.
  function viewSize() {
    const [, , bw, bh] = base;
    const rect = svg.getBoundingClientRect();
    if (!(rect.width > 0 && rect.height > 0)) return [bw / scale, bh / scale];
    const k = Math.max(bw / rect.width, bh / rect.height) / scale;  // drawing units per pixel
    return [rect.width * k, rect.height * k];
  }

  // keep the view on the drawing: centred on an axis where it is larger than the drawing
  function clampedCentre(w, h) {
    const [bx, by, bw, bh] = base;
    const [cx, cy] = centre || [bx + bw / 2, by + bh / 2];
    const along = (c, lo, size, view) => (view >= size ? lo + size / 2
      : Math.min(lo + size - view / 2, Math.max(lo + view / 2, c)));
    return [along(cx, bx, bw, w), along(cy, by, bh, h)];
  }

  function draw() {
    if (!svg || !base) return;
    scale = Math.min(MAX_SCALE, Math.max(1, scale));
    // zoomed in, one finger pans the board; at the whole board it scrolls the page as usual
    svg.style.touchAction = scale > 1 ? "none" : "pan-x pan-y";
    svg.classList.toggle("zoomed", scale > 1);  // may change the box's size (style.css)
    if (scale <= 1) {
      centre = null;
      svg.setAttribute("viewBox", base.join(" "));  // the drawing exactly as the game drew it
    } else {
      // no taller than the drawing at this scale, so that no empty band shows above and below it
      const width = svg.getBoundingClientRect().width;
      if (width > 0) svg.style.setProperty("--zoom-height", Math.ceil(base[3] * width * scale / base[2]) + "px");
      const [w, h] = viewSize();
      centre = clampedCentre(w, h);
      svg.setAttribute("viewBox", [centre[0] - w / 2, centre[1] - h / 2, w, h].map((v) => +v.toFixed(2)).join(" "));
    }
    onChange(scale);
  }

  // the drawing's coordinates under a point of the screen
  function toDrawing(clientX, clientY) {
    const rect = svg.getBoundingClientRect();
    const box = svg.viewBox.baseVal;
    // the SVG keeps its aspect ratio (xMidYMid meet): one factor for both axes, centred
    const k = Math.max(box.width / rect.width, box.height / rect.height);
    const offX = (rect.width * k - box.width) / 2, offY = (rect.height * k - box.height) / 2;
    return [box.x + (clientX - rect.left) * k - offX, box.y + (clientY - rect.top) * k - offY];
  }

  // zoom by `factor`, keeping the drawing's point under (clientX, clientY) where it is
  function zoomAt(factor, clientX, clientY) {
    if (!svg || !base) return;
    const rect = svg.getBoundingClientRect();
    if (clientX === undefined) {
      clientX = rect.left + rect.width / 2;
      clientY = rect.top + rect.height / 2;
    }
    const before = toDrawing(clientX, clientY);
    scale = Math.min(MAX_SCALE, Math.max(1, scale * factor));
    draw();
    if (scale <= 1) return;
    const after = toDrawing(clientX, clientY);
    centre = [centre[0] + before[0] - after[0], centre[1] + before[1] - after[1]];
    draw();
  }

  function panBy(dxPixels, dyPixels) {
    const rect = svg.getBoundingClientRect();
    const box = svg.viewBox.baseVal;
    const k = Math.max(box.width / rect.width, box.height / rect.height);
    if (!centre) return;
    centre = [centre[0] - dxPixels * k, centre[1] - dyPixels * k];
    draw();
  }

  function pinchSpan() {
    const [a, b] = [...pointers.values()];
    return [Math.hypot(a.x - b.x, a.y - b.y), (a.x + b.x) / 2, (a.y + b.y) / 2];
  }

  function onPointerDown(event) {
    if (event.button !== undefined && event.button !== 0 && event.pointerType === "mouse") return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 1) {
      gesture = { dragged: false, startX: event.clientX, startY: event.clientY,
                  lastX: event.clientX, lastY: event.clientY, pinch: null };
    } else if (pointers.size === 2 && gesture) {
      gesture.pinch = pinchSpan()[0];
      gesture.dragged = true;
    }
  }

  function onPointerMove(event) {
    if (!gesture || !pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size >= 2 && gesture.pinch) {
      const [span, mx, my] = pinchSpan();
      if (span > 0) zoomAt(span / gesture.pinch, mx, my);
      followed = false;
      gesture.pinch = span;
      event.preventDefault();
      return;
    }
    if (!gesture.dragged && Math.hypot(event.clientX - gesture.startX, event.clientY - gesture.startY) < DRAG_PIXELS) {
      return;
    }
    if (scale <= 1) return;  // nothing to pan at the whole board
    if (!gesture.dragged) {
      gesture.dragged = true;
      svg.setPointerCapture?.(event.pointerId);
    }
    panBy(event.clientX - gesture.lastX, event.clientY - gesture.lastY);
    followed = false;
    gesture.lastX = event.clientX;
    gesture.lastY = event.clientY;
    event.preventDefault();
  }

  function onPointerUp(event) {
    pointers.delete(event.pointerId);
    if (pointers.size === 0 && gesture) {
      swallowClick = gesture.dragged;
      gesture = null;
      svg?.classList.remove("panning");
    }
  }

  function onWheel(event) {
    if (!(event.ctrlKey || event.metaKey)) return;  // a plain wheel scrolls the page
    event.preventDefault();
    followed = false;
    zoomAt(Math.exp(-event.deltaY * 0.01), event.clientX, event.clientY);
  }

  // a drag ends with a click on whatever is under the pointer: that click is not a move
  function onClickCapture(event) {
    if (swallowClick) {
      swallowClick = false;
      event.stopPropagation();
      event.preventDefault();
    }
  }

  const listeners = [["pointerdown", onPointerDown], ["pointermove", onPointerMove],
                     ["pointerup", onPointerUp], ["pointercancel", onPointerUp], ["wheel", onWheel]];

  // Put the current view on the board's new SVG (call after every redraw).
  function apply(board) {
    const node = board && board.querySelector("svg");
    if (!node) return;
    if (svg !== node) {
      for (const [name, fn] of listeners) {
        svg?.removeEventListener(name, fn);
        node.addEventListener(name, fn, { passive: name !== "wheel" && name !== "pointermove" });
      }
      svg?.removeEventListener("click", onClickCapture, true);
      node.addEventListener("click", onClickCapture, true);
      svg = node;
      pointers.clear();
      gesture = null;
    }
    const newBase = readBase(node);
    if (!newBase) return;
    if (!base || newBase.some((v, i) => v !== base[i])) {
      // another drawing size (another game): start from the whole board
      if (base) { scale = 1; centre = null; followed = false; }
      base = newBase;
    }
    fitRoom(false);
    draw();
  }

  function bindButtons() {
    const byId = (id) => document.getElementById(id);
    if (!byId("zoom-in")) return;
    byId("zoom-in").addEventListener("click", () => { followed = false; zoomAt(STEP); });
    byId("zoom-out").addEventListener("click", () => { followed = false; zoomAt(1 / STEP); });
    byId("zoom-fit").addEventListener("click", () => { followed = false; scale = 1; centre = null; draw(); });
    onChange = (now) => {
      byId("zoom-out").disabled = now <= 1;
      byId("zoom-fit").disabled = now <= 1;
      byId("zoom-in").disabled = now >= MAX_SCALE;
    };
  }
  // On a narrow screen the prompt and its buttons are a bar fixed at the bottom of the screen
  // (style.css, .act). Two measures for style.css: --act-height, the bar's height (the page keeps
  // that much room at its end), and --board-room, the height from the board's top to the bar: the
  // zoomed board takes it, so that the zoomed board and the bar are in view together.
  function fitRoom(redraw = true) {
    const act = document.getElementById("act");
    const board = document.getElementById("board");
    if (!act || !board) return;
    const root = document.documentElement.style;
    const fixed = getComputedStyle(act).position === "fixed";
    const bar = fixed ? act.getBoundingClientRect().height : 0;
    root.setProperty("--act-height", Math.ceil(bar) + "px");
    if (fixed) {
      const top = board.getBoundingClientRect().top + window.scrollY;
      const room = window.innerHeight - bar - top - 8;
      // never under about half the screen: a board further down (an alert above it) scrolls instead
      root.setProperty("--board-room", Math.round(Math.max(room, window.innerHeight * 0.45)) + "px");
    } else {
      root.removeProperty("--board-room");
    }
    if (redraw && svg && base && scale > 1) draw();  // the zoomed view takes the box's new shape
  }

  // On a phone, the view follows each new decision (page_render.py calls this once per decision, so
  // that it never fights the player's own zoom and scrolling within one):
  //   * targets smaller than a finger (TARGET px), or a drawing whose text reads smaller than TEXT px,
  //     are zoomed in on until they are not, up to MAX_SCALE, the view centred on the targets all when
  //     they fit in it, else on the first (the others a drag away; Whole board shows them all);
  //   * a zoom that `follow` chose goes back to the whole board when the decision's targets and the
  //     text are big enough there; a zoom of the player's own stays (only zoomed in further if needed);
  //   * when no target is in view above the bar, the page scrolls the first one to the middle of
  //     the room above it.
  function targetsOnBoard() {
    return svg ? [...svg.querySelectorAll(".action")].filter((t) => t.getClientRects().length) : [];
  }

  function smallest(targets) {
    return Math.min(...targets.map((t) => { const r = t.getBoundingClientRect(); return Math.min(r.width, r.height); }));
  }

  // the size on screen of the drawing's smallest shown text: its font size times its scale on screen
  function smallestText() {
    let least = Infinity;
    for (const t of svg.querySelectorAll("text")) {
      const m = t.getClientRects().length && t.getScreenCTM();
      if (m) least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
    }
    return least;
  }

  // how much larger the view must be for the decision's targets and the drawing's text (1 or less: none)
  function wanted(targets) {
    return Math.max(TARGET / Math.max(smallest(targets), 1), TEXT / Math.max(smallestText(), 0.5));
  }

  function centreOn(targets) {
    const [w, h] = viewSize();
    const points = targets.map((t) => {
      const r = t.getBoundingClientRect();
      return [r.left, r.top, r.right, r.bottom];
    });
    const lo = toDrawing(Math.min(...points.map((p) => p[0])), Math.min(...points.map((p) => p[1])));
    const hi = toDrawing(Math.max(...points.map((p) => p[2])), Math.max(...points.map((p) => p[3])));
    if (hi[0] - lo[0] <= w * 0.9 && hi[1] - lo[1] <= h * 0.9) {
      centre = [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2];
    } else {
      const [x0, y0, x1, y1] = points[0];
      centre = toDrawing((x0 + x1) / 2, (y0 + y1) / 2);
    }
    draw();
  }

  function follow() {
    const act = document.getElementById("act");
    if (!svg || !base || !act || getComputedStyle(act).position !== "fixed") return;
    const everywhere = [...document.querySelectorAll("#board .action")].filter((t) => t.getClientRects().length);
    const targets = targetsOnBoard();  // those of the drawing that zooms (a board may have others)
    if (!targets.length) {
      if (everywhere.length) reveal(everywhere, act);
      return;
    }
    if (followed && scale > 1) {  // our own zoom: back to the whole board if it is enough there
      scale = 1; centre = null; draw();
      followed = false;
    }
    let factor = wanted(targets);
    if (factor > 1 && scale < MAX_SCALE) {
      for (let i = 0; i < 3 && factor > 1 && scale < MAX_SCALE; i++) {  // the box grows when zoomed
        // at least a step of the + button: a zoom by a few per cent would only add empty bands
        scale = Math.min(MAX_SCALE, scale * Math.max(i ? 1 : STEP, factor * 1.02));
        draw();
        factor = wanted(targets);
      }
      centreOn(targets);
      followed = true;
      // the zoomed board fills the room above the bar (fitRoom): its bottom just above the bar
      const frame = svg.getBoundingClientRect();
      const bottom = window.innerHeight - act.getBoundingClientRect().height;
      if (frame.top < 0 || frame.bottom + 8 > bottom) window.scrollBy({ top: frame.bottom + 8 - bottom, behavior: "auto" });
    }
    reveal(everywhere, act);
  }

  function reveal(targets, act) {
    const bottom = window.innerHeight - act.getBoundingClientRect().height;
    const inView = (t) => {  // on screen above the bar, and inside its drawing's view
      const r = t.getBoundingClientRect(), frame = (t.closest("svg") || t).getBoundingClientRect();
      return r.width > 0 && r.bottom > Math.max(0, frame.top) && r.top < Math.min(bottom, frame.bottom)
        && r.right > frame.left && r.left < frame.right;
    };
    if (targets.some(inView)) return;
    const zoomed = targets.filter((t) => svg.contains(t));
    if (scale > 1 && zoomed.length) centreOn(zoomed);  // a view of the player's own that shows none of them
    if (targets.some(inView)) return;
    const drawn = (t) => {  // inside its drawing's view, wherever the page is scrolled
      const r = t.getBoundingClientRect(), frame = (t.closest("svg") || t).getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      return x > frame.left && x < frame.right && y > frame.top && y < frame.bottom;
    };
    const first = (targets.find(drawn) || targets[0]).getBoundingClientRect();
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollBy({ top: first.top + first.height / 2 - bottom / 2, behavior: still ? "auto" : "smooth" });
  }

  function watchRoom() {
    if (!document.getElementById("act") || !window.ResizeObserver) return;
    const observer = new ResizeObserver(() => fitRoom());
    // the bar, and what stands above the board (the header, messages, the review's buttons)
    for (const selector of ["#act", ".bar", "#alert", "#notice", ".zoom-tools", "#review-bar"]) {
      const node = document.querySelector(selector);
      if (node) observer.observe(node);
    }
    fitRoom();
  }

  // On a phone Undo stands in the bar, beside Hint, in reach with the prompt (shown there only when
  // the player may undo: style.css); on a wide screen it is with the other tools (Share, Review).
  function placeUndo() {
    const undo = document.getElementById("undo"), hint = document.getElementById("hint");
    const tools = document.querySelector(".tools");
    const act = document.getElementById("act");
    if (!undo || !hint || !tools || !act) return;
    const phone = getComputedStyle(act).position === "fixed";
    if (phone && undo.parentNode !== hint.parentNode) hint.after(undo);
    else if (!phone && undo.parentNode !== tools) tools.prepend(undo);
  }

  function start() {
    bindButtons();
    watchRoom();
    placeUndo();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  window.addEventListener("resize", () => { placeUndo(); fitRoom(); if (scale > 1) draw(); });

  window.chaupalZoom = {
    apply,
    follow,
    scale: () => scale,
  };
})();
