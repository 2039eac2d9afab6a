/* The Kuralin grader's technique loop, compiled (grade.py: run_techniques over `techniques`, and
   every technique it holds, trials and circle cases included).

   The same position as grade.py's Position: each cell's colour and each line's state, and per
   sweeping technique the cells changed since its last sweep (Position.log and .swept), so every
   sweep looks at the same places, finds the same moves and counts them the same way: what a
   technique finds is gathered per cell and line, the last finding winning as in grade.py's dicts,
   then written at once. Each technique applied spends one step, as run_techniques does, so a
   budget runs out at the same step. Apart from search.c (the solver's): the grader shares no code
   with the type's solver. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 400 /* 20 x 20 */
#define MAX_LINES 760
#define MAX_CIRCLES 1024
#define MAX_PAIRS 8192

enum { UNKNOWN, WHITE, BLACK };
enum { OPEN, LINE, NO_LINE };
enum { NOTHING, ALL_BLACK, ALL_WHITE, BROKEN };
enum { CONTRADICTION = -1, LIMIT = -2 };
/* grade.techniques, in order; the first three sweep only where something changed */
enum { CIRCLE_COUNT, CELL_LINES, CIRCLE_PAIRS_SWEEP, SWEEPS };
enum { T_CIRCLE_COUNT, T_CELL_LINES, T_NO_SMALL_LOOP, T_CIRCLE_PAIRS, T_UNREACHABLE, T_PARITY, T_CUT_CELL,
       T_CIRCLE_CASES, T_SHORT_TRIAL, T_TRIAL, TECHNIQUES };
static const int TIER[TECHNIQUES] = {0, 0, 1, 1, 2, 2, 2, 2, 3, 3};
#define EASY 2
#define EASY_MEDIUM 4
#define EASY_MEDIUM_HARD 8
#define SHORT_TRIAL_ROUNDS 3 /* grade.SHORT_TRIAL_ROUNDS */
#define CASE_ROUNDS 3        /* grade.CASE_ROUNDS */

typedef struct {
    int rows, cols, cells, lines, circles, pairs;
    int end[MAX_LINES][2];
    int links[MAX_CELLS], link_line[MAX_CELLS][4], link_other[MAX_CELLS][4]; /* Board.links */
    int touched[MAX_CIRCLES], circle_cell[MAX_CIRCLES][4];
    unsigned allowed[MAX_CIRCLES]; /* bit n: n black cells allowed */
    uint8_t verdict[MAX_CIRCLES][25]; /* Board.verdicts */
    int pair[MAX_PAIRS][2];
    int *circles_at, circles_from[MAX_CELLS + 1]; /* Board.circles_at, cell c's at [from[c], from[c + 1]) */
    int *pairs_at, pairs_from[MAX_CELLS + 1];
} Board;

/* Sets of cells, lines, circles and pairs are bits of 64-bit words: a sweep reads the few
   places that changed in a few word operations. Scanning a byte per place instead made cell-lines
   half of a 10x10 grade's time (perf, 20 puzzles graded at 13 ms each against 4.6 ms with bits). */
#define WORDS(n) (((n) + 63) / 64)
#define CELL_WORDS WORDS(MAX_CELLS)
#define LINE_WORDS WORDS(MAX_LINES)

static inline void add(uint64_t *set, int i) { set[i >> 6] |= 1ull << (i & 63); }
static inline int has(const uint64_t *set, int i) { return set[i >> 6] >> (i & 63) & 1; }
static void add_all(uint64_t *set, int n) {
    memset(set, 0, sizeof *set * WORDS(n));
    for (int i = 0; i < n; i++) add(set, i);
}
/* each member of a set of `n` places, in increasing order */
#define EACH(i, set, n) \
    for (int w_ = 0, i; w_ < WORDS(n); w_++) \
        for (uint64_t x_ = (set)[w_]; x_ && ((i = w_ * 64 + __builtin_ctzll(x_)), 1); x_ &= x_ - 1)

typedef struct {
    int unknown, open;
    uint8_t swept[SWEEPS];
    uint64_t changed[SWEEPS][CELL_WORDS]; /* cells changed since the sweep's last look */
    uint8_t cell[MAX_CELLS], line[MAX_LINES];
} Position;

