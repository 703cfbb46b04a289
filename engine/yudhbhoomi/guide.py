"""Yudhbhoomi's guide (the "guide module" of engine/core/api.py): the rules at hand, the position in
words and the race chart.

The Yudhbhoomi rulebook has no section numbers, so REFERENCE is keyed by its
headings (shortened where a heading is long or repeated: "Setting up the Campaign" of the two
competitive campaigns, "Rani Abbakka: Setting up the Campaign" of the third). The summaries are in the
project's own words; the site's readings of unclear rules are those of the About text
(engine/yudhbhoomi/__init__.py ABOUT).

rule_ref follows the same state fields as rules._prompt: the hand-limit discard, the army building, an
attack's stage, a card's sub-step, then the turn's stage (start, roll, resolve). In the resolving it
narrows to the symbol being used where that is clear (a soldier selected to move; only one kind of
symbol left).

describe reads only the view (rules.view), so another seat's Power cards and the other side's
face-down attack cards are never told.

chart_sample: x is the round (state["round"], as the log counts it). Treasure: each side's victory
points; Hold the Fort: each side's flags held and soldiers in the palace; Rani Abbakka (cooperative):
the Portuguese defeated by the players and the defence left of Rani Abbakka and the General. Sides are
the seats, or the alliances ("Green+Yellow") in Semi-Collaborative play. All public numbers.
"""
from __future__ import annotations

from engine.core.text import and_list

from . import data

CHART_X = "Round"

# --- the reference: one entry a rulebook heading ------------------------------------------------------

SETUP = "Setup"
MAP = "The Yudhbhoomi Map"
DICE = "The Dice"
ROLL = "Dice Roll and Action Selection"
RECRUIT = "Recruiting Soldiers"
SHIELDS = "Defence (Shield) Tokens"
MOVING = "Moving Soldiers"
ATTACKING = "Attacking"
POWER = "Power Cards"
GAME_TURN = "Game Turn"
RESOLVING = "Resolving Dice Actions"
RESOLVE_ATTACKS = "Resolving Attacks"
HEALING = "Resolving Healing or Grab/Drop Treasure"
ENH_MOVE = "Enhanced Movement"
ENH_ATTACK = "Enhanced Attack"
DEFENCE_CARDS = "Defence Cards"
RECOVERY = "Quick Recovery"
TACTIC = "Tactic Cards"
END_TURN = "End of Turn"
CAMPAIGN_SETUP = "Setting up the Campaign"
TREASURE = "#1 Treasure Campaign"
HOLD = "#2 Hold the Fort Campaign"
RANI_SETUP = "Rani Abbakka: Setting up the Campaign"
RANI = "#3 Rani Abbakka Campaign"

