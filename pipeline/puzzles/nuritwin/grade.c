/* The Nuritwin grader's network test and its reading of region shapes (grade.py: _network_split,
   and _read_shapes with the keep of each technique that narrows ways, cut-cell, single-exit and
   unreachable), compiled.

   The same tests on the same bitmasks: a cell (r, c) is bit r * width + c of a grid of rows of
   cols + 1 bits, as grade.py's Board has them; Python's ints come in as GW little-endian 64-bit
   words. Pure functions of their arguments, so a grade is the same with them or without. Apart
   from search.c (the solver's): the grader shares no code with the type's solver. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* 192 bits: a 12 x 12 grid takes 155 (169 with the row below it, which shifts reach). Three words
   graded 12 10 x 10 puzzles' pair-seals in 0.30 s against 0.82-0.87 s with four (the same grades):
   every test is a few word operations, and a fourth word was a third more of them for nothing
   (docs/notes/grading-speed.md). */
#define GW 3
#define MAX_REGIONS 64

typedef struct { uint64_t w[GW]; } G;

/* A region's ways (a tuple of Python ints, held) read as masks once: read_shapes is given every
   region's ways on every call (1,800 calls a 12 x 12 grade) and read them all again, though a
   trial's positions share most of their tuples; it hands back a region's tuple itself when every
   way is left. A few per region, as a trial moves between its positions' ways and back: 40 graded
   12 x 12 puzzles took 1.78 s against 2.08 s (10 x 10: 0.61 s against 0.68 s), the same grades. */
#define CACHED 8
typedef struct {
    PyObject *ways;
    G *masks;
} Cached;

/* pair-seals' way of a neighbour o that fitted beside a way of region q last time, by (q, way,
   o) hashed, a newer one taking an older one's place (see fits_beside). */
typedef struct {
    G way, witness;
    int pair; /* q * MAX_REGIONS + o + 1; 0: an empty place (calloc's pages are zero until used) */
} Witness;

typedef struct {
    int width, regions;
    G full, corners, region[MAX_REGIONS];
    int touching[MAX_REGIONS][MAX_REGIONS], touches[MAX_REGIONS]; /* each region's neighbours, how many */
    Cached cached[MAX_REGIONS][CACHED];
    int next_cached[MAX_REGIONS];
    Witness *witnesses; /* witness_mask + 1 of them, made at the first pair-seals reading */
    size_t witness_mask;
    int region_of[64 * GW]; /* each cell's region */
    G near[2 * 64]; /* near[k]: the cells within k steps of the grid's centre, up to every cell */
    int nears;
} Board;

static inline G g_and(G a, G b) { for (int i = 0; i < GW; i++) a.w[i] &= b.w[i]; return a; }
static inline G g_or(G a, G b) { for (int i = 0; i < GW; i++) a.w[i] |= b.w[i]; return a; }
static inline G g_andnot(G a, G b) { for (int i = 0; i < GW; i++) a.w[i] &= ~b.w[i]; return a; }
static inline int g_any(G a) { uint64_t x = 0; for (int i = 0; i < GW; i++) x |= a.w[i]; return x != 0; }
static inline int g_eq(G a, G b) { for (int i = 0; i < GW; i++) if (a.w[i] != b.w[i]) return 0; return 1; }
static inline G g_shl(G a, int k) {
    G r;
    for (int i = GW - 1; i > 0; i--) r.w[i] = a.w[i] << k | a.w[i - 1] >> (64 - k);
    r.w[0] = a.w[0] << k;
    return r;
}
static inline G g_shr(G a, int k) {
    G r;
    for (int i = 0; i < GW - 1; i++) r.w[i] = a.w[i] >> k | a.w[i + 1] << (64 - k);
    r.w[GW - 1] = a.w[GW - 1] >> k;
    return r;
}
static inline G g_low(G a) {
    G r;
    memset(&r, 0, sizeof r);
    for (int i = 0; i < GW; i++) if (a.w[i]) { r.w[i] = a.w[i] & -a.w[i]; break; }
    return r;
}

static inline int has(G a, int bit) { return bit >= 0 && bit < 64 * GW && (a.w[bit / 64] >> (bit % 64) & 1); }

static int read_mask(PyObject *value, G *into) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "nuritwin grader: a mask is an int");
        return 0;
    }
    return _PyLong_AsByteArray((PyLongObject *)value, (unsigned char *)into->w, sizeof into->w, 1, 0) == 0;
}