/* What one application found: the cells and lines, and each one's value (the last found). */
typedef struct {
    uint64_t cells[CELL_WORDS], lines[LINE_WORDS];
    uint8_t cell[MAX_CELLS], line[MAX_LINES];
} Found;

typedef struct {
    const Board *b;
    long long steps, spent;
} Run;

typedef struct {
    long rounds[TECHNIQUES], at_tier[4], bottlenecks;
} Tally;

static int technique(Run *run, Position *p, int t);

static void clear(Found *f) {
    memset(f->cells, 0, sizeof f->cells);
    memset(f->lines, 0, sizeof f->lines);
}

static inline void find_cell(Found *f, int cell, int value) {
    add(f->cells, cell);
    f->cell[cell] = (uint8_t)value;
}

static inline void find_line(Found *f, int line, int value) {
    add(f->lines, line);
    f->line[line] = (uint8_t)value;
}

static inline void touch(Position *p, int cell) {
    for (int s = 0; s < SWEEPS; s++) add(p->changed[s], cell);
}

/* Position.colour */
static int colour(Position *p, int cell, int value) {
    if (p->cell[cell] == value) return 0;
    if (p->cell[cell] != UNKNOWN) return CONTRADICTION;
    p->cell[cell] = (uint8_t)value;
    p->unknown--;
    touch(p, cell);
    return 1;
}

/* Position.apply: the colours, then the marks; how many were new */
static int apply(const Board *b, Position *p, const Found *f) {
    int fresh = 0;
    EACH(cell, f->cells, b->cells) {
        int value = f->cell[cell];
        if (p->cell[cell] == value) continue;
        if (p->cell[cell] != UNKNOWN) return CONTRADICTION;
        p->cell[cell] = (uint8_t)value;
        p->unknown--;
        touch(p, cell);
        fresh++;
    }
    EACH(line, f->lines, b->lines) {
        int value = f->line[line];
        if (p->line[line] == value) continue;
        if (p->line[line] != OPEN) return CONTRADICTION;
        p->line[line] = (uint8_t)value;
        p->open--;
        touch(p, b->end[line][0]);
        touch(p, b->end[line][1]);
        fresh++;
    }
    return fresh;
}

static inline int solved(const Position *p) { return p->unknown == 0 && p->open == 0; }

/* Position.changed_since_sweep: 0 before the first sweep (look everywhere), else 1 with `cells`
   the cells a change touched; a sweep begins here */
static int changed_since_sweep(const Board *b, Position *p, int sweep, uint64_t *cells) {
    int since = p->swept[sweep];
    memcpy(cells, p->changed[sweep], sizeof *cells * WORDS(b->cells));
    memset(p->changed[sweep], 0, sizeof p->changed[sweep]);
    p->swept[sweep] = 1;
    return since;
}

/* grade._where: the indices `at` the changed cells, or all `everywhere` before the first sweep */
static void where(const Board *b, int since, const uint64_t *cells, const int *from, const int *at, uint64_t *look, int everywhere) {
    if (!since) {
        add_all(look, everywhere);
        return;
    }
    memset(look, 0, sizeof *look * WORDS(everywhere));
    EACH(c, cells, b->cells)
        for (int i = from[c]; i < from[c + 1]; i++) add(look, at[i]);
}

static int circle_count(Run *run, Position *p) {
    const Board *b = run->b;
    uint64_t cells[CELL_WORDS], look[WORDS(MAX_CIRCLES)];
    where(b, changed_since_sweep(b, p, CIRCLE_COUNT, cells), cells, b->circles_from, b->circles_at, look, b->circles);
    Found f;
    clear(&f);
    EACH(k, look, b->circles) {
        int blacks = 0, unknown = 0;
        for (int i = 0; i < b->touched[k]; i++) {
            int value = p->cell[b->circle_cell[k][i]];
            blacks += value == BLACK;
            unknown += value == UNKNOWN;
        }
        int verdict = b->verdict[k][5 * blacks + unknown];
        if (verdict == NOTHING) continue;
        if (verdict == BROKEN) return CONTRADICTION;
        for (int i = 0; i < b->touched[k]; i++)
            if (p->cell[b->circle_cell[k][i]] == UNKNOWN) find_cell(&f, b->circle_cell[k][i], verdict == ALL_BLACK ? BLACK : WHITE);
    }
    return apply(b, p, &f);
}

