"""Rulebook "Recruiting Soldiers" and "Heal": the soldiers of an army, added at setup or recruited into
its camp, and which of them a heal can reach. Below turn.py and cards.py, which both recruit and heal."""
from __future__ import annotations

from engine.core.text import article

from . import data
from .campaigns import log


def recruitable(state, role: str) -> list:
    """The kinds `role` may still recruit: a standee of that kind is left. None in Rani Abbakka, whose
    armies are chosen at setup ("Setting up the Campaign" 3.)."""
    if state["options"]["campaign"] == data.RANI:
        return []
    owned = {}
    for s in state["soldiers"]:
        if s["owner"] == role:
            owned[s["kind"]] = owned.get(s["kind"], 0) + 1
    return [k for k in data.ARMY_KINDS if owned.get(k, 0) < data.STANDEES[k]]


def add_soldier(state, role: str, kind: str, pos=None) -> int:
    state["soldiers"].append({"owner": role, "kind": kind, "def": data.SOLDIERS[kind]["defence"],
                              "pos": pos, "carry": 0, "flag": False, "wounded": False, "out": False})
    return len(state["soldiers"]) - 1


def recruit(state, role: str, kind: str) -> None:
    add_soldier(state, role, kind)  # "Recruiting Soldiers": at full defence, into the camp
    log(state, f"{role} recruits {article(data.SOLDIERS[kind]['name'])}")


def needs_heal(soldier) -> bool:
    """A wounded soldier in camp; Rani Abbakka and the Portuguese are never healed (Rani Abbakka,
    Note 2)."""
    return (soldier["pos"] is None and soldier["kind"] not in ("rani", "patrol", "guard", "general")
            and soldier["def"] < data.SOLDIERS[soldier["kind"]]["defence"])
