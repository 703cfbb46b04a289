"""Computer players for Aadu-Huli aata (Vijayanagara rulebook 5.5).

SearchBot: negamax with alpha-beta, iterative deepening, a transposition table keyed by a Zobrist
hash of the position (board, goats in supply, side to move: the same notion of position as the
repetition rule in rules.py), transposition-table and capture-first move ordering with a history
heuristic, and an evaluation built from captures, tiger mobility, capturable goats and trapped tigers.
The search works on whole moves in its own compact form (a list of 23 ints) and follows the rules
exactly: the 5.5 repetition rule along the searched line, the goats' pass, the five-capture win, the
trap win and the house move limit. It returns the next one-click action: the placement point, "pass",
the piece to move, a re-selection, or the destination of the already selected piece.

Hard searches with HardSearch: the same search and evaluation plus principal variation search,
static scores remembered by position, and a cheaper move ordering and goat move generator, so that
more depth fits in fewer nodes and each node costs less. As the Goats in the movement phase it also
breaks near-ties between positions by a hash salted with the count of quiet plies: the 5.5 repetition
rule only forbids a return to the position 4 plies back, and two deterministic players otherwise
walk a longer cycle of positions (16 plies in a measured game) until the house move limit draws
a game the goats could win.

Levels are deterministic (node budgets, never wall-clock time), so a game replays identically:
    Easy    depth 2, every root move scored exactly, plus noise (+-40) drawn from the seed
    Medium  iterative deepening to depth 4 (node budget 20,000, rarely reached)
    Hard    HardSearch, iterative deepening to depth 12 within 40,000 nodes (reaches 6-9)
A move takes two clicks; the deterministic levels cache the move found for the first click, so the
second click (the destination) costs nothing when the same bot object is asked again.

Timings of one decision on four mid-game positions (placement and movement phases), CPython 3.11.7
on the 2-core development container (load average about 9: other work running), measured with
    python3 -m engine.aadu_huli.bot_match
    Easy       0 ms     0 ms     0 ms     0 ms | max 0 ms
    Medium    15 ms     2 ms     1 ms     1 ms | max 15 ms | depths [4, 4, 4, 4]
    Hard     390 ms   504 ms   631 ms   714 ms | max 714 ms | depths [6, 8, 9, 9]
(Hard 60,000-100,000 nodes per second here, about twice that on an idle machine; the browser's
bot worker is 1.3-1.6 times slower than CPython.)
"""
from __future__ import annotations

from collections import defaultdict

from engine.core import rng

from . import data
from . import rules

N = data.NUM_POINTS
EMPTY, GOAT, TIGER = 0, 1, 2
ADJ = data.ADJACENCY
JUMPS_FROM = tuple(tuple((o, t) for f, o, t in data.JUMPS if f == p) for p in range(N))


WIN = 100_000
CAP = 100           # one captured goat
MOBILITY = 3        # per available tiger move
TRAPPED = 12        # per tiger with no move at all
THREAT_TO_MOVE = 80  # tigers to move with a capture available
THREAT_EXTRA = 40   # each further distinct capturable goat
THREAT_GOATS = 25   # goats to move, per capturable goat (they can usually fix one)


def _zobrist():
    s = rng.seed_state(0xA4D0_1C0A7)
    table = []
    for _p in range(N):
        row = [0]
        for _c in (GOAT, TIGER):
            v, s = rng.next64(s)
            row.append(v)
        table.append(tuple(row))
    side, s = rng.next64(s)
    sup = []
    for _i in range(N + 1):
        v, s = rng.next64(s)
        sup.append(v)
    return tuple(table), side, tuple(sup)


ZP, ZSIDE, ZSUP = _zobrist()  # immutable tables: the module stays reentrant


def key_hash(key: str) -> int:
    """The Zobrist hash of a rules position key ("board|supply|G" as made by rules._key)."""
    board, supply, side = key.split("|")
    h = ZSUP[int(supply)] ^ (ZSIDE if side == "T" else 0)
    for p, c in enumerate(board):
        if c == "G":
            h ^= ZP[p][GOAT]
        elif c == "T":
            h ^= ZP[p][TIGER]
    return h


class _Abort(Exception):
    pass


