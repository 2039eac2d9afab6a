/* Nuritwin's counting search (solver.py: Layout.answers, Layout.narrow and _Search), compiled.

   The same depth-first count: the same narrowing to the same state, the same region branched
   on, its shadings tried in the order solver.py hands over (shuffled there for a draw), the same
   look-ahead and the same steps, so a code makes the same puzzle with either. Grid masks are
   GW 64-bit words (rows of cols + 1 bits and a zero row, as in Layout), a region's domain DW
   words (one bit per listed shading). solver.py builds a layout's tables once (layout()) and
   hands each search the domains, the orders and the steps it may take; it gives back the steps
   taken, whether it stopped at that number, and each answer's shaded cells as bytes.
   Reshaping's rivals and moves (steps.rivals, steps.best_move) are here too, the moves drawing
   from the make's own generator. tests/types/nuritwin/test_nuritwin_compiled.py holds all of it
   to the Python code. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define GW 4 /* grid words: 256 bits, a 12 x 12 grid needs 169 */
#define DW 4 /* domain words: 256 shadings, a nine-cell region has at most 246 */
#define MAX_REGIONS 64
#define MAX_RINGS 260

typedef struct { uint64_t w[GW]; } G;
typedef struct { uint64_t w[DW]; } D;

static inline G g_and(G a, G b) { for (int i = 0; i < GW; i++) a.w[i] &= b.w[i]; return a; }
static inline G g_or(G a, G b) { for (int i = 0; i < GW; i++) a.w[i] |= b.w[i]; return a; }
static inline G g_xor(G a, G b) { for (int i = 0; i < GW; i++) a.w[i] ^= b.w[i]; return a; }
static inline G g_andnot(G a, G b) { for (int i = 0; i < GW; i++) a.w[i] &= ~b.w[i]; return a; }
static inline int g_any(G a) { uint64_t x = 0; for (int i = 0; i < GW; i++) x |= a.w[i]; return x != 0; }
static inline int g_eq(G a, G b) { for (int i = 0; i < GW; i++) if (a.w[i] != b.w[i]) return 0; return 1; }
static inline int g_test(const G *a, int bit) { return (a->w[bit >> 6] >> (bit & 63)) & 1; }
static inline G g_zero(void) { G a; memset(&a, 0, sizeof a); return a; }

static inline G g_shl(G a, int k) { /* 0 < k < 64 */
    G r;
    for (int i = GW - 1; i > 0; i--) r.w[i] = a.w[i] << k | a.w[i - 1] >> (64 - k);
    r.w[0] = a.w[0] << k;
    return r;
}
static inline G g_shr(G a, int k) { /* 0 < k < 64 */
    G r;
    for (int i = 0; i < GW - 1; i++) r.w[i] = a.w[i] >> k | a.w[i + 1] << (64 - k);
    r.w[GW - 1] = a.w[GW - 1] >> k;
    return r;
}
static inline G g_low(G a) { /* the lowest set bit */
    G r = g_zero();
    for (int i = 0; i < GW; i++) if (a.w[i]) { r.w[i] = a.w[i] & -a.w[i]; break; }
    return r;
}

static inline D d_and(D a, D b) { for (int i = 0; i < DW; i++) a.w[i] &= b.w[i]; return a; }
static inline D d_or(D a, D b) { for (int i = 0; i < DW; i++) a.w[i] |= b.w[i]; return a; }
static inline D d_andnot(D a, D b) { for (int i = 0; i < DW; i++) a.w[i] &= ~b.w[i]; return a; }
static inline int d_any(D a) { uint64_t x = 0; for (int i = 0; i < DW; i++) x |= a.w[i]; return x != 0; }
static inline int d_eq(D a, D b) { for (int i = 0; i < DW; i++) if (a.w[i] != b.w[i]) return 0; return 1; }
static inline int d_count(D a) { int n = 0; for (int i = 0; i < DW; i++) n += __builtin_popcountll(a.w[i]); return n; }
static inline D d_bit(int i) { D a; memset(&a, 0, sizeof a); a.w[i >> 6] = 1ULL << (i & 63); return a; }
static inline int d_single(D a) { return d_count(a) == 1; }
static inline int d_top(D a) { for (int i = DW - 1; i >= 0; i--) if (a.w[i]) return i * 64 + 63 - __builtin_clzll(a.w[i]); return -1; }

typedef struct { int cell; D options; } CellRule;    /* a cell, and the shadings it bears on */
typedef struct { G outside; D completing; } SquareRule; /* see Layout._square_rules */

typedef struct {
    int k;
    G own, watched;
    G *mask, *exit_a, *exit_b;
    int n_shading, n_exit_a, n_exit_b, n_squares;
    CellRule *shading, *exits_a, *exits_b;
    SquareRule *squares;
    uint64_t adjacent;
} Region;

typedef struct { G base, possible, reach, known; } Network;

typedef struct {
    int rows, cols, width, regions;
    G grid;
    Region region[MAX_REGIONS];
    void *memory;
    /* The last root state narrowed, and what it narrowed to: every run of a draw's restarts, and
       every draw of a layout, begins at the same root. */
    int root_known, root_live;
    D root_given[MAX_REGIONS], root_narrowed[MAX_REGIONS];
    Network root_network;
} Layout;

typedef struct {
    const Layout *layout;
    const int16_t *orders; /* k of each region, in region order, at offset[region] */
    int offset[MAX_REGIONS];
    int limit, look;
    long long steps, cap;
    int stopped, failed;
    PyObject *found;
    G rings[MAX_RINGS];
} Search;

static inline G spread(const Layout *l, G a) {
    return g_and(g_or(g_or(g_or(a, g_shl(a, 1)), g_or(g_shr(a, 1), g_shl(a, l->width))), g_shr(a, l->width)), l->grid);
}

static inline int has_square(const Layout *l, G s) {
    G pairs = g_and(s, g_shr(s, 1));
    return g_any(g_and(pairs, g_shr(pairs, l->width)));
}

static void span(const Region *r, D domain, G *common, G *any_, G grid) {
    G c = grid, u = g_zero();
    for (int i = 0; i < DW; i++) {
        uint64_t w = domain.w[i];
        while (w) {
            int j = i * 64 + __builtin_ctzll(w);
            w &= w - 1;
            c = g_and(c, r->mask[j]);
            u = g_or(u, r->mask[j]);
        }
    }
    *common = c;
    *any_ = u;
}