/* Board.squares: whether `shaded` fills a 2x2 square. */
static inline int squares(const Board *b, G s) {
    int w = b->width;
    return g_any(g_and(g_and(g_and(s, g_shr(s, 1)), g_and(g_shr(s, w), g_shr(s, w + 1))), b->corners));
}

static G flood(const Board *b, G seed, G within) {
    int w = b->width;
    for (;;) {
        G grown = g_and(g_or(g_or(g_or(seed, g_shl(seed, 1)), g_or(g_shr(seed, 1), g_shl(seed, w))), g_shr(seed, w)), within);
        if (g_eq(grown, seed)) return seed;
        seed = grown;
    }
}

static inline G grown(const Board *b, G m) {
    int w = b->width;
    return g_and(g_or(g_or(g_or(m, g_shl(m, 1)), g_or(g_shr(m, 1), g_shl(m, w))), g_shr(m, w)), b->full);
}

static PyObject *mask_of(G a) { return _PyLong_FromByteArray((const unsigned char *)a.w, sizeof a.w, 1, 0); }

/* The cell of `cells` (not none) nearest the grid's centre, the lowest of those as near. */
static G central(const Board *b, G cells) {
    for (int k = 0; k < b->nears; k++) {
        G near = g_and(cells, b->near[k]);
        if (g_any(near)) return g_low(near);
    }
    return g_low(cells);
}

/* grade._network_split, with `reach` set to the cells joined to the shaded ones (every cell that
   may be shaded when none is). The flood starts from the shaded cell nearest the centre, not the
   lowest as grade.py's does: when the network is whole every shaded cell reaches the same cells,
   and when it is not no start reaches them all, so the verdict is the same, and the reach is
   the same when the network is whole; from the centre a flood takes fewer steps, since it grows
   one step a round (60 12 x 12 grades: x0.91 of the CPU, the same grades). */
static int network_reach(const Board *b, G shaded, G unshaded, G *reach) {
    G possible = g_andnot(b->full, unshaded);
    *reach = possible;
    if (g_any(shaded)) {
        *reach = flood(b, central(b, shaded), possible);
        if (g_any(g_andnot(shaded, *reach))) return 1;
    }
    for (int q = 0; q < b->regions; q++)
        if (!g_any(g_and(*reach, b->region[q]))) return 1;
    return 0;
}

static int network_split(const Board *b, G shaded, G unshaded) {
    G reach;
    return network_reach(b, shaded, unshaded, &reach);
}

/* network_split for `shaded` holding the cells known shaded in a reading, `bare` the regions
   holding none of those, and `seed` one of `shaded` near the centre (any will do, see
   network_reach; the reading's own nearest, found once, when it has shaded cells): a region
   with a shaded cell meets the network once every shaded cell does, so only the bare ones are
   looked at. */
static int split_beyond(const Board *b, G seed, G shaded, G unshaded, const int *bare, int bares) {
    G reach = flood(b, g_any(seed) ? seed : central(b, shaded), g_andnot(b->full, unshaded));
    if (g_any(g_andnot(shaded, reach))) return 1;
    for (int k = 0; k < bares; k++)
        if (!g_any(g_and(reach, b->region[bare[k]]))) return 1;
    return 0;
}

static void forget(Cached *c) {
    Py_CLEAR(c->ways);
    free(c->masks);
    c->masks = NULL;
}

static void free_board(PyObject *capsule) {
    Board *b = PyCapsule_GetPointer(capsule, "nuritwin.grade_board");
    if (!b) return;
    for (int q = 0; q < MAX_REGIONS; q++)
        for (int s = 0; s < CACHED; s++) forget(&b->cached[q][s]);
    free(b->witnesses);
    free(b);
}

