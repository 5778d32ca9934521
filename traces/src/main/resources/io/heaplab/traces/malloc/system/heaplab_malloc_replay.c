/*
 * heaplab's native malloc replayer: replays a malloc trace's calls, prepared by heaplab as a file of fixed
 * records, against the C library's malloc (or whichever allocator is preloaded), and measures the process.
 *
 *   heaplab_malloc_replay CALLS OUT MODE
 *
 * MODE "alloc" makes every call; MODE "none" makes none, so the same run measures the replayer alone (its reading
 * buffer and its table of live blocks), which heaplab subtracts. CALLS starts with a 48-byte header (magic
 * "HLCALLS1", then as little-endian 64-bit numbers: calls, slots, sample every k calls, the call after which the
 * live bytes peak, and flags: bit 0 makes every realloc a malloc, a copy and a free), then a record per call:
 * u32 op, u32 slot, u64 size, u64 aux (calloc's count, memalign's alignment, realloc's old size). A slot names a
 * live block: heaplab gives it out and takes it back, so the table of blocks is as small as the most blocks live
 * at once.
 *
 * Each new block's bytes are written once, as the program would first store into them; a realloc's are the
 * allocator's to copy, and the bytes beyond the old size are left unwritten, as heaplab's simulated replays leave
 * them. The resident anonymous memory (/proc/self/statm: resident less shared) is sampled after every k-th call,
 * after the call of most live bytes and after the last. OUT receives, one per line: "calls N", "loop_ns",
 * "sample_ns", "minflt", "failed", "hwm_kb", "rss_kb", "anon_kb", "page_bytes", then "sample CALL ANON_BYTES" per
 * sample.
 *
 * The replayer never calls malloc itself while it replays: its memory comes from mmap and a static buffer, and it
 * formats numbers by hand, so the allocator's heap holds only the trace's blocks.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

enum { OP_MALLOC = 1, OP_CALLOC = 2, OP_REALLOC = 3, OP_MEMALIGN = 4, OP_FREE = 5 };

struct call {
    uint32_t op;
    uint32_t slot;
    uint64_t size;
    uint64_t aux;
};

#define BATCH 4096
static struct call batch[BATCH];
static char text[1 << 16];
static size_t text_used;
static int out_fd = -1;

static void fail(const char *what) {
    const char *reason = strerror(errno);
    (void) !write(2, "heaplab_malloc_replay: ", 23);
    (void) !write(2, what, strlen(what));
    (void) !write(2, ": ", 2);
    (void) !write(2, reason, strlen(reason));
    (void) !write(2, "\n", 1);
    _exit(3);
}

static void flush_text(void) {
    size_t done = 0;
    while (done < text_used) {
        ssize_t n = write(out_fd, text + done, text_used - done);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            fail("writing the results");
        }
        done += (size_t) n;
    }
    text_used = 0;
}

static void put(const char *s) {
    size_t n = strlen(s);
    if (text_used + n > sizeof text) {
        flush_text();
    }
    memcpy(text + text_used, s, n);
    text_used += n;
}

static void put_u64(uint64_t v) {
    char digits[24];
    int i = sizeof digits;
    digits[--i] = 0;
    do {
        digits[--i] = (char) ('0' + v % 10);
        v /= 10;
    } while (v);
    put(digits + i);
}

static void line(const char *key, uint64_t v) {
    put(key);
    put(" ");
    put_u64(v);
    put("\n");
}

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t) t.tv_sec * 1000000000u + (uint64_t) t.tv_nsec;
}

static uint64_t parse_u64(const char *s, const char **end) {
    uint64_t v = 0;
    while (*s == ' ' || *s == '\t') {
        s++;
    }
    while (*s >= '0' && *s <= '9') {
        v = v * 10 + (uint64_t) (*s++ - '0');
    }
    *end = s;
    return v;
}

static int statm_fd = -1;
static long page_bytes;

/* Resident anonymous bytes: statm's resident pages less its shared (file-backed) ones. */
static uint64_t anon_bytes(void) {
    char buf[256];
    ssize_t n = pread(statm_fd, buf, sizeof buf - 1, 0);
    if (n <= 0) {
        fail("reading /proc/self/statm");
    }
    buf[n] = 0;
    const char *p = buf;
    parse_u64(p, &p);
    uint64_t resident = parse_u64(p, &p);
    uint64_t shared = parse_u64(p, &p);
    return (resident - shared) * (uint64_t) page_bytes;
}

/* A field of /proc/self/status in kB, 0 when the kernel does not give it. */
static uint64_t status_kb(const char *field) {
    static char buf[8192];
    int fd = open("/proc/self/status", O_RDONLY);
    if (fd < 0) {
        fail("opening /proc/self/status");
    }
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) {
        fail("reading /proc/self/status");
    }
    buf[n] = 0;
    size_t len = strlen(field);
    for (char *p = buf; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
        if (strncmp(p, field, len) == 0 && p[len] == ':') {
            const char *end;
            return parse_u64(p + len + 1, &end);
        }
    }
    return 0;
}

static uint64_t le64(const unsigned char *b) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) {
        v = v << 8 | b[i];
    }
    return v;
}

static void read_fully(int fd, void *into, size_t bytes) {
    size_t done = 0;
    while (done < bytes) {
        ssize_t n = read(fd, (char *) into + done, bytes - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            errno = n == 0 ? EIO : errno;
            fail("reading the calls");
        }
        done += (size_t) n;
    }
}

