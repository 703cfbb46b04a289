"""Small English helpers for the texts games show (log lines, prompts), shared by every game."""
from __future__ import annotations


def article(noun: str) -> str:
    """'a Swordsman', 'an Archer', 'an orange die': the indefinite article by the first letter (the
    nouns our games name start with their sound: no 'an hour' or 'a unit' among them)."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def plural(n: int, noun: str, many: str | None = None) -> str:
    """'1 card', '2 cards', '0 cards'; `many` for irregular plurals."""
    return f"{n} {noun if n == 1 else (many or noun + 's')}"


def and_list(items, word: str = "and") -> str:
    """'Purple', 'Purple and Green', 'Purple, Orange and Green' ('or' with `word`)."""
    items = [str(item) for item in items]
    return f"{', '.join(items[:-1])} {word} {items[-1]}" if len(items) > 1 else "".join(items)
