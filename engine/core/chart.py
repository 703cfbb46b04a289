"""The race chart: one small line chart per panel of a game's chart samples, as SVG.

Samples come from the guide (api.py, `chart_sample`) through review.Timeline.chart_samples: a list of
(x, {panel title: {series: number}}). A seat's series is drawn in the seat's colour on the board
(seat_colours), any other series in a neutral one; each has its own dash pattern (told apart without
colour too) and a label at its line's end with a sample of the line; the chart's text alternative says
each series' last value, for screen readers.
"""
from __future__ import annotations

from engine.core.svg import esc, num

WIDTH, HEIGHT = 340, 170
LEFT, RIGHT, TOP, BOTTOM = 34, 110, 22, 26
# series that are no seat (an alliance, a campaign's counters): neutral, so that none is taken for a seat
COLOURS = ("#555555", "#8d6e63", "#37474f", "#a1887f", "#263238", "#6d4c41", "#78909c", "#3e2723")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 2 1 2", "3 5")
INK = "#333333"  # the labels, and the casing under pale lines


def seat_colours(game) -> dict:
    """{seat: colour} as the game's board draws each seat's pieces (its SEAT_COLOURS), so that a seat's
    line in the chart is the colour the player knows it by."""
    return dict(getattr(game.board, "SEAT_COLOURS", None) or {})


def _pale(colour: str) -> bool:
    """Under 3:1 against the chart's white (WCAG's least for graphics): yellow, white, orange lines
    get a dark casing so that they show."""
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lum = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lum[0] + 0.7152 * lum[1] + 0.0722 * lum[2] > 0.3


def panels_of(samples: list) -> list:
    """[(title, [series names in order of first appearance])] over all samples."""
    order: dict = {}
    for _, panels in samples:
        for title, series in panels.items():
            names = order.setdefault(title, [])
            names += [name for name in series if name not in names]
    return list(order.items())


def ticks(low: float, high: float) -> list:
    """A few round values from low to high for an axis."""
    span = high - low
    if span <= 0:
        return [low]
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        step = candidate
        if span / candidate <= 5:
            break
    first = -(-low // step) * step
    return [v for v in range(int(first), int(high) + 1, step)]


def draw(x_label: str, samples: list, colours: dict | None = None) -> str:
    """The chart as one <div> of SVG panels (empty when there is nothing to chart); `colours` gives
    series their colours (seat_colours), the others take COLOURS' in turn."""
    if not samples:
        return ""
    out = ['<div class="charts">']
    for title, names in panels_of(samples):
        out.append(_panel(x_label, title, names, samples, colours or {}))
    out.append("</div>")
    return "".join(out)


def _panel(x_label: str, title: str, names: list, samples: list, colours: dict) -> str:
    points = {name: [(x, panels[title][name]) for x, panels in samples
                     if title in panels and name in panels[title]] for name in names}
    xs = [x for x, _ in samples]
    values = [v for line in points.values() for _, v in line] or [0]
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(0, min(values)), max(values)
    if y1 == y0:
        y1 = y0 + 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def sx(x):
        return LEFT + (plot_w * (x - x0) / (x1 - x0) if x1 > x0 else plot_w)

    def sy(y):
        return TOP + plot_h - plot_h * (y - y0) / (y1 - y0)

    last = {name: line[-1][1] for name, line in points.items() if line}
    alt = f"{title} by {x_label.lower()}, {x_label} {x1}: " + ", ".join(
        f"{name} {num(value)}" for name, value in sorted(last.items(), key=lambda item: -item[1]))
    out = [f'<figure class="chart"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
           f'role="img" aria-label="{esc(alt)}" font-family="system-ui, sans-serif" font-size="11">',
           f'<text x="{LEFT}" y="14" font-weight="bold" font-size="12">{esc(title)}</text>']
    for value in ticks(y0, y1):
        y = num(sy(value))
        out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y}" y2="{y}" stroke="#ddd"/>'
                   f'<text x="{LEFT - 4}" y="{y}" text-anchor="end" dominant-baseline="middle" fill="#555">{value}</text>')
    base = TOP + plot_h
    out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{base}" y2="{base}" stroke="#888"/>')
    for value in ticks(x0, x1) if x1 > x0 else [x1]:
        out.append(f'<text x="{num(sx(value))}" y="{base + 13}" text-anchor="middle" fill="#555">{value}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2:.0f}" y="{HEIGHT - 2}" text-anchor="middle" fill="#555">{esc(x_label)}</text>')

    def stroke(shape, colour, dash):
        """A line (`shape`: the element and where it runs) in `colour`, over a dark casing where the
        colour is pale."""
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        under = f'<{shape} fill="none" stroke="{INK}" stroke-width="4"{dashed}/>' if _pale(colour) else ""
        return under + f'<{shape} fill="none" stroke="{colour}" stroke-width="2"{dashed}/>'

    spare = [c for c in COLOURS if c not in colours.values()]
    ends = []
    for k, name in enumerate(names):
        line = points[name]
        if not line:
            continue
        colour, dash = colours.get(name) or spare[k % len(spare)], DASHES[k % len(DASHES)]
        path = " ".join(f"{num(sx(x))},{num(sy(v))}" for x, v in line)
        out.append(f'<g data-series="{esc(name)}">' + stroke(f'polyline points="{path}"', colour, dash) + "</g>")
        ends.append([sy(line[-1][1]), name, colour, dash, line[-1][1]])
    ends.sort()
    for i in range(1, len(ends)):  # labels at the lines' ends, pushed apart where lines meet
        ends[i][0] = max(ends[i][0], ends[i - 1][0] + 12)
    x = LEFT + plot_w + 4
    for y, name, colour, dash, value in ends:  # a sample of the line, then its name in dark ink
        y = num(y)
        sample = stroke(f'line x1="{x}" x2="{x + 12}" y1="{y}" y2="{y}"', colour, dash)
        out.append(f'<g class="key">{sample}<text x="{x + 15}" y="{y}" dominant-baseline="middle" fill="{INK}">'
                   f'{esc(name[:12])} {num(value)}</text></g>')
    out.append("</svg></figure>")
    return "".join(out)
