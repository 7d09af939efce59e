"""Plots of a run with matplotlib (the optional ``plot`` extra): one PNG, or an HTML page that
holds the table and the image inline, so it reads offline."""
from __future__ import annotations

import base64
import html
import io
import math

from ..errors import RummyError
from .compare import Results

HISTOGRAMS = (("turns", "turns per hand"), ("points", "points per scored hand"),
              ("hands", "hands per match"), ("margin", "winning margin"))


def require() -> None:
    """RummyError unless matplotlib can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise RummyError("plots need matplotlib: pip install 'rummy-interpreter[plot]'") from None


def figure(results: Results):
    """One matplotlib Figure: outcome and seat rates with intervals, distributions, and for
    several variants the standardised paired differences."""
    require()
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    panels = [_rates("outcomes", "outcome rates"), _rates("seats", "who wins")]
    panels += [_histogram(key, title) for key, title in HISTOGRAMS
               if (0, key) in results.moments.histograms]
    if len(results.plan.variants) > 1:
        panels.append(_differences)
    rows = math.ceil(len(panels) / 2)
    fig = Figure(figsize=(13, 4.2 * rows), layout="constrained")
    for i, draw in enumerate(panels):
        draw(fig.add_subplot(rows, 2, i + 1), results)
    fig.suptitle("\n".join(results.heading()), fontsize=9)
    return fig


def write_png(results: Results, path: str) -> None:
    figure(results).savefig(path, dpi=110)


def write_html(results: Results, path: str) -> None:
    buffer = io.BytesIO()
    figure(results).savefig(buffer, format="png", dpi=110)
    image = base64.b64encode(buffer.getvalue()).decode("ascii")
    letters = results.letters
    head = "".join(f"<th>{x}</th>" for x in letters)
    head += "".join(f"<th>{x} &minus; A</th>" for x in letters[1:])
    body = []
    for m, cells, diffs in results.rows():
        row = "".join(f"<td>{html.escape(c)}</td>" for c in cells)
        row += "".join(f'<td class="sig">{html.escape(t)} *</td>' if sig else
                       f"<td>{html.escape(t)}</td>" for t, sig in diffs)
        body.append(f"<tr><th>{html.escape(m.label)}</th>{row}</tr>")
    notes = ["Values with their 95% intervals (Wilson for rates, normal for means; matches "
             "are the sampling unit)."]
    if len(letters) > 1:
        notes.append("Differences are paired over the same game seeds; * marks a 95% "
                     "interval that excludes 0.")
    if results.capped():
        notes.append(f"Some matches reached --max-hands {results.plan.max_hands} and were "
                     "stopped.")
    title = html.escape(" vs ".join(results.names))
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>rummy: {title}</title>
<style>
body {{ font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ padding: 2px 10px; text-align: right; border-bottom: 1px solid #ddd; }}
tbody th {{ text-align: left; font-weight: normal; }}
td.sig {{ font-weight: bold; background: #fff3c4; }}
img {{ max-width: 100%; }}
</style></head><body>
<h1>{title}</h1>
{''.join(f'<p>{html.escape(line)}</p>' for line in results.heading())}
<table><thead><tr><th></th>{head}</tr></thead><tbody>
{chr(10).join(body)}
</tbody></table>
{''.join(f'<p>{html.escape(n)}</p>' for n in notes)}
<img alt="rates, distributions and differences" src="data:image/png;base64,{image}">
</body></html>
"""
    with open(path, "w", encoding="utf-8") as out:
        out.write(page)


def _rates(group: str, title: str):
    def draw(ax, results: Results) -> None:
        found = [m for m in results.metrics() if m.group == group and m.kind == "rate"]
        count = len(results.plan.variants)
        width = 0.8 / count
        for i, letter in enumerate(results.letters):
            values = [results.estimate(m, i) for m in found]
            centre = [e.value or 0.0 for e in values]
            error = [[max(0.0, (e.value or 0) - (e.low or 0)) for e in values],
                     [max(0.0, (e.high or 0) - (e.value or 0)) for e in values]]
            at = [k - 0.4 + width * (i + 0.5) for k in range(len(found))]
            ax.barh(at, centre, width, xerr=error, capsize=2,
                    label=f"{letter}: {results.names[i]}")
        ax.set_yticks(range(len(found)), [m.label for m in found])
        ax.invert_yaxis()
        ax.set_title(title)
        ax.set_xlabel("rate (95% interval)")
        ax.legend(fontsize=8)
    return draw


def _histogram(key: str, title: str):
    def draw(ax, results: Results) -> None:
        counted = [results.histogram(key, i) for i in range(len(results.letters))]
        seen = [x for counts in counted for x in counts]
        low, high = min(seen), max(seen)
        bins = ([x - 0.5 for x in range(int(low), int(high) + 2)] if high - low <= 40
                else [low + (high - low) * k / 30 for k in range(31)])
        for letter, name, counts in zip(results.letters, results.names, counted):
            total = sum(counts.values())
            if total:
                ax.hist(list(counts), bins=bins, weights=[n / total for n in counts.values()],
                        histtype="step", linewidth=1.5, label=f"{letter}: {name}")
        ax.set_title(f"distribution of {title}")
        ax.set_ylabel("share")
        ax.legend(fontsize=8)
    return draw


def _differences(ax, results: Results) -> None:
    """Each metric's paired difference over its standard error, against ±1.96."""
    found = results.metrics()
    labels, above = [], ""
    for m in found:
        above = m.label if not m.label.startswith(" ") else above
        labels.append(m.label if not m.label.startswith(" ") else f"{above}: sd")
    for i in range(1, len(results.plan.variants)):
        z = []
        for m in found:
            d = results.difference(m, i)
            z.append(d.value / d.se if d.value is not None and d.se else 0.0)
        ax.scatter(z, range(len(found)), label=f"{results.letters[i]} - A", s=14)
    ax.axvspan(-1.96, 1.96, color="#ddd", zorder=0)
    ax.set_yticks(range(len(found)), labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_title("paired differences (difference / standard error)")
    ax.set_xlabel("outside the grey band: significant at 95%")
    ax.legend(fontsize=8)
