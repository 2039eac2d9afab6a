/* The Kuralin solver's counting search (solver.py, _Search without a shuffle), compiled.

   The same depth-first search over cells in reading order, the same choices in the same order,
   the same dead-state memo and the same steps: solver.py hands it the board's colour counts as
   64-bit words (a 4-bit field per limit never carries into the next, so words add alone) and
   the number of steps it may take; it gives back the steps it took, whether it stopped at that
   number, and each answer's lines as one byte per cell (1: a line right, 2: a line down).
   tests/test_kuralin_solver.py holds it to the Python search on random boards. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COLS 62
#define MAX_WORDS 64

typedef struct {
    int n, cols, words, key_words, limit;
    const uint64_t *adds, *active, *over;
    uint64_t black[MAX_WORDS], white[MAX_WORDS];
    int8_t mates[MAX_COLS + 1];
    uint8_t *known_white, *went;
    long long steps, cap;
    int stopped, failed;
    PyObject *found;
    uint64_t *keys; /* key_words each */
    size_t count, room;
    uint32_t *table; /* 1 + index into keys, 0 for an empty slot */
    size_t slots;
} Search;

static uint64_t hash_key(const uint64_t *key, int words) {
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < words; i++) {
        h ^= key[i];
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h;
}

static int is_dead(Search *s, const uint64_t *key) {
    size_t mask = s->slots - 1;
    for (size_t i = hash_key(key, s->key_words) & mask;; i = (i + 1) & mask) {
        uint32_t at = s->table[i];
        if (!at)
            return 0;
        if (!memcmp(s->keys + (size_t)(at - 1) * s->key_words, key, sizeof(uint64_t) * s->key_words))
            return 1;
    }
}

static void place_key(Search *s, size_t index) {
    size_t mask = s->slots - 1;
    size_t i = hash_key(s->keys + index * s->key_words, s->key_words) & mask;
    while (s->table[i])
        i = (i + 1) & mask;
    s->table[i] = (uint32_t)(index + 1);
}

static void add_dead(Search *s, const uint64_t *key) {
    if (s->count == s->room) {
        size_t room = s->room ? 2 * s->room : 1024;
        uint64_t *keys = realloc(s->keys, room * s->key_words * sizeof(uint64_t));
        if (!keys || room >= UINT32_MAX) {
            s->failed = 1;
            return;
        }
        s->keys = keys;
        s->room = room;
    }
    if (2 * (s->count + 1) > s->slots) {
        size_t slots = s->slots ? 2 * s->slots : 2048;
        uint32_t *table = calloc(slots, sizeof(uint32_t));
        if (!table) {
            s->failed = 1;
            return;
        }
        free(s->table);
        s->table = table;
        s->slots = slots;
        for (size_t k = 0; k < s->count; k++)
            place_key(s, k);
    }
    memcpy(s->keys + s->count * s->key_words, key, sizeof(uint64_t) * s->key_words);
    place_key(s, s->count++);
}

/* One choice tried: one step. False once the steps allowed are all taken. */
static int step(Search *s) {
    if (++s->steps >= s->cap) {
        s->stopped = 1;
        return 0;
    }
    return 1;
}

static int over(Search *s, const uint64_t *counts) {
    for (int w = 0; w < s->words; w++)
        if (counts[w] & s->over[w])
            return 1;
    return 0;
}

static void answer(Search *s) {
    PyObject *lines = PyBytes_FromStringAndSize((const char *)s->went, s->n);
    if (!lines || PyList_Append(s->found, lines) < 0)
        s->failed = 1;
    Py_XDECREF(lines);
}

static int finished(Search *s) {
    return s->stopped || s->failed || PyList_GET_SIZE(s->found) >= s->limit;
}

