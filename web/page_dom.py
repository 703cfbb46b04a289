"""The game page's DOM helpers: elements, alerts and the yes/no dialog, the rings drawn over board
targets, the rules dialog. They hold no game state (see GamePage, page.py)."""
import asyncio

from pyodide.ffi import create_proxy
from pyscript import document, window


def js_value(value):
    """A JS value as Python, with JS null and undefined as None (Pyodide has a JsNull object)."""
    return None if value is None or type(value).__name__ in ("JsNull", "JsUndefined") else value


def element(element_id):
    return document.getElementById(element_id)


def clear(node):
    while node.firstChild:
        node.removeChild(node.firstChild)


def add(parent, tag, text="", **attributes):
    node = document.createElement(tag)
    if text:
        node.textContent = text
    for name, value in attributes.items():
        node.setAttribute(name.rstrip("_").replace("_", "-"), str(value))
    parent.appendChild(node)
    return node


def show_alert(message):
    box = element("alert")
    box.textContent = message
    box.hidden = False


def show_notice(message):
    box = element("notice")
    box.textContent = message
    box.hidden = False


async def ask(question, yes=None):
    """A yes/no question in a modal dialog; Escape means no. `yes` names a destructive answer
    ("Concede the game"), drawn as such."""
    dialog = element("confirm-dialog")
    element("confirm-text").textContent = question
    element("confirm-yes").textContent = yes or "Yes"
    element("confirm-yes").classList.toggle("danger", bool(yes))
    answer = asyncio.get_event_loop().create_future()
    handlers = {"confirm-yes": create_proxy(lambda *_: answer.done() or answer.set_result(True)),
                "confirm-no": create_proxy(lambda *_: answer.done() or answer.set_result(False))}
    cancel = create_proxy(lambda *_: answer.done() or answer.set_result(False))
    for name, handler in handlers.items():
        element(name).addEventListener("click", handler)
    dialog.addEventListener("cancel", cancel)
    dialog.showModal()
    element("confirm-no").focus()
    try:
        return await answer
    finally:
        dialog.close()
        for name, handler in handlers.items():
            element(name).removeEventListener("click", handler)
        dialog.removeEventListener("cancel", cancel)


def hide_alert():
    element("alert").hidden = True


def ring_focus(event):
    """A ring around the board target that has the keyboard's focus, drawn last in its SVG: an outline
    or a highlight is painted with its target, under whatever the board draws later (start hexes,
    pieces, the next space), and some boards draw none."""
    for ring in list(document.querySelectorAll("#board .focus-ring")):
        ring.remove()
    target = event.target
    if event.type != "focusin" or not hasattr(target, "ownerSVGElement") or \
            not target.matches("#board .action:focus-visible"):
        return
    draw_ring(target, ("focus-ring under", "focus-ring"))


def clear_hint_marks():
    for ring in list(document.querySelectorAll("#board .hint-ring")):
        ring.remove()
    for node in list(document.querySelectorAll("#act .hinted, #leave .hinted")):
        node.classList.remove("hinted")


def draw_ring(target, kinds):
    """Rectangles of the classes `kinds` around a board target, drawn last in its SVG (over whatever
    the board draws later): the focus ring and the hint's ring."""
    svg = target.ownerSVGElement
    into = svg.getScreenCTM().inverse().multiply(target.getScreenCTM())  # the target's units to the SVG's
    box = target.getBBox()
    corners = [window.DOMPoint.new(box.x + dx, box.y + dy).matrixTransform(into)
               for dx in (0, box.width) for dy in (0, box.height)]
    pad = 4 / (svg.getScreenCTM().a or 1)  # 4 screen pixels, whatever the zoom
    x, y = min(c.x for c in corners) - pad, min(c.y for c in corners) - pad
    w, h = max(c.x for c in corners) + pad - x, max(c.y for c in corners) + pad - y
    for kind in kinds:
        ring = document.createElementNS("http://www.w3.org/2000/svg", "rect")
        for name, value in (("x", x), ("y", y), ("width", w), ("height", h), ("rx", pad), ("class", kind),
                            ("aria-hidden", "true")):
            ring.setAttribute(name, str(value))
        svg.appendChild(ring)


def show_rules_dialog(anchor):
    """Opens the rules dialog (if it is not open) at its top, or at the section `anchor`."""
    dialog, body = element("rules-dialog"), element("rules-body")
    if not dialog.open:
        dialog.showModal()
    section = document.getElementById(anchor) if anchor else None
    if section:
        section.focus()
        section.scrollIntoView()  # its heading at the top, not merely in sight
    else:
        body.parentElement.scrollTop = 0
        element("rules-title").focus()


def plain_click(event) -> bool:
    """A click that asks for nothing but following the link here (no new tab or window)."""
    return not (event.ctrlKey or event.metaKey or event.shiftKey or event.altKey or event.button)
