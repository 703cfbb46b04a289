"""Viktory II's guide (the "guide module" of engine/core/api.py): the rule at hand for every step the
game prompts, the position in words for a screen-reader user, and the numbers of the review chart.

REFERENCE summarises the Viktory II rulebook, version 2.1 (Morrison Games), in the project's
own words, one entry per section that governs a prompted step (keys are the rulebook's section
numbers), plus the house round limit. rule_ref follows the same state fields as rules._prompt (the
pending choice first: exploration, 11.3 eliminations, 11.1 casualties, the Battle in progress, the 16.82
relocation and reinforcement; then the phase). describe reads nothing but a view (rules.view), which
every seat sees alike except for its prompt: the face-down tiles and the pile's order are in no view.
"""
from __future__ import annotations

from . import combat, data, geometry, movement, pieces, transport

CHART_X = "Round"

REFERENCE = (
    ("4.0", "Starting the Game",
     "<p>Your first turn founds your empire. Your five start hexes (ringed in your colour) turn face up. "
     "Should three or more of them be water, you may swap all but two of the water hexes for land: "
     "click a water hex to send it back to the pile (the first land tile drawn replaces it), or click "
     "<b>Keep</b>.</p><ul><li>Click a land start hex for your <b>Capital</b>: a Town carrying the Capital "
     "marker, worth one Infantry.</li><li>Then you may found a second Town (another Infantry), or click "
     "<b>No second Town</b>. In games of two to six players the first player builds the Capital "
     "alone, to even out moving first.</li><li>The Infantry go into your Towns for you; the next player "
     "then opens, and after the last one the first player begins the normal turns.</li></ul>"
     "<p>Our reading (About): the start hexes turn up where they lie; the choice of arrangement of 7.0 "
     "is not offered for them, and water is replaced one click at a time.</p>"),
    ("5.1", "Standard Conquest",
     "<p>Always in force, whatever other endings were chosen: the last player left in the game wins. A "
     "player with no Town, City or unit is out.</p><p>On this site you may click <b>Concede the "
     "game</b> in your own turn (at its start, between units, while building or placing); the page asks "
     "first. Our reading (About): conceding is leaving the game like an eliminated player: your Towns, "
     "Cities and units leave the map and the others play on.</p>"),
    ("5.2", "Subjugation Conquest",
     "<p>With Subjugation (16.8) chosen, you win when every other player still in the game is your "
     "Vassal (or has conceded, 16.86). With the optional Alliance victory (16.87) you also win once you "
     "have turned two players into Vassals without losing your own Capital in between; the "
     "first of them need not still be your Vassal.</p>"),
    ("5.3", "Shorter Conquest",
     "<p>If chosen, the game stops as soon as any Capital is captured. Empires are then scored: 1 point "
     "for each Town and 2 for each City on the map (3 for a Metropolis on this site, 16.6). The player "
     "who lost the Capital cannot win; among the others the largest empire wins, ties sharing the "
     "win. The points are shown in the top bar.</p>"),
    ("5.4", "Race for Dominance",
     "<p>If chosen, the first player whose empire reaches the target at any moment of his own turn wins "
     "at once. Towns count 1, Cities 2. The target depends on the number of players: 16 for two, 17 for "
     "three, 18 for four or five, 16 for six, 14 for seven and 13 for eight.</p>"),
    ("5.5", "The Doomsday Clock",
     "<p>If chosen, the clock starts the first time a City changes hands in battle (a Town does not count). From then on each "
     "player rolls one die at the start of his turn, before doing anything else (the site rolls for "
     "you and logs it). A 1 puts a coin beside his Capital, and he rolls no more. The game stops when the "
     "last Capital gets its coin; the largest empire, counted as in 5.3, wins.</p><p>Our reading (About): the game "
     "ends when every player still in the game has a coin.</p>"),
    ("Round limit", "Round limit (house rule)",
     "<p>Not in the rulebook: so that every game ends, this site stops the game after a number of game "
     "rounds (60 unless changed in the new-game dialog, where it can also be switched off). Empires "
     "are then scored as in 5.3 (1 point per Town, 2 per City) and the largest empire of the players "
     "still in the game wins.</p>"),
    ("6.0", "Sequence of Play",
     "<p>A Player Turn has three phases, always in this order: <b>Movement &amp; Combat</b>, "
     "<b>Building</b>, <b>Reserve Placement</b>. In the first you may move, Bombard and fight in any "
     "order you like; the rulebook suggests bombarding first, then Battles, then plain moves.</p>"
     "<ul><li>Click one of your units (a dashed outline) to move it; only one unit moves at a time "
     "(10.0).</li><li>Units that entered enemy hexes must fight their Battles (crossed swords) before the "
     "phase can end (13.0).</li><li><b>End movement</b> goes on to Building (skipped without your "
     "Capital, 8.1); <b>End turn</b> ends everything now (the page warns you if that skips a "
     "phase).</li></ul>"),
    ("7.0", "Map Exploration",
     "<p>Whenever hexes turn face up (a unit entering a hex reveals its neighbours, 10.2; a new Town "
     "its neighbours and a new City the ring two hexes out, 8.3; a placed Frigate too), the player "
     "draws that many tiles and decides which goes where. On the map the empty places are marked "
     "<b>?</b>: click one to put the tile named at the top there; once the rest are all alike they are "
     "placed for you.</p><p>If every drawn tile is water (and land remains in the pile) you may put one "
     "back and draw until land turns up, keeping that land tile, or click <b>Keep</b>.</p>"),
    ("8.2", "Towns and Cities",
     "<p>In the Building Phase, which needs you to hold your Capital (8.1), you either found one or two "
     "Towns, or turn one Town into a City, or build nothing (<b>End building</b>).</p><ul><li>A new Town "
     "goes on a face-up land hex connected by face-up hexes to your realm, two or three hexes from one "
     "of your Towns or Cities, never next to any Town or City, and never on or beside another player's "
     "unit.</li><li>A Town brings an Infantry; a City adds units by its terrain (Plains 2 Infantry, "
     "Grassland a Cavalry, Mountain an Artillery, Forest a Frigate), into your Reserve (8.4, "
     "9.0).</li><li>A new Town reveals the hexes around it, a new City those two hexes away (8.3).</li>"
     "</ul><p>Click a hex marked <b>Town</b> or <b>&rarr; City</b>.</p>"),
    ("10.1", "Land Movement",
     "<p>Infantry and Artillery have 2 MPs, Cavalry 3; each hex costs 1. Click a dashed hex to step "
     "there, then <b>Done moving this unit</b>: once another unit moves, this one cannot resume "
     "(10.0).</p><ul><li>Infantry and Artillery stop on entering Forest or Mountain, unless you have a "
     "Town or City there or one of your land units began the turn there (10.12).</li><li>Between your "
     "Towns and Cities two or three hexes apart, along a path of 2-3 hexes free of enemy units, a land "
     "unit travels in one step for 1 MP (roads and ferries, 10.13).</li><li>Stepping where an enemy "
     "unit, Town or City stands ends the move and starts a Battle there (13.0); the hexes around each "
     "hex entered turn face up (10.2).</li></ul>"),
    ("10.3", "Naval Movement",
     "<p>Frigates move 5 hexes over water. A Frigate may pass through one of your Town or City hexes "
     "that touches at least two water hexes (a port), entering and leaving it at the usual cost, but "
     "cannot stop, bombard or load units there (10.32). Sailing into an enemy Frigate's hex starts a "
     "Naval Battle (13.0). Click a dashed hex to move, then <b>Done moving this unit</b>.</p>"),
    ("10.4", "Naval Transport of Land Units",
     "<p>A Frigate holds at most three land units at once, and ships no more than three in a "
     "turn (10.41).</p><ul><li>Picking up costs it nothing: select the Frigate and click a land unit beside it "
     "that has not moved or fought this turn; the unit's own movement is spent (10.42, 10.43).</li>"
     "<li>It drops units into one hex per turn, and doing so ends its move: click the blue arrow to land "
     "all the cargo, or land one unit at a time (10.46). Landing on enemy units or an enemy Town starts "
     "a Battle (10.47).</li><li>Cargo may stay at sea between turns, but sinks with its Frigate: the "
     "units go to the Reserve (10.45). An Artillery shipped this turn may not Bombard (10.44).</li>"
     "</ul><p>Our reading (About): cargo aboard when the turn begins counts toward the three of the "
     "turn.</p>"),
    ("11.1", "Scoring 'Hits'",
     "<p>Each die of 3 or less is a hit; with Combat Supply (a City on each of the four land terrains, "
     "while holding your Capital, 11.2) 4 or less. For each 1 rolled the firing player picks which of the "
     "target's units is lost; then the owner picks for the other hits. Lost units go to their owner's "
     "Reserve.</p><p>Click the type of unit to remove (<b>Remove a Red infantry</b>); a choice with a "
     "single answer is made for you. Our reading (About): where one player's Frigates in the hex differ "
     "(one carries cargo, lost with it) the chooser clicks the Frigate itself.</p>"),
    ("11.3", "Applying Losses",
     "<p>Losing a Town or City costs its owner the units it supported (an Infantry for a Town; for a "
     "City by its terrain, 9.2): they leave the game. He picks each one, from the Reserve or from the "
     "map; the captor gains the same units in his Reserve (11.4).</p><p>Click <b>Eliminate ... from "
     "the Reserve</b> or a hex holding that type. Our reading (About): the rulebook's example prefers "
     "the Reserve, but it is your free choice; where the choice changes nothing it is made for "
     "you.</p>"),
    ("12.0", "Bombard Attacks",
     "<p>An Artillery or a Frigate may fire one die at an adjacent hex holding another player's units "
     "(a purple crosshair: click it). It may move first to get there, but bombarding ends its move, and "
     "a unit makes only one attack per turn, Bombard or Battle (11.7).</p><ul><li>There is no return "
     "fire; a hit sends one unit to its owner's Reserve, chosen as in 11.1.</li><li>Towns and Cities "
     "cannot be harmed by bombardment.</li><li>An Artillery that was shipped this turn may not bombard "
     "(10.44). A Frigate that bombards may still load and land units beside it (12.2).</li></ul>"),
    ("13.0", "Battle Attacks",
     "<p>A Battle starts when your units step into a hex held by another player's units, Town or City. You "
     "may bring in as many more units as can reach it, from other hex sides too (each extra side is a "
     "die), before fighting. Click the crossed swords to fight; all waiting Battles must be fought "
     "before the phase ends.</p><ul><li>One Battle per hex per turn (13.2).</li><li>The player moving "
     "is always the attacker (13.1).</li><li>Dice count unit <i>types</i> and hex sides, not "
     "numbers: mix Infantry, Cavalry and Artillery.</li></ul>"),
    ("13.3", "Conducting Battle Rounds",
     "<p>Before the first round every Artillery on both sides fires one die. Then each round: the "
     "attacker rolls a die per unit type present plus one per extra hex side used; the defender rolls a "
     "die per unit type, 1 more for Forest or a Town (2 for Mountain or a City, the better one only) and "
     "1 if his Frigate lies next to the hex. Hits beyond what kills every defender cut the defender's "
     "unit dice (13.31). Casualties go after both have fired.</p><ul><li>If both sides still have units, "
     "the attacker clicks <b>Fight another round</b> or <b>Retreat</b>; retreating units go back to hexes "
     "they entered from (land units may board a Frigate there), one click per unit.</li><li>The defender "
     "never retreats. The attacker takes a Town or City only with a unit left once no defender "
     "is.</li></ul><p>Naval Battles are fought the same way with Frigates only.</p>"),
    ("13.5", "Redeployment",
     "<p>Before placing any Reserve unit you may lift units off the map (not from a hex being fought "
     "over) into your Reserve, to place them again this phase. Click <b>Redeploy units to the "
     "Reserve</b>, then each unit to lift, then <b>Done redeploying</b>. Cargo at sea may be "
     "lifted too.</p>"),
    ("14.0", "Reserve Placement",
     "<p>After all moves and fights, you may place units from your Reserve onto the map; any you leave "
     "stay there for later turns. Click a unit type (<b>Place infantry</b>), then a hex; <b>End "
     "turn</b> when done. Redeployment (13.5) must come before the first placement.</p>"),
    ("14.1", "Placement Locations & Restrictions",
     "<p>Each Town takes one Infantry a turn; a City takes its own types each turn (Plains up to 3 "
     "Infantry; Grassland an Infantry and a Cavalry; Mountain an Infantry and an Artillery; Forest an "
     "Infantry and a Frigate), whichever City raised the unit.</p><ul><li>Your Capital, while you hold "
     "it, takes any number of any type (14.4).</li><li>A Town or City with an "
     "enemy unit beside it takes nothing (14.2).</li><li>Without your Capital, your Cities take one Infantry like "
     "Towns (15.0).</li></ul><p>Click one of the dashed hexes.</p>"),
    ("14.3", "Frigate Placement",
     "<p>A Frigate goes onto a water hex next to one of your Forest Cities, or next to your Capital "
     "(14.4); a Forest City without water beside it uses the nearest water hex, your choice among "
     "equals. Placing it reveals the hexes around it (7.0). Click one of the dashed water hexes.</p>"
     "<p>Our reading (About): next to your Capital a Frigate may join an enemy Frigate (14.5).</p>"),
    ("14.5", "Frigate Placement Naval Battle",
     "<p>Where placement allows it you may put a Frigate in a water hex holding another player's "
     "Frigate. Once everything is placed, a Naval Battle is fought there (click the crossed swords); "
     "the losses go to each owner's Reserve.</p>"),
    ("15.0", "Losing Your Capital",
     "<p>Without your own Capital you cannot build, your Cities defend and receive units like Towns, you "
     "lose Combat Supply, and other units stay in the Reserve until you retake it. A captor keeps the "
     "Capital marker where it is and uses the Town or City as his own; retaken, it works fully for its "
     "first owner again.</p>"),
    ("16.1", "Terrain Leveling",
     "<p>A new-game option: Forests and Mountains neither slow Infantry and Artillery nor add "
     "defence dice. Our reading (About): Towns and Cities still give their defence dice.</p>"),
    ("16.2", "No Exploration",
     "<p>A new-game option: the whole map starts face up, so no tiles are drawn during play; the first "
     "player and the seats are still drawn at random.</p>"),
    ("16.3", "Immediate Empires",
     "<p>A new-game option: the map starts face up; after the opening, each player in turn only builds "
     "and places his Reserve, without moving. The first player who can neither found a Town nor upgrade "
     "one becomes the first to play normal turns, at once.</p><p>Our reading (About): in those turns "
     "building is compulsory while you can (a second Town stays optional); click a hex marked "
     "<b>Town</b> or <b>&rarr; City</b>.</p>"),
    ("16.4", "Luck Averaging",
     "<p>A new-game option: before each Fire Round the firing side may give up pairs of its dice; "
     "each pair is one sure hit, whose casualty the opponent picks. An odd die is always rolled. Click "
     "<b>Roll every die</b> or <b>Give up 2 dice for 1 sure hit</b>.</p><p>Our reading (About): the "
     "attacker chooses first, the defender once the attacker's hits are known; pre-battle Artillery fire "
     "and Bombardment are always rolled.</p>"),
    ("16.5", "Town/City Relocation",
     "<p>A new-game option: instead of building, you may take one of your Towns or Cities off the map "
     "(losing its units) and must rebuild it whole in an adjacent hex at once, where it brings the "
     "units of its new terrain. Click <b>Relocate the town at hex ...</b>, pick the units to eliminate "
     "if asked, then the new hex.</p><p>Our reading (About): the new hex obeys the usual Town distance "
     "rules; the Capital is not moved.</p>"),
    ("16.6", "Metropolises",
     "<p>A new-game option: a City whose hex and neighbours show all five terrain types (and your "
     "Capital, always) may be upgraded to a Metropolis in the Building Phase: 3 defence dice and the "
     "City's extra units once more.</p><p>Our reading (About): the upgrade is the turn's building, the "
     "Capital must be a City first, a Metropolis scores 3 points, and without its owner's Capital it "
     "defends as a Town.</p>"),
    ("16.7", "Frigate Options",
     "<p>A new-game option: Frigates have 8 MPs and pay 1 MP for each unit loaded or landed; they hold "
     "three at a time but may carry more in a turn, may land in several hexes (one hex side per Battle "
     "hex) and go on moving after landing. Frigates then also give Naval Support to other "
     "Frigates.</p>"),
    ("16.8", "Subjugation",
     "<p>A new-game option replacing 15.0: a player whose Capital is taken becomes the captor's Vassal "
     "(16.81) instead of losing it. A player who lost his Capital may not attack anyone in his next turn "
     "(16.83). A Vassal is freed when his Ruler attacks or bombards him, when his Ruler loses his own "
     "Capital, or when he takes a Capital himself (16.85). A Vassal may not attack his Alliance.</p>"),
    ("16.82", "Returning the Vassal's Capital",
     "<p>When you take a Capital under Subjugation, your units there must move out at once, each to an "
     "adjacent hex or aboard your Frigate beside it: click a hex for each. A land hex with another "
     "player's units means a Battle at once (against the Vassal, this frees him). The Vassal then may "
     "reinforce his Capital from his Reserve, there only: click a type (a water hex for a Frigate), "
     "then <b>Done reinforcing</b>.</p><p>Our reading (About): his Frigates go next to it but never among "
     "Alliance Frigates; among enemy ones a Naval Battle is fought at once.</p>"),
    ("16.84", "Vassal and Alliance Effects",
     "<p>A Ruler's units may pass through his Vassal's hexes freely; stopping in one is an attack that "
     "frees the Vassal (click <b>Stop here and attack the Vassal</b>). A Vassal may pass through Alliance "
     "hexes but never stop there. Alliance Towns, Cities and units help each other across Slow Terrain "
     "and along roads, and do not block each other's Reserve placement.</p><p>Our reading (About): one "
     "attack ends the Alliance movement; Alliance ports are not your ports.</p>"),
)

