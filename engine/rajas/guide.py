"""Rajas of the Ganges' guide (the "guide module" of engine/core/api.py): the rules at hand, the
position in words and the race chart.

The rules summary (Rajas of the Ganges, HUCH!, 2017) has no section numbers, so REFERENCE is
keyed by its headings, as the rest of the code cites them ("I. Building Action", "Special Yields"); the
palace's areas and chambers, which the summary lists under "III. Actions At The Palace", get a key
each ("Palace: Master builder", as data.py and palace.py cite them), and "Explanation Of The Earnings
On The River" is shortened to "River earnings". The summaries are in the project's own words; the
site's readings of unclear rules are those of the About text (engine/rajas/__init__.py ABOUT).

rule_ref follows the fields rules._prompt reads: no pending effect is the choice of a space ("Game
Play", or "End of the Game" in the last stage); otherwise the first pending effect (state["todo"][0])
and where it came from (its mode, its "then", its "why": the chamber, the river space, the track
bonus, the edge yield).

describe reads only the view (rules.view). Every seat sees the same board; what nobody sees (the
tiles under the open quarry tiles, the order of the face-down white yield tiles) is not in the view,
so it cannot be told.

chart_sample: x is the round (state["round"], as the log counts it); panels "Fame" and "Money", each
player's two markers, both on the board for all to see.
"""
from __future__ import annotations

from engine.core.text import and_list

from . import data, province, texts

CHART_X = "Round"

# --- the reference: one entry a heading of the rules summary -------------------------------------------

OBJECT = "Object of the Game"
SETUP = "Setup"
GAME_PLAY = "Game Play"
PLACING = "Placing Workers"
KARMA = "Karma"
BUILDING = "I. Building Action"
PROVINCE = "The Province Boards"
YIELDS = "Special Yields"
UPGRADES = "The Upgrades Of The Buildings"
MARKET = "II. Market Action"
OUTER = "Palace: Outer terrace"
TERRACE = "Palace: Terrace"
BALCONIES = "Palace: Balconies"
MOGUL = "Palace: Great Mogul"
DANCER = "Palace: Dancer"
YOGI = "Palace: Yogi"
RAJA = "Palace: Raja Man Singh"
BUILDER = "Palace: Master builder"
PORTUGUESE = "Palace: Portuguese"
RIVER = "IV. River Action"
EARNINGS = "River earnings"
WORKERS = "Get New Workers"
BONUSES = "Bonuses On The Scoring Tracks"
ROUND_END = "End Of A Round"
GAME_END = "End of the Game"

CHAMBER_KEY = {"mogul": MOGUL, "dancer": DANCER, "yogi": YOGI, "raja": RAJA, "builder": BUILDER,
               "portuguese": PORTUGUESE}