static D fitting(const Region *r, G reach, G known) {
    D fit, outside, leave_a, leave_b;
    memset(&fit, 0xff, sizeof fit);
    memset(&outside, 0, sizeof outside);
    leave_a = leave_b = outside;
    for (int i = 0; i < r->n_shading; i++) {
        const CellRule *rule = &r->shading[i];
        if (!g_test(&reach, rule->cell)) outside = d_or(outside, rule->options);
        else if (g_test(&known, rule->cell)) fit = d_and(fit, rule->options);
    }
    fit = d_andnot(fit, outside);
    for (int i = 0; i < r->n_exit_a; i++)
        if (g_test(&reach, r->exits_a[i].cell)) leave_a = d_or(leave_a, r->exits_a[i].options);
    for (int i = 0; i < r->n_exit_b; i++)
        if (g_test(&reach, r->exits_b[i].cell)) leave_b = d_or(leave_b, r->exits_b[i].options);
    fit = d_and(fit, d_and(leave_a, leave_b));
    for (int i = 0; i < r->n_squares; i++)
        if (g_eq(g_and(known, r->squares[i].outside), r->squares[i].outside)) fit = d_andnot(fit, r->squares[i].completing);
    return fit;
}

/* The reach and known cells the last refit looked at: the next refit visits only the regions
   whose watched cells moved since (`any` 0: none seen yet, every region is visited). */
typedef struct {
    int any;
    G reach, known;
} Seen;

/* Layout._refit: 0 at a dead end, else 1 with base and possible updated. */
static int refit(const Layout *l, D *domains, G *base, G *possible, G reach, G known, const Seen *seen) {
    G moved;
    if (!seen->any) memset(&moved, 0xff, sizeof moved);
    else moved = g_or(g_xor(reach, seen->reach), g_xor(known, seen->known));
    for (int q = 0; q < l->regions; q++) {
        const Region *r = &l->region[q];
        if (!g_any(g_and(moved, r->watched))) continue;
        D domain = domains[q];
        if (d_single(domain)) {
            int i = d_top(domain);
            if (!g_any(g_and(r->exit_a[i], reach)) || !g_any(g_and(r->exit_b[i], reach))
                || g_any(g_andnot(g_and(known, r->own), r->mask[i])))
                return 0;
            continue;
        }
        D kept = d_and(domain, fitting(r, reach, known));
        if (!d_eq(kept, domain)) {
            if (!d_any(kept)) return 0;
            domains[q] = kept;
            G common, any_;
            span(r, kept, &common, &any_, l->grid);
            *base = g_or(g_andnot(*base, r->own), common);
            *possible = g_or(g_andnot(*possible, r->own), any_);
        }
    }
    return 1;
}

/* The rings of `allowed` grown from `seed` (Layout.rings), their number. */
static int grow_rings(const Layout *l, G *rings, G seed, G allowed) {
    int n = 1;
    rings[0] = seed;
    while (n < MAX_RINGS) {
        G wider = g_and(spread(l, rings[n - 1]), allowed);
        if (g_eq(wider, rings[n - 1])) break;
        rings[n++] = wider;
    }
    return n;
}

static G pinches(const Layout *l, G cells) {
    int w = l->width;
    G grid = l->grid;
    G north = g_and(g_shl(cells, w), grid), south = g_shr(cells, w);
    G west = g_and(g_shl(cells, 1), grid), east = g_and(g_shr(cells, 1), grid);
    G north_east = g_and(g_and(g_shl(cells, w - 1), north), east);
    G south_east = g_and(g_and(g_shr(cells, w + 1), south), east);
    G south_west = g_and(g_and(g_shr(cells, w - 1), south), west);
    G north_west = g_and(g_and(g_shl(cells, w + 1), north), west);
    G starts[8] = {
        g_andnot(north, north_west), g_andnot(north_east, north), g_andnot(east, north_east), g_andnot(south_east, east),
        g_andnot(south, south_east), g_andnot(south_west, south), g_andnot(west, south_west), g_andnot(north_west, west),
    };
    G once = g_zero(), twice = g_zero();
    for (int i = 0; i < 8; i++) {
        twice = g_or(twice, g_and(once, starts[i]));
        once = g_or(once, starts[i]);
    }
    return g_and(twice, cells);
}

/* Layout.cut_cells: the cells of the reach whose removal cuts a known cell off from the seed. */
static G cut_cells(const Layout *l, const G *rings, int n, G known) {
    G reach = rings[n - 1];
    int farthest = 0;
    while (g_any(g_andnot(known, rings[farthest]))) farthest++;
    if (!farthest) return g_zero();
    G left = g_andnot(g_and(pinches(l, reach), rings[farthest - 1]), known);
    G forced = g_zero();
    for (int j = 1; j < farthest && g_any(left); j++) {
        G here = g_and(left, rings[j]);
        left = g_andnot(left, here);
        for (int i = 0; i < GW; i++) {
            uint64_t word = here.w[i];
            while (word) {
                G cell = g_zero();
                cell.w[i] = word & -word;
                word &= word - 1;
                G allowed = g_andnot(reach, cell), grown = g_xor(rings[j], cell);
                while (g_any(g_andnot(known, grown))) {
                    G wider = g_and(spread(l, grown), allowed);
                    if (g_eq(wider, grown)) break;
                    grown = wider;
                }
                if (g_any(g_andnot(known, grown))) forced = g_or(forced, cell);
            }
        }
    }
    return forced;
}

/* refit, then remember what it looked at for the next one. */
static int refit_seen(const Layout *l, D *domains, G *base, G *possible, G reach, G known, Seen *seen) {
    if (!refit(l, domains, base, possible, reach, known, seen)) return 0;
    seen->any = 1;
    seen->reach = reach;
    seen->known = known;
    return 1;
}