REFERENCE = (
    (SETUP, "Setup",
     "<p>Each player takes an army colour. Its camp is the corner marked with crossed swords outside "
     "the fort: soldiers wait there until they walk in. The Power cards are shuffled and everyone gets "
     "4, kept secret (Rani Abbakka is played without cards).</p>"
     "<p><b>On this site</b> the new-game dialog sets the campaign, the number of players, Day or "
     "Night, the alliance mode and Difficult mode, and the cards are dealt for you. Colours sit "
     "clockwise from the north-west corner: Green, Red, Yellow, Blue; with 2 players Green and Yellow "
     "start in opposite corners.</p>"),
    (MAP, "The Yudhbhoomi Map",
     "<p>A walled fort. Any soldier may use the two wide main gates; the four narrow gates are for "
     "soldiers on foot. The raised walls are reached by stairs, by foot soldiers only. Inside, open "
     "patrol ground surrounds the roofed palace, which only foot soldiers may enter. Pillars stop both "
     "movement and sight.</p>"
     "<p><b>On this site</b> the fort is a 15 by 15 grid: columns a-o, rows 1-15, the camps in the "
     "four corners. The printed map is not public: this layout is a stand-in (see About).</p>"),
    (DICE, "The Dice",
     "<p>Five dice with three symbols: a triangle is one step for a soldier, an X is one hit on an "
     "enemy, an O heals a wounded soldier or moves a treasure token one square.</p>"
     "<p><b>On this site</b> each die has two faces of each symbol (a stand-in).</p>"),
    (ROLL, "Dice Roll and Action Selection",
     "<p>Roll your remaining dice, then roll again as many of them as you like: three rolls in all. "
     "Throwing away a Power card buys one more roll. If the final roll shows one symbol on all five "
     "dice you earn a bonus Power card.</p>"
     "<p><b>On this site</b> click a die to keep it (again to release it), then <b>Reroll the dice not "
     "kept</b>; after the third roll each <b>Discard for a reroll</b> spends a card for another roll. "
     "<b>Keep this roll</b> moves on to resolving. Reading: a reroll rolls every die not kept, and "
     "card rerolls may go on while you have cards.</p>"),
    (RECRUIT, "Recruiting Soldiers",
     "<p>Before rolling you can give up dice for soldiers: 2 dice for one, or all 5 for three (then "
     "there is nothing left to roll this turn). Every kind costs the same, and a recruit starts in "
     "your camp at full defence.</p>"
     "<p><b>On this site</b> <b>Recruit …</b> at the start of the turn, before drawing cards; the "
     "Additional Recruit card gives one soldier free (the same buttons). An army has 8 standees "
     "(a stand-in count): 1 Swordsman, 1 Swordswoman, 2 Spearmen, 1 Archer, 2 Mounted Swordswomen, "
     "1 Mounted Archer. Reading: all 5 dice buy three only when all go to recruits. No recruiting "
     "during Rani Abbakka.</p>"),
    (SHIELDS, "Defence (Shield) Tokens",
     "<p>A soldier's defence is the number of hits it can take: the standee itself counts 1, each "
     "shield token under it one more. Full defence: Swordsman 4, Swordswoman 4, Spearman 3, Archer 2, "
     "Mounted Swordswoman 4, Mounted Archer 5. At 0 the soldier is defeated and goes back to its "
     "camp, wounded.</p>"
     "<p><b>On this site</b> the filled dots on a standee are its defence left.</p>"),
    (MOVING, "Moving Soldiers",
     "<p>Each triangle moves one soldier one square, straight or diagonally, in any order you choose; "
     "the triangles may be shared among soldiers. One soldier per square. A Mounted Swordswoman goes "
     "one square further whenever she is moved (each of two horses gets it); a Mounted Archer one "
     "square less. Mounted soldiers stay off walls, stairs, narrow gates and the palace.</p>"
     "<p><b>On this site</b> click a soldier, then the square to step to, one step at a time; a "
     "soldier in camp first steps onto its camp square. Readings: the horse's extra square is a free "
     "step once it has used a triangle; the elephant's first step costs two; nobody walks through a "
     "soldier or cuts diagonally past a pillar or a wall corner; walls are entered only from "
     "stairs.</p>"),
    (ATTACKING, "Attacking (Range, Line of Sight, Elevation, Obstructions)",
     "<p>A soldier may attack an enemy in range that it can see. Range: swords (Swordsman, "
     "Swordswoman, Mounted Swordswoman) 1 square, Spearman 2, Archer and Mounted Archer 3. Spearman "
     "and Archer lose 1 hit for each square beyond the first, except when shooting from a wall; at "
     "Night every ranged soldier loses 1 more a square. Pillars and walls block sight, nobody shoots "
     "across the fort wall, and the palace roof hides the palace from the walls. From the ground only "
     "the Mounted Archer can hit a soldier on a wall.</p>"
     "<p><b>On this site</b> <b>Attack with …</b>, then click the enemy: only those in range and "
     "sight are offered. Readings: range counts a diagonal as 1 square; the penalty comes off the "
     "whole attack once; swords do not strike between wall and ground.</p>"),
    (POWER, "Power Cards",
     "<p>Power cards are secret. You start with 4 and may hold 6 at most: with more, discard down at "
     "once. Before rolling you can give up 2 dice to draw a card, or all 5 for three cards. A card "
     "may also be thrown away for one more roll of the dice.</p>"
     "<p><b>On this site</b> <b>Draw a Power card (2 dice)</b> at the start of your turn, after any "
     "recruiting; over the limit, choose the card to <b>Discard</b>. The discard pile is shuffled into "
     "a new deck when the deck runs out.</p>"),
    (GAME_TURN, "Game Turn",
     "<p>A turn, in order: recruit (paid with dice), draw Power cards (paid with dice), roll whatever "
     "dice are left up to three times, then carry out the final roll. Spending all five dice means no "
     "roll this turn.</p>"
     "<p><b>On this site</b> the start of the turn offers <b>Recruit …</b>, <b>Draw a Power card (2 "
     "dice)</b>, the cards played before rolling (Additional Recruit, Mirror Action) and <b>Roll the "
     "dice</b>; with no dice left the turn passes on by itself. Reading: recruiting comes before "
     "drawing.</p>"),
    (RESOLVING, "Resolving Dice Actions",
     "<p>The final roll's symbols, with any Power cards you add, are carried out in the order you "
     "like: triangles move, Xs attack, Os heal or carry treasure. Symbols that cannot be used (an O "
     "with nobody wounded) are simply lost.</p>"
     "<p><b>On this site</b> the panel shows the move, hit and heal points left: click a soldier then "
     "a square, <b>Attack with …</b>, <b>Heal …</b>, a treasure button, or a card. <b>End the "
     "turn</b> when done; ending with hits unused while an enemy is in reach asks you to confirm.</p>"),
    (RESOLVE_ATTACKS, "Resolving Attacks",
     "<p>The attacker names the target and the number of hits and may add Enhanced Attack cards face "
     "down; the attack cannot change after that. The defender may answer with defence cards face "
     "down, then both sides show their cards. The target loses the hits plus attack cards, minus the "
     "range penalty and the defence cards. At 0 it is defeated and goes back to its camp wounded. All "
     "cards played are discarded, even if more than needed. The Xs of one roll may be split over "
     "several attacks.</p>"
     "<p><b>On this site</b>: the enemy, then <b>1 hit</b>, <b>2 hits</b> …, then <b>Add face "
     "down</b> and <b>Declare the attack</b>. A defender holding any card is asked next, so nobody "
     "learns whether it holds a defence card.</p>"),
    (HEALING, "Resolving Healing or Grab/Drop Treasure",
     "<p>Wounded soldiers lie in camp. Each O heals one: the first brings it back to 1 defence, each "
     "further O adds a shield up to its full defence, over as many turns as needed. A healed soldier "
     "re-enters from its camp, fully healed or not. In the Treasure campaign an O may instead pick up "
     "a token on or next to a soldier, hand one to a friendly soldier next to it, or put one down next "
     "to it; walking onto a token picks it up for free. Carrying capacity: foot soldiers 1 token, "
     "Mounted Swordswoman 2, Mounted Archer any number.</p>"
     "<p><b>On this site</b> <b>Heal …</b>, <b>Grab treasure at …</b>, <b>Hand a treasure to …</b>, "
     "<b>Drop a treasure at …</b>: one token per O. Reading: a token is banked when its carrier stands "
     "on its own camp square or drops it there.</p>"),
    (ENH_MOVE, "Enhanced Movement (Power card)",
     "<p>Adds steps to your triangles; it does nothing if the final roll has no triangle.</p>"
     "<p><b>On this site</b> play it while resolving; its +1 or +2 (stand-in values) joins your move "
     "points.</p>"),
    (ENH_ATTACK, "Enhanced Attack (Power card)",
     "<p>Adds hits to one attack; several may go on the same attack. They are laid face down when the "
     "attack is declared and shown together with the defender's cards.</p>"
     "<p><b>On this site</b> <b>Add face down</b> after choosing the hits, then <b>Declare the "
     "attack</b>. Reading: the appendix asks for a rolled triangle; the site reads it as a rolled X. "
     "The +1 and +2 values are stand-ins.</p>"),
    (DEFENCE_CARDS, "Defence (Power cards)",
     "<p>Played face down by the attacked soldier's owner once the attack is declared. Enhanced "
     "Defence takes hits off the attack; a Dodge cancels an attack by its weapon (sword: Swordsman, "
     "Swordswoman, Mounted Swordswoman; spear: Spearman; arrow: Archer, Mounted Archer); Extreme "
     "Dodging cancels any attack. They are shown with the attacker's cards, then discarded.</p>"
     "<p><b>On this site</b> <b>Defend with …</b> for each card, then <b>Reveal the defence</b> (also "
     "with no card). In Semi-Collaborative play an ally's cards may be used too.</p>"),
    (RECOVERY, "Quick Recovery (Power card)",
     "<p>Heals wounded soldiers in camp by the number on the card, as that many Os would.</p>"
     "<p><b>On this site</b> play it while resolving when a soldier of yours in camp is below full "
     "defence, then spend the points with <b>Heal …</b> (values 2 and 3 are stand-ins).</p>"),
    (TACTIC, "Miscellaneous Tactic cards",
     "<ul><li><b>Mirror Action</b>: your dice copy the previous player's final roll; no rerolls.</li>"
     "<li><b>Extra Turn</b>: roll all five dice once more.</li>"
     "<li><b>Swap a Card</b>: take a random card from another player, then give them one of yours.</li>"
     "<li><b>Retreat</b>: move one enemy soldier one square.</li>"
     "<li><b>Taunt</b>: a random card of another player is discarded.</li>"
     "<li><b>Additional Recruit</b>: one soldier without spending dice.</li></ul>"
     "<p><b>On this site</b> Mirror Action and Additional Recruit are played before rolling, the "
     "others while resolving; then <b>Choose …</b> the player, <b>Give …</b> a card, or <b>Retreat "
     "…</b> a soldier and a square. Readings: Mirror Action needs a roll by the previous player and "
     "earns no bonus card; Extra Turn comes after resolving, with the usual three rolls.</p>"),
    (END_TURN, "End of Turn",
     "<p>Once everything is resolved the dice pass clockwise to the next player; unused symbols are "
     "lost.</p>"
     "<p><b>On this site</b> turns go Green, Red, Yellow, Blue (those playing). In Rani Abbakka the "
     "Portuguese act after every player's turn. House rule: the game ends after a number of rounds "
     "(30 unless changed in the new-game dialog).</p>"),
    (CAMPAIGN_SETUP, "Setting up the Campaign (Treasure, Hold the Fort)",
     "<p>Each player builds an army of up to 3 soldiers of any kinds, waiting in camp. The Treasure "
     "campaign puts its 8 tokens in the palace; Hold the Fort lays the flags by the board. Both may be "
     "played by Day or by Night (ranged soldiers lose 1 more a square). Mounted soldiers can never "
     "enter the palace.</p>"
     "<p><b>On this site</b> click <b>Take …</b> for each soldier, then <b>Done</b>; the players "
     "build in turn, Green first.</p>"),
    (TREASURE, "#1 Treasure Campaign",
     "<p>The first to 5 victory points wins: 2 for each treasure token brought home to your camp, 1 "
     "for each enemy soldier you defeat. A defeated carrier drops its tokens where it stood, for "
     "anyone to take. Semi-Collaborative (4 players): diagonal seats are allies, share their cards and "
     "add their points together. Difficult mode: a defeat also takes a point from the loser if it "
     "has one.</p>"
     "<p><b>On this site</b> readings: a token is banked on its carrier's own camp square; in "
     "Difficult mode the attacker scores 1 either way. At the round limit the most points win.</p>"),
    (HOLD, "#2 Hold the Fort Campaign",
     "<p>A soldier earns a flag of its colour the moment it walks into the palace, holds one flag at "
     "most, and loses it when defeated. When a player or alliance holds 5 flags the game ends, and the "
     "one with the most soldiers in the palace wins.</p>"
     "<p><b>On this site</b> readings: a soldier keeps its flag when it leaves the palace; 5 flags "
     "means 5 held at once; a palace tie goes to the most flags held, then is shared. With 5 foot "
     "standees a colour (stand-in) that needs every foot soldier flagged, so many games reach the "
     "round limit, judged the same way.</p>"),
    (RANI_SETUP, "Rani Abbakka: Setting up the Campaign",
     "<p>Played at Night, without Power cards, with foot soldiers only: alone, 6 soldiers and Rani "
     "Abbakka, at most 4 of them starting on the board; with 2 players 3 soldiers each, with 3 players "
     "2 each, one player leading the Rani (5 defence). Two Portuguese patrol soldiers (defence 2) walk "
     "inside the fort, four guards (3) hold the palace and the General (4) its centre.</p>"
     "<p><b>On this site</b> with 2 or 3 players each first clicks a free corner to start from, then "
     "<b>Take …</b> its soldiers; the first seat leads the Rani. Alone, after taking your 6 soldiers "
     "you click <b>Start … on the board</b> for each one (the Rani among them or not) to start on your "
     "camp square and the three beside it, at most 4, then <b>Done</b>; the others wait in camp. "
     "Reading: the same kind may be taken more than once.</p>"),
    (RANI, "#3 Rani Abbakka Campaign",
     "<p>Everyone wins when the Portuguese General falls, and everyone loses if Rani Abbakka falls or "
     "a patrol spots a soldier. The Rani moves one square further than others, strikes only next to "
     "her and is never healed. After each turn every patrol soldier steps one square clockwise; it "
     "sees 4 squares on the ground, never the wall tops. Guards and the General wake when they see a "
     "soldier within 2 squares or an attack that close, step one square toward it (the Rani first) and "
     "hit each soldier next to them for 1.</p>"
     "<p><b>On this site</b> the Portuguese move by themselves after your turn. Readings: players "
     "fight only the Portuguese; the patrol looks after every action; a guard woken by an attack goes "
     "for the attacker; at the round limit the sun rises and you lose.</p>"),
)