/* The masks of region q's ways `ways` (a tuple of ints), read once per tuple; NULL on an error. */
static const G *masks_of(Board *b, int q, PyObject *ways) {
    for (int s = 0; s < CACHED; s++)
        if (b->cached[q][s].ways == ways) return b->cached[q][s].masks;
    Py_ssize_t n = PyTuple_GET_SIZE(ways);
    G *masks = malloc(sizeof(G) * (n ? n : 1));
    if (!masks) {
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (!read_mask(PyTuple_GET_ITEM(ways, i), &masks[i])) {
            free(masks);
            return NULL;
        }
    Cached *c = &b->cached[q][b->next_cached[q]];
    b->next_cached[q] = (b->next_cached[q] + 1) % CACHED;
    forget(c);
    Py_INCREF(ways);
    c->ways = ways;
    c->masks = masks;
    return masks;
}

/* Board.near: the cells by their distance from the centre, in doubled steps (a grid of even
   side has four centre cells) */
static void place_near(Board *b) {
    int rows = 0, cols = 0;
    for (int bit = 0; bit < 64 * GW; bit++)
        if (b->full.w[bit / 64] >> (bit % 64) & 1) {
            rows = bit / b->width + 1;
            if (bit % b->width + 1 > cols) cols = bit % b->width + 1;
        }
    memset(b->near, 0, sizeof b->near);
    b->nears = rows + cols;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int far = abs(2 * r - (rows - 1)) + abs(2 * c - (cols - 1)), bit = r * b->width + c;
            for (int k = far / 2; k < b->nears; k++) b->near[k].w[bit / 64] |= (uint64_t)1 << (bit % 64);
        }
}

/* board(width, full, corners, regions, touching) -> a capsule for the tests below */
static PyObject *board(PyObject *self, PyObject *args) {
    (void)self;
    int width;
    PyObject *full, *corners, *regions, *touching;
    if (!PyArg_ParseTuple(args, "iOOO!O!", &width, &full, &corners, &PyTuple_Type, &regions, &PyTuple_Type, &touching)) return NULL;
    Py_ssize_t count = PyTuple_GET_SIZE(regions);
    if (width < 2 || width > 62 || count < 1 || count > MAX_REGIONS || PyTuple_GET_SIZE(touching) != count) {
        PyErr_SetString(PyExc_ValueError, "nuritwin grader: the board does not fit the compiled tests");
        return NULL;
    }
    Board *b = calloc(1, sizeof *b);
    if (!b) return PyErr_NoMemory();
    b->width = width;
    b->regions = (int)count;
    int ok = read_mask(full, &b->full) && read_mask(corners, &b->corners);
    for (Py_ssize_t q = 0; ok && q < count; q++) ok = read_mask(PyTuple_GET_ITEM(regions, q), &b->region[q]);
    if (ok) place_near(b);
    for (int q = 0; ok && q < b->regions; q++)
        for (int bit = 0; bit < 64 * GW; bit++)
            if (has(b->region[q], bit)) b->region_of[bit] = q;
    for (Py_ssize_t q = 0; ok && q < count; q++) {
        PyObject *near = PyTuple_GET_ITEM(touching, q);
        ok = PyTuple_Check(near) && PyTuple_GET_SIZE(near) < MAX_REGIONS;
        for (Py_ssize_t i = 0; ok && i < PyTuple_GET_SIZE(near); i++) {
            long other = PyLong_AsLong(PyTuple_GET_ITEM(near, i));
            ok = other >= 0 && other < count;
            b->touching[q][i] = (int)other;
        }
        b->touches[q] = ok ? (int)PyTuple_GET_SIZE(near) : 0;
        if (!ok && !PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "nuritwin grader: a region touches no such region");
    }
    PyObject *capsule = ok ? PyCapsule_New(b, "nuritwin.grade_board", free_board) : NULL;
    if (!capsule) {
        free(b->witnesses);
        free(b);
    }
    return capsule;
}

static Board *board_of(PyObject *capsule) { return PyCapsule_GetPointer(capsule, "nuritwin.grade_board"); }

/* network_split(board, shaded, unshaded) -> bool */
static PyObject *split(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *shaded_, *unshaded_;
    if (!PyArg_ParseTuple(args, "OOO", &capsule, &shaded_, &unshaded_)) return NULL;
    const Board *b = board_of(capsule);
    G shaded, unshaded;
    if (!b || !read_mask(shaded_, &shaded) || !read_mask(unshaded_, &unshaded)) return NULL;
    return PyBool_FromLong(network_split(b, shaded, unshaded));
}

/* cut_cells(board, shaded, unshaded, unknown) -> the cells of `unknown` whose unshading splits the
   network (grade.cut_cell's test, cell by cell, in one call) */
/* simple[ring]: whether a cell's side neighbours among the eight around it (bit k of `ring` for
   the k-th, clockwise from the one above) stay joined through those eight when the cell is
   taken away; made at import. */
static uint8_t simple[256];