static void *map(uint64_t bytes) {
    void *p = mmap(NULL, bytes ? bytes : 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        fail("mapping the replayer's tables");
    }
    return p;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        errno = EINVAL;
        fail("usage: heaplab_malloc_replay CALLS OUT alloc|none");
    }
    int allocate = strcmp(argv[3], "alloc") == 0;
    page_bytes = sysconf(_SC_PAGESIZE);
    int in = open(argv[1], O_RDONLY);
    if (in < 0) {
        fail(argv[1]);
    }
    unsigned char header[48];
    read_fully(in, header, sizeof header);
    if (memcmp(header, "HLCALLS1", 8) != 0) {
        errno = EINVAL;
        fail("not a calls file (expected the magic HLCALLS1)");
    }
    uint64_t calls = le64(header + 8);
    uint64_t slots = le64(header + 16);
    uint64_t every = le64(header + 24);
    uint64_t peak_call = le64(header + 32);
    int moving = (le64(header + 40) & 1) != 0;
    if (every == 0) {
        every = 1;
    }
    out_fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out_fd < 0) {
        fail(argv[2]);
    }
    statm_fd = open("/proc/self/statm", O_RDONLY);
    if (statm_fd < 0) {
        fail("opening /proc/self/statm");
    }
    void **blocks = map(slots * sizeof(void *));
    uint64_t sample_room = calls / every + 3;
    uint64_t *samples = map(sample_room * 2 * sizeof(uint64_t));
    uint64_t taken = 0;
    uint64_t failed = 0;
    uint64_t sample_ns = 0;

    struct rusage before;
    getrusage(RUSAGE_SELF, &before);
    uint64_t start = now_ns();
    uint64_t i = 0;
    while (i < calls) {
        uint64_t n = calls - i < BATCH ? calls - i : BATCH;
        read_fully(in, batch, n * sizeof(struct call));
        for (uint64_t j = 0; j < n; j++, i++) {
            struct call *c = &batch[j];
            void *p;
            if (c->slot >= slots) {
                errno = EINVAL;
                fail("a slot beyond the table in the calls");
            }
            if (!allocate) {
                blocks[c->slot] = c->op == OP_FREE ? NULL : (void *) batch;
            } else {
                switch (c->op) {
                case OP_MALLOC:
                    p = malloc(c->size);
                    if (p) {
                        memset(p, 0xA5, c->size);
                    }
                    blocks[c->slot] = p;
                    failed += p == NULL;
                    break;
                case OP_CALLOC:
                    p = calloc(c->aux, c->aux ? c->size / c->aux : 0);
                    if (p) {
                        memset(p, 0xA5, c->size);
                    }
                    blocks[c->slot] = p;
                    failed += p == NULL;
                    break;
                case OP_REALLOC:
                    if (moving && blocks[c->slot] && c->size > 0) {
                        /* as heaplab's strategies reallocate: a new block, the bytes both hold copied, the old freed */
                        p = malloc(c->size);
                        if (p) {
                            memcpy(p, blocks[c->slot], c->aux < c->size ? c->aux : c->size);
                            free(blocks[c->slot]);
                        }
                    } else {
                        p = realloc(blocks[c->slot], c->size);
                    }
                    if (p) {
                        blocks[c->slot] = p;
                    } else if (c->size == 0) {
                        blocks[c->slot] = NULL; /* glibc's realloc(p, 0) frees p and answers NULL */
                    } else {
                        failed++;
                    }
                    break;
                case OP_MEMALIGN:
                    if (posix_memalign(&p, c->aux, c->size) != 0) {
                        p = NULL;
                        failed++;
                    } else {
                        memset(p, 0xA5, c->size);
                    }
                    blocks[c->slot] = p;
                    break;
                case OP_FREE:
                    free(blocks[c->slot]);
                    blocks[c->slot] = NULL;
                    break;
                default:
                    errno = EINVAL;
                    fail("an unknown op in the calls");
                }
            }
            if ((i + 1) % every == 0 || i == peak_call || i + 1 == calls) {
                uint64_t t = now_ns();
                samples[2 * taken] = i + 1;
                samples[2 * taken + 1] = anon_bytes();
                taken++;
                sample_ns += now_ns() - t;
            }
        }
    }
    uint64_t loop_ns = now_ns() - start;
    struct rusage after;
    getrusage(RUSAGE_SELF, &after);

    line("calls", calls);
    line("loop_ns", loop_ns);
    line("sample_ns", sample_ns);
    line("minflt", (uint64_t) (after.ru_minflt - before.ru_minflt));
    line("failed", failed);
    line("hwm_kb", status_kb("VmHWM"));
    line("rss_kb", status_kb("VmRSS"));
    line("anon_kb", status_kb("RssAnon"));
    line("page_bytes", (uint64_t) page_bytes);
    for (uint64_t s = 0; s < taken; s++) {
        put("sample ");
        put_u64(samples[2 * s]);
        put(" ");
        put_u64(samples[2 * s + 1]);
        put("\n");
    }
    put("end\n");
    flush_text();
    if (close(out_fd) != 0) {
        fail(argv[2]);
    }
    /* the blocks still live stay live: the process ends as the program's did */
    _exit(0);
}