/* Layout.narrow: 0 at a dead end, else 1 with the domains narrowed in place and `out` filled. */
static int narrow(Search *s, D *domains, const Network *parent, int settled, Network *out) {
    const Layout *l = s->layout;
    G base, possible, common, any_;
    Seen seen = {0};
    if (parent == NULL) {
        base = possible = g_zero();
        for (int q = 0; q < l->regions; q++) {
            span(&l->region[q], domains[q], &common, &any_, l->grid);
            base = g_or(base, common);
            possible = g_or(possible, any_);
        }
    } else {
        const Region *r = &l->region[settled];
        span(r, domains[settled], &common, &any_, l->grid);
        base = g_or(g_andnot(parent->base, r->own), common);
        possible = g_or(g_andnot(parent->possible, r->own), any_);
        seen.any = 1;
        seen.reach = parent->reach;
        seen.known = parent->known;
    }
    G found = g_zero();
    for (;;) {
        G reach, known;
        if (!g_any(base)) {
            reach = possible;
            known = g_zero();
        } else {
            int n = grow_rings(l, s->rings, g_low(base), possible);
            reach = s->rings[n - 1];
            known = g_or(base, found);
            if (g_any(g_andnot(known, reach)) || has_square(l, known)) return 0;
            G was_base = base, was_possible = possible;
            if (!refit_seen(l, domains, &base, &possible, reach, known, &seen)) return 0;
            if (!g_eq(base, was_base) || !g_eq(possible, was_possible)) continue;
            known = g_or(known, cut_cells(l, s->rings, n, known));
            if (has_square(l, known)) return 0;
        }
        G was_base = base, was_possible = possible;
        if (!refit_seen(l, domains, &base, &possible, reach, known, &seen)) return 0;
        if (g_eq(base, was_base) && g_eq(possible, was_possible)) {
            out->base = base;
            out->possible = possible;
            out->reach = reach;
            out->known = known;
            return 1;
        }
        found = known;
    }
}

/* narrow() of a root state, remembered for the next search of the layout (a pure function of
   the domains, so remembering it changes nothing but time). */
static int narrow_root(Search *s, D *domains, Network *out) {
    Layout *l = (Layout *)s->layout;
    size_t size = sizeof(D) * l->regions;
    if (!l->root_known || memcmp(l->root_given, domains, size)) {
        memcpy(l->root_given, domains, size);
        l->root_live = narrow(s, domains, NULL, -1, &l->root_network);
        if (l->root_live) memcpy(l->root_narrowed, domains, size);
        l->root_known = 1;
    } else if (l->root_live) {
        memcpy(domains, l->root_narrowed, size);
    }
    *out = l->root_network;
    return l->root_live;
}

static inline int spend(Search *s) {
    if (++s->steps >= s->cap) s->stopped = 1;
    return !s->stopped;
}

/* _Search._open, ranked: the `want` open regions of least score (ties by region), how many. */
static int ranked(const Search *s, const D *domains, int want, int *chosen) {
    const Layout *l = s->layout;
    uint64_t settled = 0;
    for (int q = 0; q < l->regions; q++)
        if (d_single(domains[q])) settled |= 1ULL << q;
    double score[MAX_REGIONS];
    int open[MAX_REGIONS], n = 0;
    for (int q = 0; q < l->regions; q++) {
        if (settled >> q & 1) continue;
        score[n] = (double)d_count(domains[q]) / (double)(1 + 2 * __builtin_popcountll(l->region[q].adjacent & settled));
        open[n++] = q;
    }
    int taken = 0;
    uint64_t used = 0;
    while (taken < want && taken < n) {
        int best = -1;
        for (int i = 0; i < n; i++) {
            if (used >> i & 1) continue;
            if (best < 0 || score[i] < score[best]) best = i; /* open is in region order: ties keep the first */
        }
        used |= 1ULL << best;
        chosen[taken++] = open[best];
    }
    return taken;
}

static void run(Search *s, D *domains, const Network *parent, int settled);

/* _Search.look_ahead: the region to branch on (-1: every region settled), its live shadings. */
static int look_ahead(Search *s, const D *domains, const Network *here, D *live_out) {
    const Layout *l = s->layout;
    int chosen[MAX_REGIONS];
    int n = ranked(s, domains, s->look, chosen);
    int best_region = -1;
    D best;
    memset(&best, 0, sizeof best);
    D child[MAX_REGIONS];
    for (int c = 0; c < n; c++) {
        int q = chosen[c];
        D live;
        memset(&live, 0, sizeof live);
        for (int i = 0; i < DW; i++) {
            uint64_t word = domains[q].w[i];
            while (word) {
                int j = i * 64 + __builtin_ctzll(word);
                word &= word - 1;
                if (!spend(s)) return -1;
                memcpy(child, domains, sizeof(D) * l->regions);
                child[q] = d_bit(j);
                Network ignored;
                if (narrow(s, child, here, q, &ignored)) live = d_or(live, d_bit(j));
            }
        }
        if (d_count(live) <= 1) {
            *live_out = live;
            return q;
        }
        if (best_region < 0 || d_count(live) < d_count(best)) {
            best_region = q;
            best = live;
        }
    }
    *live_out = best;
    return best_region;
}

static void answer_found(Search *s, G known) {
    PyObject *bytes = PyBytes_FromStringAndSize((const char *)known.w, sizeof known.w);
    if (bytes == NULL || PyList_Append(s->found, bytes) < 0) s->failed = 1;
    Py_XDECREF(bytes);
}

static void run(Search *s, D *given, const Network *parent, int settled) {
    const Layout *l = s->layout;
    if (!spend(s)) return;
    D domains[MAX_REGIONS];
    memcpy(domains, given, sizeof(D) * l->regions);
    Network here;
    if (!(parent == NULL ? narrow_root(s, domains, &here) : narrow(s, domains, parent, settled, &here))) return;
    int pick;
    D branches;
    if (s->look) {
        pick = look_ahead(s, domains, &here, &branches);
        if (s->stopped) return;
    } else {
        int chosen;
        pick = ranked(s, domains, 1, &chosen) ? chosen : -1;
        if (pick >= 0) branches = domains[pick];
    }
    if (pick < 0) {
        answer_found(s, here.known);
        return;
    }
    const int16_t *order = s->orders + s->offset[pick];
    D child[MAX_REGIONS];
    for (int k = 0; k < l->region[pick].k; k++) {
        int i = order[k];
        if (!((branches.w[i >> 6] >> (i & 63)) & 1)) continue;
        memcpy(child, domains, sizeof(D) * l->regions);
        child[pick] = d_bit(i);
        run(s, child, &here, pick);
        if (s->stopped || s->failed || PyList_GET_SIZE(s->found) >= s->limit) return;
    }
}

