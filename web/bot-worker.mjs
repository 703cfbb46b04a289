// The bot's worker: loads Pyodide and the engine's core, then answers {id, request} with {id, action}
// ({id, request, opening: true}: the bots' moves until a person decides), loading a game's code
// (engine-<game>.zip) the first time it is asked about that game, or when the page says which game it
// plays ({preload: game}); {prepare: {spec, seed, uid}} plays a new game's opening ahead.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const base = new URL("./", import.meta.url);
const SITE = "/home/pyodide/chaupal";

async function fetchBytes(file, optional = false) {
  const response = await fetch(new URL(file, base));
  if (!response.ok) {
    if (optional) return null;
    throw new Error(`cannot load ${file} (${response.status})`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

async function boot() {
  const files = ["engine.zip", "wheels/msgpack-1.2.4-py3-none-any.whl"]; // imported in place, as on the page
  const fetched = files.map((file) => fetchBytes(file)); // while Pyodide starts
  fetched.forEach((p) => p.catch(() => {})); // awaited below; a failure is reported from there
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
  pyodide.FS.mkdirTree(SITE);
  const paths = [];
  for (const [i, file] of files.entries()) {
    paths.push(`${SITE}/${file.split("/").pop()}`);
    pyodide.FS.writeFile(paths.at(-1), await fetched[i]);
  }
  pyodide.runPython(`import sys; sys.path[:0] = ${JSON.stringify(paths)}`);
  const server = pyodide.runPython("from engine.core.botserver import BotServer; BotServer()");
  return { pyodide, choose: server.choose_json, opening: server.opening_json, prepare: server.prepare };
}

const games = new Map(); // game id -> the promise of its code, importable
const zips = new Map(); // game id -> the promise of its zip's bytes (fetched as soon as it is named)

function gameName(game) {
  return typeof game === "string" && /^[a-z0-9_]+$/.test(game);
}

function fetchGame(game) {
  if (!zips.has(game)) zips.set(game, fetchBytes(`engine-${game}.zip`, true));
  return zips.get(game);
}

function loadGame(booted, game) {
  if (!gameName(game)) return Promise.resolve(); // the engine says no
  if (!games.has(game)) {
    games.set(game, (async () => {
      const bytes = await fetchGame(game);
      if (!bytes) return; // not a game of this site: the engine's answer says so
      const path = `${SITE}/engine-${game}.zip`;
      booted.pyodide.FS.writeFile(path, bytes);
      booted.pyodide.runPython(`import engine; engine.add_game_zip(${JSON.stringify(path)})`);
    })());
  }
  return games.get(game);
}

const chooser = boot();
chooser.then(() => postMessage({ ready: true }),
  (err) => postMessage({ bootError: String(err && err.message ? err.message : err) }));

let prepared = Promise.resolve(); // a new game's opening, played ahead: requests wait for it

onmessage = async (event) => {
  const { id, request, preload, prepare, opening } = event.data;
  const named = preload !== undefined ? preload : prepare && prepare.spec && prepare.spec.game;
  if (gameName(named)) fetchGame(named).catch(() => {}); // while Pyodide starts; loadGame reports
  if (preload !== undefined) {
    chooser.then((booted) => loadGame(booted, preload)).catch(() => {}); // a failure shows at choose
  }
  if (prepare !== undefined) {
    prepared = chooser.then(async (booted) => {
      await loadGame(booted, prepare.spec && prepare.spec.game);
      booted.prepare(JSON.stringify(prepare.spec), String(prepare.seed), String(prepare.uid));
    }).catch(() => {}); // the page's own requests say what went wrong
  }
  if (request === undefined) return;
  try {
    const booted = await chooser;
    await prepared;
    let game = null;
    try { game = JSON.parse(request).save.g; } catch (err) { /* the engine reports a bad request */ }
    await loadGame(booted, game);
    postMessage({ id, action: (opening ? booted.opening : booted.choose)(request) });
  } catch (err) {
    postMessage({ id, error: String(err && err.message ? err.message : err) });
  }
};