static int cell_lines(Run *run, Position *p) {
    const Board *b = run->b;
    uint64_t cells[CELL_WORDS], lines[LINE_WORDS], near[CELL_WORDS];
    if (changed_since_sweep(b, p, CELL_LINES, cells)) {
        /* the lines at the changed cells, and the cells whose own lines read them: they and
           their neighbours */
        memset(lines, 0, sizeof lines);
        memcpy(near, cells, sizeof near);
        EACH(c, cells, b->cells)
            for (int i = 0; i < b->links[c]; i++) {
                add(lines, b->link_line[c][i]);
                add(near, b->link_other[c][i]);
            }
    } else {
        add_all(lines, b->lines);
        add_all(near, b->cells);
    }
    Found f;
    clear(&f);
    EACH(e, lines, b->lines) {
        int a = b->end[e][0], z = b->end[e][1];
        if (p->line[e] == LINE) {
            if (p->cell[a] != WHITE) find_cell(&f, a, WHITE);
            if (p->cell[z] != WHITE) find_cell(&f, z, WHITE);
        } else if (p->line[e] == OPEN && (p->cell[a] == BLACK || p->cell[z] == BLACK)) {
            find_line(&f, e, NO_LINE);
        }
    }
    EACH(c, near, b->cells) {
        int value = p->cell[c], drawn = 0, usable[4], free = 0;
        for (int i = 0; i < b->links[c]; i++) {
            int e = b->link_line[c][i];
            if (p->line[e] == LINE) drawn++;
            else if (p->line[e] == OPEN && value != BLACK && p->cell[b->link_other[c][i]] != BLACK) usable[free++] = e;
        }
        if (drawn > 2) return CONTRADICTION;
        if (drawn == 2) {
            for (int i = 0; i < free; i++) find_line(&f, usable[i], NO_LINE);
        } else if (value != BLACK && drawn + free < 2) {
            if (drawn || value == WHITE) return CONTRADICTION;
            find_cell(&f, c, BLACK);
        } else if (value == WHITE && drawn + free == 2) {
            for (int i = 0; i < free; i++) find_line(&f, usable[i], LINE);
        }
    }
    return apply(b, p, &f);
}

static int root_of(int *root, int cell) {
    while (root[cell] != cell) cell = root[cell] = root[root[cell]];
    return cell;
}

/* grade._paths: a representative per cell, cells joined by drawn lines sharing one */
static void paths(const Board *b, const Position *p, int *root) {
    for (int c = 0; c < b->cells; c++) root[c] = c;
    for (int e = 0; e < b->lines; e++)
        if (p->line[e] == LINE) {
            int x = root_of(root, b->end[e][0]), y = root_of(root, b->end[e][1]);
            if (x != y) root[x] = y;
        }
    for (int c = 0; c < b->cells; c++) root[c] = root_of(root, c);
}

static int no_small_loop(Run *run, Position *p) {
    const Board *b = run->b;
    int root[MAX_CELLS], first = -1, started = 0;
    paths(b, p, root);
    /* the paths holding a white cell or a line: a path closing while another of them exists
       leaves it off the loop; two of them are enough for every closing line to be ruled out */
    for (int c = 0; c < b->cells && started < 2; c++) {
        int begun = p->cell[c] == WHITE;
        for (int i = 0; i < b->links[c] && !begun; i++) begun = p->line[b->link_line[c][i]] == LINE;
        if (begun && root[c] != first) {
            if (first < 0) first = root[c];
            started++;
        }
    }
    if (started < 2) return 0;
    Found f;
    clear(&f);
    for (int e = 0; e < b->lines; e++)
        if (p->line[e] == OPEN && root[b->end[e][0]] == root[b->end[e][1]]) find_line(&f, e, NO_LINE);
    return apply(b, p, &f);
}

