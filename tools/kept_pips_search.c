/* The search of tools/kept_pips_search.py (``TableSearch``), move for move, in C: the same positions in the
 * same order, the same node counts, many times faster. The Python tool runs it with ``--fast``.
 *
 *   gcc -O2 -o /tmp/kept_pips_search tools/kept_pips_search.c
 *   /tmp/kept_pips_search OPENED WINNERS tables 0 SECONDS [MEMO_LOG2] < TABLES
 *       each table on stdin (a bit mask over SET, one a line), for each seat in WINNERS ("0123"): is there
 *       a legal game ending in that seat's domino with exactly that table? One JSON row per table and seat.
 *   /tmp/kept_pips_search OPENED WINNER BUDGET FEWEST SECONDS [MEMO_LOG2]
 *       any table of at most BUDGET pips, the three others laying FEWEST tiles at least (a proved fact);
 *       a cross-check of the sweep that lists no tables.
 *
 * OPENED: 1 when seat 0 opens with the 6-6, 0 when it opens with any tile. The memo holds 2^MEMO_LOG2
 * positions (default 2^25); once full it stops growing, which costs time, never an answer.
 * Read the Python file for why each cut is sound.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 28
#define SEATS 4
#define HAND 7
#define ALL ((1u << N) - 1)

static int HA[N], HB[N], W[N];
static uint32_t SUIT[7];
static int LIGHT[N];
static int winner, budget, opened, fewest;
static uint32_t only = ALL; /* the table the game must end with (ALL: any table within the budget) */
static uint64_t *memo_slots;
static double deadline;
static long long nodes;
static int timed_out;
static int path_seat[64], path_tile[64], path_side[64], path_len;

static uint64_t *memo_a, *memo_b, *memo_c;
static uint64_t memo_mask, memo_used, memo_cap;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t mix(uint64_t a, uint64_t b, uint64_t c) {
    uint64_t h = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= (c + 0x165667B19E3779F9ull) * 0x27D4EB2F165667C5ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return h;
}

/* a = 1 (a slot in use) | table | ends | turn | passes | laid; b, c = what each seat may still hold */
static int memo_has(uint64_t a, uint64_t b, uint64_t c) {
    uint64_t i = mix(a, b, c) & memo_mask;
    while (memo_a[i]) {
        if (memo_a[i] == a && memo_b[i] == b && memo_c[i] == c) return 1;
        i = (i + 1) & memo_mask;
    }
    return 0;
}

static void memo_add(uint64_t a, uint64_t b, uint64_t c) {
    if (memo_used >= memo_cap) return; /* full: the memo only saves work, never changes an answer */
    uint64_t i = mix(a, b, c) & memo_mask;
    while (memo_a[i]) {
        if (memo_a[i] == a && memo_b[i] == b && memo_c[i] == c) return;
        i = (i + 1) & memo_mask;
    }
    memo_a[i] = a;
    memo_b[i] = b;
    memo_c[i] = c;
    memo_slots[memo_used++] = i;
}

static int lightest(uint32_t mask, int count, int *last) {
    int total = 0;
    *last = 0;
    if (count <= 0) return 0;
    for (int k = 0; k < N; k++) {
        int i = LIGHT[k];
        if (mask >> i & 1) {
            total += W[i];
            *last = W[i];
            if (!--count) return total;
        }
    }
    *last = -1;
    return -1;
}

static int dealable(uint32_t left, const int *caps, const uint32_t *allowed) {
    for (int s = 1; s < 1 << SEATS; s++) {
        int need = 0;
        uint32_t uni = 0;
        for (int p = 0; p < SEATS; p++)
            if (s >> p & 1) {
                need += caps[p];
                uni |= allowed[p];
            }
        if (need > __builtin_popcount(uni & left)) return 0;
    }
    return 1;
}

static int feasible(uint32_t table, int pips, const int *laid, const uint32_t *may) {
    int w = winner;
    uint32_t left = ALL & ~table;
    int caps[SEATS];
    uint32_t allowed[SEATS];
    for (int p = 0; p < SEATS; p++) {
        caps[p] = HAND - laid[p];
        allowed[p] = may[p];
    }
    uint32_t by_targets = 0;
    int laid_t = 0, caps_t = 0;
    for (int p = 0; p < SEATS; p++)
        if (p != w) {
            by_targets |= allowed[p];
            laid_t += laid[p];
            caps_t += caps[p];
        }
    uint32_t forced = left & ~by_targets;
    if (forced & ~allowed[w]) return 0;
    int n_forced = __builtin_popcount(forced);
    if (n_forced > caps[w]) return 0;
    int more = fewest - laid_t;
    if (more < 0) more = 0;
    int slack = budget - pips;
    int f_pips = 0;
    for (int i = 0; i < N; i++)
        if (forced >> i & 1) f_pips += W[i];
    int last;
    int own = lightest(allowed[w] & ~forced, caps[w] - n_forced, &last);
    if (own < 0 || f_pips + own > slack) return 0;
    int heaviest;
    int total = lightest(left, caps[w] + more, &heaviest);
    if (total < 0 || total > slack) return 0;
    int cut = slack - total + heaviest;
    uint32_t keep = 0;
    for (int i = 0; i < N; i++)
        if (W[i] > cut && (left >> i & 1)) keep |= 1u << i;
    if ((keep & ~by_targets) || __builtin_popcount(keep) > caps_t - more) return 0;
    allowed[w] &= ~keep;
    return dealable(left, caps, allowed);
}

