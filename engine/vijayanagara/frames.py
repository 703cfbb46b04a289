"""The decision stack: how a multi-step rule waits for one click at a time.

state["stack"] is a list of frames (plain dicts), the top one last. A frame is either
  * an input frame: {"kind", "role", ...} waiting for `role` to choose one of its actions, or
  * a procedure frame: {"kind", "auto": True, ...} that runs by itself (a Succession card's steps,
    a battle's dice) and may push input frames above itself; it resumes when they are done.
Each module declares HANDLERS = {kind: Handler}; rules.py merges them and drives the stack.
When the stack is empty the sequence of play (sequence.py) decides what comes next.
"""


class Handler:
    """What a frame kind does. Input kinds give actions/apply/prompt; procedure kinds give run."""

    __slots__ = ("actions", "apply", "prompt", "run")

    def __init__(self, actions=None, apply=None, prompt=None, run=None):
        self.actions = actions
        self.apply = apply
        self.prompt = prompt
        self.run = run


def push(state, frame: dict) -> dict:
    state["stack"].append(frame)
    return frame


def top(state):
    return state["stack"][-1] if state["stack"] else None


def pop(state, frame=None) -> dict:
    """Removes the top frame (which must be `frame` when given)."""
    assert state["stack"], "pop from an empty decision stack"
    if frame is not None:
        assert state["stack"][-1] is frame, "popping a frame that is not on top"
    return state["stack"].pop()


def log(state, text: str) -> None:
    state["log"].append(text)
