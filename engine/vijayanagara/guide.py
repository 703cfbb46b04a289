"""Vijayanagara's guide (the "guide module" of engine/core/api.py): the rule at hand for every step the game
prompts, the position in words for a screen-reader user, and the numbers of the race chart.

REFERENCE keys are the section numbers of the Vijayanagara rulebook (GMT Games, 2023), plus the
unnumbered "Timur's Shadow" variant box printed after 5.5. The summaries are the project's own words.
rule_ref follows the decision stack of frames.py exactly as rules.view() does for its prompt: the top
frame's "kind" is the step, and a few fields of it (or of the frames below it) refine the section.
describe() reads only the dict rules.view(state, role) returns. chart_sample() reads the victory
points of 5.1-5.3 that the edge track shows (board_state.victory_points), and at the end the final
scores of the result (5.1's Delhi adjustment included), both open to every seat.
"""
from __future__ import annotations

from . import board_state, data
from .data import BAHMANI, DELHI, MONGOLS, VIJAYANAGARA

CHART_X = "Card"

REFERENCE = (
    ("1.5.2", "Negotiation",
     "<p>Resources and Cavalry tokens may change hands between Factions whenever they like, and all "
     "talks are open. Deals are not enforced, except that something agreed inside one Command, Decree "
     "or Event holds until that action is over.</p>"
     "<p>On this site: the <b>Negotiate</b> button appears at any decision of a Faction that has "
     "something to give, in its own turn or someone else's. It opens a menu of single gifts "
     "(<b>Give 1 Resource to</b>..., <b>Give 1 Cavalry to</b>...); click <b>Done</b> to go back to the "
     "decision. A trade is two gifts, each made at a decision of its giver; a Faction with no decision "
     "pending waits for its next one (the site's reading of \"at any time\").</p>"),
    ("1.9", "Deccan Influence",
     "<p>The Bahmani Kingdom and the Vijayanagara Empire each have an Influence track from 0 to 4; a "
     "move past either end is ignored. Influence scores victory points and unlocks bonuses (Trade "
     "Cavalry and a wider Conspire for the Bahmanis, a stronger Compel for Vijayanagara).</p>"
     "<p>Some levels hold two waiting Amirs (levels 2 and 4) or Rajas (levels 1 to 4): when the marker "
     "reaches them they go to the Faction's Available box. If Influence later drops below such an "
     "emptied slot, the Faction must fill it again with its own Units.</p>"
     "<p>On this site you refill one Unit per click: <b>From Available</b>, or click a Unit on the map. "
     "Reading: in the middle of an Attack, a Unit taken from a space is one that has already fought in "
     "that Command before a fresh one.</p>"),
    ("1.10", "Cavalry",
     "<p>Ten Cavalry tokens are shared. A token earned comes from the pool; when the pool is empty it "
     "<i>may</i> be taken from another Faction instead.</p>"
     "<p>In a battle, after the dice, the attacker and then the defender may spend tokens: a "
     "<b>Charge</b> lowers one of your own dice by one (not below 1), a <b>Screen</b> cancels one "
     "opposing die that does not show a 1. Spent tokens return to the pool. The Mongols always have "
     "one free Charge, used to turn a miss into a hit, or else a 2 into a 1.</p>"
     "<p>On this site, with the pool empty you choose whom each token comes from (<b>Take from</b>...) "
     "or <b>Decline</b>, even when only one Faction has tokens (the site reads the rule's \"may\" as a "
     "free choice).</p>"),
    ("2.3.3", "Options for Eligible Factions",
     "<p>The Eligible Factions act in the order printed on the card. Each takes one option: "
     "<b>Command + Decree</b>; or <b>the Event</b> (either text) <b>or a Command alone</b>; or a "
     "<b>Limited Command</b>; or <b>Pass</b> (+3 Resources for the Sultanate, +1 for the others).</p>"
     "<p>Each of the two first options can be taken by one Faction per card, so a later Faction may "
     "find one or both closed. After the card, Factions that took one of them sit out the next card "
     "(unless their Event said Stay Eligible); those that passed or made a Limited Command stay "
     "Eligible (2.3.6, 2.3.7).</p>"
     "<p>On this site: click one of the option buttons; the card's two texts are shown beside them.</p>"),
    ("2.3.4", "Executing the Event",
     "<p>The Faction that takes the Event chooses the unshaded or the shaded text (never both) and does "
     "as much of it as it can, making the choices itself unless the text names another Faction. On a "
     "Stay Eligible card it stays Eligible for the next card.</p>"
     "<p>On this site: each piece placed or removed, or each Tributary marker, is one click on the map; "
     "effects are \"up to\", so <b>Done</b> stops early. The Event texts are this site's stand-ins "
     "(see About).</p>"),
    ("2.3.5", "Limited Command",
     "<p>A Command in a single space (it may still use pieces from neighbouring spaces), without a "
     "Decree. Any Eligible Faction may always choose it, and it keeps the Faction Eligible for the next "
     "card.</p><p>On this site: choose the Command, then click its one space; it ends by itself.</p>"),
    ("2.4.1", "Strategic Assistance",
     "<p>On a Mongol Invasion card, the Faction it names (Bahmani Kingdom or Vijayanagara Empire) gives "
     "the Mongol Invaders two Commands, one after the other; the same one may be chosen twice:</p>"
     "<ul><li><b>Amass</b> (3.5.1): three Invaders into the Mountain Passes, with any above four there "
     "spilling into Punjab and then from Punjab into Delhi.</li>"
     "<li><b>Advance</b> (3.5.2): move Invaders one step towards Delhi.</li>"
     "<li><b>Attack</b> (Attack and Plunder, 3.5.3): fight and plunder the Sultanate in one space.</li>"
     "</ul><p>Eligibility does not change on this card.</p>"),
    ("2.4.2", "Compromising Gifts",
     "<p>After the two Mongol Commands, the Faction running them may lower its own Deccan Influence by "
     "one to gain 2 Resources and 2 Cavalry.</p><p>On this site: <b>Accept the Gifts</b> or "
     "<b>Decline</b>. Reading: the lost Influence is the price, so a Faction at Influence 0 is not "
     "offered the Gifts.</p>"),
    ("2.5.1", "Zenith of the Delhi Sultanate",
     "<p>The first Succession card: the Tughlaq Dynasty takes over, so the Rebel Command is open from "
     "now on. The Sultanate may then Campaign, through Delhi and Provinces only (not the Mongol "
     "regions). The Bahmani Kingdom gains Cavalry equal to its Influence plus its Forts on the map, and "
     "the Vijayanagara Empire gains Resources equal to its Influence plus its Temples.</p>"
     "<p>On this site: <b>Campaign</b> or <b>Skip</b>; the rest is automatic.</p>"),
    ("2.5.2", "Rise of the Rebel Sultans",
     "<p>The second Succession card. The Sultanate may Campaign (Delhi and Provinces only). Then the "
     "Bahmani Kingdom, and after it the Vijayanagara Empire, may make a free Limited Command and then "
     "take the Prosperity of the Independent Provinces it Controls (three at most) as any mix of "
     "Resources and Cavalry.</p>"
     "<p>On this site: a Command button or <b>Skip</b>; then the buttons say how many of the reward to "
     "take as Cavalry (the rest comes as Resources).</p>"),
    ("2.5.3", "Lords of the Deccan",
     "<p>The third Succession card. In turn the Sultanate, the Bahmani Kingdom and the Vijayanagara "
     "Empire may each pay 3 Resources to move either Deccan Influence track one step up or down, up to "
     "three times.</p><p>On this site: click a shift such as <b>Bahmani Kingdom Influence +1</b>, or "
     "<b>Done</b>.</p>"),
    ("2.6", "Timurid Empire Cards",
     "<p>The first Timurid card puts half the Available Mongol Invaders (rounded down) in the Mountain "
     "Passes; play goes on without changing Eligibility. The second brings Timur: the Invaders attack in "
     "the Mountain Passes, everyone left moves on to Punjab, they attack there, everyone left moves on "
     "to Delhi, and they attack Delhi (three dice) again and again until one side has no Units left. "
     "Then the game is scored (5.0).</p>"
     "<p>Reading: in Delhi only the Resource loss of Attack and Plunder applies, and Invaders beyond "
     "three are not sent back, since the Sultanate's score counts those left in Delhi.</p>"),
    ("3.1", "Commands in General",
     "<p>A Command is one of the Faction's four Commands carried out in the spaces it selects, each "
     "space once, usually for 1 Resource per space. A piece can be used only once per Command (moved "
     "once, fight once). The Bahmanis and Vijayanagara select Provinces only, never Delhi or the Mongol "
     "regions.</p>"
     "<p>With Command + Decree, the Decree may come before or after the Command (4.1). On this site: "
     "click a Command button (or first a Decree), then the spaces outlined on the map, then "
     "<b>Done</b>.</p>"),
    ("3.1.3", "Free Commands",
     "<p>An Event or a Succession card may grant a Command that costs no Resources. A free Migrate "
     "still costs 1 Resource if the Faction also wants to shift Influence.</p>"
     "<p>On this site: choose the Command offered, or <b>Skip</b> to let it go.</p>"),
    ("3.2.1", "Conscript (Sultanate)",
     "<p>Puts Available Troops on the map, 1 Resource per space: up to five in Delhi, up to two in a "
     "space with a Qasbah, or one in a Tributary Province without a Qasbah.</p>"
     "<p>On this site: click a space, then a button for how many Troops.</p>"),
    ("3.2.2", "March (Sultanate)",
     "<p>Troops and Governors move into a destination from any neighbouring spaces, 1 Resource per "
     "destination. Each Unit moves only once in the Command.</p>"
     "<p>On this site: click the destination, then click Units in adjacent spaces one at a time, then "
     "<b>Done</b>.</p>"),
    ("3.2.3", "Govern (Sultanate)",
     "<p>In Tributaries, Provinces the Sultanate Controls, the Mongol regions or Delhi (1 Resource each): "
     "either place an Available Governor, or, where a Governor already stands, remove up to two "
     "Obedient Amirs or Rajas and/or build a Qasbah.</p>"
     "<p>On this site: <b>Place a Governor</b>, or the <b>Remove</b> and <b>Place a Qasbah</b> "
     "buttons, then <b>Done</b>.</p>"),
    ("3.2.4", "Attack (Sultanate)",
     "<p>Targets a space with Rebelling Units (Amirs, Rajas or Mongols), or a Structure with none of its "
     "owner's Units; 1 Resource per space. The defender's Amirs or Rajas there all turn Rebelling. All "
     "Troops and Governors in the space fight, and up to two more may help from one adjacent space with "
     "a Qasbah (they stay put but can be lost).</p>"
     "<p>The attacker rolls four dice (three against the Bahmanis where a Fort stands), the defender two. "
     "Cavalry may then change dice (1.10), attacker first. A die hits if it is at most the side's Units "
     "in the fight (five at most); a 6 always misses. Each side removes one of its own pieces per hit "
     "taken.</p>"
     "<p>On this site you click your casualties on the map. Reading: the hit test uses the die after "
     "Charges, so a 6 charged to a 5 hits for a side with five or more Units.</p>"),
    ("3.3.1", "Rally (Bahmani)",
     "<p>Places Available Amirs in Provinces that already hold a Bahmani piece, or in Maharashtra, 1 "
     "Resource each: one Amir, one more in Maharashtra, one more where the Bahmanis Control the "
     "Province. They arrive Obedient, or Rebelling where the Bahmanis Control.</p>"
     "<p>On this site: click the Province, then how many.</p>"),
    ("3.3.2", "Migrate (Bahmani)",
     "<p>Up to three Amirs move into a destination Province from neighbouring Provinces, 1 Resource per "
     "destination. Entering a Bahmani Controlled Province they turn Rebelling, entering a Tributary they "
     "turn Obedient. In one destination holding a Vijayanagara piece the Bahmanis may pay 1 Resource "
     "more to gain one Influence and take one from Vijayanagara.</p>"
     "<p>On this site: click the destination, then Amirs next door; <b>Shift Influence (1 Resource)</b>; "
     "<b>Done</b>.</p>"),
    ("3.3.3", "Rebel (Bahmani)",
     "<p>Only under the Tughlaq Dynasty (after the first Succession card), unless an Event allows it. "
     "In a Tributary where Bahmani pieces outnumber all others together (1 Resource each), all Amirs "
     "turn Rebelling and the Tributary marker goes: the Province becomes Bahmani Controlled.</p>"),
    ("3.3.4", "Attack (Bahmani)",
     "<p>Targets a Province with any opposing piece, 1 Resource each; pick one Faction as the defender. "
     "All Amirs there fight, and up to two more may help from one adjacent Province with a Fort.</p>"
     "<p>Four dice against two; Cavalry may change dice (1.10), attacker first; a die hits if it is at "
     "most the side's Units in the fight (five at most), a 6 never hits; each side removes its own "
     "pieces, one per hit. In a battle with Vijayanagara, the side that lost fewer pieces gains one "
     "Influence and the other loses one.</p>"
     "<p>On this site you click your casualties on the map. Reading: a 6 charged to a 5 hits for a side "
     "with five or more Units.</p>"),
    ("3.4.1", "Rally (Vijayanagara)",
     "<p>Places Available Rajas in Provinces that already hold a Vijayanagara piece, or in Karnataka, 1 "
     "Resource each: one Raja, plus one in Karnataka, plus one where a Temple stands, plus one where "
     "Vijayanagara Controls. They arrive Obedient, or Rebelling where Vijayanagara Controls.</p>"
     "<p>On this site: click the Province, then how many.</p>"),
    ("3.4.2", "Migrate (Vijayanagara)",
     "<p>Up to three Rajas move into a destination Province from neighbouring Provinces, 1 Resource per "
     "destination. They turn Rebelling entering a Province Vijayanagara Controls, Obedient entering a "
     "Tributary. In one destination holding a Bahmani piece, 1 Resource more shifts Influence: "
     "Vijayanagara +1, Bahmanis -1.</p>"
     "<p>On this site: click the destination, then Rajas next door; <b>Shift Influence (1 Resource)</b>; "
     "<b>Done</b>.</p>"),
    ("3.4.3", "Rebel (Vijayanagara)",
     "<p>Only under the Tughlaq Dynasty, unless an Event allows it. In a Tributary where Vijayanagara "
     "pieces outnumber all others together (1 Resource each), all Rajas turn Rebelling and the "
     "Tributary marker goes: the Province becomes Vijayanagara Controlled.</p>"),
    ("3.4.4", "Attack (Vijayanagara)",
     "<p>Targets a Province with any opposing piece, 1 Resource each; pick the defender. All Rajas "
     "there fight, and one more may help from one adjacent Province with a Temple.</p>"
     "<p>Four dice (three against the Bahmanis where a Fort stands) against two; Cavalry may change "
     "dice (1.10), attacker first; a die hits if it is at most the side's Units in the fight (five at "
     "most), a 6 never hits; each side removes its own pieces, one per hit. Against the Bahmanis, the "
     "side that lost fewer pieces gains one Influence and the other loses one.</p>"
     "<p>On this site you click your casualties on the map. Reading: a 6 charged to a 5 hits for a side "
     "with five or more Units.</p>"),
    ("3.5.1", "Amass (Mongols)",
     "<p>Three Available Invaders enter the Mountain Passes; any beyond four there move on to Punjab, "
     "and any beyond four in Punjab move on to Delhi. Possible while an Invader is Available.</p>"),
    ("3.5.2", "Advance (Mongols)",
     "<p>At least one Invader moves forward: from the Mountain Passes into Punjab, or from Punjab into "
     "Delhi.</p><p>On this site: a button such as <b>3 Mongols from Punjab</b> picks the group.</p>"),
    ("3.5.3", "Attack and Plunder (Mongols)",
     "<p>In one space with Invaders, they fight the Sultanate's pieces there, if any: four dice (three "
     "in Delhi) against two, with the Mongols' one automatic Charge and then the Sultanate's Cavalry; "
     "hits as in any battle (a die at most the Units in the fight, a 6 misses).</p>"
     "<p>Then, battle or not, for each Invader left: the Sultanate loses 1 Resource (not below 3); in "
     "Punjab it also removes a Troop from any Province, in Delhi two. Invaders above three in the space "
     "go back to the Mongol box.</p>"
     "<p>Timur's invasion (2.6) fights the same battles but skips some of these consequences.</p>"
     "<p>On this site the Sultanate clicks its casualties and the Provinces that lose Troops.</p>"),
    ("4.1", "Decrees in General",
     "<p>With Command + Decree, the Faction also carries out one of its three Decrees, before or after "
     "its Command; Decrees cost no Resources. Sultanate: Collect Tribute, Campaign, Demand Obedience. "
     "Bahmanis: Trade, Build (a Fort), Conspire. Vijayanagara: Tax, Build (a Temple), Compel.</p>"
     "<p>On this site: click the Decree's button.</p>"),
    ("4.2.1", "Collect Tribute (Sultanate)",
     "<p>The Sultanate gains Resources equal to half the Prosperity of all Tributaries (rounded down) "
     "and two Cavalry. Automatic once chosen.</p>"),
    ("4.2.2", "Campaign (Sultanate)",
     "<p>Troops and Governors travel as one group from an origin along a route of up to three moves, "
     "picking Units up and dropping them off in the spaces on the way.</p>"
     "<p>On this site: click the origin, then <b>Pick up</b> / <b>Drop off</b> buttons and adjacent "
     "spaces to move on, then <b>Done</b>. Reading: the route never turns back onto a space already "
     "visited, and dropped Units are not picked up again.</p>"),
    ("4.2.3", "Demand Obedience (Sultanate)",
     "<p>In any Provinces the Sultanate Controls that hold a Governor, the Province becomes a Tributary "
     "again, its Rebelling Amirs and Rajas turn Obedient, and the Sultanate gains Resources equal to its "
     "Prosperity.</p><p>On this site: click each Province, then <b>Done</b>.</p>"),
    ("4.3.1", "Trade (Bahmani)",
     "<p>The Bahmanis gain 1 Resource per Province holding a Bahmani piece and one Cavalry; two Cavalry "
     "at Influence 1 or 2, three at Influence 3 or 4. Automatic once chosen.</p>"),
    ("4.3.2", "Build (Bahmani Fort)",
     "<p>An Available Fort goes into one Province with an Amir and no Fort yet.</p>"
     "<p>On this site: click the Province.</p>"),
    ("4.3.3", "Conspire (Bahmani)",
     "<p>In up to two different Provinces holding a Bahmani piece, a Governor is replaced by an Amir, "
     "Obedient or Rebelling as the Bahmanis like. At Influence 2 or more they may also replace Rajas, "
     "and reach Provinces next to ones with Bahmani pieces; a Rebelling Raja can only become a Rebelling "
     "Amir.</p>"
     "<p>On this site: buttons such as <b>Andhra: Governor → Obedient Amir</b>. Reading: a piece may "
     "also just be removed without a replacement, even with Amirs Available.</p>"),
    ("4.4.1", "Tax (Vijayanagara)",
     "<p>Vijayanagara gains Resources equal to the Prosperity of the Provinces it Controls plus the "
     "number of Temples on the map. Automatic once chosen.</p>"),
    ("4.4.2", "Build (Vijayanagara Temple)",
     "<p>An Available Temple goes into one Province with a Raja and no Temple yet.</p>"
     "<p>On this site: click the Province.</p>"),
    ("4.4.3", "Compel (Vijayanagara)",
     "<p>Pick one Province with or next to a Vijayanagara piece. Bring in up to two Rajas: placed from "
     "Available, or moved from one adjacent Province, or one of each. New Rajas are Obedient unless "
     "Vijayanagara Controls the Province.</p>"
     "<p>At Influence 2 or more, also gain a Cavalry token and remove up to one Troop, Governor or Amir "
     "there; if it was a Sultanate Unit, the Rajas just brought in turn Rebelling.</p>"
     "<p>On this site: click the Province, then <b>Place a Raja</b>, Rajas next door, and the piece to "
     "remove, then <b>Done</b>.</p>"),
    ("5.0", "Victory",
     "<p>After Timur's invasion (2.6) the Faction with the most victory points wins; a tie goes to the "
     "one with more Resources.</p><ul>"
     "<li><b>Sultanate</b> (5.1): the Prosperity of every Tributary, and at the end 3 minus the Invaders "
     "left in Delhi (at worst -3).</li>"
     "<li><b>Bahmani Kingdom</b> (5.2): the Prosperity of Provinces it Controls, plus its Forts, plus its "
     "Influence.</li>"
     "<li><b>Vijayanagara Empire</b> (5.3): the same with Temples.</li></ul>"
     "<p>Reading: Factions still tied after Resources share the place (see 5.5 for the optional "
     "play-off).</p>"),
    ("5.5", "Aadu-Huli aata (Goat-Tiger game)",
     "<p>An optional tie-break, set when the game is created: if Factions are level in both victory "
     "points and Resources, a game of Aadu-Huli aata between them may decide the winner.</p>"
     "<p>On this site, with the option on, the result says so and offers that game.</p>"),
    ("Timur's Shadow", "Timur's Shadow (variant)",
     "<p>An optional variant, set when the game is created: once the first Timurid Empire card has been "
     "drawn, every Command may select only one space (a Decree may still go with it where the option "
     "allows). It makes the last turns less of a gamble.</p>"),
)

