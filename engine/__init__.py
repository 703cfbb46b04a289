"""Chaupal: rules engines for board games, pure Python (CPython 3.11+ and Pyodide)."""