_KEYS = frozenset(key for key, _t, _h in REFERENCE)


# --- the rule at hand -----------------------------------------------------------------------------

def rule_ref(state, role) -> str:
    """The REFERENCE key of the decision `role` takes now: the same fields as rules._prompt, pending
    choices first. Never raises: a state it cannot read names the turn (6.0)."""
    try:
        key = _rule_ref(state, role)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        key = "6.0"
    return key if key in _KEYS else "6.0"


def _rule_ref(state, role) -> str:
    if state.get("result") is not None:
        return "5.1"
    if state["explore"] is not None:
        return "7.0"  # 7.0 (reveals of 8.3, 10.2 and Frigate placement)
    if state["eliminate"]:
        # 16.5: removing one's own Town/City to rebuild it costs its units; otherwise a loss (11.3)
        return "16.5" if state["phase"] == "rebuild" and state["eliminate"][0]["owner"] == state["current"] else "11.3"
    if state["losses"]:
        return "11.1"
    battle = state["battle"]
    if battle is not None:
        return "16.4" if battle.get("step") in ("avg_attacker", "avg_defender") else "13.3"
    if state["relocate"] is not None or state["reinforce"] is not None:
        return "16.82"
    phase = state["phase"]
    if phase in ("opening_replace", "opening_capital", "opening_town", "opening_end"):
        return "4.0"
    if phase == "move":
        if state["selected"] is not None:
            return _unit_ref(state, pieces.unit(state, state["selected"]))
        return "13.0" if state["attacks"] else "6.0"
    if phase == "build":
        return "16.3" if state["empires"] and not state["built"] else "8.2"
    if phase == "rebuild":
        return "16.5"
    if phase == "reserve":
        if state["redeploying"]:
            return "13.5"
        if state["reserve_type"] == data.FRIGATE:
            return "14.3"
        return "14.1" if state["reserve_type"] else "14.0"
    if phase == "placement_battle":
        return "14.5"
    return "6.0"


