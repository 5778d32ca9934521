/*
 * lru-profile TRACE MAX_SIZE SIZE...: runs libCacheSim's exact LRU profiler (profiler/profilerLRU.c: every
 * request's reuse distance from a splay tree, one pass, every cache size up to MAX_SIZE at once) over an
 * oracleGeneral trace, counting objects as cachesim does with --ignore-obj-size 1, and prints each SIZE asked for
 * with its miss count, one per line. Built against the same libCacheSim build as cachesim by cachesim-build.sh.
 */
#include <stdio.h>
#include <stdlib.h>

#include "libCacheSim.h"

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: lru-profile TRACE MAX_SIZE SIZE...\n");
    return 2;
  }
  gint64 max = atoll(argv[2]);
  if (max < 1) {
    fprintf(stderr, "lru-profile: MAX_SIZE %s (expected: a positive whole number)\n", argv[2]);
    return 2;
  }
  reader_init_param_t params = default_reader_init_params();
  reader_t *reader = setup_reader(argv[1], ORACLE_GENERAL_TRACE, &params);
  /* element s: requests that miss in an LRU cache of s objects (the profiler counts the trace first) */
  guint64 *misses = _get_lru_miss_cnt(reader, max);
  for (int i = 3; i < argc; i++) {
    long long size = atoll(argv[i]);
    if (size < 0 || size > max) {
      fprintf(stderr, "lru-profile: size %s (expected: 0..%lld)\n", argv[i], (long long)max);
      return 2;
    }
    printf("%lld %llu\n", size, (unsigned long long)misses[size]);
  }
  g_free(misses);
  close_reader(reader);
  return 0;
}