static void make_simple(void) {
    for (int ring = 0; ring < 256; ring++) {
        int group[8];
        for (int k = 0; k < 8; k++) group[k] = k;
        for (int pass = 0; pass < 8; pass++) /* neighbours around the ring join; 8 passes settle it */
            for (int k = 0; k < 8; k++) {
                int next = (k + 1) % 8;
                if ((ring >> k & 1) && (ring >> next & 1)) {
                    int low = group[k] < group[next] ? group[k] : group[next];
                    group[k] = group[next] = low;
                }
            }
        int first = -1, ok = 1;
        for (int k = 0; k < 8 && ok; k += 2) /* the side neighbours are the even places */
            if (ring >> k & 1) {
                if (first < 0) first = group[k];
                ok = group[k] == first;
            }
        simple[ring] = (uint8_t)ok;
    }
}

/* Whether unshading `cell` (bit `bit`, unknown, in `reach`: the cells joined to the shaded ones
   while the network is whole) leaves it whole, when that is seen without a flood, else -1: taken
   from the only cell of its region the network reaches, it splits; when its side neighbours that
   may be shaded stay joined around it, the network loses the cell and nothing else. */
static int cut_at_once(const Board *b, int bit, G cell, G possible, G reach) {
    G own = b->region[b->region_of[bit]];
    if (!g_any(g_andnot(g_and(own, reach), cell))) return 1;
    int w = b->width, ring = 0;
    const int around[8] = {-w, -w + 1, 1, w + 1, w, w - 1, -1, -w - 1};
    for (int k = 0; k < 8; k++) ring |= has(possible, bit + around[k]) << k;
    return simple[ring] ? 0 : -1;
}

/* cut_cells(board, shaded, unshaded, unknown) -> the cells of `unknown` whose unshading splits the
   network (grade.cut_cell's test, cell by cell, in one call). A split network stays split with a
   cell more unshaded, a cell the network does not reach changes nothing, and cut_at_once settles
   most of the others without one: 60 12 x 12 grades took x0.95 of the CPU, the same grades. */
static PyObject *cut_cells(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *shaded_, *unshaded_, *unknown_;
    if (!PyArg_ParseTuple(args, "OOOO", &capsule, &shaded_, &unshaded_, &unknown_)) return NULL;
    const Board *b = board_of(capsule);
    G shaded, unshaded, rest, cut, reach;
    if (!b || !read_mask(shaded_, &shaded) || !read_mask(unshaded_, &unshaded) || !read_mask(unknown_, &rest)) return NULL;
    if (network_reach(b, shaded, unshaded, &reach)) return mask_of(rest);
    G possible = g_andnot(b->full, unshaded);
    rest = g_and(rest, reach);
    memset(&cut, 0, sizeof cut);
    while (g_any(rest)) {
        G cell = g_low(rest);
        rest = g_andnot(rest, cell);
        int bit = 0;
        while (!cell.w[bit / 64]) bit += 64;
        bit += __builtin_ctzll(cell.w[bit / 64]);
        int split = cut_at_once(b, bit, cell, possible, reach);
        if (split < 0) split = network_split(b, shaded, g_or(unshaded, cell));
        if (split) cut = g_or(cut, cell);
    }
    return mask_of(cut);
}

/* single_exits(board, shaded, unknown) -> the cells grade.single_exit shades: each shaded
   group's one unknown neighbour, where the network holds more than the group. */
static PyObject *single_exits(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *shaded_, *unknown_;
    if (!PyArg_ParseTuple(args, "OOO", &capsule, &shaded_, &unknown_)) return NULL;
    const Board *b = board_of(capsule);
    G shaded, unknown, rest, shade;
    if (!b || !read_mask(shaded_, &shaded) || !read_mask(unknown_, &unknown)) return NULL;
    memset(&shade, 0, sizeof shade);
    rest = shaded;
    while (g_any(rest)) {
        G group = flood(b, g_low(rest), shaded);
        rest = g_andnot(rest, group);
        G exits = g_and(grown(b, group), unknown);
        if (!g_any(exits) || !g_eq(exits, g_low(exits))) continue;
        int beyond = g_any(g_andnot(shaded, group));
        for (int q = 0; q < b->regions && !beyond; q++) beyond = !g_any(g_and(b->region[q], group));
        if (beyond) shade = g_or(shade, exits);
    }
    return mask_of(shade);
}

/* unreached(board, shaded, unshaded) -> the cells not joined to the shaded ones through cells
   that may be shaded (grade.unreachable), or None when the network is split */