# --- the rule at hand ---------------------------------------------------------------------------------

def rule_ref(state, role) -> str:
    """The REFERENCE key of the decision `role` takes now (the fields rules._prompt reads)."""
    if state.get("discarding") == role:
        return POWER                                   # "Power Cards": hand limit of 6
    rani = state["options"]["campaign"] == data.RANI
    if state["phase"] == "army":
        return RANI_SETUP if rani else CAMPAIGN_SETUP
    t = state.get("turn")
    if not t:
        return GAME_TURN
    att = t.get("attack")
    if att is not None:
        stage = att.get("stage")
        if stage == "target":
            return ATTACKING                           # range, line of sight
        if stage == "defend":
            return DEFENCE_CARDS
        return RESOLVE_ATTACKS                         # hits, face-down cards, declaring
    sub = t.get("sub")
    if sub is not None:
        return RECRUIT if sub.get("k") == "recruit" else TACTIC
    stage = t.get("stage")
    if stage == "start":
        return GAME_TURN
    if stage == "roll":
        return ROLL
    sel = t.get("sel")
    if sel is not None:
        soldiers = state["soldiers"]
        if 0 <= sel < len(soldiers) and soldiers[sel]["kind"] == "rani":
            return RANI                                # her +1 move, the patrol's eyes
        return MOVING
    pool = t.get("pool") or {}
    left = [sym for sym, n in ((data.MOVE, pool.get(data.MOVE, 0)), (data.HIT, pool.get(data.HIT, 0)),
                               (data.HEAL, pool.get(data.HEAL, 0) + t.get("heal_bonus", 0))) if n > 0]
    if left == [data.MOVE]:
        return MOVING
    if left == [data.HIT]:
        return ATTACKING
    if left == [data.HEAL]:
        return HEALING
    return RESOLVING