def _unit_ref(state, u) -> str:
    """The selected unit: through an Alliance hex (16.84), left with only a Bombard (12.0) or naval
    transport (10.4, 16.7) to do, or moving on land (10.1) or sea (10.3)."""
    if movement.passing(state, u):
        return "16.84"
    frigate = u["type"] == data.FRIGATE
    ferry = frigate and (bool(pieces.cargo(state, u["id"])) or bool(transport.actions(state, u)))
    if u["mp"] <= 0 and not ferry and u["hex"] is not None and u["hex"] not in \
            {h for h, _f, _i in state["attacks"]} and combat.bombard_targets(state, u):
        return "12.0"
    if not frigate:
        return "10.1"
    if state["options"]["frigates"]:
        return "16.7"
    return "10.4" if ferry else "10.3"


# --- the position in words ------------------------------------------------------------------------

_PHASES = {
    "opening_replace": "opening turn (4.0)", "opening_capital": "opening turn (4.0)",
    "opening_town": "opening turn (4.0)", "opening_end": "opening turn (4.0)",
    "move": "Movement & Combat Phase (6.0)", "build": "Building Phase (8.0)",
    "rebuild": "Building Phase, rebuilding a Town or City (16.5)", "reserve": "Reserve Placement Phase (14.0)",
    "placement_battle": "Reserve Placement Phase, Frigate Placement Naval Battles (14.5)",
    "over": "game over",
}
_KIND_NAMES = {"town": ("Town", "Towns"), "city": ("City", "Cities"), "metropolis": ("Metropolis", "Metropolises")}


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"1 {word}"
    return f"{n} {'Frigates' if word == 'Frigate' else word}"