REFERENCE = (
    (OBJECT, "Object of the Game",
     "<p>Every player has two markers racing round the main board in opposite directions: fame one "
     "way, money the other. You want yours to meet or cross. Buildings in your province bring fame, "
     "markets bring money, and dice and workers pay for both.</p>"
     "<p><b>On this site</b> each money space is drawn beside the fame space it faces (stand-in "
     "tracks: fame 0-63, money 0-117, money <b>m</b> faces fame 63 - 7m/13 rounded down), and the "
     "status panel lists each player's money, fame and karma.</p>"),
    (SETUP, "Setup",
     "<p>The board is turned to its side for the number of players; with 3, two spaces are closed "
     "with cover tiles. Each player starts with 3 workers, karma 1, every building at level 2, fame 0 "
     "and the boat at the river's start, and rolls one die of each colour. Whoever rolled the lowest "
     "total starts with the elephant and 3 money; the following players in seat order get 4, 5 and "
     "6.</p>"
     "<p><b>On this site</b> the new-game dialog asks only for the number of players (2-4); the rest "
     "is laid out for you. Reading: a tie for the lowest total is drawn at random. Boards and tiles "
     "are stand-ins (see About).</p>"),
    (GAME_PLAY, "Game Play",
     "<p>A round is a series of stages. In each stage everyone, in seat order from the starting "
     "player, sends out one worker: to the quarry, the market, the palace or the harbour. The quarry "
     "and the harbour fill from their first space on; in the market and the palace any free space "
     "may be chosen. The round lasts until nobody can send a worker.</p>"
     "<p><b>On this site</b> click a space outlined in green on the main board. Readings: only spaces "
     "whose action you can really carry out are offered (the quarry needs a tile you can pay and lay, "
     "a market space a market in your province); a player with workers left but no usable space is "
     "skipped.</p>"),
    (PLACING, "Placing Workers And Carrying Out The Associated Actions",
     "<p>A worker goes onto a free space (one worker a space), you pay the cost printed there in "
     "money and/or dice, and the action follows at once. Money paid moves your money marker back; "
     "without enough money or the right dice the space is closed to you. A die from the supply is "
     "rolled straight away and goes on your Kali statue, which holds 10 dice at most: to take more, "
     "put some back first or take fewer. A colour that has run out cannot be taken.</p>"
     "<p><b>On this site</b> with 10 dice, click a die to put back for the new one, or <b>Take no new "
     "die (keep the 10 you have)</b>.</p>"),
    (KARMA, "Karma",
     "<p>Karma runs from 0 to 3 (you start at 1). Whenever you give up a die in your turn you may "
     "spend 1 karma to turn it to its opposite face first: 1 and 6, 2 and 5, 3 and 4. The Yogi, "
     "river spaces, edge yields, yield tiles and fame space 24 raise it, never above 3.</p>"
     "<p><b>On this site</b> a die that karma can turn is offered a second time: <b>Turn the … to … "
     "with 1 karma and give it up</b> (the karma button under the die on your Kali statue).</p>"),
    (BUILDING, "I. Building Action (quarry)",
     "<p>A quarry worker pays 1 to 4 money (the spaces get dearer as they fill) and takes one of the "
     "12 open tiles. A tile's price is a colour and a number: give up dice of that colour whose total "
     "is at least the number (overpaying is fine). The tile must then go into your province at "
     "once.</p>"
     "<p><b>On this site</b> click an open tile outlined in green, then dice of its colour on your "
     "Kali statue one by one until the price is met. Only tiles you can both pay and lay are offered. "
     "Reading: the quarry fills row by row, each worker paying the next space's cost (stand-in costs "
     "1, 1, 2, 2, 3, 3, 4, 4 with 4 players, the last closed with 3; 1, 2, 2, 3, 3, 4 with 2).</p>"),
    (PROVINCE, "The Province Boards",
     "<p>Your residence, top middle, sends roads west, south and east. A new tile needs one road end "
     "meeting a road already joined to the residence; it may be turned any way, even cutting off a "
     "neighbour's road, as long as every tile stays joined. Tiles never move later. Its markets pay "
     "their money at once, and each building on it earns fame at your level for that building (2, 3 "
     "or 4).</p>"
     "<p><b>On this site</b> the province is 4 rows of 5 squares: click a green square, then one of "
     "the ways to turn the tile shown under the province (no click when only one fits). Stand-in: "
     "every road end of a tile joins all its others.</p>"),
    (YIELDS, "Special Yields",
     "<p>The symbols round the edge of your province are earned as soon as a road joined to the "
     "residence runs into them, after the new tile's own markets and buildings have scored. Each is "
     "earned once; a tile whose road stops short of the edge earns nothing extra.</p>"
     "<p><b>On this site</b> the stand-in edge: west, rows 1-4: 2 money, 1 karma, 3 fame, a die; "
     "east, rows 1-4: 2 money, an upgrade, 3 fame, a die; south, columns 1-5: 5 money, 1 karma, 4 "
     "fame, an upgrade, 5 money. For a die, click its colour. The summary's corner example (a die and "
     "5 money) is met here by a junction tile.</p>"),
    (UPGRADES, "The Upgrades Of The Buildings",
     "<p>Temple, palace, fort and mill each have your cube on level 2, 3 or 4: the fame a building of "
     "that kind earns when it is laid. An upgrade moves one cube up a level. Upgrades come from the "
     "Raja Man Singh, the river, fame space 5, edge yields and the Dancer's yield tiles. Buildings "
     "already in your province are not scored again.</p>"
     "<p><b>On this site</b> click <b>Upgrade the …</b>; a building already at 4 is not offered.</p>"),
    (MARKET, "II. Market Action (market place)",
     "<p>A market worker cashes in the markets of your province. Assorted goods: one market of each "
     "kind (silk, tea, spices) pays. Goods of one kind: give up any die, then markets of a single "
     "kind pay, as many as the die shows. With 3 or 4 players no one may use both assorted-goods "
     "spaces in the same round.</p>"
     "<p><b>On this site</b> for one kind, click the die, then the kind (the button shows the money). "
     "Readings: assorted goods pay your best market of each kind, one kind your most valuable ones; a "
     "market space is offered only if you own a market. The river's market scorings work the same "
     "way, without a die.</p>"),
    (OUTER, "III. Palace: the outer terrace",
     "<p>Free: take 2 money, then roll again any of your dice you like, or none.</p>"
     "<p><b>On this site</b> click each die to roll again (an orange ring marks it; click again to "
     "unmark), then <b>Reroll the marked dice</b>, or <b>Keep all dice (reroll none)</b>. Stand-in: "
     "3 outer-terrace spaces with 3-4 players, 2 with 2.</p>"),
    (TERRACE, "III. Palace: the terrace",
     "<p>Free: take one die of that terrace space's colour from the supply, rolled at once.</p>"
     "<p><b>On this site</b> there is one terrace space per dice colour. Reading: a space is offered "
     "only while its colour is left in the supply. With 10 dice you first put one back or take none "
     "(Placing Workers).</p>"),
    (BALCONIES, "III. Palace: the balconies",
     "<p>Give up one die of the colour shown and take two dice of another colour.</p>"
     "<p><b>On this site</b> click the die to give up. Stand-in pairs: purple for 2 orange, orange "
     "for 2 blue, blue for 2 green, green for 2 purple, and on the 3-4 player side also purple for 2 "
     "blue and orange for 2 green. Reading: you need a die of the colour given up, and the colour "
     "received must be left in the supply.</p>"),
    (MOGUL, "III. Palace: Great Mogul",
     "<p>Pay a die showing 1: gain 2 fame and take the elephant when the round ends, so you start the "
     "next one.</p>"
     "<p><b>On this site</b> click a 1 on your Kali statue (karma can turn a 6).</p>"),
    (DANCER, "III. Palace: Dancer",
     "<p>Pay a die showing 2: take two dice of any colours and turn up a white yield tile, earning "
     "what it shows (a die, 3 money, an upgrade or a karma). Used yield tiles are set aside and "
     "shuffled into a new stack when the stack is empty.</p>"
     "<p><b>On this site</b> click a 2 (karma can turn a 5), then the colour of each new die; the "
     "yield tile is drawn for you. Stand-in: 2 yield tiles of each kind.</p>"),
    (YOGI, "III. Palace: Yogi",
     "<p>Pay a die showing 3: karma goes up 2 (never past 3) and you take one die of a colour you "
     "choose.</p>"
     "<p><b>On this site</b> click a 3 (karma can turn a 4), then a colour.</p>"),
    (RAJA, "III. Palace: Raja Man Singh",
     "<p>Pay a die showing 4: upgrade a building of your choice and take 3 money.</p>"
     "<p><b>On this site</b> click a 4 (karma can turn a 3), then <b>Upgrade the …</b>.</p>"),
    (BUILDER, "III. Palace: Master builder",
     "<p>Pay a die showing 5: lay an open tile of a higher price over a tile of your province, paying "
     "only the difference in dice of the new tile's colour (overpaying is fine). Every tile must "
     "still be joined to the residence, no tile is covered twice, and an edge yield already taken is "
     "not earned again. Without a tile and the dice to do it, the chamber is closed to you.</p>"
     "<p><b>On this site</b> click a 5, the new tile in the quarry, the tile it covers, the dice for "
     "the difference and the way to turn it. Readings: the new tile scores its markets and buildings "
     "like a built tile and earns edge yields it newly reaches; the chamber is offered only if a "
     "cover is still possible with the dice left after the 5.</p>"),
    (PORTUGUESE, "III. Palace: Portuguese",
     "<p>Pay a die showing 6: your boat sails exactly 6 free river spaces, skipping other boats, and "
     "earns the space it stops on. Once the boat is in the river's last 6 spaces the Portuguese is "
     "closed to you.</p>"
     "<p><b>On this site</b> click a 6 (karma can turn a 1). Reading: offered only when 6 free spaces "
     "lie ahead, the final space counting as one, so boats in the way near the end can close it "
     "earlier.</p>"),
    (RIVER, "IV. River Action (harbour)",
     "<p>A harbour worker gives up a die showing 1, 2 or 3 and sails the boat: a 1 exactly one free "
     "space, a 2 one or two, a 3 one to three. Spaces with another boat are jumped and not counted; "
     "only the start and the final space hold several boats. The first harbour worker pays nothing, "
     "later ones 1 or 2 money. A boat on the final space sails no more.</p>"
     "<p><b>On this site</b> click the die (karma can turn a 6, 5 or 4), then a river space outlined "
     "in green (no click when there is only one). Reading: the harbour fills row by row. The river is "
     "a stand-in of 20 spaces after the start.</p>"),
    (EARNINGS, "Explanation Of The Earnings On The River",
     "<p>The space where your boat stops pays at once: money, fame, karma, dice of your choice, an "
     "upgrade, money per market, a market scoring without a die, fame or money per upgrade done, fame "
     "per karma, a die of a set colour per karma level, or a free palace chamber 2-6 (no worker, no "
     "die, even if its space is taken).</p>"
     "<p><b>On this site</b> the stand-in river: 1: 3 money; 2: 2 dice; 3: 2 karma; 4: purple dice; "
     "5: 2 fame; 6: upgrade; 7: money per market; 8: palace; 9: 5 money; the bridge; 10: orange "
     "dice; 11: assorted goods; 12: 4 fame; 13: fame per upgrade; 14: blue dice; 15: one kind, up to "
     "4; 16: 2 money per upgrade; 17: palace; 18: green dice; 19: 2 fame per karma; 20: 6 fame. For "
     "the palace, click a chamber outlined in green. Readings: the Master builder and the Portuguese "
     "keep their own limits; per-upgrade earnings count an upgrade taken this turn.</p>"),
    (WORKERS, "Get New Workers",
     "<p>You start with 3 workers; three more wait on fame 15, money 20 and the river's bridge. "
     "Reaching or passing one makes it yours, to use this very round. Only two can be gained: when "
     "you take the second, the last one leaves the game. A gained worker is never lost.</p>"
     "<p><b>On this site</b> this happens by itself and is written in the log.</p>"),
    (BONUSES, "Bonuses On The Scoring Tracks",
     "<p>Gold spaces pay when your marker lands on or passes them. Fame: 5 an upgrade (counting from "
     "your next turn), 24 two karma, 31 a move of your boat to the next free river space. Money: 12 "
     "and 44 a boat move, 33 and 55 two dice. Your bonus marker on the money track shows which money "
     "bonus is next, so falling back and rising again pays nothing twice.</p>"
     "<p><b>On this site</b> a boat move asks <b>Move the boat to river space …</b> or <b>Leave the "
     "boat where it is</b>; karma and dice bonuses are simply taken. Readings: several bonuses "
     "crossed at once all pay, in track order; the fame-5 upgrade does not count for a building laid "
     "later in the same turn.</p>"),
    (ROUND_END, "End Of A Round",
     "<p>When nobody can place a worker the round is over and everyone takes their workers home. "
     "The player who used the Great Mogul takes the elephant and starts the next round; if nobody "
     "did, it passes to the next player in seat order.</p>"
     "<p><b>On this site</b> this happens by itself; the log says who starts.</p>"),
    (GAME_END, "End of the Game",
     "<p>The end comes when someone's fame marker reaches or passes the fame space beside their money "
     "marker. The stage is still played out: the players after them, up to the starting player, place "
     "one last worker if they can. Among the players whose markers crossed, the one whose fame is "
     "furthest past the money wins, a tie going to whoever crossed first; the others rank by how much "
     "fame they still lacked.</p>"
     "<p><b>On this site</b> the prompt says when it is your last worker. Reading: the end is checked "
     "after each whole turn, its bonuses included.</p>"),
)