_ATTACK = {DELHI: "3.2.4", BAHMANI: "3.3.4", VIJAYANAGARA: "3.4.4", MONGOLS: "3.5.3"}
_RALLY = {BAHMANI: "3.3.1", VIJAYANAGARA: "3.4.1"}
_MOVE = {DELHI: "3.2.2", BAHMANI: "3.3.2", VIJAYANAGARA: "3.4.2"}
_COMMAND = {"conscript": {DELHI: "3.2.1"}, "march": {DELHI: "3.2.2"}, "govern": {DELHI: "3.2.3"},
            "rally": _RALLY, "migrate": _MOVE,
            "rebel": {BAHMANI: "3.3.3", VIJAYANAGARA: "3.4.3"}, "attack": _ATTACK}
_BUILD = {BAHMANI: "4.3.2", VIJAYANAGARA: "4.4.2"}
_BY_KIND = {  # frame kinds whose section does not depend on anything else
    "option": "2.3.3", "negotiate": "1.5.2", "refill": "1.9", "cavalry_take": "1.10",
    "effect_place": "2.3.4", "effect_remove": "2.3.4", "effect_marker": "2.3.4",
    "gifts": "2.4.2", "mongol_command": "2.4.1", "mongol_advance": "3.5.2", "mongol_attack": "3.5.3",
    "plunder_troops": "3.5.3", "spoils": "2.5.2", "lords": "2.5.3", "govern": "3.2.3",
    "obedience": "4.2.3", "campaign": "4.2.2", "conspire": "4.3.3", "compel": "4.4.3",
}
_SUCCESSION = {"S1": "2.5.1", "S2": "2.5.2", "S3": "2.5.3"}
_FALLBACK = "2.3.3"