static PyObject *unreached(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *shaded_, *unshaded_;
    if (!PyArg_ParseTuple(args, "OOO", &capsule, &shaded_, &unshaded_)) return NULL;
    const Board *b = board_of(capsule);
    G shaded, unshaded;
    if (!b || !read_mask(shaded_, &shaded) || !read_mask(unshaded_, &unshaded)) return NULL;
    G reach;
    if (network_reach(b, shaded, unshaded, &reach)) Py_RETURN_NONE;
    return mask_of(g_andnot(b->full, reach));
}

/* --- _read_shapes, for the techniques that narrow ways ------------------------------------- */

enum { KEEP_ALL, KEEP_SQUARES, KEEP_PAIRS, KEEP_EXITS, KEEP_SEALED, KEEP_PAIR_SEALS };

typedef struct {
    const Board *b;
    Board *board; /* the same, for pair-seals' witnesses */
    int kind;
    G shaded, unshaded;
    int start[MAX_REGIONS + 1]; /* each region's fitted ways: way[start[q]] .. way[start[q + 1] - 1] */
    PyObject *given[MAX_REGIONS]; /* each region's ways as given */
    G *way;
    PyObject **item; /* the Python int of each fitted way */
    int8_t *kept;    /* -1: not weighed yet */
    int bare[MAX_REGIONS], bares; /* the regions with no cell known shaded (see split_beyond) */
    G seed; /* the known shaded cell nearest the centre; none when none is known */
} Reading;

/* grade._outside: whether the network holds cells outside `group`. */
static int outside(const Reading *r, G group) {
    if (g_any(g_andnot(r->shaded, group))) return 1;
    for (int q = 0; q < r->b->regions; q++)
        if (!g_any(g_and(r->b->region[q], group))) return 1;
    return 0;
}

/* pair-seals' test: whether way i of region q and way j of its neighbour o together shade no 2x2
   and seal nothing off (`shaded` and `unshaded` hold the known cells and way i's). */
static int pair_test(const Reading *r, int o, int j, G shaded, G unshaded) {
    G with = g_or(shaded, r->way[j]);
    return !squares(r->b, with) && !split_beyond(r->b, r->seed, with, g_or(unshaded, g_andnot(r->b->region[o], r->way[j])), r->bare, r->bares);
}

static Witness *witness_of(Board *b, int q, G way, int o) {
    uint64_t h = (uint64_t)(q * MAX_REGIONS + o) * 0x9E3779B97F4A7C15u;
    for (int k = 0; k < GW; k++) h = (h ^ way.w[k]) * 0xBF58476D1CE4E5B9u;
    return &b->witnesses[(h >> 32) & b->witness_mask];
}

/* Whether some way of neighbour o fits beside way i of region q (pair-seals). Whether any fits
   does not depend on the order they are tried in, so the one that fitted last time is tried
   first: over 60 12 x 12 grades it fitted again in 3.61 of 3.69 million checks that had one,
   and the pair tests fell from 8.9 to 6.5 million (grading x0.94, the same grades). Remembering
   each pair's outcome within a reading as well (the test is symmetric) met 16% of them again
   and gained nothing more measurable (x0.938 against x0.945): not kept. */
static int fits_beside(Reading *r, int q, int i, int o, int hint, G shaded, G unshaded) {
    if (hint >= 0 && pair_test(r, o, hint, shaded, unshaded)) return 1;
    for (int j = r->start[o]; j < r->start[o + 1]; j++)
        if (j != hint && pair_test(r, o, j, shaded, unshaded)) {
            Witness *last = witness_of(r->board, q, r->way[i], o);
            last->way = r->way[i];
            last->witness = r->way[j];
            last->pair = q * MAX_REGIONS + o + 1;
            return 1;
        }
    return 0;
}

/* The way of neighbour o that fitted beside way i of region q last time, if still open: its
   index, or -1. */
static int hint_of(Reading *r, int q, int i, int o) {
    Witness *last = witness_of(r->board, q, r->way[i], o);
    if (last->pair == q * MAX_REGIONS + o + 1 && g_eq(last->way, r->way[i]))
        for (int j = r->start[o]; j < r->start[o + 1]; j++)
            if (g_eq(r->way[j], last->witness)) return j;
    return -1;
}