static int leaf(uint32_t table, const int *laid, const uint32_t *may) {
    uint32_t left = ALL & ~table;
    int caps[SEATS];
    uint32_t allowed[SEATS];
    for (int p = 0; p < SEATS; p++) {
        caps[p] = HAND - laid[p];
        allowed[p] = may[p] & left;
    }
    return dealable(left, caps, allowed);
}

/* may[p]: the tiles left that seat p may still hold (not on the table, none showing a number it passed on) */
static int run(uint32_t table, int pips, int e1, int e2, int turn, int *laid, uint32_t *may, int passes) {
    nodes++;
    if ((nodes & 0x3FFF) == 0 && now() > deadline) timed_out = 1;
    if (timed_out) return 0;
    int lo = e1 < e2 ? e1 : e2, hi = e1 < e2 ? e2 : e1;
    uint64_t a = 1;
    a = a << 28 | table;
    a = a << 3 | lo;
    a = a << 3 | hi;
    a = a << 2 | turn;
    a = a << 2 | passes;
    for (int p = 0; p < SEATS; p++) a = a << 3 | laid[p];
    uint64_t b = (uint64_t)may[0] << 28 | may[1], c = (uint64_t)may[2] << 28 | may[3];
    if (memo_has(a, b, c)) return 0;
    if (!feasible(table, pips, laid, may)) {
        memo_add(a, b, c);
        return 0;
    }
    int p = turn;
    uint32_t moves = may[p] & (SUIT[e1] | SUIT[e2]) & only;
    int nxt = (p + 1) % SEATS;
    for (int k = 0; k < N; k++) {
        int i = LIGHT[k];
        if (!(moves >> i & 1) || pips + W[i] > budget) continue;
        int x = HA[i], y = HB[i];
        int opt1[2], opt2[2], side[2], n = 0;
        if (x == e1 || y == e1) {
            opt1[n] = x == e1 ? y : x;
            opt2[n] = e2;
            side[n++] = 0;
        }
        if (e1 != e2 && (x == e2 || y == e2)) {
            opt1[n] = e1;
            opt2[n] = x == e2 ? y : x;
            side[n++] = 1;
        }
        if (n == 2 && opt1[0] == opt1[1] && opt2[0] == opt2[1]) n = 1;
        uint32_t nmay[SEATS];
        for (int q = 0; q < SEATS; q++) nmay[q] = may[q] & ~(1u << i);
        for (int o = 0; o < n; o++) {
            laid[p]++;
            path_seat[path_len] = p;
            path_tile[path_len] = i;
            path_side[path_len++] = side[o];
            if (laid[p] == HAND) {
                if (p == winner && (only == ALL || (table | 1u << i) == only) && leaf(table | 1u << i, laid, nmay))
                    return 1;
            } else if (run(table | 1u << i, pips + W[i], opt1[o], opt2[o], nxt, laid, nmay, 0))
                return 1;
            path_len--;
            laid[p]--;
        }
    }
    if (passes + 1 < SEATS) {
        uint32_t old = may[p];
        may[p] = old & ~(SUIT[e1] | SUIT[e2]);
        path_seat[path_len] = p;
        path_tile[path_len] = -1;
        path_side[path_len++] = 0;
        if (run(table, pips, e1, e2, nxt, laid, may, passes + 1)) return 1;
        path_len--;
        may[p] = old;
    }
    memo_add(a, b, c);
    return 0;
}

static void memo_clear(void) {
    for (uint64_t k = 0; k < memo_used; k++) memo_a[memo_slots[k]] = memo_b[memo_slots[k]] = memo_c[memo_slots[k]] = 0;
    memo_used = 0;
}