def _hexes(hexes) -> str:
    """"hex 5", "hexes 3, 5, 9": a count after a hex holding several ("hexes 3 (2), 5")."""
    counts = {}
    for h in hexes:
        counts[h] = counts.get(h, 0) + 1
    items = [f"{h} ({n})" if n > 1 else str(h) for h, n in sorted(counts.items())]
    return ("hex " if len(items) == 1 else "hexes ") + ", ".join(items)


def _type_name(kind: str) -> str:
    return "Frigate" if kind == data.FRIGATE else kind


def describe(view, role) -> list:
    """The position from `view` alone: the turn and the step, a line per player (points, Capital,
    Towns and Cities, Reserve), a line per player's units on the map, the face-up map by terrain, then
    whatever is under way (a Battle, casualties, exploring, Subjugation)."""
    lines = []
    order = list(view["order"])
    result = view.get("result")
    rnd = view["round"]
    if result is not None:
        lines.append(f"Game over: {result['summary']}")
    elif rnd == 0:
        lines.append(f"Opening (4.0): {view['current']}'s first turn.")
    else:
        phase = _PHASES.get(view["phase"], view["phase"])
        extra = ", an Immediate Empires building turn (16.3)" if view.get("empires") else ""
        lines.append(f"Round {rnd}: {view['current']}'s turn, {phase}{extra}.")
    you = f"Seen by {role}." if view.get("watching") else f"You are {role}."
    lines.append(you if result is not None else f"{you} {view['prompt']}")
    lines.append(_rules_line(view))

    units = view["units"]
    by_id = {u["id"]: u for u in units}
    rulers = view.get("rulers") or {}
    out = set(view.get("eliminated") or []) | set(view.get("conceded") or [])
    for r in order:
        lines.append(_player_line(view, r, role, rulers, out))
    for r in order:
        line = _units_line(view, r, units, by_id)
        if line:
            lines.append(line)
    lines.extend(_map_lines(view))
    lines.extend(_under_way(view, units, by_id))
    return lines