# --- the rule at hand ---------------------------------------------------------------------------------

def _source_key(why, default):
    """The section of an effect by its source (the "why" the effect modules give it)."""
    why = why or ""
    if why in ("Dancer", "yield tile"):
        return DANCER
    if why == "Yogi":
        return YOGI
    if why == "Raja Man Singh":
        return RAJA
    if why == "special yield":
        return YIELDS
    if why.startswith("river space"):
        return EARNINGS
    if why.startswith("money space") or why.startswith("fame space"):
        return BONUSES
    return default


def rule_ref(state, role) -> str:
    """The REFERENCE key of the decision `role` takes now (the fields rules._prompt reads)."""
    if state.get("result") is not None:
        return GAME_END
    todo = state.get("todo") or []
    if not todo:
        # choosing a space; in the stage that finishes the game, its last worker
        return GAME_END if state.get("final") is not None else GAME_PLAY
    eff = todo[0]
    k = eff.get("k")
    then = eff.get("then") or [{}]
    if k == "pay":
        mode = eff.get("mode")
        if mode == "sum":                                   # a tile's price, or the builder's difference
            return BUILDING if then[0].get("k") == "cell" else BUILDER
        if mode == "exact":
            return CHAMBER_KEY.get(then[0].get("name"), GAME_PLAY)
        if mode == "low":
            return RIVER
        if mode == "any":
            return MARKET
        return BALCONIES                                    # "colour": a balcony's die
    if k == "die":
        p = state["players"].get(role)
        if p is not None and len(p["dice"]) >= data.MAX_DICE:
            return PLACING                                  # the 10-dice limit: put back or take fewer
        return _source_key(eff.get("why"), PLACING)
    if k == "stack":
        return BUILDING if eff.get("mode") == "quarry" else BUILDER
    if k == "rot":
        return BUILDER if eff.get("cover") else PROVINCE
    if k == "upgrade":
        return BONUSES if eff.get("late") else UPGRADES
    return _BY_KIND.get(k, GAME_PLAY)


