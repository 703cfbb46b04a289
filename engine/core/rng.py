"""Deterministic random numbers whose whole state is one integer kept inside the game state.

SplitMix64: tiny, fast and identical on CPython and Pyodide (pure integer arithmetic), so that
setup + the list of actions replays a game exactly anywhere. Usage inside rules:

    value, state["rng"] = rng.randint(state["rng"], 1, 6)
"""
MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    return seed & MASK


def next64(s: int) -> tuple[int, int]:
    """Returns (a 64-bit random value, the new generator state)."""
    s = (s + 0x9E3779B97F4A7C15) & MASK
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31), s


def randbelow(s: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) without modulo bias."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, s = next64(s)
        if value < limit:
            return value % n, s


def randint(s: int, low: int, high: int) -> tuple[int, int]:
    value, s = randbelow(s, high - low + 1)
    return low + value, s


def shuffle(s: int, items: list) -> int:
    """Shuffles `items` in place (Fisher-Yates); returns the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        j, s = randbelow(s, i + 1)
        items[i], items[j] = items[j], items[i]
    return s


def choice(s: int, items):
    index, s = randbelow(s, len(items))
    return items[index], s
