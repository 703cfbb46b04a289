"""Small helpers the boards share when they build SVG strings (pure string building)."""
from __future__ import annotations



def num(v) -> str:
    """A coordinate or size for an SVG attribute: ints as they are, others to one decimal, no ".0"."""
    if type(v) is int:
        return str(v)
    r = round(v, 1)
    return str(int(r)) if r == int(r) else str(r)


def wrap(items, fits, sep: str = " ") -> list:
    """Greedy line breaking: `items` (the words of a text, or whole text items) joined by `sep` into
    lines for which fits(line) holds, each board measuring text its own way; an item too long for a
    line keeps a line of its own. No items, no lines."""
    lines, line = [], ""
    for item in items:
        joined = f"{line}{sep}{item}" if line else item
        if line and not fits(joined):
            lines.append(line)
            line = item
        else:
            line = joined
    return lines + ([line] if line else [])


def esc(s) -> str:
    """Text or an attribute value, escaped (quotes too) as html.escape does: that module's import
    (its table of entities) cost the page 74 ms at start-up in Pyodide."""
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") \
        .replace('"', "&quot;").replace("'", "&#x27;")
