"""The game page's script (play.html). PyScript runs a script's text through Pyodide's CodeRunner,
whose syntax-tree pass cost ~0.25 s for the page's 46 KB on every opening: the page is the module
web/page.py instead, which build.py puts into engine.zip compiled to bytecode (issue 12)."""
import page  # noqa: F401  (importing it starts the page)
