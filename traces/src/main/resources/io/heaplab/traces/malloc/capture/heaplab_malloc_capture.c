/*
 * heaplab's malloc capture: an LD_PRELOAD library that writes every malloc, calloc, realloc, memalign (and
 * posix_memalign, aligned_alloc, valloc, pvalloc) and free of a process, and of every process it starts, in
 * Android's memory_replay text format, one file per process image in $HEAPLAB_MALLOC_DIR:
 *
 *   # heaplab-capture pid PID ppid PPID exe PATH
 *   TID: malloc 0xPTR SIZE
 *   TID: calloc 0xPTR NMEMB SIZE
 *   TID: realloc 0xNEW 0xOLD SIZE
 *   TID: memalign 0xPTR ALIGNMENT SIZE
 *   TID: free 0xPTR
 *
 * The real work is glibc's (__libc_malloc and friends: calling them, not dlsym's answer, keeps the library from
 * recursing into itself while it starts). Lines are formatted by hand (printf may allocate) into a buffer per
 * process under one lock and written with write(2) when it fills, at exit, before exec (which would discard it),
 * at _exit and before fork (so the child does not write its parent's lines again). A child opens a file of its own
 * at its first call. free(NULL) is not written; a call that fails is written with the pointer 0x0.
 *
 * heaplab compiles this file on first use with the system's C compiler: cc -shared -fPIC -O2.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

#define BUFFER_BYTES (64 * 1024)
#define LINE_BYTES 128

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char buffer[BUFFER_BYTES];
static size_t used;
static int fd = -1;
static pid_t owner;          /* the process the open file belongs to */
static int disabled;         /* no directory, or it cannot be written: record nothing */
#ifdef __TINYC__
/* tcc has no thread-local storage: while one thread records, the others' calls go unrecorded */
static int inside;
#else
static __thread int inside;  /* this thread is in the recorder: its own calls are not recorded */
#endif

static char *put_str(char *p, const char *s) {
    while (*s) *p++ = *s++;
    return p;
}

static char *put_dec(char *p, unsigned long v) {
    char digits[24];
    int n = 0;
    do { digits[n++] = (char) ('0' + v % 10); v /= 10; } while (v);
    while (n) *p++ = digits[--n];
    return p;
}

static char *put_hex(char *p, unsigned long v) {
    static const char hex[] = "0123456789abcdef";
    char digits[20];
    int n = 0;
    *p++ = '0';
    *p++ = 'x';
    do { digits[n++] = hex[v & 15]; v >>= 4; } while (v);
    while (n) *p++ = digits[--n];
    return p;
}

static void flush_now(void);
static void before_fork(void);
static void after_fork_parent(void);
static void after_fork_child(void);
static int registered;       /* the exit and fork handlers, registered at the first call (not in a constructor,
                                which not every compiler honours) and inherited by forked children */

static void write_all(const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            disabled = 1;
            return;
        }
        p += w;
        n -= (size_t) w;
    }
}

static void flush_locked(void) {
    if (used > 0 && fd >= 0 && !disabled) write_all(buffer, used);
    used = 0;
}

/* Opens this process's file: <dir>/<pid>.<n>.txt, the first n not taken (an exec keeps the pid). */
static void open_locked(void) {
    const char *dir = getenv("HEAPLAB_MALLOC_DIR");
    pid_t pid = getpid();
    if (dir == NULL || *dir == '\0' || strlen(dir) > 3800) { disabled = 1; return; }
    char path[4096];
    for (unsigned n = 0; n < 10000 && fd < 0; n++) {
        char *p = put_str(path, dir);
        p = put_str(p, "/");
        p = put_dec(p, (unsigned long) pid);
        p = put_str(p, ".");
        p = put_dec(p, n);
        p = put_str(p, ".txt");
        *p = '\0';
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) { disabled = 1; return; }
    owner = pid;
    if (!registered) {
        registered = 1;
        atexit(flush_now);
        pthread_atfork(before_fork, after_fork_parent, after_fork_child);
    }
    char exe[2048];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[len > 0 ? len : 0] = '\0';
    char *p = put_str(buffer + used, "# heaplab-capture pid ");
    p = put_dec(p, (unsigned long) pid);
    p = put_str(p, " ppid ");
    p = put_dec(p, (unsigned long) getppid());
    p = put_str(p, " exe ");
    used = (size_t) (p - buffer);
    flush_locked();
    write_all(exe, strlen(exe));
    write_all("\n", 1);
}

