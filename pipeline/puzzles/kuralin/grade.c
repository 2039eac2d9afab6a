/* The Kuralin grader's technique loop, compiled (grade.py: run_techniques over `techniques`, and
   every technique it holds, trials and circle cases included).

   The same position as grade.py's Position: each cell's colour and each line's state, and per
   sweeping technique the cells changed since its last sweep (Position.log and .swept), so every
   sweep looks at the same places, finds the same moves and counts them the same way: what a
   technique finds is gathered per cell and line, the last finding winning as in grade.py's dicts,
   then written at once. Each technique applied spends one step, as run_techniques does, so a
   budget runs out at the same step. Where grade.py would do the same work again, grade.c takes
   the answer it gave: a circle's cases run again only where what they read has changed (see
   circle_cases), and cut-cell reads unreachable's search of the same position (see walk); the
   steps are spent all the same. Apart from search.c (the solver's): the grader shares no code
   with the type's solver. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* 192 cells, three words: a 12 x 12 grid (the largest the parameters allow) takes 144. Sets of a
   fixed three words let cell-lines' loops unroll: 16 12x12 puzzles graded in 7.7 ms each against
   8.3 ms with seven words (400 cells) and loops to the board's count (10x10: no change). */
#define MAX_CELLS 192
#define MAX_LINES 384
#define MAX_CIRCLES 1024
#define MAX_PAIRS 8192

enum { UNKNOWN, WHITE, BLACK };
enum { OPEN, LINE, NO_LINE };
enum { NOTHING, ALL_BLACK, ALL_WHITE, BROKEN };
enum { CONTRADICTION = -1, LIMIT = -2 };
/* grade.techniques, in order; the first three sweep only where something changed */
enum { CIRCLE_COUNT, CELL_LINES, CIRCLE_PAIRS_SWEEP, SWEEPS };
#define EASY_SWEEPS 2 /* circle-count's and cell-lines' */
enum { CELLS, RIGHT_LINES, DOWN_LINES, KINDS }; /* a region's parts */
enum { T_CIRCLE_COUNT, T_CELL_LINES, T_NO_SMALL_LOOP, T_CIRCLE_PAIRS, T_UNREACHABLE, T_PARITY, T_CUT_CELL,
       T_CIRCLE_CASES, T_SHORT_TRIAL, T_TRIAL, TECHNIQUES };
static const int TIER[TECHNIQUES] = {0, 0, 1, 1, 2, 2, 2, 2, 3, 3};
#define EASY 2
#define EASY_MEDIUM 4
#define EASY_MEDIUM_HARD 8
#define SHORT_TRIAL_ROUNDS 3 /* grade.SHORT_TRIAL_ROUNDS */
#define CASE_ROUNDS 3        /* grade.CASE_ROUNDS */
#define CASE_MEMORY 16        /* the circle cases remembered per circle (see circle_cases) */

/* Sets of cells, lines, circles and pairs are bits of 64-bit words, so cell-lines reads every
   cell at once (see there) and a sweep gathers the places that changed in a few word operations. */
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
    int rows, cols, cells, lines, circles, pairs;
    int end[MAX_LINES][2];
    int links[MAX_CELLS], link_line[MAX_CELLS][4], link_other[MAX_CELLS][4]; /* Board.links */
    int touched[MAX_CIRCLES], circle_cell[MAX_CIRCLES][4];
    unsigned allowed[MAX_CIRCLES]; /* bit n: n black cells allowed */
    uint8_t verdict[MAX_CIRCLES][25]; /* Board.verdicts */
    int pair[MAX_PAIRS][2];
    /* Board.circles_at and .pairs_at as sets, cell c's at words [c * WORDS(count), ...) */
    uint64_t *circles_at, *pairs_at;
    /* for cell-lines read a cell at a time for every cell at once: a line as the bit of its
       left or upper cell in the sets of right or down lines */
    int line_cell[MAX_LINES], line_down[MAX_LINES], right_line[MAX_CELLS], down_line[MAX_CELLS];
    uint64_t full[WORDS(MAX_CELLS)], has_right[WORDS(MAX_CELLS)], has_left[WORDS(MAX_CELLS)], has_down[WORDS(MAX_CELLS)];
    uint64_t odd[WORDS(MAX_CELLS)]; /* the cells of the chessboard's side 1: row + column odd */
    /* per easy sweep and cell, what the sweep reads when told the cell changed (see fill_reads):
       cells, right lines and down lines (a line as its left or upper cell's bit) */
    uint64_t reads[EASY_SWEEPS][MAX_CELLS][KINDS][WORDS(MAX_CELLS)];
} Board;