static int circle_pairs(Run *run, Position *p) {
    const Board *b = run->b;
    uint64_t cells[CELL_WORDS], look[WORDS(MAX_PAIRS)];
    where(b, changed_since_sweep(b, p, CIRCLE_PAIRS_SWEEP, cells), cells, b->pairs_from, b->pairs_at, look, b->pairs);
    Found f;
    clear(&f);
    EACH(q, look, b->pairs) {
        int i = b->pair[q][0], j = b->pair[q][1], unknown[8], n = 0;
        for (int side = 0; side < 2; side++) {
            int k = side ? j : i;
            for (int x = 0; x < b->touched[k]; x++) {
                int cell = b->circle_cell[k][x], seen = 0;
                for (int y = 0; y < n; y++) seen |= unknown[y] == cell;
                if (!seen && p->cell[cell] == UNKNOWN) unknown[n++] = cell;
            }
        }
        if (!n) continue;
        unsigned whites = 0, blacks = 0; /* bit u: some colouring that fits makes unknown[u] so */
        int fits = 0;
        for (unsigned choice = 0; choice < 1u << n; choice++) { /* bit u set: unknown[u] black */
            int ok = 1;
            for (int side = 0; side < 2 && ok; side++) {
                int k = side ? j : i, count = 0;
                for (int x = 0; x < b->touched[k]; x++) {
                    int cell = b->circle_cell[k][x];
                    if (p->cell[cell] == BLACK) count++;
                    else if (p->cell[cell] == UNKNOWN)
                        for (int u = 0; u < n; u++)
                            if (unknown[u] == cell) count += choice >> u & 1;
                }
                ok = b->allowed[k] >> count & 1;
            }
            if (ok) {
                fits = 1;
                blacks |= choice;
                whites |= ~choice;
            }
        }
        if (!fits) return CONTRADICTION;
        for (int u = 0; u < n; u++) {
            int black = blacks >> u & 1, white = whites >> u & 1;
            if (black != white) find_cell(&f, unknown[u], black ? BLACK : WHITE);
        }
    }
    return apply(b, p, &f);
}

/* grade._reach from the first white cell: the cells not black it reaches by lines not ruled
   out; how many white cells it holds */
static int reach(const Board *b, const Position *p, int start, uint8_t *reached) {
    int stack[MAX_CELLS], top = 0, whites = 0;
    memset(reached, 0, b->cells);
    reached[start] = 1;
    stack[top++] = start;
    while (top) {
        int cell = stack[--top];
        whites += p->cell[cell] == WHITE;
        for (int i = 0; i < b->links[cell]; i++) {
            int other = b->link_other[cell][i];
            if (p->line[b->link_line[cell][i]] != NO_LINE && !reached[other] && p->cell[other] != BLACK) {
                reached[other] = 1;
                stack[top++] = other;
            }
        }
    }
    return whites;
}

static int unreachable(Run *run, Position *p) {
    const Board *b = run->b;
    int first = -1, whites = 0;
    for (int c = 0; c < b->cells; c++)
        if (p->cell[c] == WHITE) {
            if (first < 0) first = c;
            whites++;
        }
    if (first < 0) return 0;
    uint8_t reached[MAX_CELLS];
    if (reach(b, p, first, reached) < whites) return CONTRADICTION;
    Found f;
    clear(&f);
    for (int c = 0; c < b->cells; c++)
        if (p->cell[c] == UNKNOWN && !reached[c]) find_cell(&f, c, BLACK);
    return apply(b, p, &f);
}

