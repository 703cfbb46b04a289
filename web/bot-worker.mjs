// The bot's worker: loads Pyodide and the engine, then answers {id, request} with {id, action}.
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
  return pyodide.runPython("from engine.core.botserver import BotServer; BotServer().choose_json");
}

const chooser = boot();
chooser.then(() => postMessage({ ready: true }),
  (err) => postMessage({ bootError: String(err && err.message ? err.message : err) }));

onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    const choose = await chooser;
    postMessage({ id, action: choose(request) });
  } catch (err) {
    postMessage({ id, error: String(err && err.message ? err.message : err) });
  }
};
