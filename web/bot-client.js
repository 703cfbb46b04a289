// Bots think in a Web Worker with its own Pyodide, so the page stays responsive while they search.
// The worker never touches the DOM, so it needs no SharedArrayBuffer (GitHub Pages sends no COOP/COEP).
let worker = null;
let ready = null;
let booted = false; // the worker has started (ready has resolved)
let nextId = 1;
const waiting = new Map();

function start() {
  worker = new Worker(new URL("./bot-worker.mjs", import.meta.url), { type: "module" });
  ready = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.ready) {
        booted = true;
        return resolve();
      }
      if (message.bootError) return reject(new Error("the bot could not start: " + message.bootError));
      const pending = waiting.get(message.id);
      if (!pending) return;
      waiting.delete(message.id);
      if (message.error) pending.reject(new Error(message.error));
      else pending.resolve(message.action);
    };
    worker.onerror = (event) => {
      const error = new Error("the bot could not start: " + (event.message || "worker error"));
      reject(error);
      for (const pending of waiting.values()) pending.reject(error);
      waiting.clear();
    };
  });
}

// A new game with a bot seat (play.html?new=..., web/home.js) starts the worker now, while the page
// itself starts, and has it play the bots' opening moves ahead: the game's seed and id are drawn here
// (window.chaupalNewGame, which the page's new game takes), so the worker's game is the page's.
function randomHex(bytes) {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

try {
  const text = new URLSearchParams(location.search).get("new");
  const spec = JSON.parse(text || "null");
  const seats = spec && Array.isArray(spec.seats) ? spec.seats.filter(Array.isArray) : [];
  if (seats.some((seat) => seat[1] !== null) && typeof spec.game === "string") {
    start();
    if (seats.some((seat) => seat[1] === null)) {  // a person too: their first decision waits on the bots
      // a 63-bit seed as the engine draws one (Session.new), in decimal: a JS number cannot hold it
      const seed = (BigInt("0x" + randomHex(8)) >> 1n).toString();
      window.chaupalNewGame = { spec: text, seed, uid: randomHex(8) };
      worker.postMessage({ prepare: { spec, seed, uid: window.chaupalNewGame.uid } });
    } else {
      worker.postMessage({ preload: spec.game });
    }
  }
} catch (err) {
  // a broken address: the page says what is wrong with it
}

async function ask(request, opening) {
  if (!worker) start();
  await ready;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, request, opening });
  });
}

window.chaupalBot = {
  // Starts the worker early (while the player looks at the board), with the code of `game`, so
  // that the first bot move is quick.
  warm(game) {
    if (!worker) start();
    if (game) worker.postMessage({ preload: game });
    return ready.catch(() => {}); // a failure is reported by the first choose()
  },
  // Whether the worker has started: from then on it plays the opening ahead (web/page_bots.py).
  isReady() {
    return booted;
  },
  // request: JSON text {save, role}; resolves to the chosen action as JSON text.
  choose(request) {
    return ask(request, false);
  },
  // request: JSON text {save}; resolves to the bots' moves until a person decides, JSON [[role, action], ...]
  opening(request) {
    return ask(request, true);
  },
};
