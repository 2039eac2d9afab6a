/* The Nuritwin grader's network tests (grade.py: _network_split, and pair-seals' search for a
   neighbour's way that fits), compiled.

   The same tests on the same bitmasks: a cell (r, c) is bit r * width + c of a grid of rows of
   cols + 1 bits, as grade.py's Board has them; Python's ints come in as GW little-endian 64-bit
   words. Pure functions of their arguments, so a grade is the same with them or without. Apart
   from search.c (the solver's): the grader shares no code with the type's solver. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define GW 4 /* 256 bits: a 12 x 12 grid takes 155 */
#define MAX_REGIONS 64

typedef struct { uint64_t w[GW]; } G;

typedef struct {
    int width, regions;
    G full, corners, region[MAX_REGIONS];
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

/* grade._network_split */
static int network_split(const Board *b, G shaded, G unshaded) {
    G possible = g_andnot(b->full, unshaded);
    G reach = possible;
    if (g_any(shaded)) {
        reach = flood(b, g_low(shaded), possible);
        if (g_any(g_andnot(shaded, reach))) return 1;
    }
    for (int q = 0; q < b->regions; q++)
        if (!g_any(g_and(reach, b->region[q]))) return 1;
    return 0;
}

static void free_board(PyObject *capsule) { free(PyCapsule_GetPointer(capsule, "nuritwin.grade_board")); }

/* board(width, full, corners, regions) -> a capsule for the tests below */
static PyObject *board(PyObject *self, PyObject *args) {
    (void)self;
    int width;
    PyObject *full, *corners, *regions;
    if (!PyArg_ParseTuple(args, "iOOO!", &width, &full, &corners, &PyTuple_Type, &regions)) return NULL;
    Py_ssize_t count = PyTuple_GET_SIZE(regions);
    if (width < 2 || width > 62 || count < 1 || count > MAX_REGIONS) {
        PyErr_SetString(PyExc_ValueError, "nuritwin grader: the board does not fit the compiled tests");
        return NULL;
    }
    Board *b = calloc(1, sizeof *b);
    if (!b) return PyErr_NoMemory();
    b->width = width;
    b->regions = (int)count;
    int ok = read_mask(full, &b->full) && read_mask(corners, &b->corners);
    for (Py_ssize_t q = 0; ok && q < count; q++) ok = read_mask(PyTuple_GET_ITEM(regions, q), &b->region[q]);
    PyObject *capsule = ok ? PyCapsule_New(b, "nuritwin.grade_board", free_board) : NULL;
    if (!capsule) free(b);
    return capsule;
}

static const Board *board_of(PyObject *capsule) { return PyCapsule_GetPointer(capsule, "nuritwin.grade_board"); }

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

/* first_fit(board, shaded, unshaded, cells, ways) -> the index of the first way w of a region
   (its cells `cells`) that shades no 2x2 with `shaded` and leaves the network whole with the
   rest of the region unshaded, or -1 (pair-seals' fits). */
static PyObject *first_fit(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *shaded_, *unshaded_, *cells_, *ways;
    if (!PyArg_ParseTuple(args, "OOOOO!", &capsule, &shaded_, &unshaded_, &cells_, &PyTuple_Type, &ways)) return NULL;
    const Board *b = board_of(capsule);
    G shaded, unshaded, cells, way;
    if (!b || !read_mask(shaded_, &shaded) || !read_mask(unshaded_, &unshaded) || !read_mask(cells_, &cells)) return NULL;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(ways); i++) {
        if (!read_mask(PyTuple_GET_ITEM(ways, i), &way)) return NULL;
        G with = g_or(shaded, way);
        if (!squares(b, with) && !network_split(b, with, g_or(unshaded, g_andnot(cells, way)))) return PyLong_FromSsize_t(i);
    }
    return PyLong_FromLong(-1);
}

static PyMethodDef methods[] = {
    {"board", board, METH_VARARGS, "A board's masks for the compiled tests."},
    {"network_split", split, METH_VARARGS, "grade._network_split, compiled."},
    {"first_fit", first_fit, METH_VARARGS, "The first of a region's ways that fits (pair-seals)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_puzzlepress_nuritwin_grade", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__puzzlepress_nuritwin_grade(void) { return PyModule_Create(&module); }