# --- the position in words ----------------------------------------------------------------------------

CAMPAIGN_NAME = {data.TREASURE: "Treasure Campaign", data.HOLD: "Hold the Fort Campaign",
                 data.RANI: "Rani Abbakka and the Capture of Ullal"}
SYMBOL = {data.MOVE: "move", data.HIT: "hit", data.HEAL: "heal"}
PLURAL = {"Swordsman": "Swordsmen", "Swordswoman": "Swordswomen", "Spearman": "Spearmen",
          "Archer": "Archers", "Mounted Swordswoman": "Mounted Swordswomen",
          "Mounted Archer": "Mounted Archers", "Portuguese Patrol": "Portuguese Patrol soldiers",
          "Portuguese Guard": "Portuguese Guards"}
SUB_NAME = {"recruit": "Additional Recruit", "swap": "Swap a Card", "taunt": "Taunt", "retreat": "Retreat"}


def _terrain(s: int, camps: dict) -> str:
    if s in data.WALL:
        return "wall"
    if s in data.STAIRS:
        return "stairs"
    if s in data.PALACE:
        return "palace"
    if s in data.MAIN_ENTRANCES:
        return "main entrance"
    if s in data.SMALL_ENTRANCES:
        return "small entrance"
    for owner, camp in camps.items():
        if camp == s:
            return f"{owner} camp"
    return ""


