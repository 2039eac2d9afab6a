/* The Nonogram grader's line computations, compiled: line.py's `fit` and grade.py's `packed`,
   `_simple` and `_placements`, the same operations on 64-bit words instead of Python integers, so
   the same results for every line (tests/types/nonogram/test_nonogram_compiled.py compares them).

   A line of up to MAX_CELLS cells: fit's forward table needs bit n, and its closure's carry bit
   n + 1, so 62 cells fit in a word; the parameters allow 30. Anything else (a longer line, cells
   outside the line, a run not of 1..63 cells, a clue that is not a tuple) raises ValueError or
   OverflowError, and grade.py then asks the Python reference. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define MAX_CELLS 62
#define MAX_RUNS 63

typedef struct {
    int k, n;
    int runs[MAX_RUNS];
    uint64_t filled, empty;
} Line;

static inline int bit_length(uint64_t x) { return x ? 64 - __builtin_clzll(x) : 0; }
static inline uint64_t span(int start, int end) { return end > start ? (1ull << end) - (1ull << start) : 0; }

/* line.windows: bit s, cells s .. s+length-1 all lie in the line and none is known empty */
static uint64_t windows(uint64_t not_empty, int length) {
    uint64_t window = not_empty;
    int covered = 1;
    while (covered * 2 <= length) {
        window &= window >> covered;
        covered *= 2;
    }
    if (covered < length) window &= window >> (length - covered);
    return window;
}

/* line._spread: every cell covered by a run of `length` starting at one of `starts` */
static uint64_t spread(uint64_t starts, int length) {
    uint64_t cover = starts;
    int covered = 1;
    while (covered * 2 <= length) {
        cover |= cover << covered;
        covered *= 2;
    }
    if (covered < length) cover |= cover << (length - covered);
    return cover;
}

static int value_error(const char *why) {
    PyErr_SetString(PyExc_ValueError, why);
    return -1;
}

/* The clue, the length and (when `known`) the filled and the empty cells of a call's arguments. */
static int read_line(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t expected, Line *line) {
    if (nargs != expected) return value_error("wrong number of arguments");
    PyObject *clue = args[0];
    if (!PyTuple_Check(clue)) return value_error("the clue is not a tuple");
    Py_ssize_t k = PyTuple_GET_SIZE(clue);
    if (k > MAX_RUNS) return value_error("too many runs for the compiled line");
    line->k = (int)k;
    for (Py_ssize_t j = 0; j < k; j++) {
        long length = PyLong_AsLong(PyTuple_GET_ITEM(clue, j));
        if (length == -1 && PyErr_Occurred()) return -1;
        if (length < 1 || length > MAX_RUNS) return value_error("a run the compiled line does not take");
        line->runs[j] = (int)length;
    }
    long n = PyLong_AsLong(args[1]);
    if (n == -1 && PyErr_Occurred()) return -1;
    if (n < 0 || n > MAX_CELLS) return value_error("a line longer than the compiled line takes");
    line->n = (int)n;
    line->filled = 0;
    for (Py_ssize_t i = 2; i < expected; i++) {
        uint64_t cells = PyLong_AsUnsignedLongLong(args[i]);
        if (cells == (uint64_t)-1 && PyErr_Occurred()) return -1;
        if (cells >> n) return value_error("cells outside the line");
        if (i == expected - 1) line->empty = cells;
        else line->filled = cells;
    }
    return 0;
}

/* line.fit: where each run can start, the cells some placement fills, the cells some placement
   leaves empty; 0 when no placement fits. */
static int fit(const Line *line, uint64_t *starts, uint64_t *can_fill, uint64_t *can_empty) {
    int k = line->k, n = line->n;
    uint64_t filled = line->filled;
    if (filled & line->empty) return 0;
    uint64_t cells = (1ull << n) - 1, not_filled = cells & ~filled;
    uint64_t fits[MAX_RUNS], fwd[MAX_RUNS + 1];
    for (int j = 0; j < k; j++) fits[j] = windows(cells & ~line->empty, line->runs[j]);
    uint64_t room = filled ? ((filled & -filled) << 1) - 1 : (1ull << (n + 1)) - 1;
    uint64_t step = not_filled << 1;
    fwd[0] = room;
    for (int j = 0; j < k; j++) {
        if (j) room = (room & not_filled) << 1;
        uint64_t ends = (room & fits[j]) << line->runs[j];
        uint64_t m = step | ends;
        room = (m & ~(m + ends)) | ends;
        fwd[j + 1] = room;
    }
    if (!((fwd[k] >> n) & 1)) return 0;
    uint64_t after = ((1ull << (n + 1)) - 1) & ~((1ull << bit_length(filled)) - 1);
    *can_empty = fwd[k] & (after >> 1);
    *can_fill = 0;
    for (int j = k - 1; j >= 0; j--) {
        int length = line->runs[j];
        uint64_t room_after = j == k - 1 ? after : (after >> 1) & not_filled;
        uint64_t room_before = j == 0 ? fwd[0] : (fwd[j] & not_filled) << 1;
        uint64_t reach = fits[j] & (room_after >> length);
        starts[j] = room_before & reach;
        *can_fill |= spread(starts[j], length);
        uint64_t allow = not_filled;
        for (int shift = 1; shift <= n; shift <<= 1) {
            reach |= (reach >> shift) & allow;
            allow &= allow >> shift;
        }
        after = reach;
        *can_empty |= fwd[j] & (after >> 1);
    }
    return 1;
}