/* Appends one line: op, then up to three numbers, each hex (h) or decimal (d) as `kinds` says. */
static void record(const char *op, const char *kinds, unsigned long a, unsigned long b, unsigned long c) {
    if (inside || disabled) return;
    inside = 1;
    pthread_mutex_lock(&lock);
    if (fd >= 0 && owner != getpid()) { /* a child that inherited the descriptor without a fork handler */
        close(fd);
        fd = -1;
        used = 0;
    }
    if (fd < 0) open_locked();
    if (!disabled) {
        if (used + LINE_BYTES > BUFFER_BYTES) flush_locked();
        char *p = put_dec(buffer + used, (unsigned long) syscall(SYS_gettid));
        p = put_str(p, ": ");
        p = put_str(p, op);
        unsigned long values[3] = {a, b, c};
        for (int i = 0; kinds[i]; i++) {
            *p++ = ' ';
            p = kinds[i] == 'h' ? put_hex(p, values[i]) : put_dec(p, values[i]);
        }
        *p++ = '\n';
        used = (size_t) (p - buffer);
    }
    pthread_mutex_unlock(&lock);
    inside = 0;
}

static void flush_now(void) {
    int was = inside;
    inside = 1;
    pthread_mutex_lock(&lock);
    if (fd >= 0 && owner == getpid()) flush_locked();
    pthread_mutex_unlock(&lock);
    inside = was;
}

static void before_fork(void) {
    inside = 1;
    pthread_mutex_lock(&lock);
    if (fd >= 0 && owner == getpid()) flush_locked();
}

static void after_fork_parent(void) {
    pthread_mutex_unlock(&lock);
    inside = 0;
}

static void after_fork_child(void) {
    if (fd >= 0) close(fd);
    fd = -1;
    used = 0;
    pthread_mutex_unlock(&lock);
    inside = 0;
}


void *malloc(size_t size) {
    void *p = __libc_malloc(size);
    record("malloc", "hd", (unsigned long) p, size, 0);
    return p;
}

void *calloc(size_t nmemb, size_t size) {
    void *p = __libc_calloc(nmemb, size);
    record("calloc", "hdd", (unsigned long) p, nmemb, size);
    return p;
}

void *realloc(void *old, size_t size) {
    void *p = __libc_realloc(old, size);
    record("realloc", "hhd", (unsigned long) p, (unsigned long) old, size);
    return p;
}

void free(void *p) {
    if (p == NULL) return;
    record("free", "h", (unsigned long) p, 0, 0);
    __libc_free(p);
}

void *memalign(size_t alignment, size_t size) {
    void *p = __libc_memalign(alignment, size);
    record("memalign", "hdd", (unsigned long) p, alignment, size);
    return p;
}

void *aligned_alloc(size_t alignment, size_t size) {
    return memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(alignment, size);
    record("memalign", "hdd", (unsigned long) p, alignment, size);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}

void *valloc(size_t size) {
    return memalign((size_t) sysconf(_SC_PAGESIZE), size);
}

void *pvalloc(size_t size) {
    size_t page = (size_t) sysconf(_SC_PAGESIZE);
    return memalign(page, (size + page - 1) / page * page);
}

/* exec discards the buffer: write it out first. */
typedef int (*execve_fn)(const char *, char *const[], char *const[]);
typedef int (*execvp_fn)(const char *, char *const[]);
typedef int (*execvpe_fn)(const char *, char *const[], char *const[]);

int execve(const char *path, char *const argv[], char *const envp[]) {
    flush_now();
    return ((execve_fn) dlsym(RTLD_NEXT, "execve"))(path, argv, envp);
}

int execv(const char *path, char *const argv[]) {
    flush_now();
    return ((execvp_fn) dlsym(RTLD_NEXT, "execv"))(path, argv);
}

int execvp(const char *file, char *const argv[]) {
    flush_now();
    return ((execvp_fn) dlsym(RTLD_NEXT, "execvp"))(file, argv);
}

int execvpe(const char *file, char *const argv[], char *const envp[]) {
    flush_now();
    return ((execvpe_fn) dlsym(RTLD_NEXT, "execvpe"))(file, argv, envp);
}

/* _exit skips the destructors: write the buffer out first (a forked child often ends this way). */
void _exit(int status) {
    flush_now();
    for (;;) syscall(SYS_exit_group, status);
}

void _Exit(int status) {
    _exit(status);
}