def _kind_name(kind: str) -> str:
    return data.SOLDIERS[kind]["name"] if kind in data.SOLDIERS else str(kind)


def _plural(name: str, n: int) -> str:
    return name if n == 1 else PLURAL.get(name, name + "s")


def _card_name(kind) -> str:
    entry = data.CARD_KINDS.get(kind)
    return entry[0] if entry else str(kind)


def _soldier_ref(view, sid) -> str:
    soldiers = view.get("soldiers") or []
    if not isinstance(sid, int) or not 0 <= sid < len(soldiers):
        return "a soldier"
    s = soldiers[sid]
    where = f" at {data.square_name(s['pos'])}" if s.get("pos") is not None else ""
    name = _kind_name(s["kind"])
    if not name.startswith(s["owner"]):                # "the Portuguese Guard", not "Portuguese's …"
        name = f"{s['owner']}'s {name}"
    return name + where


def _on_board(view, owner: str, camps: dict) -> str:
    """One sentence: `owner`'s soldiers on the board, grouped by kind."""
    by_kind: dict = {}
    for s in view["soldiers"]:
        if s["owner"] == owner and s.get("pos") is not None:
            by_kind.setdefault(s["kind"], []).append(s)
    groups = []
    for kind, group in by_kind.items():
        full = data.SOLDIERS[kind]["defence"] if kind in data.SOLDIERS else 0
        spots = []
        for s in sorted(group, key=lambda s: s["pos"]):
            terrain = _terrain(s["pos"], camps)
            extra = ([terrain] if terrain else []) + [f"defence {s['def']} of {full}"]
            if s.get("carry"):
                extra.append(f"carrying {s['carry']} treasure")
            if s.get("flag"):
                extra.append("holding a flag")
            spots.append(f"{data.square_name(s['pos'])} ({', '.join(extra)})")
        groups.append(f"{_plural(_kind_name(kind), len(group))} at {and_list(spots)}")
    return "; ".join(groups)


