// The playground module's allocator: Embedded Swift on wasm32-unknown-none has no libc, and the
// CSS export allocates arrays and strings on every call. Power-of-two size classes (16 B to
// 2^30 B) with one free list each: a freed block goes back to its class, so a page that calls
// the module thousands of times reuses the same blocks instead of growing memory without bound.
// Each block carries a 16-byte header with its class; pages come from memory.grow.
typedef __SIZE_TYPE__ size_t;
typedef __UINTPTR_TYPE__ uintptr_t;

#define HEADER 16
#define CLASSES 27  // 16 B << 0 … 16 B << 26 = 1 GiB

static void *free_lists[CLASSES];
static uintptr_t next_free = 0, end_of_arena = 0;

static int class_of(size_t size) {
  int c = 0;
  size_t capacity = 16;
  while (capacity < size) {
    capacity <<= 1;
    if (++c == CLASSES) return -1;
  }
  return c;
}

// Carves `size` bytes aligned to `alignment` (a power of two, at least 16) from fresh memory.
static void *carve(size_t size, size_t alignment) {
  uintptr_t start = (next_free + alignment - 1) & ~(uintptr_t)(alignment - 1);
  if (next_free == 0 || start + size > end_of_arena) {
    size_t pages = (size + alignment + 65535) / 65536 + 4;
    long old = __builtin_wasm_memory_grow(0, pages);
    if (old < 0) return 0;
    uintptr_t base = (uintptr_t)old * 65536;
    if (next_free == 0 || base != end_of_arena) next_free = base;
    end_of_arena = base + pages * 65536;
    start = (next_free + alignment - 1) & ~(uintptr_t)(alignment - 1);
  }
  next_free = start + size;
  return (void *)start;
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment < 16) alignment = 16;
  if (alignment > 65536) return 22;  // EINVAL: never requested by Swift
  int c = class_of(size == 0 ? 1 : size);
  if (c < 0) return 12;  // ENOMEM
  size_t capacity = (size_t)16 << c;
  // Blocks of one class share one alignment: the larger of 16 and the request's, so a block
  // from the free list is reusable only when its payload happens to be aligned enough.
  void **list = &free_lists[c];
  for (void **link = list; *link; link = (void **)*link) {
    if (((uintptr_t)*link & (alignment - 1)) == 0) {
      void *block = *link;
      *link = *(void **)block;
      *result = block;
      return 0;
    }
  }
  // Header before the payload: keep the payload aligned by padding the header to `alignment`.
  size_t header = alignment > HEADER ? alignment : HEADER;
  char *raw = carve(header + capacity, alignment);
  if (!raw) return 12;
  char *payload = raw + header;
  *(int *)(payload - HEADER) = c;
  *result = payload;
  return 0;
}

void *malloc(size_t size) {
  void *p = 0;
  return posix_memalign(&p, 16, size) == 0 ? p : 0;
}

void free(void *pointer) {
  if (!pointer) return;
  int c = *(int *)((char *)pointer - HEADER);
  *(void **)pointer = free_lists[c];
  free_lists[c] = pointer;
}

// The one compiler-rt builtin the module needs and wasm32-unknown-none has no library for: the
// low 128 bits of a 128-bit product (the overflow check of a 64-bit multiplication). Operands and
// result are pairs of 64-bit halves, low half first, as the wasm32 C ABI passes __int128.
typedef unsigned long long u64;
typedef struct { u64 low, high; } u128;

u128 __multi3(u64 a_low, u64 a_high, u64 b_low, u64 b_high) {
  u64 a0 = a_low & 0xffffffffu, a1 = a_low >> 32, b0 = b_low & 0xffffffffu, b1 = b_low >> 32;
  u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  u64 middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  u128 r;
  r.low = (middle << 32) | (p00 & 0xffffffffu);
  r.high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + a_low * b_high + a_high * b_low;
  return r;
}