/* The cells of `allowed` joined side by side to `seed`. */
static G flood(const Layout *l, G seed, G allowed) {
    for (;;) {
        G wider = g_and(spread(l, seed), allowed);
        if (g_eq(wider, seed)) return seed;
        seed = wider;
    }
}

static int g_count(G a) { int n = 0; for (int i = 0; i < GW; i++) n += __builtin_popcountll(a.w[i]); return n; }

/* steps.twin_size: the block size when `shaded` makes two equal blocks, else 0. */
static int twin_size(const Layout *l, G shaded) {
    if (!g_any(shaded)) return 0;
    G first = flood(l, g_low(shaded), shaded), rest = g_andnot(shaded, first);
    if (!g_any(rest) || !g_eq(flood(l, g_low(rest), rest), rest) || g_count(rest) != g_count(first)) return 0;
    return g_count(first);
}

/* --- the Python interface ------------------------------------------------------------------- */

static void free_layout(PyObject *capsule) {
    Layout *l = PyCapsule_GetPointer(capsule, "nuritwin.layout");
    if (l) {
        free(l->memory);
        free(l);
    }
}

static int read_bytes(PyObject *item, void *into, Py_ssize_t size) {
    char *buffer;
    Py_ssize_t length;
    if (PyBytes_AsStringAndSize(item, &buffer, &length) < 0) return 0;
    if (length != size) {
        PyErr_SetString(PyExc_ValueError, "nuritwin search: a table's bytes do not fit its count");
        return 0;
    }
    memcpy(into, buffer, size);
    return 1;
}

/* A cell table: bytes of int32 cells and bytes of their DW-word options. */
static int read_cells(PyObject *cells, PyObject *options, CellRule **into, int *count, char **memory) {
    Py_ssize_t n = PyBytes_Size(cells);
    if (n < 0) return 0;
    n /= 4;
    *count = (int)n;
    *into = (CellRule *)*memory;
    *memory += sizeof(CellRule) * n;
    const int32_t *indexes = (const int32_t *)PyBytes_AS_STRING(cells);
    if (PyBytes_Size(options) != n * (Py_ssize_t)sizeof(D)) {
        PyErr_SetString(PyExc_ValueError, "nuritwin search: a cell table's options do not fit its cells");
        return 0;
    }
    const char *words = PyBytes_AS_STRING(options);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (indexes[i] < 0 || indexes[i] >= GW * 64) {
            PyErr_SetString(PyExc_ValueError, "nuritwin search: a cell outside the grid's words");
            return 0;
        }
        (*into)[i].cell = indexes[i];
        memcpy(&(*into)[i].options, words + i * sizeof(D), sizeof(D));
    }
    return 1;
}

/* layout(rows, cols, grid, [(own, watched, adjacent, k, masks, shading cells, shading options,
   exit a cells, exit a options, exit b cells, exit b options, square outsides, square
   completings)]) -> a capsule for search() */
static PyObject *layout(PyObject *self, PyObject *args) {
    (void)self;
    int rows, cols;
    PyObject *grid, *regions;
    if (!PyArg_ParseTuple(args, "iiSO!", &rows, &cols, &grid, &PyList_Type, &regions)) return NULL;
    Py_ssize_t count = PyList_GET_SIZE(regions);
    if (count < 1 || count > MAX_REGIONS || (rows + 1) * (cols + 1) > GW * 64 || cols + 2 >= 64) {
        PyErr_SetString(PyExc_ValueError, "nuritwin search: the layout does not fit the compiled search");
        return NULL;
    }
    size_t size = 0;
    for (Py_ssize_t q = 0; q < count; q++) {
        PyObject *t = PyList_GET_ITEM(regions, q);
        if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 13) {
            PyErr_SetString(PyExc_ValueError, "nuritwin search: a region is a tuple of 13");
            return NULL;
        }
        long k = PyLong_AsLong(PyTuple_GET_ITEM(t, 3));
        if (k < 1 || k > DW * 64) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "nuritwin search: too many shadings for the compiled search");
            return NULL;
        }
        size += 3 * sizeof(G) * k;
        for (int j = 5; j <= 9; j += 2) {
            Py_ssize_t n = PyBytes_Size(PyTuple_GET_ITEM(t, j));
            if (n < 0) return NULL;
            size += sizeof(CellRule) * (n / 4);
        }
        Py_ssize_t n = PyBytes_Size(PyTuple_GET_ITEM(t, 11));
        if (n < 0) return NULL;
        size += sizeof(SquareRule) * (n / sizeof(G));
    }
    Layout *l = calloc(1, sizeof *l);
    char *memory = l ? malloc(size ? size : 1) : NULL;
    if (!l || !memory) {
        free(l);
        return PyErr_NoMemory();
    }
    l->memory = memory;
    l->rows = rows;
    l->cols = cols;
    l->width = cols + 1;
    l->regions = (int)count;
    if (!read_bytes(grid, &l->grid, sizeof(G))) goto fail;
    for (Py_ssize_t q = 0; q < count; q++) {
        PyObject *t = PyList_GET_ITEM(regions, q);
        Region *r = &l->region[q];
        if (!read_bytes(PyTuple_GET_ITEM(t, 0), &r->own, sizeof(G)) || !read_bytes(PyTuple_GET_ITEM(t, 1), &r->watched, sizeof(G)))
            goto fail;
        r->adjacent = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(t, 2));
        if (PyErr_Occurred()) goto fail;
        r->k = (int)PyLong_AsLong(PyTuple_GET_ITEM(t, 3));
        PyObject *masks = PyTuple_GET_ITEM(t, 4);
        if (PyBytes_Size(masks) != 3 * (Py_ssize_t)sizeof(G) * r->k) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "nuritwin search: a region's masks do not fit its shadings");
            goto fail;
        }
        r->mask = (G *)memory;
        r->exit_a = r->mask + r->k;
        r->exit_b = r->exit_a + r->k;
        memory += 3 * sizeof(G) * r->k;
        const char *m = PyBytes_AS_STRING(masks);
        for (int i = 0; i < r->k; i++) {
            memcpy(&r->mask[i], m + (3 * i) * sizeof(G), sizeof(G));
            memcpy(&r->exit_a[i], m + (3 * i + 1) * sizeof(G), sizeof(G));
            memcpy(&r->exit_b[i], m + (3 * i + 2) * sizeof(G), sizeof(G));
        }
        if (!read_cells(PyTuple_GET_ITEM(t, 5), PyTuple_GET_ITEM(t, 6), &r->shading, &r->n_shading, &memory)
            || !read_cells(PyTuple_GET_ITEM(t, 7), PyTuple_GET_ITEM(t, 8), &r->exits_a, &r->n_exit_a, &memory)
            || !read_cells(PyTuple_GET_ITEM(t, 9), PyTuple_GET_ITEM(t, 10), &r->exits_b, &r->n_exit_b, &memory))
            goto fail;
        PyObject *outsides = PyTuple_GET_ITEM(t, 11), *completing = PyTuple_GET_ITEM(t, 12);
        Py_ssize_t n = PyBytes_Size(outsides) / (Py_ssize_t)sizeof(G);
        if (PyBytes_Size(completing) != n * (Py_ssize_t)sizeof(D)) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "nuritwin search: a region's square rules do not fit");
            goto fail;
        }
        r->n_squares = (int)n;
        r->squares = (SquareRule *)memory;
        memory += sizeof(SquareRule) * n;
        for (Py_ssize_t i = 0; i < n; i++) {
            memcpy(&r->squares[i].outside, PyBytes_AS_STRING(outsides) + i * sizeof(G), sizeof(G));
            memcpy(&r->squares[i].completing, PyBytes_AS_STRING(completing) + i * sizeof(D), sizeof(D));
        }
    }
    PyObject *capsule = PyCapsule_New(l, "nuritwin.layout", free_layout);
    if (capsule) return capsule;