def _in_camp(view, owner: str) -> str:
    """One sentence: `owner`'s soldiers off the board (ready to enter, or wounded)."""
    parts = []
    for s in view["soldiers"]:
        if s["owner"] != owner or s.get("pos") is not None or s.get("out"):
            continue
        full = data.SOLDIERS[s["kind"]]["defence"] if s["kind"] in data.SOLDIERS else 0
        if s["def"] == 0:
            state = f"wounded, defence 0 of {full}"
        elif s.get("wounded") or (s["def"] < full and s["kind"] != "rani"):
            state = f"healing, defence {s['def']} of {full}"
        else:
            state = f"ready, defence {s['def']} of {full}"
        parts.append(f"{_kind_name(s['kind'])} ({state})")
    return ", ".join(parts)


def _turn_line(view, role) -> str:
    """Whose turn it is and at which step, from the view's public turn."""
    active = view.get("active") or []
    if view.get("discarding"):
        return f"{view['discarding']} must discard down to {data.HAND_LIMIT} Power cards."
    if view.get("phase") == "army":
        who = active[0] if active else "?"
        if who not in (view.get("camps") or {}):
            return f"Building the armies: {who} chooses a starting corner."
        return f"Building the armies: {who} chooses soldiers."
    t = view.get("turn")
    if not t:
        return "Waiting."
    seat = t["seat"]
    att = t.get("attack")
    if att is not None:
        line = f"{seat} attacks"
        if att.get("target") is None:
            return line + f" with {_soldier_ref(view, att['by'])}: choosing the target."
        line = f"{_soldier_ref(view, att['by'])} attacks {_soldier_ref(view, att['target'])}"
        if att.get("stage") == "hits":
            return line + f"; range penalty {att.get('penalty', 0)}: choosing the number of hits."
        line += f" with {att['hits']} hit{'s' * (att['hits'] != 1)}, range penalty {att.get('penalty', 0)}"
        if att.get("acards"):
            line += ", attack cards face down: " + ", ".join(_card_name(k) for k in att["acards"])
        elif att.get("acards_count"):
            line += f", {att['acards_count']} attack card{'s' * (att['acards_count'] != 1)} face down"
        if att.get("stage") == "defend":
            line += f"; {att.get('defender')} chooses its defence"
            if att.get("dcards"):
                line += " (face down: " + ", ".join(_card_name(k) for k in att["dcards"]) + ")"
            elif att.get("dcards_count"):
                line += f" ({att['dcards_count']} card{'s' * (att['dcards_count'] != 1)} face down)"
        else:
            line += "; adding attack cards before declaring"
        return line + "."
    sub = t.get("sub")
    if sub is not None:
        k = sub.get("k")
        what = {"recruit": "choosing the soldier to recruit",
                "swap": "giving a card back" if sub.get("from") else "choosing whom to swap a card with",
                "taunt": "choosing whom to taunt",
                "retreat": (f"moving {_soldier_ref(view, sub.get('sid'))} one square"
                            if sub.get("sid") is not None else "choosing the enemy soldier to move")}.get(k, k)
        return f"{seat} plays {SUB_NAME.get(k, k)}: {what}."
    stage = t.get("stage")
    if stage == "start":
        spent = []
        if t.get("recruits"):
            spent.append(f"{t['recruits']} recruited")
        if t.get("draws"):
            spent.append(f"{t['draws']} card{'s' * (t['draws'] != 1)} drawn")
        return (f"{seat}'s turn begins: {t['dice_left']} dice to spend or roll"
                + (f" ({', '.join(spent)})" if spent else "") + ".")
    dice = ", ".join(SYMBOL.get(d, str(d)) for d in t.get("dice") or [])
    if stage == "roll":
        kept = [str(i + 1) for i, h in enumerate(t.get("held") or []) if h]
        return (f"{seat} is rolling (roll {t['rolls']} of {data.ROLLS}): {dice}"
                + (f"; keeping dice {', '.join(kept)}" if kept else "") + ".")
    pool = t.get("pool") or {}
    heal = pool.get(data.HEAL, 0) + t.get("heal_bonus", 0)
    line = (f"{seat} resolves the roll ({dice}): {pool.get(data.MOVE, 0)} move, "
            f"{pool.get(data.HIT, 0)} hit, {heal} heal left")
    if t.get("mirrored"):
        line += " (a mirrored roll)"
    if t.get("extra"):
        line += "; an Extra Turn to come"
    if t.get("sel") is not None:
        line += f"; moving {_soldier_ref(view, t['sel'])}"
    return line + "."