class Search:
    """One search from one position; all state lives in the instance (nothing global)."""

    pvs = False  # principal variation search: later moves first tried with a null window

    def __init__(self, state, node_budget):
        self.board = [GOAT if c == "G" else TIGER if c == "T" else EMPTY for c in state["board"]]
        self.tigers = [p for p in range(N) if self.board[p] == TIGER]
        self.supply = state["supply"]
        self.captured = state["captured"]
        self.side = 0 if state["to_move"] == rules.GOATS else 1
        self.quiet = state["quiet"]
        self.limit = state["options"]["move_limit"]
        self.path = [key_hash(k) for k in state["history"]]
        self.hash = self.path[-1]
        self.tt = {}
        self.hist = {}
        self.nodes = 0
        self.budget = node_budget
        self.completed_depth = 0

    # --- moves ---------------------------------------------------------------------------------
    def gen(self):
        """Pseudo-legal moves (f, t, o) of the side to move; f = -1 for a placement, o = -1 if none."""
        b = self.board
        if self.side == 0:
            if self.supply > 0:
                return [(-1, p, -1) for p in range(N) if b[p] == EMPTY]
            return [(p, q, -1) for p in range(N) if b[p] == GOAT for q in ADJ[p] if b[q] == EMPTY]
        caps, steps = [], []
        for p in sorted(self.tigers):
            for o, t in JUMPS_FROM[p]:
                if b[o] == GOAT and b[t] == EMPTY:
                    caps.append((p, t, o))
            for q in ADJ[p]:
                if b[q] == EMPTY:
                    steps.append((p, q, -1))
        return caps + steps

    def child_hash(self, m):
        f, t, o = m
        h = self.hash ^ ZSIDE
        if self.side == 0:
            if f < 0:
                return h ^ ZP[t][GOAT] ^ ZSUP[self.supply] ^ ZSUP[self.supply - 1]
            return h ^ ZP[f][GOAT] ^ ZP[t][GOAT]
        h ^= ZP[f][TIGER] ^ ZP[t][TIGER]
        if o >= 0:
            h ^= ZP[o][GOAT]
        return h

    def banned(self):
        """The hash no move may produce (5.5 repetition: the position 4 plies back), or None.

        A repetition needs the same goats in supply, so it is only checked in the movement phase.
        """
        if self.supply == 0 and len(self.path) >= 4:
            return self.path[-4]
        return None

    def legal(self):
        """Moves allowed by the 5.5 repetition rule (resulting position != the one 4 plies back)."""
        banned = self.banned()
        return [m for m in self.gen() if banned is None or self.child_hash(m) != banned]

    def make(self, m):
        """Plays m (None = pass); returns what unmake needs."""
        undo = (self.hash, self.quiet, self.supply, self.captured)
        b = self.board
        if m is None:
            self.quiet += 1
            self.hash ^= ZSIDE
        else:
            f, t, o = m
            self.hash = self.child_hash(m)
            if f < 0:
                b[t] = GOAT
                self.supply -= 1
            else:
                movement = self.supply == 0
                b[t] = b[f]
                b[f] = EMPTY
                if self.side == 1:
                    tigers = self.tigers
                    tigers[tigers.index(f)] = t
                if o >= 0:
                    b[o] = EMPTY
                    self.captured += 1
                    self.quiet = 0
                elif movement:
                    self.quiet += 1
        self.side ^= 1
        self.path.append(self.hash)
        return undo

    def unmake(self, m, undo):
        self.path.pop()
        self.side ^= 1
        self.hash, self.quiet, self.supply, self.captured = undo
        if m is None:
            return
        f, t, o = m
        b = self.board
        if f < 0:
            b[t] = EMPTY
        else:
            b[f] = b[t]
            b[t] = EMPTY
            if self.side == 1:
                tigers = self.tigers
                tigers[tigers.index(t)] = f
            if o >= 0:
                b[o] = GOAT

    # --- evaluation ----------------------------------------------------------------------------
    def evaluate(self, ply):
        """Static score for the side to move (at a leaf; a tiger side with no move has lost)."""
        b = self.board
        mob = trapped = 0
        threatened = set()
        for p in self.tigers:
            m = 0
            for q in ADJ[p]:
                if b[q] == EMPTY:
                    m += 1
            for o, t in JUMPS_FROM[p]:
                if b[o] == GOAT and b[t] == EMPTY:
                    m += 1
                    threatened.add(o)
            if m == 0:
                trapped += 1
            mob += m
        if mob == 0 and self.side == 1:
            return -WIN + ply  # trapped (repetition is not checked at the leaves)
        score = -CAP * self.captured - MOBILITY * mob + TRAPPED * trapped  # goats' point of view
        n = len(threatened)
        if n:
            if self.side == 1:
                score -= THREAT_TO_MOVE + THREAT_EXTRA * (n - 1)
            else:
                score -= THREAT_GOATS * n
        return score if self.side == 0 else -score

    # --- search --------------------------------------------------------------------------------
    def negamax(self, depth, alpha, beta, ply):
        self.nodes += 1
        if self.nodes > self.budget:
            raise _Abort
        if self.captured >= data.TIGER_WIN_CAPTURES:
            return -WIN + ply if self.side == 0 else WIN - ply
        if depth <= 0:
            if self.limit and self.quiet >= self.limit:
                return 0
            return self.evaluate(ply)
        moves = self.gen()
        banned = self.banned()
        if banned is not None and len(moves) == 1 and self.child_hash(moves[0]) == banned:
            moves = []  # a repetition bans at most one move: checked in the loop below otherwise
        if not moves:
            if self.side == 1:
                return -WIN + ply  # 5.5: the tigers are trapped
        if self.limit and self.quiet >= self.limit:
            return 0
        if not moves:  # the goats pass
            undo = self.make(None)
            try:
                return -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            finally:
                self.unmake(None, undo)
        entry = self.tt.get(self.hash)
        best_move = None
        if entry is not None:
            e_depth, e_score, e_flag, e_move = entry
            if e_depth >= depth:
                if e_flag == 0:
                    return e_score
                if e_flag == 1 and e_score >= beta:
                    return e_score
                if e_flag == -1 and e_score <= alpha:
                    return e_score
            best_move = e_move
        moves = self.order(moves, best_move)
        alpha0 = alpha
        best = -WIN * 2
        best_move_found = False
        for m in moves:
            undo = self.make(m)
            try:
                if self.hash == banned:  # 5.5 repetition
                    continue
                if self.pvs and best_move_found:
                    score = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1)
                    if alpha < score < beta:
                        score = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
                else:
                    score = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
                best_move_found = True
            finally:  # also when the budget runs out: the position is always restored
                self.unmake(m, undo)
            if score > best:
                best = score
                best_move = m
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self.cutoff(m, depth)
                        break
        flag = 0 if alpha0 < best < beta else (1 if best >= beta else -1)
        self.tt[self.hash] = (depth, best, flag, best_move)
        return best

    def cutoff(self, m, depth):
        """History heuristic: remember a move that refuted a line."""
        key = (self.side, m[0], m[1])
        self.hist[key] = self.hist.get(key, 0) + depth * depth

    def order(self, moves, first):
        hist = self.hist
        side = self.side
        moves = sorted(moves, key=lambda m: (m[2] < 0, -hist.get((side, m[0], m[1]), 0)))
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def root_scores(self, moves, depth):
        """The exact score of every root move at `depth` (full window)."""
        out = []
        for m in moves:
            undo = self.make(m)
            try:
                out.append(-self.negamax(depth - 1, -WIN * 2, WIN * 2, 1))
            finally:
                self.unmake(m, undo)
        return out

    def best(self, moves, max_depth):
        """Iterative deepening alpha-beta; returns the best move of the last completed iteration."""
        best_move = moves[0]
        order = list(moves)
        for depth in range(1, max_depth + 1):
            try:
                alpha = -WIN * 2
                it_best = None
                for m in order:
                    undo = self.make(m)
                    try:
                        if self.pvs and it_best is not None:
                            score = -self.negamax(depth - 1, -alpha - 1, -alpha, 1)
                            if score > alpha:
                                score = -self.negamax(depth - 1, -WIN * 2, -alpha, 1)
                        else:
                            score = -self.negamax(depth - 1, -WIN * 2, -alpha, 1)
                    finally:
                        self.unmake(m, undo)
                    if it_best is None or score > alpha:
                        alpha = score
                        it_best = m
            except _Abort:
                break
            best_move = it_best
            self.completed_depth = depth
            order.remove(it_best)
            order.insert(0, it_best)
            if alpha >= WIN - 100 or alpha <= -WIN + 100:
                break  # a forced result is found: deeper search changes nothing
        return best_move