fail:
    free(l->memory);
    free(l);
    return NULL;
}

/* search(layout, domains, orders, limit, cap, look) -> (steps, stopped, [each answer's shaded
   cells as GW little-endian words]). `domains` is bytes of DW words per region, `orders` bytes of
   int16, each region's k shadings in the order to try them. */
static PyObject *search(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule;
    Py_buffer domains, orders;
    int limit, look;
    long long cap;
    if (!PyArg_ParseTuple(args, "Oy*y*iLi", &capsule, &domains, &orders, &limit, &cap, &look)) return NULL;
    PyObject *result = NULL;
    Search *s = calloc(1, sizeof *s);
    Layout *l = PyCapsule_GetPointer(capsule, "nuritwin.layout");
    if (!s || !l) {
        if (!s) PyErr_NoMemory();
        goto done;
    }
    int total = 0;
    for (int q = 0; q < l->regions; q++) {
        s->offset[q] = total;
        total += l->region[q].k;
    }
    if (domains.len != (Py_ssize_t)sizeof(D) * l->regions || orders.len != (Py_ssize_t)sizeof(int16_t) * total) {
        PyErr_SetString(PyExc_ValueError, "nuritwin search: the domains or orders do not fit the layout");
        goto done;
    }
    const int16_t *order = orders.buf;
    for (int q = 0; q < l->regions; q++)
        for (int i = 0; i < l->region[q].k; i++)
            if (order[s->offset[q] + i] < 0 || order[s->offset[q] + i] >= l->region[q].k) {
                PyErr_SetString(PyExc_ValueError, "nuritwin search: an order names a shading the region does not have");
                goto done;
            }
    s->layout = l;
    s->orders = order;
    s->limit = limit;
    s->look = look;
    s->cap = cap;
    s->found = PyList_New(0);
    if (!s->found) goto done;
    D start[MAX_REGIONS];
    memcpy(start, domains.buf, sizeof(D) * l->regions);
    run(s, start, NULL, -1);
    if (s->failed) goto done;
    result = Py_BuildValue("LiO", s->steps, s->stopped, s->found);
done:
    if (s) Py_XDECREF(s->found);
    free(s);
    PyBuffer_Release(&domains);
    PyBuffer_Release(&orders);
    return result;
}

/* --- reshaping: steps.rivals and steps.best_move ---------------------------------------------
   A move is scored by the rivals of the two regions it makes, which no layout has held yet, so a
   region's shadings are listed here from its cells (steps.shadings lists them from shape_masks):
   the combinations of its cells that make two equal blocks, in itertools.combinations' order. */

#define MAX_REGION_CELLS 16

/* A non-negative Python int as `size` bytes of little-endian words; 0 with an exception set when
   it is not one or does not fit. */