static int cut_cell(Run *run, Position *p) {
    const Board *b = run->b;
    int whites = 0, root = -1;
    for (int c = 0; c < b->cells; c++)
        if (p->cell[c] == WHITE) {
            if (root < 0) root = c;
            whites++;
        }
    if (!whites) return 0;
    int order[MAX_CELLS], low[MAX_CELLS], held[MAX_CELLS];
    int stack_cell[MAX_CELLS], stack_parent[MAX_CELLS], stack_next[MAX_CELLS], top = 0, clock = 1;
    for (int c = 0; c < b->cells; c++) order[c] = -1, low[c] = held[c] = 0;
    Found f;
    clear(&f);
    order[root] = 0;
    held[root] = 1;
    stack_cell[top] = root, stack_parent[top] = -1, stack_next[top++] = 0;
    while (top) {
        int cell = stack_cell[top - 1], parent = stack_parent[top - 1], deeper = 0;
        while (stack_next[top - 1] < b->links[cell]) {
            int i = stack_next[top - 1]++, line = b->link_line[cell][i], other = b->link_other[cell][i];
            if (p->line[line] == NO_LINE || p->cell[other] == BLACK || other == parent) continue;
            if (order[other] < 0) {
                order[other] = low[other] = clock++;
                held[other] = p->cell[other] == WHITE;
                stack_cell[top] = other, stack_parent[top] = cell, stack_next[top++] = 0;
                deeper = 1;
                break;
            }
            if (order[other] < low[cell]) low[cell] = order[other];
        }
        if (deeper) continue;
        top--;
        if (parent >= 0) {
            if (low[cell] < low[parent]) low[parent] = low[cell];
            held[parent] += held[cell];
            if (low[cell] >= order[parent] && p->cell[parent] == UNKNOWN && 0 < held[cell] && held[cell] < whites)
                find_cell(&f, parent, WHITE);
        }
    }
    if (held[root] < whites) return CONTRADICTION;
    return apply(b, p, &f);
}

static int parity(Run *run, Position *p) {
    const Board *b = run->b;
    int white[2] = {0, 0}, unknown[2] = {0, 0};
    for (int c = 0; c < b->cells; c++) {
        int side = (c / b->cols + c % b->cols) % 2;
        white[side] += p->cell[c] == WHITE;
        unknown[side] += p->cell[c] == UNKNOWN;
    }
    int need = white[1] - white[0];
    if (need == unknown[0] || -need == unknown[1]) {
        int fill = need == unknown[0] ? 0 : 1;
        Found f;
        clear(&f);
        for (int c = 0; c < b->cells; c++)
            if (p->cell[c] == UNKNOWN) find_cell(&f, c, (c / b->cols + c % b->cols) % 2 == fill ? WHITE : BLACK);
        return apply(b, p, &f);
    }
    if (need > unknown[0] || -need > unknown[1]) return CONTRADICTION;
    return 0;
}

/* run_techniques with the first `count` techniques, at most `max_rounds` rounds (< 0: no
   limit); 0, CONTRADICTION or LIMIT */
static int run_techniques(Run *run, Position *p, int count, int max_rounds, Tally *tally) {
    int rounds = 0;
    while (!solved(p) && (max_rounds < 0 || rounds < max_rounds)) {
        int moves = 0, t;
        for (t = 0; t < count; t++) {
            if (++run->spent > run->steps) return LIMIT;
            moves = technique(run, p, t);
            if (moves < 0) return moves;
            if (moves) break;
        }
        if (!moves) break;
        rounds++;
        if (tally) {
            tally->rounds[t]++;
            tally->at_tier[TIER[t]]++;
            tally->bottlenecks += moves == 1;
        }
    }
    return 0;
}

/* grade._case_breaks: 1 when the colouring breaks a rule within CASE_ROUNDS rounds of the easy
   techniques, else 0, or LIMIT */
static int case_breaks(Run *run, const Position *p, const int *unknown, int n, unsigned choice) {
    Position attempt = *p;
    for (int u = 0; u < n; u++) colour(&attempt, unknown[u], choice >> (n - 1 - u) & 1 ? BLACK : WHITE);
    int outcome = run_techniques(run, &attempt, EASY, CASE_ROUNDS, NULL);
    return outcome == LIMIT ? LIMIT : outcome == CONTRADICTION;
}