def rule_ref(state, role) -> str:
    """The REFERENCE key of the step `role` must take now (the top frame of the decision stack)."""
    stack = state.get("stack") or []
    if not stack:
        return _FALLBACK
    frame = stack[-1]
    kind = frame.get("kind")
    who = frame.get("role") or role
    if kind in _BY_KIND:
        return _BY_KIND[kind]
    if kind == "action":
        card = state.get("card") or ""
        if card in _SUCCESSION and frame.get("optional"):
            return _SUCCESSION[card]  # 2.5.1/2.5.2: the Campaign or free Limited Command offered
        if frame.get("free"):
            return "3.1.3" if frame.get("command") is None else "2.3.4"  # an Event's free action
        if frame.get("command") is None:
            return "2.3.5" if frame.get("limited") else "3.1"
        return "4.1"
    if kind == "command":
        return _COMMAND.get(frame.get("command"), {}).get(who, "3.1")
    if kind == "count":  # how many Troops (Conscript) or Amirs/Rajas (Rally) to place
        return "3.2.1" if frame.get("what") == "Conscript" else _RALLY.get(who, "3.1")
    if kind == "move_units":
        return _MOVE.get(who, "3.1")
    if kind == "attack_setup":
        return _ATTACK.get(who, "3.1")
    if kind == "battle":  # Cavalry and casualties: the attacker's battle section (1.10 within it)
        return _ATTACK.get(frame.get("attacker"), "1.10")
    if kind == "build":
        return _BUILD.get(who, "4.1")
    return _FALLBACK


