// LD_PRELOAD malloc counter for `hooke-bench scene`'s allocation check (not part of the package
// build).
// Build: cc -shared -fPIC -O2 -o /tmp/libmalloc_counter.so Benchmarks/malloc-counter/malloc_counter.c -ldl
// Run:   LD_PRELOAD=/tmp/libmalloc_counter.so .build/release/hooke-bench scene 1000000 30
// `hooke-bench scene` finds `hooke_malloc_count` with dlsym and prints allocations per frame.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

static unsigned long long count = 0;
unsigned long long hooke_malloc_count(void) { return __atomic_load_n(&count, __ATOMIC_RELAXED); }

static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);

// calloc is used by dlsym itself: serve it from a static buffer until resolved.
static char bootstrap[4096];
static size_t bootstrap_used = 0;

void *malloc(size_t n) {
  if (!real_malloc) real_malloc = dlsym(RTLD_NEXT, "malloc");
  __atomic_add_fetch(&count, 1, __ATOMIC_RELAXED);
  return real_malloc(n);
}
void *calloc(size_t a, size_t b) {
  if (!real_calloc) {
    static int resolving = 0;
    if (resolving) {
      void *p = bootstrap + bootstrap_used;
      bootstrap_used += (a * b + 15) & ~(size_t)15;
      return p;
    }
    resolving = 1;
    real_calloc = dlsym(RTLD_NEXT, "calloc");
    resolving = 0;
  }
  __atomic_add_fetch(&count, 1, __ATOMIC_RELAXED);
  return real_calloc(a, b);
}
void *realloc(void *p, size_t n) {
  if (!real_realloc) real_realloc = dlsym(RTLD_NEXT, "realloc");
  __atomic_add_fetch(&count, 1, __ATOMIC_RELAXED);
  return real_realloc(p, n);
}
int posix_memalign(void **p, size_t a, size_t n) {
  if (!real_posix_memalign) real_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
  __atomic_add_fetch(&count, 1, __ATOMIC_RELAXED);
  return real_posix_memalign(p, a, n);
}
void *aligned_alloc(size_t a, size_t n) {
  if (!real_aligned_alloc) real_aligned_alloc = dlsym(RTLD_NEXT, "aligned_alloc");
  __atomic_add_fetch(&count, 1, __ATOMIC_RELAXED);
  return real_aligned_alloc(a, n);
}