/* One question from the opening: seat 0 lays the 6-6, or any tile. */
static int search(void) {
    int laid[SEATS] = {0};
    for (int k = 0; k < N; k++) {
        int i = opened ? 27 : LIGHT[k]; /* 6-6 is the last tile of SET */
        if (opened && k) break;
        if (W[i] > budget || !(only >> i & 1)) continue;
        laid[0] = 1;
        uint32_t may[SEATS];
        for (int p = 0; p < SEATS; p++) may[p] = ALL & ~(1u << i);
        if (only != ALL) may[winner] &= only; /* the table is known: the winner holds only tiles of it */
        path_seat[0] = 0;
        path_tile[0] = i;
        path_side[0] = 0;
        path_len = 1;
        if (run(1u << i, W[i], HA[i], HB[i], 1, laid, may, 0)) return 1;
        laid[0] = 0;
    }
    return 0;
}

static void print_witness(void) {
    for (int k = 0; k < path_len; k++) {
        if (k) printf(" ");
        if (path_tile[k] < 0)
            printf("%d:pass", path_seat[k]);
        else
            printf("%d:%d-%d%s", path_seat[k], HA[path_tile[k]], HB[path_tile[k]], path_side[k] ? "/1" : "");
    }
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr,
                "usage: %s OPENED WINNER BUDGET FEWEST SECONDS [MEMO_LOG2]\n"
                "       %s OPENED WINNERS tables FEWEST SECONDS [MEMO_LOG2] < masks (one table a line)\n",
                argv[0], argv[0]);
        return 2;
    }
    opened = atoi(argv[1]);
    const char *winners = argv[2];
    int tables = strcmp(argv[3], "tables") == 0;
    budget = tables ? 0 : atoi(argv[3]);
    fewest = atoi(argv[4]);
    double seconds = atof(argv[5]);
    int log2 = argc > 6 ? atoi(argv[6]) : 25;
    int t = 0;
    for (int h = 0; h <= 6; h++)
        for (int l = 0; l <= h; l++) {
            HA[t] = h;
            HB[t] = l;
            W[t] = h + l;
            t++;
        }
    for (int n = 0; n <= 6; n++) {
        SUIT[n] = 0;
        for (int i = 0; i < N; i++)
            if (HA[i] == n || HB[i] == n) SUIT[n] |= 1u << i;
    }
    /* bounds_search.LIGHT_FIRST: heaviest first, ties by index, then reversed */
    int heavy[N];
    for (int i = 0; i < N; i++) heavy[i] = i;
    for (int i = 1; i < N; i++) {
        int v = heavy[i], j = i - 1;
        while (j >= 0 && W[heavy[j]] < W[v]) {
            heavy[j + 1] = heavy[j];
            j--;
        }
        heavy[j + 1] = v;
    }
    for (int i = 0; i < N; i++) LIGHT[i] = heavy[N - 1 - i];
    memo_mask = (1ull << log2) - 1;
    memo_cap = memo_mask / 10 * 7;
    memo_a = calloc(memo_mask + 1, sizeof(uint64_t));
    memo_b = calloc(memo_mask + 1, sizeof(uint64_t));
    memo_c = calloc(memo_mask + 1, sizeof(uint64_t));
    memo_slots = calloc(memo_cap + 1, sizeof(uint64_t));
    if (!memo_a || !memo_b || !memo_c || !memo_slots) return 3;
    int total = 0;
    for (int i = 0; i < N; i++) total += W[i];
    if (!tables) {
        winner = atoi(winners);
        double start = now();
        deadline = start + seconds;
        int found = search();
        printf("{\"winner\": %d, \"opened_with_double_six\": %s, \"table_at_most\": %d, \"kept_at_least\": %d, "
               "\"fewest_laid_assumed\": %d, \"found\": %s, \"complete\": %s, \"nodes\": %lld, \"seconds\": %.1f, "
               "\"memo\": %llu, \"witness\": \"",
               winner, opened ? "true" : "false", budget, total - budget, fewest, found ? "true" : "false",
               (found || !timed_out) ? "true" : "false", nodes, now() - start, (unsigned long long)memo_used);
        if (found) print_witness();
        printf("\"}\n");
        return 0;
    }
    unsigned long mask;
    while (scanf("%lu", &mask) == 1) {
        only = (uint32_t)mask;
        budget = 0;
        for (int i = 0; i < N; i++)
            if (only >> i & 1) budget += W[i];
        for (const char *c = winners; *c; c++) {
            winner = *c - '0';
            nodes = 0;
            timed_out = 0;
            memo_clear();
            double start = now();
            deadline = start + seconds;
            int found = search();
            printf("{\"table\": %lu, \"pips\": %d, \"winner\": %d, \"opened_with_double_six\": %s, \"found\": %s, "
                   "\"complete\": %s, \"nodes\": %lld, \"seconds\": %.3f, \"witness\": \"",
                   mask, budget, winner, opened ? "true" : "false", found ? "true" : "false",
                   (found || !timed_out) ? "true" : "false", nodes, now() - start);
            if (found) print_witness();
            printf("\"}\n");
            fflush(stdout);
        }
    }
    return 0;
}