static int circle_cases(Run *run, Position *p) {
    const Board *b = run->b;
    Found f;
    clear(&f);
    for (int k = 0; k < b->circles; k++) {
        int unknown[4], n = 0, blacks = 0;
        for (int i = 0; i < b->touched[k]; i++) {
            int cell = b->circle_cell[k][i];
            if (p->cell[cell] == UNKNOWN) unknown[n++] = cell;
            blacks += p->cell[cell] == BLACK;
        }
        /* the cases in itertools.product's order: unknown[0] is the highest bit, a set bit black */
        unsigned cases[16];
        int count = 0;
        for (unsigned choice = 0; choice < 1u << n; choice++)
            if (b->allowed[k] >> (blacks + __builtin_popcount(choice)) & 1) cases[count++] = choice;
        if (count < 2) continue; /* circle-count has read a circle with one case */
        unsigned whites = 0, black = 0;
        int kept = 0;
        for (int i = 0; i < count; i++) {
            int broken = case_breaks(run, p, unknown, n, cases[i]);
            if (broken == LIMIT) return LIMIT;
            if (!broken) {
                kept = 1;
                black |= cases[i];
                whites |= ~cases[i];
            }
        }
        if (!kept) return CONTRADICTION;
        for (int u = 0; u < n; u++) {
            int bit = n - 1 - u, is_black = black >> bit & 1, is_white = whites >> bit & 1;
            if (is_black != is_white) find_cell(&f, unknown[u], is_black ? BLACK : WHITE);
        }
    }
    return apply(b, p, &f);
}

/* grade._one_loop */
static int one_loop(const Board *b, const Position *p) {
    int root[MAX_CELLS], first = -1;
    paths(b, p, root);
    for (int c = 0; c < b->cells; c++)
        if (p->cell[c] == WHITE) {
            if (first < 0) first = root[c];
            else if (root[c] != first) return 0;
        }
    return first >= 0;
}

/* grade._breaks_rule: 1, 0 or LIMIT */
static int breaks_rule(Run *run, const Position *p, int cell, int value, int inner, int rounds) {
    Position attempt = *p;
    colour(&attempt, cell, value);
    int outcome = run_techniques(run, &attempt, inner, rounds, NULL);
    if (outcome == LIMIT) return LIMIT;
    return outcome == CONTRADICTION || (solved(&attempt) && !one_loop(run->b, &attempt));
}

static int trial(Run *run, Position *p, int inner, int rounds) {
    for (int c = 0; c < run->b->cells; c++) {
        if (p->cell[c] != UNKNOWN) continue;
        for (int supposed = WHITE; supposed <= BLACK; supposed++) {
            int broken = breaks_rule(run, p, c, supposed, inner, rounds);
            if (broken == LIMIT) return LIMIT;
            if (broken) return colour(p, c, supposed == WHITE ? BLACK : WHITE);
        }
    }
    return 0;
}

static int technique(Run *run, Position *p, int t) {
    switch (t) {
    case T_CIRCLE_COUNT: return circle_count(run, p);
    case T_CELL_LINES: return cell_lines(run, p);
    case T_NO_SMALL_LOOP: return no_small_loop(run, p);
    case T_CIRCLE_PAIRS: return circle_pairs(run, p);
    case T_UNREACHABLE: return unreachable(run, p);
    case T_PARITY: return parity(run, p);
    case T_CUT_CELL: return cut_cell(run, p);
    case T_CIRCLE_CASES: return circle_cases(run, p);
    case T_SHORT_TRIAL: return trial(run, p, EASY_MEDIUM, SHORT_TRIAL_ROUNDS);
    default: return trial(run, p, EASY_MEDIUM_HARD, -1);
    }
}

/* --- the board, from grade.Board's fields ----------------------------------------------------- */

static void free_board(PyObject *capsule) {
    Board *b = PyCapsule_GetPointer(capsule, "kuralin.grade_board");
    if (b) {
        free(b->circles_at);
        free(b->pairs_at);
        free(b);
    }
}

static int read_int(PyObject *item, int below, int *into) {
    long value = PyLong_AsLong(item);
    if (value == -1 && PyErr_Occurred()) return 0;
    if (value < 0 || value >= below) {
        PyErr_SetString(PyExc_ValueError, "kuralin grader: an index out of the board");
        return 0;
    }
    *into = (int)value;
    return 1;
}

/* one cell-to-indices table as ranges: `at` lists, per cell, the indices whose `members` hold it */
static int *cells_to(Board *b, int count, int (*holds)(const Board *, int, int), int *from) {
    int total = 0;
    for (int c = 0; c < b->cells; c++)
        for (int k = 0; k < count; k++) total += holds(b, k, c);
    int *at = malloc(sizeof *at * (total ? total : 1)), n = 0;
    if (!at) return NULL;
    for (int c = 0; c < b->cells; c++) {
        from[c] = n;
        for (int k = 0; k < count; k++)
            if (holds(b, k, c)) at[n++] = k;
    }
    from[b->cells] = n;
    return at;
}