/* Whether every neighbour touching[q][t] for t in `ts` (n of them, each with a way that fitted
   last time, hints[t]) has a way that fits beside way i of region q. Those ways are first tested
   all together: the network test only gets harder as cells are shaded or unshaded (a split
   network stays split), so when way i with all of them shades no 2x2 and seals nothing off, each
   of them fits beside it, and one flood stands for one per neighbour. When that fails, each half
   of them is tried so, down to one neighbour weighed alone. */
static int all_fit(Reading *r, int q, int i, const int *ts, int n, const int *hints, G shaded, G unshaded) {
    const Board *b = r->b;
    if (n == 1) return fits_beside(r, q, i, b->touching[q][ts[0]], hints[ts[0]], shaded, unshaded);
    G every = shaded, none = unshaded;
    for (int k = 0; k < n; k++) {
        int o = b->touching[q][ts[k]], j = hints[ts[k]];
        every = g_or(every, r->way[j]);
        none = g_or(none, g_andnot(b->region[o], r->way[j]));
    }
    if (!squares(b, every) && !split_beyond(b, r->seed, every, none, r->bare, r->bares)) return 1;
    return all_fit(r, q, i, ts, n / 2, hints, shaded, unshaded) && all_fit(r, q, i, ts + n / 2, n - n / 2, hints, shaded, unshaded);
}

/* pair-seals' keep: the neighbours with a way that fitted last time together (all_fit), then
   the others one by one. */
static int pair_sealed_keep(Reading *r, int q, int i) {
    const Board *b = r->b;
    G way = r->way[i], shaded = g_or(r->shaded, way), unshaded = g_or(r->unshaded, g_andnot(b->region[q], way));
    int hints[MAX_REGIONS], hinted[MAX_REGIONS], n = 0;
    for (int t = 0; t < b->touches[q]; t++) {
        hints[t] = hint_of(r, q, i, b->touching[q][t]);
        if (hints[t] >= 0) hinted[n++] = t;
    }
    if (n && !all_fit(r, q, i, hinted, n, hints, shaded, unshaded)) return 0;
    for (int t = 0; t < b->touches[q]; t++)
        if (hints[t] < 0 && !fits_beside(r, q, i, b->touching[q][t], -1, shaded, unshaded)) return 0;
    return 1;
}

/* The `keep` of each technique in grade.py, for way number i (of region q). */
static int weigh(Reading *r, int q, int i) {
    const Board *b = r->b;
    G way = r->way[i], cells = b->region[q];
    G shaded = g_or(r->shaded, way);
    switch (r->kind) {
    case KEEP_SQUARES:
        return !squares(b, shaded);
    case KEEP_PAIRS:
        for (int t = 0; t < b->touches[q]; t++) {
            int o = b->touching[q][t], any = 0;
            for (int j = r->start[o]; j < r->start[o + 1] && !any; j++) any = !squares(b, g_or(shaded, r->way[j]));
            if (!any) return 0;
        }
        return 1;
    case KEEP_EXITS: {
        if (!outside(r, way)) return 1;
        G closed = g_or(r->unshaded, g_andnot(cells, way)), rest = way;
        while (g_any(rest)) {
            G block = flood(b, g_low(rest), way);
            rest = g_andnot(rest, block);
            if (!g_any(g_andnot(g_andnot(grown(b, block), block), closed))) return 0;
        }
        return 1;
    }
    case KEEP_SEALED:
        return !split_beyond(b, r->seed, shaded, g_or(r->unshaded, g_andnot(cells, way)), r->bare, r->bares);
    case KEEP_PAIR_SEALS:
        return pair_sealed_keep(r, q, i);
    default:
        return 1;
    }
}

static inline int kept(Reading *r, int q, int i) {
    if (r->kept[i] < 0) r->kept[i] = (int8_t)weigh(r, q, i);
    return r->kept[i];
}

/* grade._decides: 1 when the region's kept ways agree on an undecided cell, 0 when not, -1 when
   none is kept. */
static inline int g_count(G a) {
    int n = 0;
    for (int i = 0; i < GW; i++) n += __builtin_popcountll(a.w[i]);
    return n;
}

/* The next way of region q to weigh for decides: in order, or for the techniques whose weighing
   floods the network, the one not weighed yet that leaves most of the cells the kept ones still
   agree on undecided (a shaded one unshaded, an unshaded one shaded), so they come to disagree
   on every cell after fewer ways. Whether they do does not depend on the order. decides is the
   first to weigh a region's ways in a reading, so a way weighed already is one it took. Over 60
   12 x 12 grades: x0.85 of the CPU, the same grades; for every technique x0.90 (the others' ways
   are weighed cheaper than they are chosen). */