static int words_of(PyObject *v, void *into, size_t size) {
    if (!PyLong_Check(v)) {
        PyErr_SetString(PyExc_TypeError, "nuritwin: a mask is an int");
        return 0;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t n = PyLong_AsNativeBytes(v, into, (Py_ssize_t)size,
                                        Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER | Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (n < 0) return 0;
    if (n > (Py_ssize_t)size) {
        PyErr_SetString(PyExc_OverflowError, "nuritwin: a mask larger than the compiled grid");
        return 0;
    }
    return 1;
#else
    return _PyLong_AsByteArray((PyLongObject *)v, (unsigned char *)into, size, 1, 0) == 0;
#endif
}

/* A Python int as GW words (a grid mask). */
static int g_of(PyObject *v, G *out) { return words_of(v, out->w, sizeof out->w); }

static PyObject *long_of(G a) { return _PyLong_FromByteArray((const unsigned char *)a.w, sizeof a.w, 1, 0); }

/* A region's cells, lowest first, and for each the cells beside it (bits over the same list). */
typedef struct {
    int k;
    G cell[MAX_REGION_CELLS];
    uint32_t beside[MAX_REGION_CELLS];
} Cells;

static int cells_of(const Layout *l, G own, Cells *c) {
    int position[MAX_REGION_CELLS];
    c->k = 0;
    for (int i = 0; i < GW; i++)
        for (uint64_t w = own.w[i]; w; w &= w - 1) {
            if (c->k == MAX_REGION_CELLS) {
                PyErr_SetString(PyExc_ValueError, "nuritwin: a region larger than the compiled reshaping holds");
                return 0;
            }
            position[c->k] = i * 64 + __builtin_ctzll(w);
            c->cell[c->k] = g_zero();
            c->cell[c->k].w[i] = w & -w;
            c->k++;
        }
    for (int a = 0; a < c->k; a++) {
        c->beside[a] = 0;
        for (int b = 0; b < c->k; b++) {
            int apart = abs(position[a] - position[b]);
            if (apart == 1 || apart == l->width) c->beside[a] |= 1u << b; /* the spare column: never a row's wrap */
        }
    }
    return 1;
}

static uint32_t local_reach(const Cells *c, uint32_t seed, uint32_t allowed) {
    for (;;) {
        uint32_t wider = seed;
        for (uint32_t m = seed; m; m &= m - 1) wider |= c->beside[__builtin_ctz(m)];
        wider &= allowed;
        if (wider == seed) return seed;
        seed = wider;
    }
}

static G cells_g(const Cells *c, uint32_t m) {
    G a = g_zero();
    for (; m; m &= m - 1) a = g_or(a, c->cell[__builtin_ctz(m)]);
    return a;
}

/* The rivals of the region `own` against `shaded` (steps.rivals): their number, each appended to
   `into` when given, in steps.rivals' order; -1 with an exception set on an error. Only shadings
   of the answer's block size in the region can be rivals, so only its combinations are listed. */
static int region_rivals(const Layout *l, G own, G shaded, PyObject *into) {
    Cells c;
    if (!cells_of(l, own, &c)) return -1;
    int size = twin_size(l, g_and(shaded, own)), n = 2 * size;
    if (!size || n > c.k) return 0;
    G rest = g_andnot(shaded, own), groups[MAX_RINGS];
    int n_groups = 0;
    for (G left = rest; g_any(left) && n_groups < MAX_RINGS;) {
        groups[n_groups] = flood(l, g_low(left), left);
        left = g_andnot(left, groups[n_groups++]);
    }
    int chosen[MAX_REGION_CELLS], count = 0;
    for (int i = 0; i < n; i++) chosen[i] = i;
    for (;;) {
        uint32_t m = 0;
        for (int i = 0; i < n; i++) m |= 1u << chosen[i];
        uint32_t first = local_reach(&c, m & -m, m), second = m ^ first;
        if (__builtin_popcount(first) == size && local_reach(&c, second & -second, second) == second) {
            G a = cells_g(&c, first), b = cells_g(&c, second), trial = g_or(rest, g_or(a, b));
            if (!g_eq(trial, shaded) && !has_square(l, trial)) {
                G near_first = spread(l, a), near_second = spread(l, b), near = g_or(near_first, near_second);
                int joined = 1, both = 0;
                for (int g = 0; g < n_groups && joined; g++) {
                    if (!g_any(g_and(groups[g], near))) joined = 0;
                    else if (g_any(g_and(groups[g], near_first)) && g_any(g_and(groups[g], near_second))) both = 1;
                }
                if (joined && both) {
                    count++;
                    if (into) {
                        PyObject *found = long_of(trial);
                        if (!found || PyList_Append(into, found) < 0) {
                            Py_XDECREF(found);
                            return -1;
                        }
                        Py_DECREF(found);
                    }
                }
            }
        }
        int i = n - 1; /* the next combination, as itertools.combinations takes them */
        while (i >= 0 && chosen[i] == c.k - n + i) i--;
        if (i < 0) return count;
        chosen[i]++;
        for (int j = i + 1; j < n; j++) chosen[j] = chosen[j - 1] + 1;
    }
}

static void bare_layout(Layout *l, int cols, G grid) {
    l->cols = cols;
    l->width = cols + 1;
    l->grid = grid;
}

/* rivals(cols, grid, own, shaded) -> [each rival's shaded cells] (steps.rivals), masks as ints. */
static PyObject *rivals(PyObject *self, PyObject *args) {
    (void)self;
    int cols;
    PyObject *grid_, *own_, *shaded_;
    if (!PyArg_ParseTuple(args, "iOOO", &cols, &grid_, &own_, &shaded_)) return NULL;
    Layout l;
    G grid, own, shaded;
    if (cols < 1 || cols + 2 >= 64) {
        PyErr_SetString(PyExc_ValueError, "nuritwin rivals: the grid does not fit the compiled search");
        return NULL;
    }
    if (!g_of(grid_, &grid) || !g_of(own_, &own) || !g_of(shaded_, &shaded)) return NULL;
    bare_layout(&l, cols, grid);
    PyObject *found = PyList_New(0);
    if (found && region_rivals(&l, own, shaded, found) < 0) Py_CLEAR(found);
    return found;
}

/* random.Random._randbelow_with_getrandbits(n), 2 <= n < 2**31, by the generator's own getrandbits:
   the same draws as random.shuffle takes. */
static int draw_below(PyObject *getrandbits, uint32_t n, uint32_t *out) {
    int k = 32 - __builtin_clz(n);
    PyObject *bits = PyLong_FromLong(k);
    if (!bits) return 0;
    for (;;) {
        PyObject *r = PyObject_CallOneArg(getrandbits, bits);
        unsigned long v = r ? PyLong_AsUnsignedLong(r) : (unsigned long)-1;
        Py_XDECREF(r);
        if (v == (unsigned long)-1 && (!r || PyErr_Occurred())) {
            Py_DECREF(bits);
            return 0;
        }
        if (v < n) {
            Py_DECREF(bits);
            *out = (uint32_t)v;
            return 1;
        }
    }
}

/* random.shuffle(x) */
static int shuffle_ints(PyObject *getrandbits, int *x, int n) {
    for (int i = n - 1; i > 0; i--) {
        uint32_t j;
        if (!draw_below(getrandbits, (uint32_t)i + 1, &j)) return 0;
        int swap = x[i];
        x[i] = x[j];
        x[j] = swap;
    }
    return 1;
}

/* Whether some set of `seen` holds just the regions `owns` with `home` and `target` replaced by
   `left` and `joined`: frozenset(trial) in seen. -1 on an error. */
static int seen_before(PyObject *seen, PyObject *owns, Py_ssize_t n, int home, int target, PyObject *left, PyObject *joined) {
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seen);
    PyObject **layouts = PySequence_Fast_ITEMS(seen);
    for (Py_ssize_t s = 0; s < count; s++) {
        PyObject *layout = layouts[s];
        if (!PyAnySet_Check(layout) || PySet_GET_SIZE(layout) != n) continue;
        int holds = PySet_Contains(layout, left);
        if (holds > 0) holds = PySet_Contains(layout, joined);
        for (Py_ssize_t r = 0; r < n && holds > 0; r++)
            if (r != home && r != target) holds = PySet_Contains(layout, PyList_GET_ITEM(owns, r));
        if (holds != 0) return holds;
    }
    return 0;
}

/* best_move(cols, grid, owns, shaded, seconds, counted, counts, seen, getrandbits, min_cells,
   max_cells) -> (home, target, cell) of the move steps.best_move makes, or None: `seconds` are the
   second answers whose differing cells may move (the count's when `counted`, else every rival),
   `counts` each region's rivals, `seen` the regions already held (frozensets of masks). The same
   draws from the generator, by its getrandbits, in the same order. */
static PyObject *best_move(PyObject *self, PyObject *args) {
    (void)self;
    int cols, counted, min_cells, max_cells;
    PyObject *grid_, *owns, *shaded_, *seconds_, *counts_, *seen_, *getrandbits;
    if (!PyArg_ParseTuple(args, "iOO!OO!pO!OOii", &cols, &grid_, &PyList_Type, &owns, &shaded_, &PyList_Type, &seconds_, &counted,
                          &PyList_Type, &counts_, &seen_, &getrandbits, &min_cells, &max_cells))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(owns), n_seconds = PyList_GET_SIZE(seconds_);
    if (n < 1 || n > MAX_REGIONS || PyList_GET_SIZE(counts_) != n || cols < 1 || cols + 2 >= 64) {
        PyErr_SetString(PyExc_ValueError, "nuritwin best_move: the layout does not fit the compiled reshaping");
        return NULL;
    }
    Layout l;
    G grid, shaded, own[MAX_REGIONS];
    long counts[MAX_REGIONS], total = 0;
    if (!g_of(grid_, &grid) || !g_of(shaded_, &shaded)) return NULL;
    bare_layout(&l, cols, grid);
    int8_t label[GW * 64];
    memset(label, -1, sizeof label);
    for (Py_ssize_t r = 0; r < n; r++) {
        if (!g_of(PyList_GET_ITEM(owns, r), &own[r])) return NULL;
        counts[r] = PyLong_AsLong(PyList_GET_ITEM(counts_, r));
        if (counts[r] == -1 && PyErr_Occurred()) return NULL;
        total += counts[r];
        for (int i = 0; i < GW; i++)
            for (uint64_t w = own[r].w[i]; w; w &= w - 1) label[i * 64 + __builtin_ctzll(w)] = (int8_t)r;
    }
    G *seconds = PyMem_Malloc(sizeof(G) * (n_seconds ? n_seconds : 1));
    if (!seconds) return PyErr_NoMemory();
    PyObject *result = NULL, *seen = NULL, *left_ = NULL, *joined_ = NULL;
    G differing = g_zero();
    for (Py_ssize_t s = 0; s < n_seconds; s++) {
        if (!g_of(PyList_GET_ITEM(seconds_, s), &seconds[s])) goto done;
        differing = g_or(differing, g_xor(shaded, seconds[s]));
    }
    int indexes[GW * 64], m = 0;
    for (int i = 0; i < GW; i++)
        for (uint64_t w = differing.w[i]; w; w &= w - 1) indexes[m++] = i * 64 + __builtin_ctzll(w);
    if (!shuffle_ints(getrandbits, indexes, m)) goto done;
    int best = 0, best_kept = 0, chosen_home = -1, chosen_target = -1, chosen_index = -1;
    long best_rivals = 0;
    for (int x = 0; x < m; x++) {
        int index = indexes[x], home = label[index];
        if (home < 0) {
            PyErr_SetString(PyExc_ValueError, "nuritwin best_move: a second answer shades a cell of no region");
            goto done;
        }
        G cell = g_zero();
        cell.w[index >> 6] = 1ULL << (index & 63);
        G left = g_andnot(own[home], cell);
        if (g_count(left) < min_cells || !g_eq(flood(&l, g_low(left), left), left)) continue;
        int left_size = twin_size(&l, g_and(shaded, left));
        if (!left_size) continue;
        G near = g_andnot(spread(&l, cell), own[home]);
        int targets[4], t = 0;
        for (Py_ssize_t r = 0; r < n; r++)
            if (g_any(g_and(own[r], near))) targets[t++] = (int)r;
        if (!shuffle_ints(getrandbits, targets, t)) goto done;
        for (int y = 0; y < t; y++) {
            int target = targets[y];
            G joined = g_or(own[target], cell);
            if (g_count(joined) > max_cells) continue;
            int joined_size = twin_size(&l, g_and(shaded, joined));
            if (!joined_size) continue;
            int kept = 0;
            if (counted) {
                for (Py_ssize_t s = 0; s < n_seconds; s++)
                    kept += twin_size(&l, g_and(seconds[s], left)) == left_size && twin_size(&l, g_and(seconds[s], joined)) == joined_size;
                if (kept == n_seconds) continue; /* every second answer from the count still obeys every rule */
            }
            if (!seen && !(seen = PySequence_Fast(seen_, "nuritwin best_move: seen is not iterable"))) goto done;
            if (!(left_ = long_of(left)) || !(joined_ = long_of(joined))) goto done;
            int before = seen_before(seen, owns, n, home, target, left_, joined_);
            Py_CLEAR(left_);
            Py_CLEAR(joined_);
            if (before < 0) goto done;
            if (before) continue;
            int left_rivals = region_rivals(&l, left, shaded, NULL), joined_rivals = region_rivals(&l, joined, shaded, NULL);
            if (left_rivals < 0 || joined_rivals < 0) goto done;
            long rivals_left = total - counts[home] - counts[target] + left_rivals + joined_rivals;
            if (!best || kept < best_kept || (kept == best_kept && rivals_left < best_rivals)) {
                best = 1;
                best_kept = kept;
                best_rivals = rivals_left;
                chosen_home = home;
                chosen_target = target;
                chosen_index = index;
            }
        }
    }
    result = best ? Py_BuildValue("(iii)", chosen_home, chosen_target, chosen_index) : Py_NewRef(Py_None);
done:
    Py_XDECREF(left_);
    Py_XDECREF(joined_);
    Py_XDECREF(seen);
    PyMem_Free(seconds);
    return result;
}

/* members(bits) -> the positions of the set bits of a non-negative int of any size, lowest first
   (solver._members, whose bit loop in Python was called some 150,000 times a 12 x 12 make). */
static PyObject *members(PyObject *self, PyObject *bits) {
    (void)self;
    if (!PyLong_Check(bits)) {
        PyErr_SetString(PyExc_TypeError, "nuritwin members: not an int");
        return NULL;
    }
    size_t n = _PyLong_NumBits(bits);
    if (n == (size_t)-1 && PyErr_Occurred()) return NULL;
    size_t count = (n + 63) / 64;
    uint64_t small[8], *w = count <= 8 ? small : PyMem_Malloc(count * sizeof *w);
    if (!w) return PyErr_NoMemory();
    PyObject *found = NULL;
    if (count && !words_of(bits, w, count * sizeof *w)) goto done;
    Py_ssize_t set = 0;
    for (size_t i = 0; i < count; i++) set += __builtin_popcountll(w[i]);
    found = PyList_New(set);
    Py_ssize_t at = 0;
    for (size_t i = 0; i < count && found; i++)
        for (uint64_t m = w[i]; m; m &= m - 1) {
            PyObject *index = PyLong_FromSize_t(i * 64 + (size_t)__builtin_ctzll(m));
            if (!index) {
                Py_CLEAR(found);
                break;
            }
            PyList_SET_ITEM(found, at++, index);
        }
done:
    if (w != small) PyMem_Free(w);
    return found;
}

/* by_cell(options, part) -> [(cell bit, bitset of the options whose mask number `part` holds that
   cell)] for each cell some option's mask holds, lowest first (Layout._options_by_cell): the
   transpose that was a third of building a Layout, most of it in Python's bit loops. */
static PyObject *by_cell(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *options;
    int part;
    if (!PyArg_ParseTuple(args, "O!i", &PyList_Type, &options, &part)) return NULL;
    Py_ssize_t k = PyList_GET_SIZE(options);
    if (k > DW * 64 || part < 0) {
        PyErr_SetString(PyExc_ValueError, "nuritwin by_cell: more shadings than the compiled search holds");
        return NULL;
    }
    D table[GW * 64];
    G any = g_zero();
    memset(table, 0, sizeof table);
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *option = PyList_GET_ITEM(options, i);
        G mask;
        if (!PyTuple_Check(option) || PyTuple_GET_SIZE(option) <= part) {
            PyErr_SetString(PyExc_ValueError, "nuritwin by_cell: an option is a tuple of masks");
            return NULL;
        }
        if (!g_of(PyTuple_GET_ITEM(option, part), &mask)) return NULL;
        any = g_or(any, mask);
        for (int w = 0; w < GW; w++)
            for (uint64_t bits = mask.w[w]; bits; bits &= bits - 1) table[w * 64 + __builtin_ctzll(bits)].w[i >> 6] |= 1ULL << (i & 63);
    }
    PyObject *found = PyList_New(0);
    for (int w = 0; w < GW && found; w++)
        for (uint64_t bits = any.w[w]; bits; bits &= bits - 1) {
            int index = w * 64 + __builtin_ctzll(bits);
            G cell = g_zero();
            cell.w[w] = bits & -bits;
            PyObject *pair = Py_BuildValue("(NN)", long_of(cell), _PyLong_FromByteArray((const unsigned char *)table[index].w, sizeof(D), 1, 0));
            if (!pair || PyList_Append(found, pair) < 0) Py_CLEAR(found);
            Py_XDECREF(pair);
        }
    return found;
}