# --- the chart ------------------------------------------------------------------------------------

def chart_sample(state):
    """(the number of the card in play, counting from the first; {"Victory points": VP by Faction}):
    the VP of the edge track (5.1-5.3) during play, the final scores (with 5.1's Delhi adjustment)
    once the game is over."""
    x = len(state["played"])
    result = state.get("result")
    if result is not None:
        vp = dict(result["scores"])
    else:
        vp = board_state.victory_points(state)
    return x, {"Victory points": {f: vp[f] for f in data.FACTIONS}}


# --- the position in words ------------------------------------------------------------------------

_PLURALS = {"troop": "Troops", "governor": "Governors", "qasbah": "Qasbahs", "amir_o": "Obedient Amirs",
            "amir_r": "Rebelling Amirs", "fort": "Forts", "raja_o": "Obedient Rajas",
            "raja_r": "Rebelling Rajas", "temple": "Temples", "mongol": "Mongol Invaders"}
_TYPE_NAMES = {"troop": ("Troop", "Troops"), "governor": ("Governor", "Governors"),
               "qasbah": ("Qasbah", "Qasbahs"), "amir": ("Amir", "Amirs"), "fort": ("Fort", "Forts"),
               "raja": ("Raja", "Rajas"), "temple": ("Temple", "Temples"),
               "mongol": ("Mongol Invader", "Mongol Invaders")}
