// The bot's worker: loads Pyodide and the engine's core, then answers {id, request} with {id, action},
// loading a game's code (engine-<game>.zip) the first time it is asked about that game, or when the
// page says which game it plays ({preload: game}).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const base = new URL("./", import.meta.url);
const SITE = "/home/pyodide/chaupal";

async function boot() {
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
  for (const file of ["engine.zip", "wheels/msgpack-1.2.4-py3-none-any.whl"]) {
    const response = await fetch(new URL(file, base));
    if (!response.ok) throw new Error(`cannot load ${file} (${response.status})`);
    pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: SITE });
  }
  pyodide.runPython(`import sys; sys.path.insert(0, "${SITE}")`);
  return { pyodide, choose: pyodide.runPython("from engine.core.botserver import BotServer; BotServer().choose_json") };
}

const games = new Map(); // game id -> the promise of its code, unpacked

function loadGame(booted, game) {
  if (typeof game !== "string" || !/^[a-z0-9_]+$/.test(game)) return Promise.resolve(); // the engine says no
  if (!games.has(game)) {
    games.set(game, (async () => {
      const response = await fetch(new URL(`engine-${game}.zip`, base));
      if (!response.ok) return; // not a game of this site: the engine's answer says so
      booted.pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: SITE });
      booted.pyodide.runPython("import importlib; importlib.invalidate_caches()");
    })());
  }
  return games.get(game);
}

const chooser = boot();
chooser.then(() => postMessage({ ready: true }),
  (err) => postMessage({ bootError: String(err && err.message ? err.message : err) }));

onmessage = async (event) => {
  const { id, request, preload } = event.data;
  if (preload !== undefined) {
    chooser.then((booted) => loadGame(booted, preload)).catch(() => {}); // a failure shows at choose
    return;
  }
  try {
    const booted = await chooser;
    let game = null;
    try { game = JSON.parse(request).save.g; } catch (err) { /* the engine reports a bad request */ }
    await loadGame(booted, game);
    postMessage({ id, action: booted.choose(request) });
  } catch (err) {
    postMessage({ id, error: String(err && err.message ? err.message : err) });
  }
};
