// Start-up feedback for pages that run Python: a progress bar that moves while Pyodide loads,
// and any error during start-up shown on the page (role="alert"), not only in the console.
(function () {
  "use strict";
  const started = performance.now();
  const showError = (message) => {
    const box = document.getElementById("alert");
    if (!box) return;
    box.hidden = false;
    box.textContent = message;
    const loading = document.getElementById("loading");
    if (loading && document.body.dataset.ready !== "true") loading.classList.add("failed");
  };
  window.chaupalShowError = showError;
  window.addEventListener("error", (event) => {
    if (document.body && document.body.dataset.ready === "true") return; // Python reports its own errors
    showError("The game could not start: " + (event.message || "a file failed to load") +
      ". Reload the page to try again.");
  });
  window.addEventListener("unhandledrejection", (event) => {
    if (document.body && document.body.dataset.ready === "true") return;
    const reason = event.reason && (event.reason.message || String(event.reason));
    showError("The game could not start: " + reason + ". Reload the page to try again.");
  });
  const stage = (text, value) => {
    const label = document.getElementById("loading-text");
    const bar = document.getElementById("loading-progress");
    if (label) label.textContent = text;
    if (bar && value > bar.value) bar.value = value;
  };
  window.chaupalStage = stage;
  // A long job in Python (replaying a long game) awaits this between slices: a timer task, queued
  // behind the browser's own due timers, input and drawing (Python's own zero sleep may not be).
  window.chaupalYield = () => new Promise((resolve) => setTimeout(resolve, 0));
  // Scrolls a box to its end at the next frame, once the page is laid out for it (web/page_render.py).
  window.chaupalScrollToEnd = (node) => requestAnimationFrame(() => { node.scrollTop = node.scrollHeight; });
  // Pyodide reports no byte progress; advance smoothly towards 80% over the usual start-up time.
  const timer = setInterval(() => {
    if (document.body && document.body.dataset.ready === "true") return clearInterval(timer);
    const seconds = (performance.now() - started) / 1000;
    stage(document.getElementById("loading-text")?.textContent || "", Math.min(80, 5 + seconds * 25));
    if (seconds > 45) {
      showError("Python is taking very long to start. Check your connection and reload the page.");
      clearInterval(timer);
    }
  }, 200);
  // The game's own code (engine-<game>.zip) is fetched while Pyodide starts, not after it:
  // web/page_storage.py (load_game) takes it from here. The id comes from the address: the new-game spec, or
  // a share link of format 2, a msgpack list that starts [2, "<game>", ...] (saves.py).
  const gameInAddress = () => {
    try {
      const spec = new URLSearchParams(location.search).get("new");
      if (spec) return JSON.parse(spec).game;
      const head = location.hash.slice(1, 21).replace(/-/g, "+").replace(/_/g, "/");
      const bytes = Uint8Array.from(atob(head.padEnd(20, "A")), (c) => c.charCodeAt(0));
      if (bytes[0] < 0x90 || bytes[0] > 0x9f || bytes[1] !== 2 || (bytes[2] & 0xe0) !== 0xa0) return null;
      return String.fromCharCode(...bytes.slice(3, 3 + (bytes[2] & 0x1f)));
    } catch (err) {
      return null; // a broken address: the page itself says what is wrong with it
    }
  };
  const GAME_IDS = []; // build.py writes the site's games here
  const game = /play\.html$/.test(location.pathname) && gameInAddress();
  if (GAME_IDS.includes(game)) {
    window.chaupalZip = {
      game: game,
      bytes: fetch("engine-" + game + ".zip").then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null),
    };
  }
  window.addEventListener("py:ready", () => {
    performance.mark("chaupal:py-ready"); // PyScript has started Pyodide (build.py bench-site)
    stage("Python is ready; loading the game…", 85);
  });
})();