def describe(view, role) -> list:
    """The position in words for `role`, from its view only (rules.view)."""
    opts = view.get("options") or {}
    camp = opts.get("campaign")
    seats = list(view.get("seats") or [])
    camps = view.get("camps") or {}
    lines = []
    head = CAMPAIGN_NAME.get(camp, "Yudhbhoomi") + (", Night" if opts.get("night") else ", Day")
    if opts.get("difficult"):
        head += ", Difficult mode"
    if opts.get("mode") == "semi":
        pairs = []
        for r in seats:
            ally = data.ALLY.get(r)
            if ally in seats and seats.index(r) < seats.index(ally):
                pairs.append(f"{r} with {ally}")
        head += ", Semi-Collaborative (allies: " + "; ".join(pairs) + ")"
    head += f". Round {view.get('round', 1)}"
    if opts.get("rounds"):
        head += f" of {opts['rounds']}"
    lines.append(head + f". You are {role}.")
    result = view.get("result")
    if result is not None:
        winners = result.get("winners") or []
        lines.append(f"Game over: {result.get('summary', '')}. "
                     + (f"Winners: {and_list(winners)}." if winners else "Nobody wins."))
        lines += [str(d) for d in result.get("details") or []]
    else:
        lines.append(_turn_line(view, role))
        if role in (view.get("active") or []) and view.get("prompt"):
            lines.append(f"Your step: {view['prompt']}")
    hand_sizes = view.get("hand_sizes") or {}
    for r in seats:
        items = []
        if camp == data.TREASURE:
            items.append(f"{view['vp'].get(r, 0)} VP ({view['banked'].get(r, 0)} treasure banked)")
        elif camp == data.HOLD:
            in_palace = sum(1 for s in view["soldiers"] if s["owner"] == r and s.get("pos") in data.PALACE)
            items.append(f"{view['flags'].get(r, 0)} of {data.FLAGS} flags, {in_palace} in the palace")
        if camp != data.RANI:
            n = hand_sizes.get(r, 0)
            items.append(f"{n} Power card{'s' * (n != 1)}")
        if r in camps:
            items.append(f"camp {data.square_name(camps[r])}")
        else:
            items.append("no camp chosen yet")
        lines.append(f"{r}{' (you)' if r == role else ''}: " + ", ".join(items) + ".")
        board = _on_board(view, r, camps)
        waiting = _in_camp(view, r)
        if not board and not waiting:
            lines.append(f"{r} has no soldiers yet.")
            continue
        if board:
            lines.append(f"{r} on the board: {board}.")
        if waiting:
            lines.append(f"{r} in camp: {waiting}.")
    if any(s["owner"] == "Portuguese" for s in view["soldiers"]):
        board = _on_board(view, "Portuguese", camps)
        lines.append("Portuguese on the board: " + (board or "none") + ".")
        out: dict = {}
        for s in view["soldiers"]:
            if s["owner"] == "Portuguese" and s.get("out"):
                out[s["kind"]] = out.get(s["kind"], 0) + 1
        if out:
            lines.append("Portuguese defeated: " + and_list(
                [f"{n} {_plural(_kind_name(k), n)}" for k, n in out.items()]) + ".")
        alerted = [_soldier_ref(view, i) for i in view.get("alerted") or []]
        if alerted:
            lines.append("Alerted, will step and strike at the end of the turn: " + and_list(alerted) + ".")
    if camp == data.TREASURE:
        treasure = view.get("treasure") or {}
        total = sum(treasure.values())
        spots = [data.square_name(int(k)) + (f" ({n})" if n > 1 else "")
                 for k, n in sorted(treasure.items(), key=lambda kv: int(kv[0]))]
        lines.append(f"Treasure on the map: {total} token{'s' * (total != 1)}"
                     + (f" at {and_list(spots)}" if spots else "") + ".")
    if camp != data.RANI:
        hands = view.get("hands") or {}
        for r, hand in hands.items():
            names = ", ".join(_card_name(k) for _, k in hand) or "none"
            who = "Your Power cards" if r == role else f"{r}'s Power cards (your ally)"
            lines.append(f"{who}: {names}.")
        discard = view.get("discard") or []
        lines.append(f"Deck: {view.get('deck_size', 0)} cards; discard pile: {len(discard)}"
                     + (f", the last {_card_name(discard[-1])}" if discard else "") + ".")
    return lines