typedef struct {
    int unknown, open;
    uint8_t swept[SWEEPS];
    uint64_t changed[SWEEPS][CELL_WORDS]; /* cells changed since the sweep's last look */
    uint8_t cell[MAX_CELLS], line[MAX_LINES];
    /* the same as sets: white and black cells; drawn and ruled-out lines, right and down */
    uint64_t white[CELL_WORDS], black[CELL_WORDS], right_on[CELL_WORDS], right_off[CELL_WORDS], down_on[CELL_WORDS], down_off[CELL_WORDS];
} Position;

/* What one application found: the cells and lines, and each one's value (the last found). */
typedef struct {
    uint64_t cells[CELL_WORDS], lines[LINE_WORDS];
    uint8_t cell[MAX_CELLS], line[MAX_LINES];
} Found;

/* A circle's cases as last followed (see circle_cases): what they read, the position there, and
   what they found and spent. */
typedef struct {
    int known, broken, steps, finds, find_cell[4];
    uint8_t find_value[4], swept[EASY_SWEEPS];
    uint64_t region[KINDS][CELL_WORDS], sets[6][CELL_WORDS], waiting[EASY_SWEEPS][CELL_WORDS];
} Cases;

/* a circle's memories, and their indices from the most recently used */
typedef struct {
    Cases cases[CASE_MEMORY];
    uint8_t rank[CASE_MEMORY];
} Memory;

/* unreachable's and cut-cell's search (see walk): the position it was taken in, the cells reached,
   the cut cells, and whether the white cells were split */
typedef struct {
    int whites, split;
    uint64_t white[CELL_WORDS], black[CELL_WORDS], right_off[CELL_WORDS], down_off[CELL_WORDS];
    uint64_t reached[CELL_WORDS], cut[CELL_WORDS];
} Walk;

