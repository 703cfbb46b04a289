"""Rulebook "Attacking" (Range, Line of Sight, Elevation Advantage, Obstructions) and "Resolving Attacks".

Readings (also in the About text):
  * Range is counted in king's moves (diagonals count 1), as movement is.
  * Range penalty: per square beyond the first (the "Resolving Attacks" example moves the Spearman next
    to its target "to avoid the effect of Range Penalty"), subtracted once from the whole attack (dice
    + cards) on that target. None for a ranged soldier on a wall ("Elevation Advantage"). Night
    ("Night Mode") adds -1 a square beyond the first for every ranged soldier (range > 1), walls too.
  * Line of sight (movement.line_of_sight): the straight line between square centres; it is blocked
    by a pillar between them; by a wall square between two soldiers on the ground ("Fort Walls": no
    shooting over the wall), never for a soldier on the wall top, who sees over the walkway; by the
    palace roof between a soldier on a wall and one in the palace, either way ("Roof of the Palace").
    Soldiers do not block sight. A line through a corner is blocked only when both squares beside the
    corner block.
  * Levels: a soldier on the ground cannot attack one on a wall, except the Mounted Archer (rulebook
    note under "Elevation Advantage"); melee (range 1) attacks from a wall down are allowed only for
    ranged soldiers' elevation, so swords do not cross levels either way.
  * An attack: one soldier against one enemy with some of the rolled hits; the hits of a roll may be
    split over several attacks ("distribute the attack points among multiple soldiers"). Total =
    hits + Enhanced Attack cards - range penalty - Enhanced Defence cards (not below 0); a matching
    Dodge or Extreme Dodging cancels it. The target loses that much defence; at 0 it is defeated
    (campaigns.damage: the defeat and its consequences in each campaign).
"""
from __future__ import annotations

from . import data
from .movement import chebyshev, level, line_of_sight

def enemies(state, a_owner: str, t_owner: str) -> bool:
    """Whether soldiers of these owners fight: never one's own or an ally's (Semi-Collaborative); in
    Rani Abbakka ("100% Collaborative") the players fight the Portuguese only."""
    if a_owner == t_owner:
        return False
    if state["options"]["campaign"] == data.RANI:
        return "Portuguese" in (a_owner, t_owner)
    if state["options"]["mode"] == "semi" and data.ALLY.get(a_owner) == t_owner:
        return False
    return True


def can_attack(state, aid: int, tid: int) -> bool:
    att, tgt = state["soldiers"][aid], state["soldiers"][tid]
    if att["pos"] is None or tgt["pos"] is None or not enemies(state, att["owner"], tgt["owner"]):
        return False
    kind = data.SOLDIERS[att["kind"]]
    d = chebyshev(att["pos"], tgt["pos"])
    if d > kind["range"]:
        return False
    la, lb = level(att["pos"]), level(tgt["pos"])
    if la == 0 and lb == 1 and att["kind"] != "elephant":
        return False  # "A soldier at ground level cannot attack a soldier on top of a wall"
    if la == 1 and lb == 0 and kind["range"] == 1:
        return False  # swords do not reach down from the wall
    return line_of_sight(att["pos"], tgt["pos"])


def penalty(state, aid: int, tid: int) -> int:
    att, tgt = state["soldiers"][aid], state["soldiers"][tid]
    kind = data.SOLDIERS[att["kind"]]
    beyond = chebyshev(att["pos"], tgt["pos"]) - 1
    if beyond <= 0:
        return 0
    p = 0 if level(att["pos"]) == 1 else kind["penalty"] * beyond
    if state["options"]["night"] and kind["range"] > 1:
        p += beyond
    return p


def targets(state, aid: int) -> list:
    return [tid for tid, s in enumerate(state["soldiers"]) if s["pos"] is not None and can_attack(state, aid, tid)]


def attack_total(state, attack: dict) -> int:
    """The points the declared attack takes off its target once all cards are revealed."""
    att = state["soldiers"][attack["by"]]
    weapon = data.SOLDIERS[att["kind"]]["weapon"]
    kinds = [data.CARDS[c] for c in attack["dcards"]]
    if "extreme" in kinds or any(data.DODGES.get(k) == weapon for k in kinds):
        return 0
    total = attack["hits"] + sum(data.CARD_KINDS[data.CARDS[c]][2] for c in attack["acards"])
    total -= penalty(state, attack["by"], attack["target"])
    total -= sum(data.CARD_KINDS[k][2] for k in kinds if k in ("defence1", "defence2"))
    return max(0, total)