# the pending effects whose section is their kind alone
_BY_KIND = {"cell": PROVINCE, "cover": BUILDER, "river_move": RIVER, "good": MARKET, "palace_choice": EARNINGS,
            "reroll": OUTER, "boat_bonus": BONUSES}


# --- the position in words ----------------------------------------------------------------------------

def _plural(n, word, words=None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


def space_name(space: str, players: int) -> str:
    """A worker space as the board and the log name it."""
    if space == "quarry":
        return "quarry"
    if space == "assorted":
        return "assorted-goods market"
    if space == "onekind":
        return "goods-of-one-kind market"
    if space == "harbour":
        return "harbour"
    if space == "outer":
        return "outer terrace"
    if space.startswith("terrace:"):
        return f"{space.split(':')[1]} terrace"
    if space.startswith("balcony:"):
        pairs = data.BALCONIES.get(players) or ()
        i = int(space.split(":")[1]) if space.split(":")[1].isdigit() else -1
        if 0 <= i < len(pairs):
            give, get = pairs[i]
            return f"balcony ({give} for 2 {get})"
        return "balcony"
    return data.CHAMBER_NAME.get(space, space)


def _dice_text(dice) -> str:
    """'purple 3, 5; blue 6' (grouped by colour, as the Kali statue shows them)."""
    by = {}
    for c, v in dice:
        by.setdefault(c, []).append(v)
    return "; ".join(f"{c} " + ", ".join(str(v) for v in sorted(by[c])) for c in data.DICE_COLOURS if c in by)


def _tile_words(tile_id) -> str:
    """'orange 9 (cow): tea market 3, silk market 2'."""
    return texts.tile_text(tile_id) if tile_id in data.TILE else f"tile {tile_id}"


def _yield_place(name: str) -> str:
    """An edge yield taken ("3,0,S") in words: '5 money (row 4, column 1, south edge)'."""
    try:
        r, c, d = name.split(",")
        key = (int(r), int(c), d)
    except ValueError:
        return name
    kind, n = data.EDGE_YIELDS.get(key, ("?", ""))
    return (f"{texts.reward_text(kind, n)} (row {key[0] + 1}, column {key[1] + 1}, "
            f"{texts.DIR_WORD.get(d, d)} edge)")


def _shape(roads: str) -> str:
    """A tile's road shape, whichever way it is turned: a bend, a straight road, a junction, a crossing."""
    if len(roads) == 2:
        return "straight road" if roads in ("NS", "EW") else "bend"
    return {1: "dead end", 3: "junction", 4: "crossing"}.get(len(roads), "no road")


def _open_squares(grid) -> list:
    """The free squares a road of the province leads into (where a new tile can join)."""
    out = set()
    for i, row in enumerate(grid):
        for j, _cell in enumerate(row):
            for d in province.roads_at(grid, i, j):
                di, dj = data.STEP[d]
                ni, nj = i + di, j + dj
                if province.inside(ni, nj) and grid[ni][nj] is None:
                    out.add((ni, nj))
    return sorted(out)


def _province_line(r, p) -> str:
    parts = []
    grid = p["province"]
    for i, row in enumerate(grid):
        for j, cell in enumerate(row):
            if not isinstance(cell, list):
                continue
            tile_id, rot, under = cell[0], cell[1], cell[2]
            roads = province.rotate(data.TILE[tile_id]["roads"], rot) if tile_id in data.TILE else ""
            text = f"row {i + 1}, column {j + 1}: {_tile_words(tile_id)}"
            if roads:
                text += f", roads {texts.roads_text(roads)}"
            if under is not None and under in data.TILE:
                t = data.TILE[under]
                text += f", covering the {t['colour']} {t['cost']}"
            parts.append(text)
    markets = province.markets(p)
    if parts:
        line = f"{r}'s province: {_plural(len(parts), 'tile')}"
        if markets:
            line += f", {_plural(len(markets), 'market')} worth {sum(v for _, v in markets)} money"
        line += ": " + "; ".join(parts)
    else:
        rr, rc = data.RESIDENCE
        line = (f"{r}'s province: no tiles yet, only the residence (row {rr + 1}, column {rc + 1}, roads "
                f"{texts.roads_text(''.join(d for d in data.DIRS if d in data.RESIDENCE_ROADS))})")
    text = _after_tiles(p, grid)
    return line + ". " + text[:1].upper() + text[1:]


def _after_tiles(p, grid) -> str:
    free = _open_squares(grid)
    text = ("roads lead into the free squares " + "; ".join(f"row {i + 1}, column {j + 1}" for i, j in free)
            if free else "no road leads into a free square")
    if p.get("yields"):
        text += ". Special yields taken: " + ", ".join(_yield_place(y) for y in p["yields"])
    return text + "."


def _player_line(view, r, role) -> str:
    p = view["players"][r]
    tags = []
    if r == role:
        tags.append("you")
    if r == view.get("start"):
        tags.append("starting player")
    head = r + (f" ({', '.join(tags)})" if tags else "")
    diff = p.get("difference", p["fame"] - data.facing_fame(p["money"]))
    race = (f"markers passed by {diff}" if diff > 0 else "markers meet" if diff == 0
            else f"{-diff} fame still to go")
    left = p["workers"] - p["placed"]
    bits = [f"fame {p['fame']}, money {p['money']} (beside fame {p.get('facing', data.facing_fame(p['money']))}): "
            f"{race}",
            f"karma {p['karma']}",
            f"workers {p['workers']} ({p['placed']} placed, {left} left)"]
    if p.get("inactive"):
        where = {"fame": "fame 15", "money": "money 20", "river": "the bridge"}
        bits.append("extra workers waiting at " + and_list(where.get(w, w) for w in p["inactive"]))
    if p.get("bonus", 0) < len(data.MONEY_BONUSES):
        space, kind = data.MONEY_BONUSES[p["bonus"]]
        bits.append(f"next money bonus on {space} ({'boat move' if kind == 'boat' else '2 dice'})")
    bits.append("fame per building: " + ", ".join(f"{b} {lvl}" for b, lvl in p["upgrades"].items()))
    dice = p.get("dice") or []
    bits.append(f"dice ({len(dice)} of {data.MAX_DICE}): {_dice_text(dice)}" if dice else "no dice")
    return head + ": " + "; ".join(bits) + "."


def _turn_lines(view, role) -> list:
    result = view.get("result")
    if result is not None:
        lines = [f"Game over: {result.get('summary', '')}."]
        return lines + [str(d) for d in result.get("details") or []]
    turn = view.get("turn")
    lines = []
    if turn == role:
        prompt = str(view.get("prompt", "")).rstrip()
        lines.append(f"Your turn: {prompt}" + ("" if prompt[-1:] in ".?!" else "."))
    else:
        line = f"{turn}'s turn"
        held = view.get("held")
        if held is not None:
            line += f", laying the {_tile_words(held)}"
        lines.append(line + ".")
    if view.get("final") is not None:
        passed = view.get("passed") or []
        final = view["final"]
        lines.append(f"The end is triggered ({and_list(passed)}'s markers met)"
                     + (f"; still to place a last worker after this turn: {and_list(final)}" if final else "")
                     + ".")
    return lines


def _spaces_line(view) -> str:
    n = view.get("players_count", len(view.get("seats") or []))
    taken = [f"{space_name(s, n)} ({', '.join(who)})" for s, who in (view.get("spaces") or {}).items() if who]
    line = "Worker spaces taken this round: " + ("; ".join(taken) if taken else "none")
    costs = []
    for space, table in (("quarry", data.QUARRY_COSTS), ("harbour", data.HARBOUR_COSTS)):
        row = table.get(n, ())
        used = len((view.get("spaces") or {}).get(space, ()))
        cost = "full" if used >= len(row) else "free" if row[used] == 0 else f"costs {row[used]} money"
        costs.append(f"next {space} space {cost}")
    text = ", ".join(costs)
    return line + ". " + text[:1].upper() + text[1:] + "."


def _quarry_lines(view) -> list:
    lines = []
    tops, sizes = view.get("tops") or [], view.get("stack_sizes") or []
    for colour in data.DICE_COLOURS:
        parts = []
        for k, (c, back) in enumerate(data.STACKS):
            if c != colour or k >= len(tops):
                continue
            if tops[k] is None:
                parts.append(f"{back} stack empty")
                continue
            t = data.TILE[tops[k]] if tops[k] in data.TILE else None
            more = sizes[k] - 1 if k < len(sizes) else 0
            if t is None:
                parts.append(f"{back}: tile {tops[k]}")
                continue
            what = ", ".join([f"{g} market {v}" for g, v in t["markets"]] + list(t["buildings"]))
            parts.append(f"{back} {t['cost']} ({what + '; ' if what else ''}a {_shape(t['roads'])}; "
                         f"{more} more below)")
        lines.append(f"Quarry, {colour} tiles: " + "; ".join(parts) + ".")
    return lines


def _river_line(view) -> str:
    boats = {}
    for r in view.get("seats") or []:
        boats.setdefault(view["players"][r]["boat"], []).append(r)
    parts = []
    for pos in sorted(boats):
        where = "the start" if pos == 0 else f"space {pos} ({texts.river_text(pos)})"
        parts.append(f"{and_list(boats[pos])} on {where}")
    return ("River (spaces 1-" + str(data.RIVER_END) + f", the bridge before space {data.BRIDGE}): "
            + "; ".join(parts) + ".")


def describe(view, role) -> list:
    """The position in words for `role`, from its view only (rules.view)."""
    seats = list(view.get("seats") or [])
    n = view.get("players_count", len(seats))
    lines = [f"Rajas of the Ganges, {n} players, round {view.get('round', 1)}. {'Seen by' if view.get('watching') else 'You are'} {role}."]
    lines += _turn_lines(view, role)
    for r in seats:
        lines.append(_player_line(view, r, role))
        lines.append(_province_line(r, view["players"][r]))
    lines.append(_spaces_line(view))
    lines.append(_river_line(view))
    lines += _quarry_lines(view)
    supply = view.get("supply") or {}
    lines.append("Dice supply: " + ", ".join(f"{c} {supply.get(c, 0)}" for c in data.DICE_COLOURS) + ".")
    discard = view.get("yield_discard") or []
    line = f"White yield tiles: {view.get('yield_stack_size', 0)} face down"
    if discard:
        line += "; used: " + ", ".join(texts.reward_text(*data.WHITE_YIELDS[i]) for i in discard
                                        if 0 <= i < len(data.WHITE_YIELDS))
    lines.append(line + ".")
    return lines


# --- the chart -----------------------------------------------------------------------------------------

def chart_sample(state):
    """(round, {"Fame": ..., "Money": ...}): each player's two markers, public numbers."""
    players = state["players"]
    seats = state["seats"]
    return int(state["round"]), {"Fame": {r: players[r]["fame"] for r in seats},
                                 "Money": {r: players[r]["money"] for r in seats}}