static int next_way(Reading *r, int q, int last, G agreed_shaded, G agreed_unshaded) {
    if (r->kind != KEEP_PAIR_SEALS && r->kind != KEEP_SEALED) return last + 1;
    int best = -1, most = -1;
    for (int i = r->start[q]; i < r->start[q + 1]; i++) {
        if (r->kept[i] >= 0) continue;
        int n = g_count(g_andnot(agreed_shaded, r->way[i])) + g_count(g_and(agreed_unshaded, r->way[i]));
        if (n > most) {
            most = n;
            best = i;
        }
    }
    return best < 0 ? r->start[q + 1] : best;
}

static int decides(Reading *r, int q) {
    G cells = r->b->region[q], unknown = g_andnot(cells, g_or(r->shaded, r->unshaded));
    G every = cells, some;
    memset(&some, 0, sizeof some);
    int accepted = 0;
    for (int i = next_way(r, q, r->start[q] - 1, every, some); i < r->start[q + 1]; i = next_way(r, q, i, g_and(every, unknown), g_andnot(unknown, some))) {
        if (!kept(r, q, i)) continue;
        accepted = 1;
        every = g_and(every, r->way[i]);
        some = g_or(some, r->way[i]);
        if (!g_any(g_and(every, unknown)) && !g_any(g_andnot(unknown, some))) return 0;
    }
    return accepted ? 1 : -1;
}

/* The fitted ways (kept only, with `only_kept`) as grade.py's position.open: a list of tuples. */
static PyObject *listed(Reading *r, int only_kept) {
    PyObject *list = PyList_New(r->b->regions);
    for (int q = 0; list && q < r->b->regions; q++) {
        int n = 0;
        for (int i = r->start[q]; i < r->start[q + 1]; i++) n += !only_kept || r->kept[i] == 1;
        if (n == PyTuple_GET_SIZE(r->given[q])) { /* every way left: the same tuple, its masks read */
            Py_INCREF(r->given[q]);
            PyList_SET_ITEM(list, q, r->given[q]);
            continue;
        }
        PyObject *ways = PyTuple_New(n);
        if (!ways) {
            Py_CLEAR(list);
            break;
        }
        n = 0;
        for (int i = r->start[q]; i < r->start[q + 1]; i++)
            if (!only_kept || r->kept[i] == 1) {
                Py_INCREF(r->item[i]);
                PyTuple_SET_ITEM(ways, n++, r->item[i]);
            }
        PyList_SET_ITEM(list, q, ways);
    }
    return list;
}

/* The board's witnesses, 16 places for each (way, neighbour) of the first pair-seals reading
   (which holds the most ways; a place is 56 bytes): with 4,096 places in all, 60 12 x 12 grades
   found a hint for 42% of the ways weighed, 71% with 65,536 (grading x0.95 of the CPU); 65,536 on
   every board made a 6 x 6 grade x1.2 slower; so many places for so many ways, within 2% of
   65,536 at 12 x 12 and x0.84 of main's grading at 6 x 6. */
static int make_witnesses(Reading *r) {
    Board *b = r->board;
    size_t need = 0, places = 64;
    for (int q = 0; q < b->regions; q++) need += (size_t)(r->start[q + 1] - r->start[q]) * b->touches[q];
    while (places < 16 * need) places *= 2;
    b->witnesses = calloc(places, sizeof *b->witnesses);
    if (!b->witnesses) {
        PyErr_NoMemory();
        return 0;
    }
    b->witness_mask = places - 1;
    return 1;
}

/* read_shapes(board, kind, shaded, unshaded, open) -> grade._read_shapes's outcome: (0, ways
   that fit) when nothing is decided, (1, ways kept, shade, unshade) when cells are, (2, ways that
   fit) when a region has no way left. */
