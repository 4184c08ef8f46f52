// pvc: page view count, after the PageViewCount job of the Mars MapReduce framework.
// The input is a web server log of n records of eight ints (32 bytes; time in seconds,
// non-decreasing). Each thread reads one record (two 16-byte loads); the map step emits
// the record's page as its key when a person's request (user agents 0..7 are crawlers)
// succeeded (status 200 or 304) inside the time window [t0, t1), else -1; the reduce
// step counts the emitted keys per page with integer atomics (order-independent).
struct __align__(16) LogRecord {
    int time;       // seconds
    int page;       // page id
    int user;       // user id
    int status;     // HTTP status
    int bytes;      // response size
    int referrer;   // page id of the referrer, -1 for none
    int agent;      // user-agent id
    int latency;    // milliseconds
};

extern "C" __global__ void pvc_count(const LogRecord *log, int n, int t0, int t1,
                                     int *keys, int *views)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    LogRecord r = log[i];
    bool ok = (r.status == 200 || r.status == 304) && r.time >= t0 && r.time < t1 &&
              r.agent >= 8;
    keys[i] = ok ? r.page : -1;
    if (ok)
        atomicAdd(&views[r.page], 1);
}