def _rules_line(view) -> str:
    opts = view["options"]
    parts = ["Standard Conquest (5.1)"]
    if opts.get("shorter"):
        parts.append("Shorter Conquest (5.3)")
    if opts.get("race"):
        parts.append(f"Race for Dominance to {data.RACE_TARGETS.get(view['players'], '?')} points (5.4)")
    if opts.get("doomsday"):
        parts.append("Doomsday Clock (5.5)")
    if opts.get("subjugation"):
        parts.append("Subjugation (5.2, 16.8)" + (" with the two-Vassal victory (16.87)" if opts.get("alliance_two") else ""))
    names = [("leveling", "Terrain Leveling (16.1)"), ("face_up", "No Exploration (16.2)"),
             ("immediate", "Immediate Empires (16.3)"), ("luck", "Luck Averaging (16.4)"),
             ("relocation", "Town/City Relocation (16.5)"), ("metropolis", "Metropolises (16.6)"),
             ("frigates", "Frigate Options (16.7)")]
    parts += [text for key, text in names if opts.get(key)]
    limit = opts.get("round_limit")
    parts.append(f"round limit {limit} (house rule)" if limit else "no round limit")
    return f"{view['players']} players. Rules in play: " + "; ".join(parts) + "."


def _player_line(view, r, role, rulers, out) -> str:
    terrain, sites = view["terrain"], view["sites"]
    marks = (["you"] if r == role and not view.get("watching") else []) + (["playing now"] if r == view["current"] and view.get("result") is None else [])
    who = r + (f" ({', '.join(marks)})" if marks else "")
    points = view["scores"].get(r, 0)
    parts = [f"{points} point{'s' if points != 1 else ''}"]
    if r in (view.get("conceded") or []):
        parts.append("has conceded, out of the game")
    elif r in out:
        parts.append("eliminated")
    cap = view["capitals"].get(r)
    if cap is None:
        if view["round"] == 0:
            parts.append("Capital not built yet")
    else:
        site = sites[cap]
        holder = site["owner"] if site else None
        parts.append(f"Capital on hex {cap}" + ("" if holder == r else f" (held by {holder})" if holder else " (gone)"))
    for kind in ("town", "city", "metropolis"):
        mine = [h for h, s in enumerate(sites) if s and s["owner"] == r and s["kind"] == kind]
        if mine:
            one, many = _KIND_NAMES[kind]
            places = ", ".join(f"{h} ({terrain[h]})" for h in mine)
            parts.append(f"{len(mine)} {one if len(mine) == 1 else many} on {'hex' if len(mine) == 1 else 'hexes'} {places}")
    reserve = view["reserves"].get(r, {})
    held = [_plural(n, _type_name(k)) for k, n in reserve.items() if n]
    parts.append("Reserve: " + (", ".join(held) if held else "empty"))
    if view["combat_supply"].get(r):
        parts.append("in Combat Supply (11.2)")
    if r in (view.get("doomsday") or []):
        parts.append("a Doomsday coin beside the Capital (5.5)")
    if r in rulers:
        parts.append(f"Vassal of {rulers[r]} (16.8)")
    vassals = sorted(v for v, ruler in rulers.items() if ruler == r)
    if vassals:
        parts.append("Ruler of " + ", ".join(vassals))
    if r == view["current"] and view.get("restrained"):
        parts.append("may not attack this turn (16.83)")
    return f"{who}: " + "; ".join(parts) + "."