typedef struct {
    const Board *b;
    long long steps, spent;
    Walk walk; /* the last one taken */
    Memory *memory; /* per circle */
    uint64_t (*told)[CELL_WORDS]; /* while a case is followed: the cells each easy sweep was told of */
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

/* an unknown cell gets its colour, an open line its state */
static void set_cell(Position *p, int cell, int value) {
    p->cell[cell] = (uint8_t)value;
    add(value == WHITE ? p->white : p->black, cell);
    p->unknown--;
    touch(p, cell);
}

static void set_line(const Board *b, Position *p, int line, int value) {
    p->line[line] = (uint8_t)value;
    uint64_t *set = b->line_down[line] ? (value == LINE ? p->down_on : p->down_off) : (value == LINE ? p->right_on : p->right_off);
    add(set, b->line_cell[line]);
    p->open--;
    touch(p, b->end[line][0]);
    touch(p, b->end[line][1]);
}

/* Position.colour */
static int colour(Position *p, int cell, int value) {
    if (p->cell[cell] == value) return 0;
    if (p->cell[cell] != UNKNOWN) return CONTRADICTION;
    set_cell(p, cell, value);
    return 1;
}

/* Position.apply: the colours, then the marks; how many were new */
static int apply(const Board *b, Position *p, const Found *f) {
    int fresh = 0;
    EACH(cell, f->cells, b->cells) {
        int value = f->cell[cell];
        if (p->cell[cell] == value) continue;
        if (p->cell[cell] != UNKNOWN) return CONTRADICTION;
        set_cell(p, cell, value);
        fresh++;
    }
    EACH(line, f->lines, b->lines) {
        int value = f->line[line];
        if (p->line[line] == value) continue;
        if (p->line[line] != OPEN) return CONTRADICTION;
        set_line(b, p, line, value);
        fresh++;
    }
    return fresh;
}

static inline int solved(const Position *p) { return p->unknown == 0 && p->open == 0; }

/* Position.changed_since_sweep: 0 before the first sweep (look everywhere), else 1 with `cells`
   the cells a change touched; a sweep begins here */
static int changed_since_sweep(Position *p, int sweep, uint64_t *cells) {
    int since = p->swept[sweep];
    memcpy(cells, p->changed[sweep], sizeof p->changed[sweep]);
    memset(p->changed[sweep], 0, sizeof p->changed[sweep]);
    p->swept[sweep] = 1;
    return since;
}

/* changed_since_sweep for a sweep of the easy techniques, telling a followed case what it reads */
static int easy_sweep(Run *run, Position *p, int sweep, uint64_t *cells) {
    int since = changed_since_sweep(p, sweep, cells);
    if (run->told)
        for (int i = 0; i < CELL_WORDS; i++) run->told[sweep][i] |= since ? cells[i] : run->b->full[i];
    return since;
}

/* grade._where: the indices `at` the changed cells, or all `everywhere` before the first sweep */
static void where(const Board *b, int since, const uint64_t *cells, const uint64_t *at, uint64_t *look, int everywhere) {
    if (!since) {
        add_all(look, everywhere);
        return;
    }
    int words = WORDS(everywhere);
    memset(look, 0, sizeof *look * words);
    EACH(c, cells, b->cells)
        for (int i = 0; i < words; i++) look[i] |= at[c * words + i];
}

static int circle_count(Run *run, Position *p) {
    const Board *b = run->b;
    uint64_t cells[CELL_WORDS], look[WORDS(MAX_CIRCLES)];
    where(b, easy_sweep(run, p, CIRCLE_COUNT, cells), cells, b->circles_at, look, b->circles);
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

/* x moved k cells on (bit i to i + k, within the board) or back (i to i - k), 0 < k < 64 */
static void on(const Board *b, uint64_t *to, const uint64_t *x, int k) {
    for (int i = CELL_WORDS - 1; i >= 0; i--) to[i] = (x[i] << k | (i ? x[i - 1] >> (64 - k) : 0)) & b->full[i];
}

static void back(uint64_t *to, const uint64_t *x, int k) {
    for (int i = 0; i < CELL_WORDS; i++) to[i] = x[i] >> k | (i + 1 < CELL_WORDS ? x[i + 1] << (64 - k) : 0);
}

/* cells where at least two, or at least three, of the four directions' bits are set */
static inline uint64_t two_of(uint64_t a, uint64_t b, uint64_t c, uint64_t d) { return (a & b) | (c & d) | ((a | b) & (c | d)); }
static inline uint64_t three_of(uint64_t a, uint64_t b, uint64_t c, uint64_t d) { return (a & b & (c | d)) | (c & d & (a | b)); }

/* grade.cell_lines for every cell and line it looks at at once, bits for cells (a line is its left
   or upper cell's bit). What it finds never clashes except a line one of whose cells, with two
   lines, rules out and the other, white with two ways out, draws: as in grade.py's dict the later
   cell's finding stands, the right or lower one's. Reading a cell at a time was half of a 10x10
   grade's time (perf); this made 10x10 grades 1.6 times faster and 12x12 1.5 times (4.2 -> 2.7 ms
   and 11.5 -> 7.9 ms CPU a grade, 20 and 16 puzzles graded in turn in one process). */
static int cell_lines(Run *run, Position *p) {
    const Board *b = run->b;
    const int n = CELL_WORDS; /* the words past the board's cells are empty in every set */
    int cols = b->cols;
    uint64_t changed[CELL_WORDS], right[CELL_WORDS], down[CELL_WORDS], near[CELL_WORDS], t[4][CELL_WORDS];
    if (easy_sweep(run, p, CELL_LINES, changed)) {
        /* the lines at the changed cells, and the cells whose own lines read them: they and
           their neighbours */
        uint64_t x[CELL_WORDS];
        back(t[0], changed, 1);
        back(t[1], changed, cols);
        for (int i = 0; i < n; i++) {
            right[i] = (changed[i] | t[0][i]) & b->has_right[i];
            down[i] = (changed[i] | t[1][i]) & b->has_down[i];
            near[i] = changed[i] | (t[0][i] & b->has_right[i]) | t[1][i];
            x[i] = changed[i] & b->has_right[i];
        }
        on(b, t[2], x, 1);
        on(b, t[3], changed, cols);
        for (int i = 0; i < n; i++) near[i] |= t[2][i] | t[3][i];
    } else {
        memcpy(right, b->has_right, sizeof right);
        memcpy(down, b->has_down, sizeof down);
        memcpy(near, b->full, sizeof near);
    }
    uint64_t *white = p->white, *black = p->black;
    uint64_t open_right[CELL_WORDS], open_down[CELL_WORDS], drawn_right[CELL_WORDS], drawn_down[CELL_WORDS];
    uint64_t black_right[CELL_WORDS], black_down[CELL_WORDS], black_left[CELL_WORDS], black_up[CELL_WORDS];
    uint64_t from_left[CELL_WORDS], from_up[CELL_WORDS], open_left[CELL_WORDS], open_up[CELL_WORDS];
    for (int i = 0; i < n; i++) {
        open_right[i] = b->has_right[i] & ~p->right_on[i] & ~p->right_off[i];
        open_down[i] = b->has_down[i] & ~p->down_on[i] & ~p->down_off[i];
        drawn_right[i] = p->right_on[i] & right[i];
        drawn_down[i] = p->down_on[i] & down[i];
    }
    back(black_right, black, 1);     /* the cell to the right is black */
    back(black_down, black, cols);
    on(b, black_left, black, 1);
    on(b, black_up, black, cols);
    on(b, from_left, drawn_right, 1);   /* the lines loop's drawn lines, at their other cells */
    on(b, from_up, drawn_down, cols);
    on(b, open_left, open_right, 1);
    on(b, open_up, open_down, cols);
    uint64_t found_white[CELL_WORDS], found_black[CELL_WORDS], off_right[CELL_WORDS], off_down[CELL_WORDS];
    uint64_t rule_right[CELL_WORDS], rule_down[CELL_WORDS], draw_right[CELL_WORDS], draw_down[CELL_WORDS];
    uint64_t rule_left[CELL_WORDS], rule_up[CELL_WORDS], draw_left[CELL_WORDS], draw_up[CELL_WORDS];
    uint64_t *left_on = t[0], *up_on = t[1];
    on(b, left_on, p->right_on, 1);
    on(b, up_on, p->down_on, cols);
    for (int i = 0; i < n; i++) {
        /* the lines loop: a drawn line's cells are white; an open line at a black cell is off */
        found_white[i] = (drawn_right[i] | from_left[i] | drawn_down[i] | from_up[i]) & ~white[i];
        off_right[i] = right[i] & open_right[i] & (black[i] | black_right[i]);
        off_down[i] = down[i] & open_down[i] & (black[i] | black_down[i]);
        /* the cells loop, for each direction: drawn, or usable (open, neither cell black) */
        uint64_t r = p->right_on[i], l = left_on[i], d = p->down_on[i], u = up_on[i];
        uint64_t ur = open_right[i] & ~black_right[i] & ~black[i], ul = open_left[i] & ~black_left[i] & ~black[i];
        uint64_t ud = open_down[i] & ~black_down[i] & ~black[i], uu = open_up[i] & ~black_up[i] & ~black[i];
        uint64_t lines = r | l | d | u, two = two_of(r, l, d, u), three = three_of(r, l, d, u);
        uint64_t ways_two = two_of(r | ur, l | ul, d | ud, u | uu), ways_three = three_of(r | ur, l | ul, d | ud, u | uu);
        if (three & near[i]) return CONTRADICTION; /* a cell has more than two lines */
        uint64_t full = two & ~three & near[i];      /* two lines: its other ways are off */
        uint64_t stuck = near[i] & ~black[i] & ~ways_two; /* fewer than two ways out */
        if (stuck & (lines | white[i])) return CONTRADICTION; /* a white cell has no two ways out */
        found_black[i] = stuck;
        uint64_t forced = near[i] & white[i] & ways_two & ~ways_three & ~(two & ~three); /* uses both */
        rule_right[i] = (full | forced) & ur, draw_right[i] = forced & ur;
        rule_down[i] = (full | forced) & ud, draw_down[i] = forced & ud;
        rule_left[i] = (full | forced) & ul, draw_left[i] = forced & ul;
        rule_up[i] = (full | forced) & uu, draw_up[i] = forced & uu;
        if (found_white[i] & black[i]) return CONTRADICTION; /* apply: a line into a black cell */
    }
    /* the left and upper directions' findings, as the lines' bits (their left or upper cells) */
    back(t[0], rule_left, 1);
    back(t[1], draw_left, 1);
    back(t[2], rule_up, cols);
    back(t[3], draw_up, cols);
    int fresh = 0;
    uint64_t set_right[CELL_WORDS], set_down[CELL_WORDS], on_right[CELL_WORDS], on_down[CELL_WORDS];
    for (int i = 0; i < n; i++) {
        set_right[i] = t[0][i] | rule_right[i] | off_right[i];
        on_right[i] = (t[0][i] & t[1][i]) | (~t[0][i] & draw_right[i]); /* the later cell's finding */
        set_down[i] = t[2][i] | rule_down[i] | off_down[i];
        on_down[i] = (t[2][i] & t[3][i]) | (~t[2][i] & draw_down[i]);
    }
    /* every one is new: found only where the cell or line was not known so */
    EACH(c, found_white, b->cells) set_cell(p, c, WHITE), fresh++;
    EACH(c, found_black, b->cells) set_cell(p, c, BLACK), fresh++;
    EACH(c, set_right, b->cells) set_line(b, p, b->right_line[c], has(on_right, c) ? LINE : NO_LINE), fresh++;
    EACH(c, set_down, b->cells) set_line(b, p, b->down_line[c], has(on_down, c) ? LINE : NO_LINE), fresh++;
    return fresh;
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

static void unite(int *root, int a, int b) {
    int x = root_of(root, a), y = root_of(root, b);
    if (x != y) root[x] = y;
}

/* Read off the sets: only drawn lines join paths, and only an open line between two cells that
   have lines can close one (a cell without lines is a path of its own). Scanning every line and
   cell was 15% of 12x12 grading (counted cycles). */
static int no_small_loop(Run *run, Position *p) {
    const Board *b = run->b;
    int root[MAX_CELLS], first = -1, started = 0;
    uint64_t t[2][CELL_WORDS], ends[CELL_WORDS], begun[CELL_WORDS];
    on(b, t[0], p->right_on, 1);
    on(b, t[1], p->down_on, b->cols);
    for (int i = 0; i < CELL_WORDS; i++) {
        ends[i] = p->right_on[i] | t[0][i] | p->down_on[i] | t[1][i];
        begun[i] = ends[i] | p->white[i];
    }
    for (int c = 0; c < b->cells; c++) root[c] = c;
    EACH(c, p->right_on, b->cells) unite(root, c, c + 1);
    EACH(c, p->down_on, b->cells) unite(root, c, c + b->cols);
    /* the paths holding a white cell or a line: a path closing while another of them exists
       leaves it off the loop; two of them are enough for every closing line to be ruled out */
    EACH(c, begun, b->cells)
        if (started < 2 && root_of(root, c) != first) {
            if (first < 0) first = root_of(root, c);
            started++;
        }
    if (started < 2) return 0;
    uint64_t closing[2][CELL_WORDS];
    back(t[0], ends, 1);
    back(t[1], ends, b->cols);
    for (int i = 0; i < CELL_WORDS; i++) {
        closing[0][i] = b->has_right[i] & ~p->right_on[i] & ~p->right_off[i] & ends[i] & t[0][i];
        closing[1][i] = b->has_down[i] & ~p->down_on[i] & ~p->down_off[i] & ends[i] & t[1][i];
    }
    Found f;
    clear(&f);
    EACH(c, closing[0], b->cells)
        if (root_of(root, c) == root_of(root, c + 1)) find_line(&f, b->right_line[c], NO_LINE);
    EACH(c, closing[1], b->cells)
        if (root_of(root, c) == root_of(root, c + b->cols)) find_line(&f, b->down_line[c], NO_LINE);
    return apply(b, p, &f);
}

static int circle_pairs(Run *run, Position *p) {
    const Board *b = run->b;
    uint64_t cells[CELL_WORDS], look[WORDS(MAX_PAIRS)];
    where(b, changed_since_sweep(p, CIRCLE_PAIRS_SWEEP, cells), cells, b->pairs_at, look, b->pairs);
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

/* One depth-first search from the first white cell over the cells not black joined by lines not
   ruled out, for unreachable and cut-cell both (Hopcroft and Tarjan's articulation points: cells
   whose removal splits the white cells), as grade.py's cut_cell walks it. cut-cell runs next but
   one after unreachable in a round, parity between them changing nothing, so unreachable's walk
   serves it: the two searches were 19% of 12x12 grading (counted cycles). */
static void walk(const Board *b, const Position *p, Walk *w) {
    int whites = 0, root = -1;
    memset(w->reached, 0, sizeof w->reached);
    memset(w->cut, 0, sizeof w->cut);
    for (int i = 0; i < CELL_WORDS; i++) {
        w->white[i] = p->white[i], w->black[i] = p->black[i];
        w->right_off[i] = p->right_off[i], w->down_off[i] = p->down_off[i];
    }
    for (int c = 0; c < b->cells; c++)
        if (p->cell[c] == WHITE) {
            if (root < 0) root = c;
            whites++;
        }
    w->whites = whites;
    if (!whites) return;
    int order[MAX_CELLS], low[MAX_CELLS], held[MAX_CELLS];
    int stack_cell[MAX_CELLS], stack_parent[MAX_CELLS], stack_next[MAX_CELLS], top = 0, clock = 1;
    for (int c = 0; c < b->cells; c++) order[c] = -1, low[c] = held[c] = 0;
    order[root] = 0;
    held[root] = 1;
    add(w->reached, root);
    stack_cell[top] = root, stack_parent[top] = -1, stack_next[top++] = 0;
    while (top) {
        int cell = stack_cell[top - 1], parent = stack_parent[top - 1], deeper = 0;
        while (stack_next[top - 1] < b->links[cell]) {
            int i = stack_next[top - 1]++, line = b->link_line[cell][i], other = b->link_other[cell][i];
            if (p->line[line] == NO_LINE || p->cell[other] == BLACK || other == parent) continue;
            if (order[other] < 0) {
                order[other] = low[other] = clock++;
                held[other] = p->cell[other] == WHITE;
                add(w->reached, other);
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
            if (low[cell] >= order[parent] && p->cell[parent] == UNKNOWN && 0 < held[cell] && held[cell] < whites) add(w->cut, parent);
        }
    }
    w->split = held[root] < whites;
}

/* whether the walk was taken in this position: it reads the cells' colours and the lines ruled out */
static int walked(const Walk *w, const Position *p) {
    uint64_t differ = 0;
    for (int i = 0; i < CELL_WORDS; i++)
        differ |= (w->white[i] ^ p->white[i]) | (w->black[i] ^ p->black[i]) | (w->right_off[i] ^ p->right_off[i]) | (w->down_off[i] ^ p->down_off[i]);
    return !differ;
}

/* the cells of `set`, all of one colour */
static int apply_all(const Board *b, Position *p, const uint64_t *set, int value) {
    Found f;
    clear(&f);
    EACH(c, set, b->cells) find_cell(&f, c, value);
    return apply(b, p, &f);
}

/* grade.unreachable: the cells the first white cell does not reach are black (grade._reach
   labels every group; the white cells must all be in that one) */
static int unreachable(Run *run, Position *p) {
    const Board *b = run->b;
    walk(b, p, &run->walk);
    if (!run->walk.whites) return 0;
    if (run->walk.split) return CONTRADICTION;
    uint64_t unreached[CELL_WORDS];
    for (int i = 0; i < CELL_WORDS; i++) unreached[i] = b->full[i] & ~run->walk.reached[i] & ~p->white[i] & ~p->black[i];
    return apply_all(b, p, unreached, BLACK);
}

static int cut_cell(Run *run, Position *p) {
    const Board *b = run->b;
    if (!walked(&run->walk, p)) walk(b, p, &run->walk);
    if (!run->walk.whites) return 0;
    if (run->walk.split) return CONTRADICTION;
    return apply_all(b, p, run->walk.cut, WHITE);
}

static int bits(uint64_t x) {
    x -= x >> 1 & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    return (int)(((x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full) * 0x0101010101010101ull >> 56);
}

/* Counted on the sets, each side of the chessboard a mask: a cell at a time (with a division
   for its side) was 3% of 12x12 grading (counted cycles). */
static int parity(Run *run, Position *p) {
    const Board *b = run->b;
    int white[2] = {0, 0}, unknown[2] = {0, 0};
    uint64_t open[2][CELL_WORDS];
    for (int i = 0; i < CELL_WORDS; i++) {
        uint64_t blank = b->full[i] & ~p->white[i] & ~p->black[i], side = b->odd[i];
        open[0][i] = blank & ~side, open[1][i] = blank & side;
        white[0] += bits(p->white[i] & ~side), white[1] += bits(p->white[i] & side);
        unknown[0] += bits(open[0][i]), unknown[1] += bits(open[1][i]);
    }
    int need = white[1] - white[0];
    if (need == unknown[0] || -need == unknown[1]) {
        int fill = need == unknown[0] ? 0 : 1;
        Found f;
        clear(&f);
        EACH(c, open[fill], b->cells) find_cell(&f, c, WHITE);
        EACH(c, open[1 - fill], b->cells) find_cell(&f, c, BLACK);
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

/* the position's six sets, in one order: each kind's two (see Board.reads) */
static void sets_of(const Position *p, const uint64_t *sets[6]) {
    sets[0] = p->white, sets[1] = p->black, sets[2] = p->right_on, sets[3] = p->right_off, sets[4] = p->down_on, sets[5] = p->down_off;
}

/* grade._case_breaks: 1 when the colouring breaks a rule within CASE_ROUNDS rounds of the easy
   techniques, else 0, or LIMIT. What the run read goes into `region`: each sweep's reads at the
   cells it was told of (a cell changed, or a line into it); it looks nowhere else, and what the
   last sweeps wrote is read by none. `solved` is set when the run ends on a solved position. */
static int case_breaks(Run *run, const Position *p, const int *unknown, int n, unsigned choice, uint64_t (*region)[CELL_WORDS], int *solved_at_end) {
    Position attempt = *p;
    uint64_t told[EASY_SWEEPS][CELL_WORDS] = {{0}};
    for (int u = 0; u < n; u++) colour(&attempt, unknown[u], choice >> (n - 1 - u) & 1 ? BLACK : WHITE);
    run->told = told;
    int outcome = run_techniques(run, &attempt, EASY, CASE_ROUNDS, NULL);
    run->told = NULL;
    if (outcome == LIMIT) return LIMIT;
    for (int sweep = 0; sweep < EASY_SWEEPS; sweep++)
        EACH(c, told[sweep], run->b->cells)
            for (int kind = 0; kind < KINDS; kind++)
                for (int i = 0; i < CELL_WORDS; i++) region[kind][i] |= run->b->reads[sweep][c][kind][i];
    *solved_at_end |= solved(&attempt);
    return outcome == CONTRADICTION;
}

/* What every circle's memories are compared with in one circle-cases: the position's sets and
   its open cells and lines (a line at its left or upper cell's bit) */
typedef struct {
    const uint64_t *sets[6];
    uint64_t open[KINDS][CELL_WORDS];
} Seen;

static void see(const Board *b, const Position *p, Seen *seen) {
    sets_of(p, seen->sets);
    const uint64_t *all[KINDS] = {b->full, b->has_right, b->has_down};
    for (int kind = 0; kind < KINDS; kind++)
        for (int i = 0; i < CELL_WORDS; i++) seen->open[kind][i] = all[kind][i] & ~seen->sets[2 * kind][i] & ~seen->sets[2 * kind + 1][i];
}

/* Whether a circle's cases as last followed run the same here: they began from a position that
   agrees with this one wherever they read and tells the easy sweeps of the same cells, and their
   rounds begin on an unsolved position here as there (a cell or line they never touch is open
   here; theirs never ended solved). Word by word, stopping at the first difference: most memories
   compared are not the one. */
static int same_cases(const Position *p, const Seen *seen, const Cases *memo) {
    if (memcmp(p->swept, memo->swept, EASY_SWEEPS)) return 0;
    uint64_t open_outside = 0;
    for (int i = 0; i < CELL_WORDS; i++) {
        for (int s = 0; s < 6; s++)
            if ((seen->sets[s][i] & memo->region[s / 2][i]) != memo->sets[s][i]) return 0;
        for (int s = 0; s < EASY_SWEEPS; s++)
            if (p->changed[s][i] != memo->waiting[s][i]) return 0;
        for (int kind = 0; kind < KINDS; kind++) open_outside |= seen->open[kind][i] & ~memo->region[kind][i];
    }
    return open_outside != 0;
}

static void remember(Cases *memo, const Position *p, uint64_t (*region)[CELL_WORDS]) {
    const uint64_t *sets[6];
    sets_of(p, sets);
    memcpy(memo->region, region, sizeof memo->region);
    memcpy(memo->waiting, p->changed, sizeof memo->waiting);
    memcpy(memo->swept, p->swept, EASY_SWEEPS);
    for (int s = 0; s < 6; s++)
        for (int i = 0; i < CELL_WORDS; i++) memo->sets[s][i] = sets[s][i] & region[s / 2][i];
}

static int reusable(const Run *run, const Position *p, const Seen *seen, const Cases *memo) {
    return memo->known && run->spent + memo->steps <= run->steps && same_cases(p, seen, memo);
}

/* Circle k's cases as followed in a position like this one, ready to reuse (known), or else the
   memory least recently used, to be written over. Looked through most recently used first: in the
   order they were made, a lookup compared 5 memories of 8 on average. */
static Cases *recalled(Run *run, const Position *p, const Seen *seen, int k) {
    Memory *memory = run->memory + k;
    int j, hit = 0;
    for (j = 0; j < CASE_MEMORY && !hit; j++) hit = reusable(run, p, seen, &memory->cases[memory->rank[j]]);
    j--;
    int index = memory->rank[j];
    if (!hit) memory->cases[index].known = 0;
    memmove(memory->rank + 1, memory->rank, (size_t)j);
    memory->rank[0] = (uint8_t)index;
    return &memory->cases[index];
}

static const int BLACKS[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4}; /* set bits */

/* A circle's cases are followed again only where what they read has changed since the last time
   they were followed: their runs are the same runs, so they find the same cells and spend the same
   steps (spent here at once, so only when they do not pass the budget). Following cases was two
   thirds of 12x12 grading (counted cycles), and the trials follow the cases of every circle in
   every position they reach, most of them far from what the trial changed. */
static int circle_cases(Run *run, Position *p) {
    const Board *b = run->b;
    Seen seen;
    see(b, p, &seen);
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
            if (b->allowed[k] >> (blacks + BLACKS[choice]) & 1) cases[count++] = choice;
        if (count < 2) continue; /* circle-count has read a circle with one case */
        Cases *memo = recalled(run, p, &seen, k);
        if (memo->known) {
            run->spent += memo->steps;
            if (memo->broken) return CONTRADICTION;
            for (int i = 0; i < memo->finds; i++) find_cell(&f, memo->find_cell[i], memo->find_value[i]);
            continue;
        }
        long long before = run->spent;
        uint64_t region[KINDS][CELL_WORDS] = {{0}};
        unsigned whites = 0, black = 0;
        int kept = 0, solved_at_end = 0;
        for (int i = 0; i < count; i++) {
            int broken = case_breaks(run, p, unknown, n, cases[i], region, &solved_at_end);
            if (broken == LIMIT) return LIMIT;
            if (!broken) {
                kept = 1;
                black |= cases[i];
                whites |= ~cases[i];
            }
        }
        memo->known = !solved_at_end;
        memo->steps = (int)(run->spent - before);
        memo->broken = !kept;
        memo->finds = 0;
        remember(memo, p, region);
        if (!kept) return CONTRADICTION;
        for (int u = 0; u < n; u++) {
            int bit = n - 1 - u, is_black = black >> bit & 1, is_white = whites >> bit & 1;
            if (is_black != is_white) {
                find_cell(&f, unknown[u], is_black ? BLACK : WHITE);
                memo->find_cell[memo->finds] = unknown[u];
                memo->find_value[memo->finds++] = (uint8_t)(is_black ? BLACK : WHITE);
            }
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

/* one cell-to-indices table: per cell, the set of the indices that `holds` it */
static uint64_t *cells_to(Board *b, int count, int (*holds)(const Board *, int, int)) {
    int words = WORDS(count);
    uint64_t *at = calloc((size_t)(b->cells * words) + 1, sizeof *at);
    if (!at) return NULL;
    for (int c = 0; c < b->cells; c++)
        for (int k = 0; k < count; k++)
            if (holds(b, k, c)) add(at + c * words, k);
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

/* Board.reads at `cell`. Told a cell changed, circle-count reads the cells of the circles
   touching it; cell-lines the colours of the cells within two steps and the lines of the cells
   within one (a right line at its left cell's bit, a down line at its upper cell's). Lines read
   apart from cells: with cells and lines within two steps alike, 11% more circles had their cases
   followed again (146k against 131k, grading 100 12x12 puzzles). */
static void fill_reads(Board *b, int cell) {
    int r = cell / b->cols, c = cell % b->cols;
    uint64_t (*cell_lines)[CELL_WORDS] = b->reads[CELL_LINES][cell];
    for (int other = 0; other < b->cells; other++) {
        int steps = abs(other / b->cols - r) + abs(other % b->cols - c);
        if (steps <= 2) add(cell_lines[CELLS], other);
        if (steps > 1) continue;
        if (has(b->has_right, other)) add(cell_lines[RIGHT_LINES], other);
        if (has(b->has_left, other)) add(cell_lines[RIGHT_LINES], other - 1);
        if (has(b->has_down, other)) add(cell_lines[DOWN_LINES], other);
        if (other >= b->cols) add(cell_lines[DOWN_LINES], other - b->cols);
    }
    for (int k = 0; k < b->circles; k++)
        if (circle_holds(b, k, cell))
            for (int i = 0; i < b->touched[k]; i++) add(b->reads[CIRCLE_COUNT][cell][CELLS], b->circle_cell[k][i]);
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
    for (int c = 0; c < b->cells; c++) {
        add(b->full, c);
        b->right_line[c] = b->down_line[c] = -1;
        if (c % cols) add(b->has_left, c);
        if ((c / cols + c % cols) % 2) add(b->odd, c);
    }
    for (int e = 0; ok && e < b->lines; e++) {
        int a = b->end[e][0], z = b->end[e][1];
        ok = (z == a + 1 && a % cols < cols - 1) || z == a + cols;
        b->line_cell[e] = a;
        b->line_down[e] = z != a + 1;
        if (b->line_down[e]) b->down_line[a] = e, add(b->has_down, a);
        else b->right_line[a] = e, add(b->has_right, a);
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
    for (int c = 0; ok && c < b->cells; c++) fill_reads(b, c);
    if (ok && !(b->circles_at = cells_to(b, b->circles, circle_holds))) ok = (PyErr_NoMemory(), 0);
    if (ok && !(b->pairs_at = cells_to(b, b->pairs, pair_holds))) ok = (PyErr_NoMemory(), 0);
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
    int known = 1;
    for (int c = 0; c < b->cells; c++) {
        p->cell[c] = (uint8_t)cells[c];
        p->unknown += p->cell[c] == UNKNOWN;
        if (p->cell[c] == WHITE) add(p->white, c);
        else if (p->cell[c] == BLACK) add(p->black, c);
        else known &= p->cell[c] == UNKNOWN;
    }
    for (int e = 0; e < b->lines; e++) {
        p->line[e] = (uint8_t)lines[e];
        p->open += p->line[e] == OPEN;
        if (p->line[e] != OPEN && p->line[e] != LINE && p->line[e] != NO_LINE) known = 0;
        else if (p->line[e] != OPEN)
            add(b->line_down[e] ? (p->line[e] == LINE ? p->down_on : p->down_off) : (p->line[e] == LINE ? p->right_on : p->right_off), b->line_cell[e]);
    }
    if (!known) {
        free(p);
        PyErr_SetString(PyExc_ValueError, "kuralin grader: a cell or line of no known state");
        return NULL;
    }
    Run run = {.b = b, .steps = steps, .memory = calloc((size_t)b->circles + 1, sizeof(Memory))};
    if (!run.memory) {
        free(p);
        return PyErr_NoMemory();
    }
    for (int k = 0; k < b->circles; k++)
        for (int m = 0; m < CASE_MEMORY; m++) run.memory[k].rank[m] = (uint8_t)m;
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
    free(run.memory);
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