class HardSearch(Search):
    """Hard's search: Search with principal variation search, the static scores remembered by
    position, a history move ordering kept per side (cheaper to sort) and the goats' steps generated
    from the empty points. The rules and the evaluation are Search's."""

    pvs = True

    def __init__(self, state, node_budget):
        super().__init__(state, node_budget)
        # per side: the history score of a move (f, t, o); the tigers' captures start far ahead
        self.hist = (defaultdict(int), defaultdict(int, CAPTURES_FIRST))
        self.evals = {}  # hash -> static score (leaves recur through transpositions and iterations)
        # The goats' tie-break in the movement phase (see evaluate): a salt that changes with every
        # quiet ply, so a position met again later in a cycle is answered differently. The quiet
        # count is part of the state: the choice still depends only on the position. Only the goats:
        # the tigers, given the same tie-break, drew less and lost 4 of 44 games to Medium (none won).
        self.salt = None
        if state["supply"] == 0 and state["to_move"] == rules.GOATS:
            self.salt = state["quiet"] * SALT_MUL & MASK64

    def gen(self):
        """Search.gen's moves; the goats' steps found from the empty points (fewer than the goats)."""
        if self.side == 0 and self.supply == 0:
            b = self.board
            return [(p, q, -1) for q in range(N) if b[q] == EMPTY for p in ADJ[q] if b[p] == GOAT]
        return Search.gen(self)

    def cutoff(self, m, depth):
        self.hist[self.side][m] += depth * depth

    def order(self, moves, first):
        moves = sorted(moves, key=self.hist[self.side].__getitem__, reverse=True)
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def evaluate(self, ply):
        """Search.evaluate, remembered by position: leaves recur through transpositions and from one
        iteration of the deepening to the next."""
        score = self.evals.get(self.hash)
        if score is None:
            score = Search.evaluate(self, 0)
            if self.salt is not None and score != -WIN:
                # -1, 0 or +1 for the goats, from the position's hash and the salt: smaller than
                # any term of the evaluation, so it only decides between near-equal positions
                tie = (((self.hash ^ self.salt) * TIE_MUL & MASK64) >> 40) % 3 - 1
                score += tie if self.side == 0 else -tie
            self.evals[self.hash] = score
        return -WIN + ply if score == -WIN else score