def _units_line(view, r, units, by_id):
    mine = [u for u in units if u["owner"] == r and u["hex"] is not None]
    aboard = [u for u in units if u["owner"] == r and u["hex"] is None and u["aboard"] is not None]
    if not mine and not aboard:
        return None
    parts = []
    for kind in data.LAND_UNITS:
        hexes = [u["hex"] for u in mine if u["type"] == kind]
        if hexes:
            parts.append(f"{kind} on {_hexes(hexes)}")
    frigates = [u for u in mine if u["type"] == data.FRIGATE]
    if frigates:
        empty, items = {}, []  # empty Frigates counted per hex; each loaded one with its cargo (10.45)
        for f in frigates:
            cargo = [u["type"] for u in aboard if u["aboard"] == f["id"]]
            if cargo:
                load = " and ".join(_plural(cargo.count(k), k) for k in data.LAND_UNITS if k in cargo)
                items.append((f["hex"], f"{f['hex']} carrying {load}"))
            else:
                empty[f["hex"]] = empty.get(f["hex"], 0) + 1
        items += [(h, f"{h} ({n})" if n > 1 else str(h)) for h, n in empty.items()]
        items.sort(key=lambda item: item[0])
        word = "Frigate on hex " if len(frigates) == 1 else "Frigates on hex " if len(items) == 1 else "Frigates on hexes "
        parts.append(word + ", ".join(text for _h, text in items))
    total = len(mine) + len(aboard)
    return f"{r} units ({total} on the map): " + "; ".join(parts) + "."