static int circle_holds(const Board *b, int k, int cell) {
    for (int i = 0; i < b->touched[k]; i++)
        if (b->circle_cell[k][i] == cell) return 1;
    return 0;
}

static int pair_holds(const Board *b, int q, int cell) {
    return circle_holds(b, b->pair[q][0], cell) || circle_holds(b, b->pair[q][1], cell);
}

static void fill_verdicts(Board *b, int k) {
    int touched = b->touched[k];
    memset(b->verdict[k], NOTHING, 25);
    for (int blacks = 0; blacks <= touched; blacks++)
        for (int unknown = 0; blacks + unknown <= touched; unknown++) {
            int least = -1, most = -1;
            for (int n = blacks; n <= blacks + unknown; n++)
                if (b->allowed[k] >> n & 1) {
                    if (least < 0) least = n;
                    most = n;
                }
            uint8_t *verdict = &b->verdict[k][5 * blacks + unknown];
            if (least < 0) *verdict = BROKEN;
            else if (unknown && least == blacks + unknown) *verdict = ALL_BLACK;
            else if (unknown && most == blacks) *verdict = ALL_WHITE;
        }
}

/* board(rows, cols, ends, circles, sharing) -> a capsule; circles as (cells, allowed) with
   `allowed` a mask (bit n: n black cells allowed) */
static PyObject *board(PyObject *self, PyObject *args) {
    (void)self;
    int rows, cols;
    PyObject *ends, *circles, *sharing;
    if (!PyArg_ParseTuple(args, "iiO!O!O!", &rows, &cols, &PyTuple_Type, &ends, &PyTuple_Type, &circles, &PyTuple_Type, &sharing)) return NULL;
    if (rows < 1 || cols < 1 || rows * cols > MAX_CELLS || PyTuple_GET_SIZE(ends) > MAX_LINES
        || PyTuple_GET_SIZE(circles) > MAX_CIRCLES || PyTuple_GET_SIZE(sharing) > MAX_PAIRS) {
        PyErr_SetString(PyExc_ValueError, "kuralin grader: the board does not fit the compiled grader");
        return NULL;
    }
    Board *b = calloc(1, sizeof *b);
    if (!b) return PyErr_NoMemory();
    b->rows = rows, b->cols = cols, b->cells = rows * cols;
    b->lines = (int)PyTuple_GET_SIZE(ends);
    b->circles = (int)PyTuple_GET_SIZE(circles);
    b->pairs = (int)PyTuple_GET_SIZE(sharing);
    int ok = 1;
    for (int e = 0; ok && e < b->lines; e++) {
        PyObject *pair = PyTuple_GET_ITEM(ends, e);
        ok = PyTuple_Check(pair) && PyTuple_GET_SIZE(pair) == 2 && read_int(PyTuple_GET_ITEM(pair, 0), b->cells, &b->end[e][0])
             && read_int(PyTuple_GET_ITEM(pair, 1), b->cells, &b->end[e][1]);
        for (int side = 0; ok && side < 2; side++) {
            int cell = b->end[e][side];
            ok = b->links[cell] < 4;
            if (ok) {
                b->link_line[cell][b->links[cell]] = e;
                b->link_other[cell][b->links[cell]++] = b->end[e][1 - side];
            }
        }
    }
    for (int k = 0; ok && k < b->circles; k++) {
        PyObject *circle = PyTuple_GET_ITEM(circles, k), *cells;
        long allowed;
        ok = PyTuple_Check(circle) && PyTuple_GET_SIZE(circle) == 2 && PyTuple_Check(cells = PyTuple_GET_ITEM(circle, 0))
             && PyTuple_GET_SIZE(cells) >= 1 && PyTuple_GET_SIZE(cells) <= 4;
        if (ok) {
            b->touched[k] = (int)PyTuple_GET_SIZE(cells);
            for (int i = 0; ok && i < b->touched[k]; i++) ok = read_int(PyTuple_GET_ITEM(cells, i), b->cells, &b->circle_cell[k][i]);
            ok = ok && ((allowed = PyLong_AsLong(PyTuple_GET_ITEM(circle, 1))) != -1 || !PyErr_Occurred());
            if (ok) {
                b->allowed[k] = (unsigned)allowed & 31u;
                fill_verdicts(b, k);
            }
        }
    }
    for (int q = 0; ok && q < b->pairs; q++) {
        PyObject *pair = PyTuple_GET_ITEM(sharing, q);
        ok = PyTuple_Check(pair) && PyTuple_GET_SIZE(pair) == 2 && read_int(PyTuple_GET_ITEM(pair, 0), b->circles, &b->pair[q][0])
             && read_int(PyTuple_GET_ITEM(pair, 1), b->circles, &b->pair[q][1]);
    }
    if (ok && !(b->circles_at = cells_to(b, b->circles, circle_holds, b->circles_from))) ok = (PyErr_NoMemory(), 0);
    if (ok && !(b->pairs_at = cells_to(b, b->pairs, pair_holds, b->pairs_from))) ok = (PyErr_NoMemory(), 0);
    if (!ok && !PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "kuralin grader: a malformed board");
    PyObject *capsule = ok ? PyCapsule_New(b, "kuralin.grade_board", free_board) : NULL;
    if (!capsule) {
        free(b->circles_at);
        free(b->pairs_at);
        free(b);
    }
    return capsule;
}