_OPTION_WORDS = {"unshaded": "took the unshaded Event", "shaded": "took the shaded Event",
                 "command": "took a Command", "command+decree": "took Command + Decree",
                 "limited": "took a Limited Command", "pass": "passed"}
_STAGE_WORDS = {
    "option": "choosing an option for the card", "action": "choosing a Command or Decree",
    "command": "selecting spaces for a Command", "count": "choosing how many pieces to place",
    "move_units": "moving Units", "govern": "Governing", "attack_setup": "setting up an Attack",
    "battle": "in a battle", "build": "Building", "obedience": "Demanding Obedience",
    "campaign": "Campaigning", "conspire": "Conspiring", "compel": "Compelling",
    "effect_place": "carrying out an Event", "effect_remove": "carrying out an Event",
    "effect_marker": "carrying out an Event", "gifts": "deciding on Compromising Gifts",
    "mongol_command": "choosing a Mongol Command", "mongol_advance": "advancing the Mongols",
    "mongol_attack": "choosing where the Mongols attack", "plunder_troops": "removing plundered Troops",
    "spoils": "taking a Succession reward", "lords": "shifting Influence (Lords of the Deccan)",
    "refill": "refilling its Influence track", "cavalry_take": "taking Cavalry from another Faction",
    "negotiate": "negotiating",
}