# --- the chart -----------------------------------------------------------------------------------------

def _sides(state) -> list:
    """(side name, its roles): the seats, or the alliances in Semi-Collaborative play."""
    seats = state["seats"]
    if state["options"].get("mode") != "semi":
        return [(r, [r]) for r in seats]
    out = []
    for r in seats:
        pair = sorted((r, data.ALLY[r]))
        name = "+".join(pair)
        if all(name != n for n, _ in out):
            out.append((name, [x for x in seats if x in pair]))
    return out


def chart_sample(state):
    """(round, panels) of public numbers: see the module docstring."""
    x = int(state["round"])
    camp = state["options"]["campaign"]
    soldiers = state["soldiers"]
    if camp == data.TREASURE:
        vp = state["vp"]
        return x, {"Victory points": {name: sum(vp[r] for r in roles) for name, roles in _sides(state)}}
    if camp == data.HOLD:
        flags, palace = {}, {}
        for name, roles in _sides(state):
            flags[name] = sum(1 for s in soldiers if s["owner"] in roles and s["flag"])
            palace[name] = sum(1 for s in soldiers if s["owner"] in roles and s["pos"] in data.PALACE)
        return x, {"Flags held": flags, "Soldiers in the palace": palace}
    # Rani Abbakka: the players win or lose together
    defeated = sum(1 for s in soldiers if s["owner"] == "Portuguese" and s["out"])
    rani = next((s["def"] for s in soldiers if s["kind"] == "rani"), 0)
    general = next((s["def"] for s in soldiers if s["kind"] == "general"), 0)
    return x, {"Portuguese defeated": {"Players": defeated},
               "Defence left": {"Rani Abbakka": rani, "General": general}}