/* grade.packed: every run packed leftmost, then rightmost, around the empty cells; 0 when the
   runs do not fit. */
static int packed(const Line *line, int *left, int *right) {
    int k = line->k, n = line->n;
    uint64_t free = ((1ull << n) - 1) & ~line->empty, fits[MAX_RUNS];
    for (int j = 0; j < k; j++) fits[j] = windows(free, line->runs[j]);
    int start = 0;
    for (int j = 0; j < k; j++) {
        uint64_t later = start <= n ? fits[j] >> start : 0;
        if (!later) return 0;
        start += __builtin_ctzll(later);
        left[j] = start;
        start += line->runs[j] + 1;
    }
    int end = n;
    for (int j = k - 1; j >= 0; j--) {
        right[j] = bit_length(fits[j] & ((1ull << (end - line->runs[j] + 1)) - 1)) - 1;
        end = right[j] - 1;
    }
    return 1;
}

/* grade.extremes: the packing when nothing is filled, else fit's first and last starts */
static int extremes(const Line *line, int *left, int *right) {
    if (!line->filled) return packed(line, left, right);
    uint64_t starts[MAX_RUNS], can_fill, can_empty;
    if (!fit(line, starts, &can_fill, &can_empty)) return 0;
    for (int j = 0; j < line->k; j++) {
        left[j] = __builtin_ctzll(starts[j]);
        right[j] = bit_length(starts[j]) - 1;
    }
    return 1;
}

static PyObject *ints(const int *values, int k) {
    PyObject *tuple = PyTuple_New(k);
    if (!tuple) return NULL;
    for (int j = 0; j < k; j++) {
        PyObject *value = PyLong_FromLong(values[j]);
        if (!value) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, j, value);
    }
    return tuple;
}

static PyObject *py_fit(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Line line;
    uint64_t starts[MAX_RUNS], can_fill, can_empty;
    if (read_line(args, nargs, 4, &line) < 0) return NULL;
    if (!fit(&line, starts, &can_fill, &can_empty)) Py_RETURN_NONE;
    PyObject *masks = PyTuple_New(line.k);
    if (!masks) return NULL;
    for (int j = 0; j < line.k; j++) {
        PyObject *mask = PyLong_FromUnsignedLongLong(starts[j]);
        if (!mask) {
            Py_DECREF(masks);
            return NULL;
        }
        PyTuple_SET_ITEM(masks, j, mask);
    }
    return Py_BuildValue("(NKK)", masks, (unsigned long long)can_fill, (unsigned long long)can_empty);
}

static PyObject *py_packed(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Line line;
    int left[MAX_RUNS], right[MAX_RUNS];
    if (read_line(args, nargs, 3, &line) < 0) return NULL;
    if (!packed(&line, left, right)) Py_RETURN_NONE;
    return Py_BuildValue("(NN)", ints(left, line.k), ints(right, line.k));
}

/* grade._simple: the cells both packings of a run cover, and the cells no run reaches; None
   when the runs do not fit (grade.py raises Contradiction) */
static PyObject *py_simple(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Line line;
    int left[MAX_RUNS], right[MAX_RUNS];
    if (read_line(args, nargs, 3, &line) < 0) return NULL;
    if (!packed(&line, left, right)) Py_RETURN_NONE;
    uint64_t boxes = 0, reach = 0;
    for (int j = 0; j < line.k; j++) {
        boxes |= span(right[j], left[j] + line.runs[j]);
        reach |= span(left[j], right[j] + line.runs[j]);
    }
    return Py_BuildValue("(KK)", (unsigned long long)boxes, (unsigned long long)(((1ull << line.n) - 1) & ~reach));
}

/* grade._placements: the extremes and the cells their two placements cover */
static PyObject *py_placements(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Line line;
    int left[MAX_RUNS], right[MAX_RUNS];
    if (read_line(args, nargs, 4, &line) < 0) return NULL;
    if (!extremes(&line, left, right)) Py_RETURN_NONE;
    uint64_t left_cover = 0, right_cover = 0;
    for (int j = 0; j < line.k; j++) {
        left_cover |= ((1ull << line.runs[j]) - 1) << left[j];
        right_cover |= ((1ull << line.runs[j]) - 1) << right[j];
    }
    return Py_BuildValue("((NN)(KK))", ints(left, line.k), ints(right, line.k), (unsigned long long)left_cover,
                         (unsigned long long)right_cover);
}

static PyMethodDef methods[] = {
    {"fit", (PyCFunction)(void (*)(void))py_fit, METH_FASTCALL, "line.fit, compiled."},
    {"packed", (PyCFunction)(void (*)(void))py_packed, METH_FASTCALL, "grade.packed, compiled."},
    {"simple", (PyCFunction)(void (*)(void))py_simple, METH_FASTCALL, "grade._simple, compiled (None: no fit)."},
    {"placements", (PyCFunction)(void (*)(void))py_placements, METH_FASTCALL, "grade._placements, compiled."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_puzzlepress_nonogram_grade", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__puzzlepress_nonogram_grade(void) { return PyModule_Create(&module); }
