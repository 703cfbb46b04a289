"""What the tests know of the rulebooks, which are not in the repository (the publishers' texts are not
published, on the site or here): for each, a fingerprint of its runs of words (hashes, to check that
our references are in our own words), its section numbers and its short lines (its headings), in
tests/data/rulebooks/<book>.json. The rulebook texts themselves are kept outside the repository: to
regenerate the fingerprints, a maintainer puts the plain text of each book (vijayanagara.txt,
rajas-of-the-ganges.txt, viktory-ii.txt, yudhbhoomi.txt) in a folder shared/rules/ beside the
repository's folder (SOURCE below: ../shared/rules/ from its root) and runs `python3 tests/rulebooks.py`."""
from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

DATA = Path(__file__).parent / "data" / "rulebooks"
SOURCE = Path(__file__).resolve().parent.parent.parent / "shared" / "rules"
BOOKS = {"vijayanagara": 6, "rajas-of-the-ganges": 6, "viktory-ii": 8, "yudhbhoomi": 8}  # book: words a run
HEADING_WORDS = 8  # a heading is a line of at most this many words (is_heading)


def words(text: str) -> list:
    return re.findall(r"[a-z0-9]+", re.sub(r"<[^>]+>|&[a-z0-9#]+;", " ", text.lower()))


def _hash(run) -> str:
    return hashlib.blake2b(" ".join(run).encode(), digest_size=4).hexdigest()


def _runs(w: list, n: int) -> list:
    return [w[i:i + n] for i in range(len(w) - n + 1)]


def make(book: str) -> dict:
    text = (SOURCE / f"{book}.txt").read_text(encoding="utf-8")
    n = BOOKS[book]
    return {"book": book, "run": n,
            "runs": " ".join(sorted({_hash(run) for run in _runs(words(text), n)})),
            "sections": sorted(set(re.findall(r"\[(\d+(?:\.\d+)*)\]", text))),
            "headings": sorted({" ".join(line.split()).lower() for line in text.splitlines()
                                if is_heading(line.strip())})}


def is_heading(line: str) -> bool:
    """A short line that starts like a title and does not end a sentence."""
    return (0 < len(line.split()) <= HEADING_WORDS and (line[0].isupper() or line[0].isdigit() or line[0] == "#")
            and line[-1] not in ".,;")


def load(book: str) -> dict:
    return json.loads((DATA / f"{book}.json").read_text(encoding="utf-8"))


def copied(html: str, book: str) -> list:
    """The runs of words of `html` that are also in the rulebook (by their hashes)."""
    data = load(book)
    hashes = set(data["runs"].split())
    return [" ".join(run) for run in _runs(words(html), data["run"]) if _hash(run) in hashes]


def has_heading(book: str, name: str) -> bool:
    """Whether `name` is (part of) a heading of the rulebook."""
    name = " ".join(name.split()).lower()
    return any(name in heading for heading in load(book)["headings"])


if __name__ == "__main__":
    DATA.mkdir(parents=True, exist_ok=True)
    for book in BOOKS:
        (DATA / f"{book}.json").write_text(json.dumps(make(book), indent=0) + "\n", encoding="utf-8")
        print(book, (DATA / f"{book}.json").stat().st_size, "bytes", file=sys.stderr)