def _count(n: int, kind: str) -> str:
    if kind in _TYPE_NAMES:
        one, many = _TYPE_NAMES[kind]
    else:
        one, many = data.PIECE_NAMES[kind], _PLURALS[kind]
    return f"{n} {one if n == 1 else many}"


def _units(n: int) -> str:
    return f"{n} Unit{'' if n == 1 else 's'}"


def _join(parts) -> str:
    parts = list(parts)
    return ", ".join(parts) if parts else "none"


def _slots(slots) -> str:
    return "slot " + str(slots[0]) if len(slots) == 1 else "slots " + ", ".join(str(s) for s in slots)


def describe(view, role) -> list:
    """The position in words, from `view` (rules.view(state, role)) only."""
    lines = []
    result = view.get("result")
    card = view.get("card_info") or {}
    played = view.get("played") or []
    # the card and the step
    if card:
        head = f"Card {len(played)}: {card.get('title', '')}"
        if card.get("kind") == "event":
            head += (f" (Event {card.get('number')}, order {', '.join(card.get('order', []))}"
                     + (", Stay Eligible" if card.get("stay") else "") + ")")
        else:
            head += f" ({card.get('kind', '')} card)"
        lines.append(head + f". {view.get('deck_size', 0)} card{'s' * (view.get('deck_size', 0) != 1)} left in the deck; "
                     f"{view.get('dynasty', '')} Dynasty" +
                     (" (Rebel allowed)." if view.get("dynasty") == "Tughlaq" else " (no Rebel)."))
        if card.get("kind") == "event":
            lines.append(f"Unshaded Event: {card.get('unshaded', '')}")
            lines.append(f"Shaded Event: {card.get('shaded', '')}")
        elif card.get("text"):
            lines.append(card["text"])
    if result is not None:
        lines.append(f"Game over: {result.get('summary', '')}.")
        lines += [str(d) for d in result.get("details", [])]
    else:
        active = view.get("active") or []
        if role in active:
            prompt = view.get("prompt", "")
            if prompt.startswith(f"{role}: "):
                prompt = prompt[len(role) + 2:]
            lines.append(f"Your turn ({role}): {prompt[:1].upper() + prompt[1:]}")
        elif active:
            stage = _STAGE_WORDS.get(view.get("stage"), "to act")
            lines.append(f"Waiting for {', '.join(active)}, {stage}.")
    # each Faction's numbers
    vp, res, cav = view.get("victory", {}), view.get("resources", {}), view.get("cavalry", {})
    eligible, acted, influence = view.get("eligible", {}), view.get("acted", {}), view.get("influence", {})
    for f in data.FACTIONS:
        parts = [f"{vp.get(f, 0)} VP", f"{res.get(f, 0)} Resource{'s' * (res.get(f, 0) != 1)}", f"{cav.get(f, 0)} Cavalry"]
        if f in influence:
            parts.append(f"Influence {influence[f]}")
        status = "Eligible" if eligible.get(f) else "Ineligible"
        if f in acted:
            status += f", {_OPTION_WORDS.get(acted[f], acted[f])} on this card"
        lines.append(f"{f}{' (you)' if f == role and not view.get('watching') else ''}: {', '.join(parts)}; {status}.")
    lines.append(f"Cavalry pool: {view.get('cavalry_pool', 0)} token{'s' * (view.get('cavalry_pool', 0) != 1)}.")
    # the Influence tracks' waiting Units (1.9)
    track = view.get("track", {})
    for f in data.DECCAN:
        slots = track.get(f, [])
        waiting = [i for i, n in enumerate(slots) if n]
        kind = data.TRACK_PIECE[f]
        if waiting:
            lines.append(f"{f} Influence track: {_count(sum(slots), kind)} waiting on {_slots(waiting)}.")
        else:
            lines.append(f"{f} Influence track: no {_TYPE_NAMES[kind][1]} waiting.")
    # the map, one line per space with pieces
    spaces = view.get("spaces", {})
    tributary, control = view.get("tributary", {}), view.get("control", {})
    empty = []
    for s in data.SPACES:
        here = spaces.get(s, {})
        if s in data.PROVINCES:
            if tributary.get(s):
                status = "Tributary"
            elif control.get(s):
                status = f"{control[s]} Control"
            else:
                status = "Independent, Uncontrolled"
            label = f"{s} ({status}, Prosperity {data.PROSPERITY[s]})"
        else:
            label = s
        pieces = [_count(here[k], k) for k in data.PIECE_KINDS if here.get(k)]
        if pieces:
            lines.append(f"{label}: {', '.join(pieces)}.")
        else:
            empty.append(label)
    if empty:
        lines.append(f"No pieces in: {'; '.join(empty)}.")
    # the holding boxes (1.4.3)
    avail = view.get("available", {})
    boxes = []
    for f, types in ((DELHI, ("troop", "governor", "qasbah")), (BAHMANI, ("amir", "fort")),
                     (VIJAYANAGARA, ("raja", "temple")), (MONGOLS, ("mongol",))):
        boxes.append(f"{f} {_join(_count(avail.get(t, 0), t) for t in types)}")
    lines.append(f"Available: {'; '.join(boxes)}.")
    # the battle in progress, or the last one
    battle = view.get("battle")
    if battle:
        units = battle.get("units", {})
        dice = battle.get("dice", {})
        text = (f"{'Battle in progress' if battle.get('current') else 'Last battle'} in {battle.get('space')}: "
                f"{battle.get('attacker')} ({_units(units.get('att', 0))}) attacks {battle.get('defender')} "
                f"({_units(units.get('def', 0))}); dice {_join(str(d) for d in dice.get('att', []))} against "
                f"{_join(str(d) for d in dice.get('def', []))}")
        if battle.get("cavalry"):
            text += f"; Cavalry: {'; '.join(battle['cavalry'])}"
        if battle.get("stage") not in ("att_cav", "def_cav"):
            hits = battle.get("hits", {})
            text += (f"; the attacker scores {hits.get('att', 0)} hit{'s' if hits.get('att', 0) != 1 else ''}, "
                     f"the defender {hits.get('def', 0)}")
        lines.append(text + ".")
    log = view.get("log") or []
    if log:
        lines.append(f"Last logged: {log[-1]}")
    return lines
