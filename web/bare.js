// The floor for start-up time: load Pyodide from ./pyodide/ and nothing else.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const status = document.getElementById("status");
try {
  const pyodide = await loadPyodide({ indexURL: "./pyodide/" });
  status.textContent = "Python " + pyodide.runPython("import sys; sys.version.split()[0]") + " is ready.";
  document.body.dataset.ready = "true";
} catch (error) {
  status.setAttribute("role", "alert");
  status.textContent = "Python failed to start: " + error;
  throw error;
}
