// The program's operator new and delete, served by mimalloc (Debian
// libmimalloc-dev) where the build found it (TRICKREF_MIMALLOC; never under
// the sanitizers, which bring their own allocator).
//
// Why: refereeing an archive makes and frees a few small blocks a hand (a
// hand's summary, its lists), thousands of times a second on each thread,
// and under -j a block made on a worker is freed on the thread that emits
// its report. glibc's malloc spent about 9% of `validate -q`'s time there
// (its thread cache holds only 7 blocks of a size; mimalloc keeps a free
// list for every page). See README, "Dependencies".
//
// Linking the shared library serves C's malloc too (it exports malloc and
// free, and is loaded ahead of libc). New and delete are replaced here
// rather than taken from the library because its operator new aborts on
// a failed allocation, where it cannot throw: here a failed allocation
// still throws std::bad_alloc, which the command reports as "out of
// memory" (HostileOutput.OutOfMemoryWithSeveralJobsIsReportedAsWithOne).

#include <mimalloc.h>

#include <cstddef>
#include <new>

namespace {

void* take(std::size_t n) {
  void* const p = mi_malloc(n);
  if (p == nullptr) [[unlikely]] {
    throw std::bad_alloc();
  }
  return p;
}

void* take_aligned(std::size_t n, std::align_val_t a) {
  void* const p = mi_malloc_aligned(n, static_cast<std::size_t>(a));
  if (p == nullptr) [[unlikely]] {
    throw std::bad_alloc();
  }
  return p;
}

}  // namespace

// NOLINTBEGIN(misc-new-delete-overloads): the full set of replaceable forms
void* operator new(std::size_t n) { return take(n); }
void* operator new[](std::size_t n) { return take(n); }
void* operator new(std::size_t n, const std::nothrow_t& /*tag*/) noexcept { return mi_malloc(n); }
void* operator new[](std::size_t n, const std::nothrow_t& /*tag*/) noexcept { return mi_malloc(n); }
void* operator new(std::size_t n, std::align_val_t a) { return take_aligned(n, a); }
void* operator new[](std::size_t n, std::align_val_t a) { return take_aligned(n, a); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t& /*tag*/) noexcept {
  return mi_malloc_aligned(n, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t& /*tag*/) noexcept {
  return mi_malloc_aligned(n, static_cast<std::size_t>(a));
}

void operator delete(void* p) noexcept { mi_free(p); }
void operator delete[](void* p) noexcept { mi_free(p); }
void operator delete(void* p, std::size_t /*n*/) noexcept { mi_free(p); }
void operator delete[](void* p, std::size_t /*n*/) noexcept { mi_free(p); }
void operator delete(void* p, const std::nothrow_t& /*tag*/) noexcept { mi_free(p); }
void operator delete[](void* p, const std::nothrow_t& /*tag*/) noexcept { mi_free(p); }
void operator delete(void* p, std::align_val_t /*a*/) noexcept { mi_free(p); }
void operator delete[](void* p, std::align_val_t /*a*/) noexcept { mi_free(p); }
void operator delete(void* p, std::size_t /*n*/, std::align_val_t /*a*/) noexcept { mi_free(p); }
void operator delete[](void* p, std::size_t /*n*/, std::align_val_t /*a*/) noexcept { mi_free(p); }
void operator delete(void* p, std::align_val_t /*a*/, const std::nothrow_t& /*tag*/) noexcept { mi_free(p); }
void operator delete[](void* p, std::align_val_t /*a*/, const std::nothrow_t& /*tag*/) noexcept { mi_free(p); }
// NOLINTEND(misc-new-delete-overloads)