/* solve(board, cells, lines, techniques, steps) -> (outcome, cells, lines, rounds, bottlenecks,
   rounds per tier, steps spent): the first `techniques` techniques run from a fresh Position with
   these cells and lines (bytes); outcome 0 (done), 1 (a contradiction) or 2 (more than `steps`
   steps: the step spent past them is counted) */
static PyObject *solve(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule;
    const char *cells, *lines;
    Py_ssize_t ncells, nlines;
    int count;
    long long steps;
    if (!PyArg_ParseTuple(args, "Oy#y#iL", &capsule, &cells, &ncells, &lines, &nlines, &count, &steps)) return NULL;
    const Board *b = PyCapsule_GetPointer(capsule, "kuralin.grade_board");
    if (!b) return NULL;
    if (ncells != b->cells || nlines != b->lines || count < 0 || count > TECHNIQUES) {
        PyErr_SetString(PyExc_ValueError, "kuralin grader: a position not of this board");
        return NULL;
    }
    Position *p = calloc(1, sizeof *p);
    if (!p) return PyErr_NoMemory();
    for (int c = 0; c < b->cells; c++) p->unknown += (p->cell[c] = (uint8_t)cells[c]) == UNKNOWN;
    for (int e = 0; e < b->lines; e++) p->open += (p->line[e] = (uint8_t)lines[e]) == OPEN;
    Run run = {b, steps, 0};
    Tally tally;
    memset(&tally, 0, sizeof tally);
    int outcome = run_techniques(&run, p, count, -1, &tally);
    PyObject *rounds = PyTuple_New(TECHNIQUES), *tiers = PyTuple_New(4);
    for (int t = 0; rounds && t < TECHNIQUES; t++) PyTuple_SET_ITEM(rounds, t, PyLong_FromLong(tally.rounds[t]));
    for (int t = 0; tiers && t < 4; t++) PyTuple_SET_ITEM(tiers, t, PyLong_FromLong(tally.at_tier[t]));
    PyObject *result = rounds && tiers ? Py_BuildValue(
        "(iy#y#NlNL)", outcome == 0 ? 0 : outcome == CONTRADICTION ? 1 : 2, (const char *)p->cell, (Py_ssize_t)b->cells,
        (const char *)p->line, (Py_ssize_t)b->lines, rounds, tally.bottlenecks, tiers, run.spent) : NULL;
    if (!result) {
        Py_XDECREF(rounds);
        Py_XDECREF(tiers);
    }
    free(p);
    return result;
}

static PyMethodDef methods[] = {
    {"board", board, METH_VARARGS, "A board's structure for the compiled grader."},
    {"solve", solve, METH_VARARGS, "grade.run_techniques over the first techniques, compiled."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_puzzlepress_kuralin_grade", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__puzzlepress_kuralin_grade(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "CELLS", MAX_CELLS) < 0) Py_CLEAR(m); /* the largest board, in cells */
    return m;
}