static PyObject *read_shapes(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *shaded_, *unshaded_, *open;
    Reading r;
    memset(&r, 0, sizeof r);
    if (!PyArg_ParseTuple(args, "OiOOO!", &capsule, &r.kind, &shaded_, &unshaded_, &PyList_Type, &open)) return NULL;
    Board *board = board_of(capsule);
    r.b = r.board = board;
    if (!r.b || !read_mask(shaded_, &r.shaded) || !read_mask(unshaded_, &r.unshaded)) return NULL;
    if (PyList_GET_SIZE(open) != r.b->regions) {
        PyErr_SetString(PyExc_ValueError, "nuritwin grader: the open ways do not fit the board");
        return NULL;
    }
    Py_ssize_t total = 0;
    for (int q = 0; q < r.b->regions; q++) {
        PyObject *ways = PyList_GET_ITEM(open, q);
        if (!PyTuple_Check(ways)) {
            PyErr_SetString(PyExc_TypeError, "nuritwin grader: a region's ways are a tuple");
            return NULL;
        }
        total += PyTuple_GET_SIZE(ways);
    }
    r.way = malloc(sizeof(G) * (total + 1));
    r.item = malloc(sizeof(PyObject *) * (total + 1));
    r.kept = malloc(total + 1);
    PyObject *result = NULL;
    if (!r.way || !r.item || !r.kept) {
        PyErr_NoMemory();
        goto done;
    }
    /* ways that break a known cell are gone for every technique */
    int n = 0;
    for (int q = 0; q < r.b->regions; q++) {
        PyObject *ways = PyList_GET_ITEM(open, q);
        G cells = r.b->region[q];
        const G *masks = masks_of(board, q, ways);
        if (!masks) goto done;
        r.given[q] = ways;
        r.start[q] = n;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(ways); i++) {
            r.way[n] = masks[i];
            if (g_any(g_and(r.way[n], r.unshaded)) || g_any(g_andnot(g_and(r.shaded, cells), r.way[n]))) continue;
            r.item[n] = PyTuple_GET_ITEM(ways, i);
            r.kept[n++] = -1;
        }
    }
    r.start[r.b->regions] = n;
    if (r.kind == KEEP_PAIR_SEALS && !board->witnesses && !make_witnesses(&r)) goto done;
    for (int q = 0; q < r.b->regions; q++)
        if (!g_any(g_and(r.b->region[q], r.shaded))) r.bare[r.bares++] = q;
    if (g_any(r.shaded)) r.seed = central(r.b, r.shaded);
    int any = 0;
    for (int q = 0; q < r.b->regions && !any; q++) {
        int d = decides(&r, q);
        if (d < 0) {
            result = Py_BuildValue("(iN)", 2, listed(&r, 0));
            goto done;
        }
        any = d;
    }
    if (!any) {
        result = Py_BuildValue("(iN)", 0, listed(&r, 0));
        goto done;
    }
    G shade, unshade;
    memset(&shade, 0, sizeof shade);
    unshade = shade;
    for (int q = 0; q < r.b->regions; q++) {
        G cells = r.b->region[q], every = cells, some;
        memset(&some, 0, sizeof some);
        int accepted = 0;
        for (int i = r.start[q]; i < r.start[q + 1]; i++)
            if (kept(&r, q, i)) {
                accepted = 1;
                every = g_and(every, r.way[i]);
                some = g_or(some, r.way[i]);
            }
        if (!accepted) {
            result = Py_BuildValue("(iN)", 2, listed(&r, 0));
            goto done;
        }
        shade = g_or(shade, every);
        unshade = g_or(unshade, g_andnot(cells, some));
    }
    shade = g_andnot(shade, r.shaded);
    unshade = g_andnot(unshade, r.unshaded);
    if (!g_any(g_or(shade, unshade)))
        result = Py_BuildValue("(iN)", 0, listed(&r, 0));
    else
        result = Py_BuildValue("(iNNN)", 1, listed(&r, 1), mask_of(shade), mask_of(unshade));
done:
    free(r.way);
    free(r.item);
    free(r.kept);
    return result;
}

static PyMethodDef methods[] = {
    {"read_shapes", read_shapes, METH_VARARGS, "grade._read_shapes for one technique's keep, compiled."},
    {"board", board, METH_VARARGS, "A board's masks for the compiled tests."},
    {"network_split", split, METH_VARARGS, "grade._network_split, compiled."},
    {"cut_cells", cut_cells, METH_VARARGS, "grade.cut_cell's cells, compiled."},
    {"single_exits", single_exits, METH_VARARGS, "grade.single_exit's cells, compiled."},
    {"unreached", unreached, METH_VARARGS, "grade.unreachable's cells, compiled."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_puzzlepress_nuritwin_grade", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__puzzlepress_nuritwin_grade(void) {
    make_simple();
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "BITS", 64 * GW) < 0) Py_CLEAR(m); /* the largest board, in bits */
    return m;
}