static void visit(Search *s, int p, int open_ends, int done) {
    if (p == s->n) {
        if (done)
            answer(s);
        return;
    }
    int cols = s->cols, last = cols, words = s->words;
    uint64_t key[2 + (MAX_COLS + 8) / 8 + MAX_WORDS];
    memset(key, 0, sizeof(uint64_t) * s->key_words);
    key[0] = (uint64_t)p | (uint64_t)done << 16;
    memcpy(key + 1, s->mates, cols + 1);
    int mate_words = (cols + 8) / 8;
    const uint64_t *active = s->active + (size_t)p * words;
    for (int w = 0; w < words; w++)
        key[1 + mate_words + w] = s->black[w] & active[w];
    if (s->slots && is_dead(s, key))
        return;
    Py_ssize_t before = PyList_GET_SIZE(s->found);
    int c = p % cols;
    int right = s->mates[last], up = s->mates[c];
    int8_t *mates = s->mates;
    uint64_t saved[MAX_WORDS];
    if (right >= 0 && up >= 0) { /* two lines in, none out */
        if (!step(s))
            return;
        s->went[p] = 0;
        mates[last] = mates[c] = -1;
        if (right != c) { /* two paths meet: their far ends become partners */
            mates[right] = (int8_t)up;
            mates[up] = (int8_t)right;
            visit(s, p + 1, open_ends - 2, done);
            mates[right] = (int8_t)last;
            mates[up] = (int8_t)c;
        } else if (open_ends == 2) { /* closing: it holds every line */
            visit(s, p + 1, 0, 1);
        }
        mates[last] = (int8_t)right;
        mates[c] = (int8_t)up;
    } else if (right >= 0 || up >= 0) { /* one line in: it goes on right, or down */
        int came = right >= 0 ? last : c, far = right >= 0 ? right : up;
        for (int go_right = 1; go_right >= 0; go_right--) {
            if (go_right ? c >= cols - 1 : p >= s->n - cols)
                continue;
            if (!step(s))
                return;
            s->went[p] = go_right ? 1 : 2;
            int x = go_right ? p + 1 : p + cols;
            memcpy(saved, s->white, sizeof(uint64_t) * words);
            if (!s->known_white[x]) {
                const uint64_t *add = s->adds + (size_t)x * words;
                for (int w = 0; w < words; w++)
                    s->white[w] += add[w];
                if (over(s, s->white)) {
                    memcpy(s->white, saved, sizeof(uint64_t) * words);
                    continue;
                }
            }
            s->known_white[x]++;
            int goes = go_right ? last : c;
            if (came != goes) {
                mates[came] = -1;
                mates[goes] = (int8_t)far;
                mates[far] = (int8_t)goes;
                visit(s, p + 1, open_ends, done);
                mates[came] = (int8_t)far;
                mates[goes] = -1;
                mates[far] = (int8_t)came;
            } else {
                visit(s, p + 1, open_ends, done);
            }
            s->known_white[x]--;
            memcpy(s->white, saved, sizeof(uint64_t) * words);
            if (finished(s))
                return;
        }
    } else { /* no line in: the cell is black, or a new path leaves it right and down */
        int can_start = !done && c < cols - 1 && p < s->n - cols;
        if (!step(s))
            return;
        s->went[p] = 0;
        const uint64_t *add = s->adds + (size_t)p * words;
        for (int w = 0; w < words; w++)
            saved[w] = s->black[w] + add[w];
        if (!over(s, saved)) {
            uint64_t was[MAX_WORDS];
            memcpy(was, s->black, sizeof(uint64_t) * words);
            memcpy(s->black, saved, sizeof(uint64_t) * words);
            visit(s, p + 1, open_ends, done);
            memcpy(s->black, was, sizeof(uint64_t) * words);
        }
        if (finished(s))
            return;
        if (can_start) {
            if (!step(s))
                return;
            s->went[p] = 3;
            int whitened[3] = {p, p + 1, p + cols};
            memcpy(saved, s->white, sizeof(uint64_t) * words);
            for (int k = 0; k < 3; k++)
                if (!s->known_white[whitened[k]]) {
                    const uint64_t *more = s->adds + (size_t)whitened[k] * words;
                    for (int w = 0; w < words; w++)
                        s->white[w] += more[w];
                }
            if (!over(s, s->white)) {
                for (int k = 0; k < 3; k++)
                    s->known_white[whitened[k]]++;
                mates[last] = (int8_t)c;
                mates[c] = (int8_t)last;
                visit(s, p + 1, open_ends + 2, done);
                mates[last] = mates[c] = -1;
                for (int k = 0; k < 3; k++)
                    s->known_white[whitened[k]]--;
            }
            memcpy(s->white, saved, sizeof(uint64_t) * words);
            if (finished(s))
                return;
        }
    }
    if (PyList_GET_SIZE(s->found) == before && !s->stopped && !s->failed)
        add_dead(s, key);
}

/* search(rows, cols, limit, cap, adds, active, over, black_start, white_start)
   -> (steps, stopped, [lines of each answer]) */
static PyObject *search(PyObject *self, PyObject *args) {
    int rows, cols, limit;
    long long cap;
    Py_buffer adds, active, over_, black, white;
    if (!PyArg_ParseTuple(args, "iiiLy*y*y*y*y*", &rows, &cols, &limit, &cap, &adds, &active, &over_, &black, &white))
        return NULL;
    Search s;
    memset(&s, 0, sizeof s);
    s.n = rows * cols;
    s.cols = cols;
    s.words = (int)(over_.len / 8);
    s.key_words = 1 + (cols + 8) / 8 + s.words;
    s.limit = limit;
    s.cap = cap;
    PyObject *result = NULL;
    if (cols < 2 || cols > MAX_COLS || rows < 2 || s.words < 1 || s.words > MAX_WORDS
        || adds.len != (Py_ssize_t)s.n * 8 * s.words || active.len != (Py_ssize_t)(s.n + 1) * 8 * s.words
        || black.len != over_.len || white.len != over_.len) {
        PyErr_SetString(PyExc_ValueError, "kuralin search: the board's words do not fit its grid");
        goto done;
    }
    s.adds = adds.buf;
    s.active = active.buf;
    s.over = over_.buf;
    memcpy(s.black, black.buf, over_.len);
    memcpy(s.white, white.buf, over_.len);
    memset(s.mates, -1, sizeof s.mates);
    s.known_white = calloc(s.n, 1);
    s.went = calloc(s.n, 1);
    s.found = PyList_New(0);
    if (!s.known_white || !s.went || !s.found) {
        PyErr_NoMemory();
        goto done;
    }
    visit(&s, 0, 0, 0);
    if (s.failed) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        goto done;
    }
    result = Py_BuildValue("LiO", s.steps, s.stopped, s.found);
done:
    Py_XDECREF(s.found);
    free(s.known_white);
    free(s.went);
    free(s.keys);
    free(s.table);
    PyBuffer_Release(&adds);
    PyBuffer_Release(&active);
    PyBuffer_Release(&over_);
    PyBuffer_Release(&black);
    PyBuffer_Release(&white);
    return result;
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "The Kuralin counting search: (steps, stopped, answers' lines)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_puzzlepress_kuralin", NULL, -1, methods};

PyMODINIT_FUNC PyInit__puzzlepress_kuralin(void) { return PyModule_Create(&module); }
