// A bump allocator for the wasm32 determinism build: Embedded Swift on wasm32-unknown-none has no
// libc, but the batch digest allocates its engine (classes and arrays). Pages come from
// memory.grow and are never returned (the program runs once and exits). Linked only into the
// wasm32 build (see .ci/determinism.sh); native builds use the system allocator.
typedef __SIZE_TYPE__ size_t;
typedef __UINTPTR_TYPE__ uintptr_t;

static uintptr_t next_free = 0, end_of_arena = 0;

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment < 16) alignment = 16;
  if (size == 0) size = 1;
  uintptr_t start = (next_free + alignment - 1) & ~(uintptr_t)(alignment - 1);
  if (next_free == 0 || start + size > end_of_arena) {
    size_t pages = (size + alignment + 65535) / 65536 + 16;
    long old = __builtin_wasm_memory_grow(0, pages);
    if (old < 0) return 12;  // ENOMEM
    uintptr_t base = (uintptr_t)old * 65536;
    if (next_free == 0 || base != end_of_arena) next_free = base;
    end_of_arena = base + pages * 65536;
    start = (next_free + alignment - 1) & ~(uintptr_t)(alignment - 1);
  }
  *result = (void *)start;
  next_free = start + size;
  return 0;
}

void *malloc(size_t size) {
  void *p = 0;
  return posix_memalign(&p, 16, size) == 0 ? p : 0;
}

void free(void *pointer) { (void)pointer; }