def _map_lines(view) -> list:
    side, terrain = view["side"], view["terrain"]
    ring = geometry.perimeter(side)
    groups = {t: [] for t in data.TERRAINS}
    hidden = []
    for h, t in enumerate(terrain):
        if h in ring:
            continue
        if t is None:
            hidden.append(h)
        else:
            groups[t].append(h)
    interior = len(terrain) - len(ring)
    lines = [f"Map: {len(terrain)} hexes; the outer ring of {len(ring)} is water; of the {interior} inside, "
             f"{interior - len(hidden)} are face up and {len(hidden)} face down; {view['pile_count']} tiles in the draw pile."]
    for t in data.TERRAINS:
        if groups[t]:
            name = "Water inside the ring" if t == data.WATER else t.capitalize()
            lines.append(f"{name}: {_hexes(groups[t])}.")
    if hidden:
        lines.append(f"Face down: {_hexes(hidden)}.")
    if view["round"] == 0:
        lines.append("Start hexes: " + "; ".join(f"{r} {', '.join(map(str, hs))}" for r, hs in view["start"].items()) + ".")
    return lines


def _under_way(view, units, by_id) -> list:
    lines = []
    ex = view.get("explore")
    if ex:
        tiles = ", ".join(ex["tiles"])
        if ex.get("stage") == "water":
            lines.append(f"Exploring: {ex['by']} drew only water ({tiles}) for {_hexes(ex['hexes'])} (7.0).")
        else:
            lines.append(f"Exploring: {ex['by']} places the tiles {tiles} on {_hexes(ex['hexes'])}, marked ? (7.0).")
    b = view.get("battle")
    if b:
        kinds = (data.FRIGATE,) if b["naval"] else data.LAND_UNITS
        here = [u for u in units if u["hex"] == b["hex"] and u["type"] in kinds]

        def side_of(r):
            types = [u["type"] for u in here if u["owner"] == r]
            return ", ".join(_plural(types.count(k), _type_name(k)) for k in kinds if k in types) or "no units"
        site = view["sites"][b["hex"]]
        where = f" ({site['owner']}'s {site['kind']})" if site else ""
        lines.append(f"{'Naval ' if b['naval'] else ''}Battle at hex {b['hex']}{where}, round {b['round']}: "
                     f"{b['attacker']} attacks with {side_of(b['attacker'])}; {b['defender']} defends with "
                     f"{side_of(b['defender'])} (13.3).")
    waiting = {}
    for h, frm, _uid in view.get("attacks") or []:
        waiting.setdefault(h, set()).add(frm)
    for h in sorted(waiting):
        if b and h == b["hex"]:
            continue
        lines.append(f"Battle waiting at hex {h}: units entered from {_hexes(waiting[h])} (13.0).")
    for loss in view.get("losses") or []:
        lines.append(f"Casualties: {loss['chooser']} chooses {loss['n']} of {loss['owner']}'s units lost at hex "
                     f"{loss['hex']} (11.1).")
    for e in view.get("eliminate") or []:
        lines.append(f"{e['owner']} must eliminate {_plural(e['n'], _type_name(e['kind']))} (11.3).")
    sel = view.get("selected")
    if sel is not None and sel in by_id:
        u = by_id[sel]
        lines.append(f"Moving: {u['owner']} {_type_name(u['type'])} on hex {u['hex']}, {u['mp']} MP left.")
    if view.get("reserve_type"):
        lines.append(f"Placing: {_type_name(view['reserve_type'])} from the Reserve (14.1).")
    if view.get("redeploying"):
        lines.append("Redeploying units to the Reserve (13.5).")
    rel = view.get("relocate")
    if rel:
        lines.append(f"{rel['by']} moves his units out of the Vassal's Capital on hex {rel['hex']} (16.82).")
    if view.get("reinforce"):
        lines.append(f"{view['reinforce']} may reinforce his Capital from his Reserve (16.82).")
    rb = view.get("rebuild")
    if rb:
        lines.append(f"Rebuilding the {rb['kind']} removed from hex {rb['from']}: on {_hexes(rb['hexes'])} (16.5).")
    if view["options"].get("doomsday"):
        coins = view.get("doomsday") or []
        lines.append("Doomsday coins (5.5): " + (", ".join(coins) if coins else "none yet") + ".")
    last = view.get("last_roll")
    if last:
        rolls = "; ".join(f"{r} {', '.join(map(str, dice)) if dice else 'no dice'}" for r, dice in last["rolls"])
        lines.append(f"Last dice, at hex {last['hex']}: {rolls}.")
    return lines


# --- the chart ------------------------------------------------------------------------------------

def chart_sample(state) -> tuple:
    """(the game round, {"Points": empire points (5.3: 1 per Town, 2 per City, 3 per Metropolis),
    "Units": units on the map, cargo at sea included}): public numbers, one pass over sites and units."""
    order = state["order"]
    points = {r: 0 for r in order}
    worth = {"town": data.TOWN_POINTS, "city": data.CITY_POINTS, "metropolis": data.METROPOLIS_POINTS}
    for s in state["sites"]:
        if s is not None and s["owner"] in points:
            points[s["owner"]] += worth.get(s["kind"], 0)
    on_map = {r: 0 for r in order}
    for u in state["units"]:
        if (u["hex"] is not None or u["aboard"] is not None) and u["owner"] in on_map:
            on_map[u["owner"]] += 1
    return int(state["round"]), {"Points": points, "Units": on_map}