CAPTURES_FIRST = {(f, t, o): 1 << 40 for f, o, t in data.JUMPS}
MASK64 = (1 << 64) - 1
SALT_MUL = 0x9E3779B97F4A7C15  # odd 64-bit multipliers mixing the hash and the quiet count
TIE_MUL = 0xBF58476D1CE4E5B9


def _root_moves(state):
    """The legal whole moves of the side to move, straight from the rules: (f, t, o) or None=pass."""
    if state["to_move"] == rules.GOATS and state["supply"] > 0:
        return [(-1, p, -1) for p in range(N) if state["board"][p] is None]
    moves = [(f, t, -1 if o is None else o) for f, t, o in rules.legal_moves(state)]
    return moves or [None]


def _to_action(move, selected):
    if move is None:
        return rules.PASS
    f, t, _o = move
    if f < 0:
        return t
    if selected == f:
        return t
    return f  # select (or re-select) the piece first


class SearchBot:
    def __init__(self, depth, budget, noise=0, search=Search):
        self.search = search
        self.depth = depth
        self.budget = budget
        self.noise = noise
        # The deterministic search is a pure function of the position, so the move found when
        # choosing the piece is reused for its destination (the second click of the same move).
        self._cache = {}

    def choose(self, game, state, role, seed: int):
        legal = rules.actions(state, role)
        if len(legal) == 1:
            return legal[0]
        moves = _root_moves(state)
        if len(moves) == 1:
            move = moves[0]
        else:
            search = self.search(state, self.budget)
            if self.noise:
                move = self._noisy(search, moves, state["selected"], seed)
            else:
                key = (state["history"][-1], tuple(state["history"][:-1]), state["quiet"],
                       state["options"]["move_limit"])
                move = self._cache.get(key)
                if move is None or move not in moves:
                    move = search.best(moves, self.depth)
                    self._cache = {key: move}
        action = _to_action(move, state["selected"])
        if action not in legal:  # cannot happen; never return an illegal action regardless
            action = legal[0]
        return action

    def _noisy(self, search, moves, selected, seed):
        try:
            exact = search.root_scores(moves, self.depth)
        except _Abort:
            return search.best(moves, 1)
        s = rng.seed_state(seed)
        noisy = []
        for score in exact:
            r, s = rng.randint(s, -self.noise, self.noise)
            noisy.append(score + r)
        top = max(range(len(moves)), key=lambda i: (noisy[i], -i))
        if selected is not None and moves[top][0] != selected:
            # Stick with the piece already selected if one of its moves is within the noise of the
            # best: then a choice made by this bot is never undone by the next call's fresh noise.
            mine = [i for i in range(len(moves)) if moves[i][0] == selected]
            if mine:
                i = max(mine, key=lambda i: (exact[i], -i))
                if exact[i] >= exact[top] - 2 * self.noise:
                    return moves[i]
        return moves[top]


def easy():
    return SearchBot(depth=2, budget=200_000, noise=40)


def medium():
    return SearchBot(depth=4, budget=20_000)


def hard():
    return SearchBot(depth=12, budget=40_000, search=HardSearch)