/* shuffled_by(getrandbits, sizes) -> orders (Layout.answers with an rng): each region's order
   0..size-1 shuffled as random.shuffle shuffles it, one region after the other, drawing by the
   generator's own getrandbits (shuffle_ints) as best_move does: the same draws, and the generator
   left where random.shuffle leaves it. Reading and rebuilding the 625-word state instead
   (getstate, a compiled Mersenne Twister, setstate) cost about 60 us a search, whatever its
   few draws; see docs/notes/nuritwin-speed.md. */
static PyObject *shuffled_by(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *getrandbits;
    Py_buffer sizes;
    if (!PyArg_ParseTuple(args, "Oy*", &getrandbits, &sizes)) return NULL;
    PyObject *orders = NULL;
    int *work = NULL;
    if (sizes.len % (Py_ssize_t)sizeof(int16_t)) {
        PyErr_SetString(PyExc_ValueError, "nuritwin shuffled_by: sizes not int16");
        goto done;
    }
    const int16_t *size = sizes.buf;
    Py_ssize_t regions = sizes.len / (Py_ssize_t)sizeof(int16_t), total = 0;
    int widest = 0;
    for (Py_ssize_t q = 0; q < regions; q++) {
        if (size[q] < 0) {
            PyErr_SetString(PyExc_ValueError, "nuritwin shuffled_by: a negative size");
            goto done;
        }
        total += size[q];
        if (size[q] > widest) widest = size[q];
    }
    work = PyMem_Malloc((size_t)(widest ? widest : 1) * sizeof(int));
    orders = work ? PyBytes_FromStringAndSize(NULL, total * (Py_ssize_t)sizeof(int16_t)) : PyErr_NoMemory();
    if (!orders) goto done;
    int16_t *order = (int16_t *)PyBytes_AS_STRING(orders);
    for (Py_ssize_t q = 0; q < regions; q++) {
        for (int i = 0; i < size[q]; i++) work[i] = i;
        if (!shuffle_ints(getrandbits, work, size[q])) {
            Py_CLEAR(orders);
            goto done;
        }
        for (int i = 0; i < size[q]; i++) order[i] = (int16_t)work[i];
        order += size[q];
    }
done:
    PyMem_Free(work);
    PyBuffer_Release(&sizes);
    return orders;
}

static PyMethodDef methods[] = {
    {"rivals", rivals, METH_VARARGS, "A region's rival shadings of the grid (steps.rivals)."},
    {"members", members, METH_O, "The positions of an int's set bits, lowest first (solver._members)."},
    {"by_cell", by_cell, METH_VARARGS, "Each cell's options whose mask of a part holds it (Layout._options_by_cell)."},
    {"best_move", best_move, METH_VARARGS, "The reshaping move that leaves fewest rivals (steps.best_move): (home, target, cell) or None."},
    {"layout", layout, METH_VARARGS, "A layout's tables for the compiled Nuritwin search."},
    {"search", search, METH_VARARGS, "The Nuritwin counting search: (steps, stopped, answers' shaded cells)."},
    {"shuffled_by", shuffled_by, METH_VARARGS, "Every region's order shuffled as random.shuffle does, by the generator's getrandbits."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_puzzlepress_nuritwin", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__puzzlepress_nuritwin(void) { return PyModule_Create(&module); }
