/* Reference for examples/caba/pvc (kernel pvc_count): page view count after Mars'
 * PageViewCount, over a web server log of N = 196608 records of 8 ints (32 bytes: 6 MiB)
 * {time, page, user, status, bytes, referrer, agent, latency}. Grid 768 x block 256, one
 * record per thread; launched twice with two time windows (two reporting periods), each
 * writing the map output keys (page, or -1 for a record filtered out: a crawler's (agent
 * 0..7), a failed request, or outside the window) and per-page counts by atomicAdd
 * (integers: the order does not matter) into its own views array of NPAGES = 4096.
 *
 * Data (fixed seed): a busy server's log in time order, about 15 requests a second from
 * 64 interleaved sessions; 30% of requests hit the 16 most popular pages, the rest pages
 * of the session's site section (64 sections of 64 pages, popular sections likelier);
 * users are ids below 20000, agents below 200 (0..7 crawlers); status 200 (80%), 304,
 * 301, 404, 500; response sizes mostly 0.5..30 KB (0 for 304 and redirects, 5% large
 * downloads); the referrer is the session's previous page (or -1); latency 1..2000 ms.
 * BDI on a 128-byte line (4 records): every field but the time is small (within 2 bytes
 * of BDI's zero base) and the timestamps sit within a second or two of one base, so most
 * lines take 2-byte deltas (3 bursts of 32 bytes instead of 4); a line with a large
 * download stays uncompressed. The keys lines (nearby page ids, -1) compress as well.
 *
 * Writes log.bin (s32 x 8N), keys_1.bin, keys_2.bin (s32 N), views_1.bin, views_2.bin
 * (s32 NPAGES) and prints the window bounds that run.aw passes. */
#include "../../ref_common.h"

#define N 196608
#define F 8
#define NPAGES 4096
#define NSESS 64
#define T0 1700000000

static int32_t logr[F * N], keys[N];

static void count(int32_t t0, int32_t t1, int32_t *views)
{
    memset(views, 0, NPAGES * sizeof *views);
    for (int i = 0; i < N; i++) {
        const int32_t *r = &logr[F * i];
        int ok = (r[3] == 200 || r[3] == 304) && r[0] >= t0 && r[0] < t1 && r[6] >= 8;
        keys[i] = ok ? r[1] : -1;
        if (ok)
            views[r[1]]++;
    }
}

static void new_session(int *user, int *section, int *agent, int *last)
{
    *user = rng_int(0, 19999);
    double u = rng_unit();
    *section = (int)(64 * u * u);
    *agent = rng_int(0, 9) == 0 ? rng_int(0, 7) : rng_int(8, 199);
    *last = -1;
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    rng_seed(0x9a6e5);
    int user[NSESS], section[NSESS], agent[NSESS], last[NSESS];
    for (int s = 0; s < NSESS; s++)
        new_session(&user[s], &section[s], &agent[s], &last[s]);
    int32_t t = T0;
    for (int i = 0; i < N; i++) {
        if (rng_int(0, 14) == 0)
            t++;                                   /* about 15 requests a second */
        int s = rng_int(0, NSESS - 1);
        int page = rng_int(0, 9) < 3 ? rng_int(0, 15)           /* home page, top articles */
                                     : section[s] * 64 + rng_int(0, 63);
        int k = rng_int(0, 99);
        int status = k < 80 ? 200 : k < 88 ? 304 : k < 92 ? 301 : k < 99 ? 404 : 500;
        int bytes = status == 304 || status == 301 ? 0
                    : status != 200 ? rng_int(200, 1200)
                    : rng_int(0, 19) == 0 ? rng_int(60000, 400000) : rng_int(500, 30000);
        int32_t *r = &logr[F * i];
        r[0] = t;
        r[1] = page;
        r[2] = user[s];
        r[3] = status;
        r[4] = bytes;
        r[5] = last[s];
        r[6] = agent[s];
        r[7] = rng_int(0, 9) == 0 ? rng_int(200, 2000) : rng_int(1, 199);
        last[s] = page;
        if (rng_int(0, 19) == 0)                   /* the session ends, another starts */
            new_session(&user[s], &section[s], &agent[s], &last[s]);
    }
    write_i32("log.bin", logr, (size_t)F * N);

    int32_t *views = xcalloc(NPAGES, 4);
    int32_t w1a = T0 + 300, w1b = T0 + 7200, w2a = T0 + 7200, w2b = t - 300;
    count(w1a, w1b, views);
    write_i32("keys_1.bin", keys, N);
    write_i32("views_1.bin", views, NPAGES);
    count(w2a, w2b, views);
    write_i32("keys_2.bin", keys, N);
    write_i32("views_2.bin", views, NPAGES);
    printf("pvc: %d records, times %d..%d; windows [%d, %d) and [%d, %d)\n",
           N, T0, t, w1a, w1b, w2a, w2b);
    return 0;
}
