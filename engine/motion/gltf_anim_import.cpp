#include "motion/gltf_anim_import.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <functional>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <tiny_gltf.h>

#include "core/file_io.h"
#include "core/json.h"
#include "core/json_util.h"
#include "motion/decimate.h"

namespace cf {
namespace {

namespace tg = tinygltf;

bool skip_image(tg::Image*, const int, std::string*, std::string*, int, int, const unsigned char*, int, void*) {
  return true;
}
// File callbacks that never open anything: a buffer or image named by the file's content is refused.
bool no_file_exists(const std::string&, void*) { return false; }
std::string no_expand(const std::string& p, void*) { return p; }
bool no_read(std::vector<unsigned char>*, std::string* err, const std::string&, void*) {
  if (err) *err = "external files are not read (embed the buffers, or use .glb)";
  return false;
}
bool no_write(std::string*, const std::string&, const std::vector<unsigned char>&, void*) { return false; }

std::uint32_t u32le(const std::string& b, std::size_t at) {
  std::uint32_t v = 0;
  for (int k = 3; k >= 0; --k) v = (v << 8) | static_cast<unsigned char>(b[at + static_cast<std::size_t>(k)]);
  return v;
}

// The JSON text of a .glb (its first chunk) or the whole .gltf; an error for a damaged container.
Result<std::string> json_text(const std::string& bytes, const std::string& file, bool* binary) {
  *binary = bytes.size() >= 4 && bytes.compare(0, 4, "glTF") == 0;
  if (!*binary) return bytes;
  if (bytes.size() < 20) return Error{file, "header", "truncated (shorter than a GLB header)"};
  if (u32le(bytes, 4) != 2) return Error{file, "header", "GLB version " + std::to_string(u32le(bytes, 4)) + " (only 2 is read)"};
  if (u32le(bytes, 8) != bytes.size())
    return Error{file, "header", "truncated or padded: the header says " + std::to_string(u32le(bytes, 8)) +
                                     " bytes, the file has " + std::to_string(bytes.size())};
  const std::uint32_t len = u32le(bytes, 12);
  if (len > bytes.size() - 20) return Error{file, "JSON chunk", "longer than the file"};
  if (u32le(bytes, 16) != 0x4E4F534Au) return Error{file, "JSON chunk", "the first chunk is not JSON"};
  return bytes.substr(20, len);
}

// Floats of an accessor (float components only), count x n values; every offset checked against its buffer.
Result<std::vector<float>> read_floats(const tg::Model& m, int index, int n, const std::string& file,
                                       const std::string& where) {
  if (index < 0 || static_cast<std::size_t>(index) >= m.accessors.size()) return Error{file, where, "no such accessor"};
  const tg::Accessor& a = m.accessors[static_cast<std::size_t>(index)];
  if (a.componentType != TINYGLTF_COMPONENT_TYPE_FLOAT)
    return Error{file, where, "keys must be floats (component type " + std::to_string(a.componentType) + ")"};
  const int comps = a.type == TINYGLTF_TYPE_SCALAR ? 1 : a.type == TINYGLTF_TYPE_VEC3 ? 3 : a.type == TINYGLTF_TYPE_VEC4 ? 4 : 0;
  if (comps != n) return Error{file, where, "has " + std::to_string(comps) + " components, not " + std::to_string(n)};
  if (a.bufferView < 0 || static_cast<std::size_t>(a.bufferView) >= m.bufferViews.size())
    return Error{file, where, "no buffer view (sparse accessors are not read)"};
  const tg::BufferView& v = m.bufferViews[static_cast<std::size_t>(a.bufferView)];
  if (v.buffer < 0 || static_cast<std::size_t>(v.buffer) >= m.buffers.size()) return Error{file, where, "no such buffer"};
  const std::vector<unsigned char>& data = m.buffers[static_cast<std::size_t>(v.buffer)].data;
  const std::size_t elem = 4u * static_cast<std::size_t>(n);
  const std::size_t stride = v.byteStride ? v.byteStride : elem;
  if (stride < elem || a.count > data.size()) return Error{file, where, "bad stride or count"};
  const std::size_t start = v.byteOffset + a.byteOffset;
  if (a.count == 0) return std::vector<float>{};
  const std::size_t need = start + (a.count - 1) * stride + elem;
  if (v.byteOffset > data.size() || a.byteOffset > v.byteLength || need > data.size() || need - v.byteOffset > v.byteLength)
    return Error{file, where, "reaches past its buffer"};
  std::vector<float> out(a.count * static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < a.count; ++i) std::memcpy(&out[i * static_cast<std::size_t>(n)], &data[start + i * stride], elem);
  for (float f : out)
    if (!std::isfinite(f)) return Error{file, where, "NaN or infinite key"};
  return out;
}

// One animation channel, read and checked.
struct Track {
  int node = 0;
  int path = 0;  // 0 translation, 1 rotation, 2 scale
  int interp = 0;  // 0 linear, 1 step, 2 cubic spline
  std::vector<float> times;
  std::vector<float> values;  // per key: n values (cubic: in-tangent, value, out-tangent)
};

glm::vec4 track_value(const Track& t, double time) {
  const int n = t.path == 1 ? 4 : 3;
  const std::size_t keys = t.times.size();
  const std::size_t stride = static_cast<std::size_t>(t.interp == 2 ? 3 * n : n);
  const std::size_t off = static_cast<std::size_t>(t.interp == 2 ? n : 0);
  auto at = [&](std::size_t k, std::size_t o) {
    glm::vec4 r(0.0f);
    for (int c = 0; c < n; ++c) r[c] = t.values[k * stride + o + static_cast<std::size_t>(c)];
    return r;
  };
  // Compared as the keys' floats: a time just below the last key in double precision can round onto it,
  // and the key after it would be read past the end.
  const float tf = static_cast<float>(time);
  if (keys == 1 || tf <= t.times[0]) return at(0, off);
  if (tf >= t.times[keys - 1]) return at(keys - 1, off);
  const std::size_t k1 = std::clamp<std::size_t>(
      static_cast<std::size_t>(std::upper_bound(t.times.begin(), t.times.end(), tf) - t.times.begin()), 1, keys - 1);
  const std::size_t k0 = k1 - 1;
  const double dt = static_cast<double>(t.times[k1]) - t.times[k0];
  const float s = dt > 0.0 ? static_cast<float>(std::clamp((time - t.times[k0]) / dt, 0.0, 1.0)) : 0.0f;
  if (t.interp == 1) return at(k0, off);
  if (t.interp == 2) {
    const float s2 = s * s, s3 = s2 * s, d = static_cast<float>(dt);
    glm::vec4 r = (2 * s3 - 3 * s2 + 1) * at(k0, off) + (s3 - 2 * s2 + s) * d * at(k0, 2u * static_cast<std::size_t>(n)) +
                  (-2 * s3 + 3 * s2) * at(k1, off) + (s3 - s2) * d * at(k1, 0);
    return r;
  }
  const glm::vec4 a = at(k0, off), b = at(k1, off);
  if (n == 3) return a + (b - a) * s;
  glm::quat qa(a.w, a.x, a.y, a.z), qb(b.w, b.x, b.y, b.z);
  if (glm::dot(qa, qb) < 0.0f) qb = -qb;
  const glm::quat q = glm::slerp(qa, qb, s);
  return {q.x, q.y, q.z, q.w};
}

// The rig: nodes' rest TRS, parents, an order with parents first.
struct Nodes {
  std::vector<int> parent, order;
  std::vector<glm::vec3> t, s;
  std::vector<glm::quat> r;
  std::vector<glm::mat4> fixed;  // a node given by a matrix (never animated)
  std::vector<char> has_matrix;
  std::vector<std::string> names;
};

glm::quat quat_of(const glm::vec4& v) {  // glTF stores x, y, z, w
  glm::quat q(v.w, v.x, v.y, v.z);
  const float l = glm::length(q);
  return l > 1e-8f && std::isfinite(l) ? q / l : glm::quat(1, 0, 0, 0);
}

// World matrices of every node for the given local TRS.
void world_matrices(const Nodes& n, const std::vector<glm::vec3>& t, const std::vector<glm::quat>& r,
                    const std::vector<glm::vec3>& s, std::vector<glm::mat4>* out) {
  out->resize(n.parent.size());
  for (int i : n.order) {
    const auto u = static_cast<std::size_t>(i);
    glm::mat4 local = n.has_matrix[u] ? n.fixed[u]
                                      : glm::translate(glm::mat4(1.0f), t[u]) * glm::mat4_cast(r[u]) *
                                            glm::scale(glm::mat4(1.0f), s[u]);
    (*out)[u] = n.parent[u] < 0 ? local : (*out)[static_cast<std::size_t>(n.parent[u])] * local;
  }
}

glm::quat rotation_of(const glm::mat4& m) {
  glm::vec3 x(m[0]), y(m[1]);
  if (glm::length(x) < 1e-9f || glm::length(y) < 1e-9f) return glm::quat(1, 0, 0, 0);
  x = glm::normalize(x);
  y = y - glm::dot(y, x) * x;
  if (glm::length(y) < 1e-9f) return glm::quat(1, 0, 0, 0);
  y = glm::normalize(y);
  return glm::normalize(glm::quat_cast(glm::mat3(x, y, glm::cross(x, y))));
}

std::string lower_name(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The joint tree of the skin, in the clip's frame at rest, and what it is.
struct Plan {
  std::vector<int> node;                 // joint -> node
  std::vector<int> parent;               // joint -> parent joint (-1)
  std::vector<std::vector<int>> children;
  std::vector<glm::vec3> rest;           // joint positions, clip frame (origin on the ground under the hips)
  glm::mat3 frame{1.0f};                 // world -> clip frame rotation
  glm::vec3 origin{0.0f};                // world point of the clip frame's origin
  float height = 0.0f;
  float size = 0.0f;                     // largest extent of the rest pose
  struct Limb {
    std::vector<int> chain;  // joints top .. leaf
    int knee = 0, contact = 0;  // indices into chain
    int side = 0;
    float upper = 0, lower = 0, end = 0;
    bool wing = false;
  };
  std::vector<Limb> legs, wings;
  int leg[2] = {-1, -1}, arm[2] = {-1, -1};  // chosen: indices into legs (or wings when arms_are_wings)
  bool arms_are_wings = false;
  int hips = 0, chest_top = -1, waist_top = -1, head_leaf = -1, tail_leaf = -1;
  bool legless = true;
  GltfBodyPlan out;
};

float chain_length(const std::vector<glm::vec3>& p, const std::vector<int>& chain, int a, int b) {
  float l = 0.0f;
  for (int k = a; k < b; ++k)
    l += glm::length(p[static_cast<std::size_t>(chain[static_cast<std::size_t>(k + 1)])] - p[static_cast<std::size_t>(chain[static_cast<std::size_t>(k)])]);
  return l;
}

// Middle joint of chain[0..c] farthest from the line top-contact (the knee or elbow).
int bend_joint(const std::vector<glm::vec3>& p, const std::vector<int>& chain, int c) {
  const glm::vec3 a = p[static_cast<std::size_t>(chain[0])], b = p[static_cast<std::size_t>(chain[static_cast<std::size_t>(c)])];
  const glm::vec3 ab = b - a;
  const float l2 = glm::dot(ab, ab);
  int best = std::max(1, c / 2);
  float best_d = -1.0f;
  for (int k = 1; k < c; ++k) {
    const glm::vec3 q = p[static_cast<std::size_t>(chain[static_cast<std::size_t>(k)])] - a;
    const glm::vec3 perp = l2 > 0.0f ? q - ab * (glm::dot(q, ab) / l2) : q;
    if (glm::length(perp) > best_d) best_d = glm::length(perp), best = k;
  }
  return best;
}

int lca(const std::vector<int>& parent, int a, int b) {
  std::vector<char> seen(parent.size(), 0);
  for (int x = a; x >= 0; x = parent[static_cast<std::size_t>(x)]) seen[static_cast<std::size_t>(x)] = 1;
  for (int x = b; x >= 0; x = parent[static_cast<std::size_t>(x)])
    if (seen[static_cast<std::size_t>(x)]) return x;
  return a;
}

// Joints from 'from' down to 'to' (from must be an ancestor of to; else just {to}).
std::vector<int> path_down(const std::vector<int>& parent, int from, int to) {
  std::vector<int> up;
  for (int x = to; x >= 0; x = parent[static_cast<std::size_t>(x)]) {
    up.push_back(x);
    if (x == from) break;
  }
  if (up.back() != from) return {to};
  std::reverse(up.begin(), up.end());
  return up;
}

Result<Plan> find_plan(const Nodes& nodes, const std::vector<glm::mat4>& rest_world, const tg::Skin& skin,
                       const std::string& file, const RigMap& map) {
  Plan p;
  const int nn = static_cast<int>(nodes.parent.size());
  std::vector<int> joint_of(static_cast<std::size_t>(nn), -1);
  for (int j : skin.joints) {
    if (j < 0 || j >= nn) return Error{file, "skins[0].joints", "names a node that does not exist"};
    if (joint_of[static_cast<std::size_t>(j)] >= 0) return Error{file, "skins[0].joints", "lists a node twice"};
    joint_of[static_cast<std::size_t>(j)] = static_cast<int>(p.node.size());
    p.node.push_back(j);
  }
  const int n = static_cast<int>(p.node.size());
  if (n < 2) return Error{file, "skins[0].joints", "fewer than two joints"};
  p.parent.assign(static_cast<std::size_t>(n), -1);
  p.children.assign(static_cast<std::size_t>(n), {});
  for (int j = 0; j < n; ++j) {
    for (int a = nodes.parent[static_cast<std::size_t>(p.node[static_cast<std::size_t>(j)])]; a >= 0; a = nodes.parent[static_cast<std::size_t>(a)])
      if (joint_of[static_cast<std::size_t>(a)] >= 0) {
        p.parent[static_cast<std::size_t>(j)] = joint_of[static_cast<std::size_t>(a)];
        break;
      }
    if (p.parent[static_cast<std::size_t>(j)] >= 0) p.children[static_cast<std::size_t>(p.parent[static_cast<std::size_t>(j)])].push_back(j);
  }
  std::vector<glm::vec3> w(static_cast<std::size_t>(n));
  for (int j = 0; j < n; ++j) w[static_cast<std::size_t>(j)] = glm::vec3(rest_world[static_cast<std::size_t>(p.node[static_cast<std::size_t>(j)])][3]);
  float lo = 1e30f, hi = -1e30f;
  for (const glm::vec3& v : w) lo = std::min(lo, v.y), hi = std::max(hi, v.y);
  const float H = hi - lo;
  if (!(H > 1e-6f) || !std::isfinite(H)) return Error{file, "skins[0]", "the rest pose has no height (every joint at one level)"};
  p.height = H;
  // The body's size: its largest extent (a snake lying flat is long, not high).
  glm::vec3 bmin(1e30f), bmax(-1e30f);
  for (const glm::vec3& v : w) bmin = glm::min(bmin, v), bmax = glm::max(bmax, v);
  const float S = std::max({H, bmax.x - bmin.x, bmax.z - bmin.z});
  p.size = S;
  // Within this of the middle plane a joint is central (a bird's wingspan does not widen it).
  const float C = 0.05f * std::max(std::min(S, 2.0f * H), 0.2f * S);

  // Left and right: the horizontal axis (x or z) the rest pose is most nearly mirrored across.
  float score[2] = {0, 0}, centre[2] = {0, 0};
  for (int ax = 0; ax < 2; ++ax) {
    const int c = ax == 0 ? 0 : 2;
    for (const glm::vec3& v : w) centre[ax] += v[c] / static_cast<float>(n);
    for (const glm::vec3& v : w) {
      glm::vec3 m = v;
      m[c] = 2.0f * centre[ax] - v[c];
      float best = 1e30f;
      for (const glm::vec3& o : w) best = std::min(best, glm::length(m - o));
      score[ax] += best;
    }
  }
  const int lat = score[0] <= score[1] ? 0 : 2, along = lat == 0 ? 2 : 0;
  const float lat_c = centre[lat == 0 ? 0 : 1];
  // Forward: the end of the body with more central leaves (a head's nose, jaw and ears against a tail's
  // one tip), split at the joints' centroid; then a joint named head; then glTF's convention (+Z).
  float amin = 1e30f, amax = -1e30f, amid = 0.0f;
  for (const glm::vec3& v : w) amin = std::min(amin, v[along]), amax = std::max(amax, v[along]), amid += v[along] / static_cast<float>(n);
  int front = 0, back = 0;
  for (int j = 0; j < n; ++j) {
    const glm::vec3& v = w[static_cast<std::size_t>(j)];
    if (!p.children[static_cast<std::size_t>(j)].empty() || std::fabs(v[lat] - lat_c) > C) continue;
    if (v[along] > amid + 0.05f * S) ++front;
    if (v[along] < amid - 0.05f * S) ++back;
  }
  float sign = 1.0f;
  p.out.forward_from = "leaves";
  if (front == back) {
    p.out.forward_from = "convention";
    for (int j = 0; j < n; ++j)
      if (lower_name(nodes.names[static_cast<std::size_t>(p.node[static_cast<std::size_t>(j)])]).find("head") != std::string::npos) {
        sign = w[static_cast<std::size_t>(j)][along] >= 0.5f * (amin + amax) ? 1.0f : -1.0f;
        p.out.forward_from = "names";
        break;
      }
  } else {
    sign = front > back ? 1.0f : -1.0f;
  }
  glm::vec3 fwd(0.0f), up(0, 1, 0);
  fwd[along] = sign;
  const glm::vec3 left = glm::cross(up, fwd);
  p.frame = glm::transpose(glm::mat3(left, up, fwd));  // rows: left, up, forward
  p.rest.resize(static_cast<std::size_t>(n));
  for (int j = 0; j < n; ++j) p.rest[static_cast<std::size_t>(j)] = p.frame * w[static_cast<std::size_t>(j)];
  std::vector<glm::vec3>& r = p.rest;
  for (glm::vec3& v : r) v.y -= lo;
  float mid_x = 0.0f;
  for (const glm::vec3& v : r) mid_x += v.x / static_cast<float>(n);

  std::vector<float> ys;
  for (const glm::vec3& v : r) ys.push_back(v.y);
  std::nth_element(ys.begin(), ys.begin() + static_cast<long>(ys.size() / 2), ys.end());
  const float med_y = ys[ys.size() / 2];  // the body's middle height (wings and ears aside)
  // Limbs: chains of single-child joints ending in a leaf. Legs reach down to the ground from high up.
  std::vector<int> in_leg(static_cast<std::size_t>(n), 0);
  for (int leaf = 0; leaf < n; ++leaf) {
    if (!p.children[static_cast<std::size_t>(leaf)].empty()) continue;
    std::vector<int> chain{leaf};
    for (int a = p.parent[static_cast<std::size_t>(leaf)]; a >= 0 && p.children[static_cast<std::size_t>(a)].size() == 1;
         a = p.parent[static_cast<std::size_t>(a)])
      chain.insert(chain.begin(), a);
    if (chain.size() < 3) continue;
    const glm::vec3 top = r[static_cast<std::size_t>(chain.front())];
    float low = 1e30f;
    for (int j : chain) low = std::min(low, r[static_cast<std::size_t>(j)].y);
    float high = -1e30f;
    for (int j : chain) high = std::max(high, r[static_cast<std::size_t>(j)].y);
    const bool lateral = std::max(std::fabs(top.x - mid_x), std::fabs(r[static_cast<std::size_t>(leaf)].x - mid_x)) > 0.03f * H;
    // A leg stands: from the ground up to half the joints' median height, rising at least 15% of its
    // own length (a snake's tail lies along the ground).
    if (low > 0.12f * H || high < 0.5f * med_y || high - low < 0.15f * chain_length(r, chain, 0, static_cast<int>(chain.size()) - 1) || !lateral) continue;
    // Joints at the body's middle (a spider's leg anchors) are body, not leg: the leg starts off it.
    while (chain.size() > 4 && std::fabs(r[static_cast<std::size_t>(chain.front())].x - mid_x) < 0.02f * S) chain.erase(chain.begin());
    Plan::Limb l;
    l.chain = chain;
    l.contact = static_cast<int>(chain.size()) - 1;
    for (int k = 0; k < static_cast<int>(chain.size()); ++k)
      if (r[static_cast<std::size_t>(chain[static_cast<std::size_t>(k)])].y - low < 0.03f * H) {
        l.contact = k;
        break;
      }
    if (l.contact < 2) continue;
    l.knee = bend_joint(r, chain, l.contact);
    l.upper = chain_length(r, chain, 0, l.knee);
    l.lower = chain_length(r, chain, l.knee, l.contact);
    l.end = chain_length(r, chain, l.contact, static_cast<int>(chain.size()) - 1);
    if (!(l.end > 1e-4f)) l.end = 0.25f * l.lower;  // the contact is the leaf: a foot a quarter of the shin
    l.side = r[static_cast<std::size_t>(chain[static_cast<std::size_t>(l.contact)])].x >= mid_x ? 0 : 1;
    if (!(l.upper + l.lower > 1e-6f)) continue;
    for (int j : chain) in_leg[static_cast<std::size_t>(j)] = 1;
    p.legs.push_back(l);
  }
  // Wings and arms: long subtrees on one side of the body, hanging from a part that spans both, that
  // hold no leg.
  struct Extent {
    float lo = 1e30f, hi = -1e30f, far = 0.0f;
    int leaf = -1, count = 0;
    bool leg = false;
  };
  std::vector<Extent> ext(static_cast<std::size_t>(n));
  std::vector<int> topo;  // parents before children
  for (int j = 0; j < n; ++j)
    if (p.parent[static_cast<std::size_t>(j)] < 0) topo.push_back(j);
  for (std::size_t k = 0; k < topo.size(); ++k)
    for (int c : p.children[static_cast<std::size_t>(topo[k])]) topo.push_back(c);
  for (std::size_t k = topo.size(); k-- > 0;) {
    const int j = topo[k];
    Extent& e = ext[static_cast<std::size_t>(j)];
    const float x = r[static_cast<std::size_t>(j)].x - mid_x;
    e.lo = std::min(e.lo, x), e.hi = std::max(e.hi, x);
    e.count += 1;
    e.leg = e.leg || in_leg[static_cast<std::size_t>(j)];
    if (p.children[static_cast<std::size_t>(j)].empty() && std::fabs(x) > e.far) e.far = std::fabs(x), e.leaf = j;
    const int par = p.parent[static_cast<std::size_t>(j)];
    if (par < 0) continue;
    Extent& pe = ext[static_cast<std::size_t>(par)];
    pe.lo = std::min(pe.lo, e.lo), pe.hi = std::max(pe.hi, e.hi);
    pe.count += e.count;
    pe.leg = pe.leg || e.leg;
    if (e.far > pe.far) pe.far = e.far, pe.leaf = e.leaf;
  }
  auto one_sided = [&](int j) { return ext[static_cast<std::size_t>(j)].lo > -0.03f * S || ext[static_cast<std::size_t>(j)].hi < 0.03f * S; };
  for (int j = 0; j < n; ++j) {
    const int par = p.parent[static_cast<std::size_t>(j)];
    const Extent& e = ext[static_cast<std::size_t>(j)];
    if (par < 0 || e.leg || e.leaf < 0 || e.count < 3 || e.far < 0.25f * S || !one_sided(j) || one_sided(par)) continue;
    Plan::Limb l;
    l.chain = path_down(p.parent, j, e.leaf);
    if (l.chain.size() < 3) continue;
    l.wing = true;
    l.contact = static_cast<int>(l.chain.size()) - (l.chain.size() >= 4 ? 2 : 1);
    l.knee = bend_joint(r, l.chain, l.contact);
    l.upper = chain_length(r, l.chain, 0, l.knee);
    l.lower = chain_length(r, l.chain, l.knee, l.contact);
    l.end = chain_length(r, l.chain, l.contact, static_cast<int>(l.chain.size()) - 1);
    if (!(l.end > 1e-4f)) l.end = 0.25f * l.lower;
    l.side = r[static_cast<std::size_t>(e.leaf)].x >= mid_x ? 0 : 1;
    p.wings.push_back(l);
  }
  // A rig map's limbs replace what was found: chains from the named top down to the named leaf.
  auto joint_named = [&](const std::string& name, const std::string& field) -> Result<int> {
    for (int j = 0; j < n; ++j)
      if (nodes.names[static_cast<std::size_t>(p.node[static_cast<std::size_t>(j)])] == name) return j;
    return Error{file, "map." + field, "no joint of the skin is named \"" + name + "\""};
  };
  auto mapped = [&](const std::vector<RigMapLimb>& given, bool wing, const char* field, std::vector<Plan::Limb>* out) -> Status {
    if (given.empty()) return {};
    out->clear();
    for (std::size_t i = 0; i < given.size(); ++i) {
      const std::string at = std::string(field) + "[" + std::to_string(i) + "]";
      Result<int> top = joint_named(given[i].top, at + ".top");
      if (!top) return top.error();
      Result<int> leaf = joint_named(given[i].leaf, at + ".leaf");
      if (!leaf) return leaf.error();
      Plan::Limb l;
      l.chain = path_down(p.parent, *top, *leaf);
      if (l.chain.size() < 3 || l.chain.front() != *top)
        return Error{file, "map." + at, "the leaf is not three or more joints below the top"};
      l.wing = wing;
      float low = 1e30f;
      for (int j : l.chain) low = std::min(low, r[static_cast<std::size_t>(j)].y);
      l.contact = static_cast<int>(l.chain.size()) - 1;
      if (!wing) {
        for (int k = 0; k < static_cast<int>(l.chain.size()); ++k)
          if (r[static_cast<std::size_t>(l.chain[static_cast<std::size_t>(k)])].y - low < 0.03f * H) {
            l.contact = k;
            break;
          }
      } else if (l.chain.size() >= 4) {
        l.contact = static_cast<int>(l.chain.size()) - 2;
      }
      l.contact = std::max(l.contact, 2);
      l.knee = bend_joint(r, l.chain, l.contact);
      l.upper = chain_length(r, l.chain, 0, l.knee);
      l.lower = chain_length(r, l.chain, l.knee, l.contact);
      l.end = chain_length(r, l.chain, l.contact, static_cast<int>(l.chain.size()) - 1);
      if (!(l.end > 1e-4f)) l.end = 0.25f * l.lower;
      l.side = r[static_cast<std::size_t>(l.chain[static_cast<std::size_t>(l.contact)])].x >= mid_x ? 0 : 1;
      if (!(l.upper + l.lower > 1e-6f)) return Error{file, "map." + at, "the chain has no length"};
      out->push_back(l);
    }
    return {};
  };
  if (Status st = mapped(map.legs, false, "legs", &p.legs); !st) return st.error;
  if (Status st = mapped(map.arms, true, "arms", &p.wings); !st) return st.error;
  if (!map.legs.empty()) {
    std::fill(in_leg.begin(), in_leg.end(), 0);
    for (const Plan::Limb& l : p.legs)
      for (int j : l.chain) in_leg[static_cast<std::size_t>(j)] = 1;
  }
  // Front-to-back order per side (the top joint's z, file order on ties).
  auto rank = [&](std::vector<Plan::Limb>& ls, const char* kind) {
    std::vector<int> idx(ls.size());
    for (std::size_t i = 0; i < ls.size(); ++i) idx[i] = static_cast<int>(i);
    std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
      return r[static_cast<std::size_t>(ls[static_cast<std::size_t>(a)].chain[0])].z > r[static_cast<std::size_t>(ls[static_cast<std::size_t>(b)].chain[0])].z;
    });
    int per_side[2] = {0, 0};
    for (int i : idx) {
      const Plan::Limb& l = ls[static_cast<std::size_t>(i)];
      FoundLimb f;
      f.kind = kind;
      f.side = l.side;
      f.rank = per_side[l.side]++;
      auto name = [&](int k) { return nodes.names[static_cast<std::size_t>(p.node[static_cast<std::size_t>(l.chain[static_cast<std::size_t>(k)])])]; };
      f.top = name(0);
      f.knee = name(l.knee);
      f.contact = name(l.contact);
      f.leaf = name(static_cast<int>(l.chain.size()) - 1);
      f.length_m = l.upper + l.lower;
      p.out.limbs.push_back(f);
    }
    return idx;
  };
  const std::vector<int> leg_order = rank(p.legs, "leg");
  const std::vector<int> wing_order = rank(p.wings, "wing");
  // The clip's legs: the rearmost leg of each side; its arms: the first wings, else the front legs.
  for (int i : leg_order) p.leg[p.legs[static_cast<std::size_t>(i)].side] = i;
  if (p.leg[0] < 0 || p.leg[1] < 0) p.leg[0] = p.leg[1] = -1;
  p.legless = p.leg[0] < 0;
  for (int i : wing_order)
    if (p.arm[p.wings[static_cast<std::size_t>(i)].side] < 0) p.arm[p.wings[static_cast<std::size_t>(i)].side] = i;
  p.arms_are_wings = p.arm[0] >= 0 && p.arm[1] >= 0;
  if (!p.arms_are_wings) {
    p.arm[0] = p.arm[1] = -1;
    if (!p.legless && p.legs.size() >= 4)
      for (int i : leg_order)
        if (p.arm[p.legs[static_cast<std::size_t>(i)].side] < 0 && i != p.leg[p.legs[static_cast<std::size_t>(i)].side])
          p.arm[p.legs[static_cast<std::size_t>(i)].side] = i;
    if (p.arm[0] < 0 || p.arm[1] < 0) p.arm[0] = p.arm[1] = -1;
  }
  // Hips: where the clip's legs meet; legless: the root of the joint tree.
  if (!p.legless) {
    p.hips = lca(p.parent, p.legs[static_cast<std::size_t>(p.leg[0])].chain[0], p.legs[static_cast<std::size_t>(p.leg[1])].chain[0]);
  } else {
    p.hips = 0;
    while (p.parent[static_cast<std::size_t>(p.hips)] >= 0) p.hips = p.parent[static_cast<std::size_t>(p.hips)];
    while (p.children[static_cast<std::size_t>(p.hips)].size() == 1) p.hips = p.children[static_cast<std::size_t>(p.hips)][0];
  }
  // Head and tail: the front-most and back-most central leaves outside the limbs.
  float best_f = -1e30f, best_b = 1e30f;
  for (int j = 0; j < n; ++j) {
    if (!p.children[static_cast<std::size_t>(j)].empty() || in_leg[static_cast<std::size_t>(j)] ||
        std::fabs(r[static_cast<std::size_t>(j)].x - mid_x) > C)
      continue;
    if (r[static_cast<std::size_t>(j)].z > best_f) best_f = r[static_cast<std::size_t>(j)].z, p.head_leaf = j;
    if (r[static_cast<std::size_t>(j)].z < best_b) best_b = r[static_cast<std::size_t>(j)].z, p.tail_leaf = j;
  }
  const glm::vec3 hip = r[static_cast<std::size_t>(p.hips)];
  if (p.head_leaf >= 0 && !(r[static_cast<std::size_t>(p.head_leaf)].z > hip.z + 0.05f * S || p.legless)) p.head_leaf = -1;
  if (p.tail_leaf >= 0 && (p.tail_leaf == p.head_leaf || !(r[static_cast<std::size_t>(p.tail_leaf)].z < hip.z - 0.1f * S)))
    p.tail_leaf = -1;
  if (p.tail_leaf >= 0 && path_down(p.parent, lca(p.parent, p.hips, p.tail_leaf), p.tail_leaf).size() < 3) p.tail_leaf = -1;
  if (!map.head.empty()) {
    Result<int> j = joint_named(map.head, "head");
    if (!j) return j.error();
    p.head_leaf = *j;
  }
  if (!map.tail.empty()) {
    Result<int> j = joint_named(map.tail, "tail");
    if (!j) return j.error();
    if (*j == p.head_leaf) return Error{file, "map.tail", "is the head's joint"};
    p.tail_leaf = *j;
  }
  // The chest: hips to where the arms meet (or two thirds of the way to the head); the head from there on.
  std::vector<int> spine;
  if (p.head_leaf >= 0) spine = path_down(p.parent, lca(p.parent, p.hips, p.head_leaf), p.head_leaf);
  if (spine.size() >= 3) {
    int top = static_cast<int>(spine.size() * 2) / 3;
    if (p.arm[0] >= 0) {
      const auto& limbs = p.arms_are_wings ? p.wings : p.legs;
      const int shoulders = lca(p.parent, limbs[static_cast<std::size_t>(p.arm[0])].chain[0], limbs[static_cast<std::size_t>(p.arm[1])].chain[0]);
      for (std::size_t k = 1; k + 1 < spine.size(); ++k)
        if (spine[k] == shoulders) top = static_cast<int>(k);
    }
    top = std::clamp(top, 1, static_cast<int>(spine.size()) - 2);
    p.chest_top = spine[static_cast<std::size_t>(top)];
    p.waist_top = spine[1];
    p.out.spine_joints = top + 1;
  } else {  // a head right at the hips (a snake's root is its head): the head's own joints
    if (!p.legless) p.head_leaf = -1;
    p.chest_top = spine.size() == 2 ? spine[0]
                  : p.children[static_cast<std::size_t>(p.hips)].empty() ? p.hips : p.children[static_cast<std::size_t>(p.hips)][0];
    p.waist_top = p.chest_top;
  }
  // The clip frame's origin: on the ground under the hips (between the clip's legs' tops).
  glm::vec3 o = hip;
  if (!p.legless)
    o = 0.5f * (r[static_cast<std::size_t>(p.legs[static_cast<std::size_t>(p.leg[0])].chain[0])] +
                r[static_cast<std::size_t>(p.legs[static_cast<std::size_t>(p.leg[1])].chain[0])]);
  o.y = 0.0f;
  for (glm::vec3& v : r) v -= o;
  // World point of the origin: frame^T * (o + (0, lo, 0)).
  p.origin = glm::transpose(p.frame) * (o + glm::vec3(0.0f, lo, 0.0f));
  // The frame maps world - origin; check with the hips.
  GltfBodyPlan& out = p.out;
  out.legs = static_cast<int>(p.legs.size());
  out.arms = static_cast<int>(p.wings.size());
  out.head = p.head_leaf >= 0;
  out.tail = p.tail_leaf >= 0;
  out.joints = n;
  out.height_m = H;
  auto nm = [&](int j) { return j >= 0 ? nodes.names[static_cast<std::size_t>(p.node[static_cast<std::size_t>(j)])] : std::string(); };
  out.hips = nm(p.hips);
  out.chest = nm(p.chest_top);
  out.head_joint = nm(p.head_leaf);
  out.tail_joint = nm(p.tail_leaf);
  return p;
}

// Bend hint: the middle joint's offset from the root-tip line (a small default keeps a straight limb's).
glm::vec3 pole_of(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& fallback) {
  glm::vec3 ac = c - a;
  const float len = glm::length(ac);
  glm::vec3 perp = b - a;
  if (len > 1e-6f) perp -= glm::dot(perp, ac / len) * (ac / len);
  const glm::vec3 v = perp + 0.02f * len * fallback;
  const float l = glm::length(v);
  return l > 1e-9f ? v / l : fallback;
}

// Planted runs per frame: the contact point low (within 8% of the limb's reach of the ground) and slow
// (under half a reach per second, or half the cycle's travel speed), runs under 3 frames (2 in a fast
// cycle) dropped, gaps of one frame filled. A loop's first and last frames are neighbours, 'offset' apart.
std::vector<bool> find_contacts(const std::vector<glm::vec3>& p, double dt, float reach, bool loop, const glm::vec3& offset) {
  const int n = static_cast<int>(p.size());
  std::vector<bool> c(static_cast<std::size_t>(n), false);
  // A fast cycle (a run, a gallop): its feet touch down for two or three frames and a hand-keyed capture
  // lets them slide at a share of the travel; such a foot counts as planted below half the travel speed.
  const float travel = loop && n > 0 ? static_cast<float>(glm::length(glm::vec2(offset.x, offset.z)) / (n * dt)) : 0.0f;
  const float slow = std::max(0.5f * reach, 0.5f * travel);
  const int shortest = travel > 2.0f * reach ? 2 : 3;
  for (int i = 0; i < n; ++i) {
    // Neighbours across a loop's seam are a cycle's travel away.
    const glm::vec3 prev = i > 0 ? p[static_cast<std::size_t>(i - 1)] : loop ? p[static_cast<std::size_t>(n - 1)] - offset : p[0];
    const glm::vec3 next = i + 1 < n ? p[static_cast<std::size_t>(i + 1)] : loop ? p[0] + offset : p[static_cast<std::size_t>(i)];
    const int steps = (i > 0 || loop ? 1 : 0) + (i + 1 < n || loop ? 1 : 0);
    glm::vec3 d = next - prev;
    d.y = 0.0f;
    const float speed = static_cast<float>(glm::length(d) / (std::max(steps, 1) * dt));
    c[static_cast<std::size_t>(i)] = p[static_cast<std::size_t>(i)].y < 0.08f * reach && speed < slow;
  }
  for (int i = 1; i + 1 < n; ++i)
    if (!c[static_cast<std::size_t>(i)] && c[static_cast<std::size_t>(i - 1)] && c[static_cast<std::size_t>(i + 1)]) c[static_cast<std::size_t>(i)] = true;
  for (int i = 0; i < n;) {
    if (!c[static_cast<std::size_t>(i)]) {
      ++i;
      continue;
    }
    int j = i;
    while (j < n && c[static_cast<std::size_t>(j)]) ++j;
    if (j - i < shortest && !(loop && (i == 0 || j == n))) std::fill(c.begin() + i, c.begin() + j, false);
    i = j;
  }
  return c;
}

int count_runs(const std::vector<bool>& c) {
  int runs = 0;
  for (std::size_t i = 0; i < c.size(); ++i) runs += c[i] && (i == 0 || !c[i - 1]);
  return runs;
}

// Sets a planted point to the mean of its run on the ground, so it is exactly still (a run across a
// loop's wrap is one run: its head is shifted by the cycle's offset).
void plant(std::vector<glm::vec3>* v, const std::vector<bool>& c, bool loop, const glm::vec3& offset) {
  const int n = static_cast<int>(v->size());
  int head_end = 0;
  if (loop && c[0] && c[static_cast<std::size_t>(n - 1)]) {
    while (head_end < n && c[static_cast<std::size_t>(head_end)]) ++head_end;
    if (head_end == n) head_end = 0;
  }
  for (int i = head_end; i < n;) {
    if (!c[static_cast<std::size_t>(i)]) {
      ++i;
      continue;
    }
    int j = i;
    while (j < n && c[static_cast<std::size_t>(j)]) ++j;
    const bool wraps = j == n && head_end > 0;
    glm::vec3 sum(0.0f);
    int count = 0;
    for (int k = i; k < j; ++k, ++count) sum += (*v)[static_cast<std::size_t>(k)];
    if (wraps)
      for (int k = 0; k < head_end; ++k, ++count) sum += (*v)[static_cast<std::size_t>(k)] + offset;
    glm::vec3 mean = sum / static_cast<float>(count);
    mean.y = 0.0f;
    for (int k = i; k < j; ++k) (*v)[static_cast<std::size_t>(k)] = mean;
    if (wraps)
      for (int k = 0; k < head_end; ++k) (*v)[static_cast<std::size_t>(k)] = mean - offset;
    i = j;
  }
}

std::string title_case(const std::string& s) {
  std::string out;
  bool start = true;
  for (char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == '_' || c == '-' || c == '.' || c == ' ') {
      if (!out.empty() && out.back() != ' ') out += ' ';
      start = true;
      continue;
    }
    if (!std::isalnum(c)) continue;
    out += static_cast<char>(start ? std::toupper(c) : std::tolower(c));
    start = false;
    if (out.size() >= 40) break;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

struct Sampler {
  const Nodes& nodes;
  std::vector<Track> tracks;
  std::vector<glm::vec3> t, s;
  std::vector<glm::quat> r;
  std::vector<glm::mat4> world;
  void at(double time) {
    t = nodes.t;
    s = nodes.s;
    r = nodes.r;
    for (const Track& k : tracks) {
      const glm::vec4 v = track_value(k, time);
      const auto u = static_cast<std::size_t>(k.node);
      if (k.path == 0) t[u] = glm::vec3(v);
      else if (k.path == 1) r[u] = quat_of(v);
      else s[u] = glm::vec3(v);
    }
    world_matrices(nodes, t, r, s, &world);
  }
};

// The points of one frame a clip is made of, clip frame.
struct FramePoints {
  glm::vec3 waist, waist_top, chest_top, head_leaf;
  glm::vec3 leg[2][3], arm[2][3];  // top, bend, contact
  glm::quat hips{1, 0, 0, 0};      // model-space rotation of the hips from rest
};

}  // namespace

std::string sanitize_motion_name(const std::string& text) {
  std::string out;
  for (char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) && c < 0x80) out += static_cast<char>(std::tolower(c));
    else if (!out.empty() && out.back() != '_') out += '_';
    if (out.size() >= 48) break;
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out.empty() ? "clip" : out;
}

void guess_description(MotionClip* clip, const std::string& hud, bool legless_source, bool source_arms_are_wings,
                       int order) {
  MotionDescription d;
  d.given = true;
  d.hud = hud;
  d.hint = "";
  d.order = order;
  d.menu = true;
  // What the clip does: its waist at the start and the end against its height, the arms' swing.
  MotionPose p0, p1, p;
  sample_clip(*clip, 0.0, &p0);
  sample_clip(*clip, clip->duration_s, &p1);
  const float rest_h = std::max(1e-4f, clip->body.hip_height);
  const float arm_reach = 0.5f * (clip->body.arms[0].reach() + clip->body.arms[1].reach());
  float head_rise = 0.0f, head_drop = 0.0f, arm_swing = 0.0f, head_sum = 0.0f, head_top = -1e30f, waist_sum = 0.0f;
  constexpr int kSamples = 60;
  for (int i = 0; i <= kSamples; ++i) {
    sample_clip(*clip, clip->duration_s * i / kSamples, &p);
    const float hy = p[MotionPart::kHead].control.y;
    const float dy = hy - p0[MotionPart::kHead].control.y;
    head_rise = std::max(head_rise, dy);
    head_drop = std::max(head_drop, -dy);
    head_sum += hy / (kSamples + 1);
    head_top = std::max(head_top, hy);
    waist_sum += (p[MotionPart::kWaist].reference.y - clip->cycle_offset_ms.y * static_cast<float>(i) / kSamples) / (kSamples + 1);
    for (MotionPart a : {MotionPart::kLeftArm, MotionPart::kRightArm}) {
      const glm::vec3 rel = p[a].control - p[a].reference, rel0 = p0[a].control - p0[a].reference;
      arm_swing = std::max(arm_swing, glm::length(rel - rel0));
    }
  }
  // A cycle is held while it travels (a gait played on the spot) or keeps a posture (lying, grazing);
  // any other clip plays once.
  const float leg = std::max(1e-4f, clip->body.mean_leg_length());
  const bool travels = clip->loop && glm::length(clip->cycle_offset_ms) / clip->duration_s > 0.1f * leg;
  const bool posture = waist_sum < 0.8f * rest_h || (head_top > 0.0f && head_sum < 0.75f * head_top);
  if (clip->loop && (travels || posture || legless_source)) {
    d.kind = MotionKind::kHeldLoop;
    d.hold_from_s = 0.0;
    d.hold_s = clip->duration_s;
    d.ease_ticks = 20;
  } else if (!legless_source && p1[MotionPart::kWaist].reference.y < 0.6f * p0[MotionPart::kWaist].reference.y) {
    d.kind = MotionKind::kHeldPose;  // ends lying or sitting low: held there until the stick moves
    d.ease_ticks = 20;
  } else {
    d.kind = MotionKind::kOneShot;
    d.ease_ticks = 12;
  }
  MotionVariant v;
  if (legless_source) {
    // Legless bodies only; the engine shapes a legless body by the style the clip suggests.
    v.when.max_legs = 0;
    v.style = clip->loop ? "bob_sway" : head_rise > 0.05f * rest_h + 0.02f ? "rear_head"
                                     : head_drop > 0.05f * rest_h + 0.02f ? "lower_torso" : "nod_wag";
  } else {
    v.when.min_legs = 1;  // the clip's hips drive legs: a legless body cannot
    if (source_arms_are_wings && arm_reach > 0.0f && arm_swing > 0.3f * arm_reach) v.when.min_arms = 1;  // it flaps
    v.style = "as_authored";
  }
  v.words = default_style_words(v.style);
  if (v.style == "as_authored") v.words = "as the capture moves";
  if (v.style == "bob_sway") v.words = "sways as the capture moves";  // a capture keeps no beat of ours
  d.variants.push_back(v);
  clip->description = d;
}

Result<GltfAnimImport> import_gltf_animations(const std::string& bytes, const std::string& file,
                                              const GltfImportOptions& o) {
  const GltfImportBudget& b = o.budget;
  if (bytes.size() > b.max_file_bytes)
    return Error{file, "", "larger than " + std::to_string(b.max_file_bytes >> 20) + " MiB"};
  if (!(o.sample_hz >= 1.0 && o.sample_hz <= 240.0)) return Error{file, "sample rate", "must be 1-240 Hz"};
  if (!(o.max_error >= 0.0 && o.max_error <= 1.0)) return Error{file, "max error", "must be a share from 0 to 1"};
  bool binary = false;
  Result<std::string> json = json_text(bytes, file, &binary);
  if (!json) return json.error();
  if (json_memory_estimate(*json) > b.max_json_memory) return Error{file, "JSON", "would pass the memory budget parsed"};
  tg::Model m;
  tg::TinyGLTF loader;
  loader.SetImageLoader(&skip_image, nullptr);
  tg::FsCallbacks fs{&no_file_exists, &no_expand, &no_read, &no_write, nullptr};
  loader.SetFsCallbacks(fs);
  std::string err, warn;
  const bool ok = binary ? loader.LoadBinaryFromMemory(&m, &err, &warn, reinterpret_cast<const unsigned char*>(bytes.data()),
                                                       static_cast<unsigned int>(bytes.size()), "")
                         : loader.LoadASCIIFromString(&m, &err, &warn, bytes.data(), static_cast<unsigned int>(bytes.size()), "");
  if (!ok) {
    std::string first = err.substr(0, err.find('\n'));
    while (!first.empty() && (first.back() == '\r' || first.back() == ' ')) first.pop_back();
    return Error{file, "", "not a readable glTF file" + (first.empty() ? std::string() : ": " + first)};
  }
  if (static_cast<int>(m.nodes.size()) > b.max_nodes) return Error{file, "nodes", "more than " + std::to_string(b.max_nodes)};
  if (static_cast<int>(m.animations.size()) > b.max_animations)
    return Error{file, "animations", "more than " + std::to_string(b.max_animations)};
  if (m.skins.empty()) return Error{file, "skins", "no skin: not a rig"};
  if (m.animations.empty()) return Error{file, "animations", "none"};

  Nodes nodes;
  const int nn = static_cast<int>(m.nodes.size());
  nodes.parent.assign(static_cast<std::size_t>(nn), -1);
  nodes.t.assign(static_cast<std::size_t>(nn), glm::vec3(0.0f));
  nodes.s.assign(static_cast<std::size_t>(nn), glm::vec3(1.0f));
  nodes.r.assign(static_cast<std::size_t>(nn), glm::quat(1, 0, 0, 0));
  nodes.fixed.assign(static_cast<std::size_t>(nn), glm::mat4(1.0f));
  nodes.has_matrix.assign(static_cast<std::size_t>(nn), 0);
  nodes.names.resize(static_cast<std::size_t>(nn));
  for (int i = 0; i < nn; ++i) {
    const tg::Node& nd = m.nodes[static_cast<std::size_t>(i)];
    const auto u = static_cast<std::size_t>(i);
    nodes.names[u] = nd.name.empty() ? "node" + std::to_string(i) : nd.name.substr(0, 100);
    for (int c : nd.children) {
      if (c < 0 || c >= nn || c == i || nodes.parent[static_cast<std::size_t>(c)] >= 0)
        return Error{file, "nodes[" + std::to_string(i) + "].children", "a bad or shared child"};
      nodes.parent[static_cast<std::size_t>(c)] = i;
    }
    auto finite = [](const std::vector<double>& v) {
      for (double d : v)
        if (!std::isfinite(d) || std::fabs(d) > 1e6) return false;
      return true;
    };
    if (!finite(nd.matrix) || !finite(nd.translation) || !finite(nd.rotation) || !finite(nd.scale))
      return Error{file, "nodes[" + std::to_string(i) + "]", "a transform that is not finite"};
    if (nd.matrix.size() == 16) {
      nodes.has_matrix[u] = 1;
      for (int k = 0; k < 16; ++k) glm::value_ptr(nodes.fixed[u])[k] = static_cast<float>(nd.matrix[static_cast<std::size_t>(k)]);
    }
    if (nd.translation.size() == 3) nodes.t[u] = glm::vec3(nd.translation[0], nd.translation[1], nd.translation[2]);
    if (nd.scale.size() == 3) nodes.s[u] = glm::vec3(nd.scale[0], nd.scale[1], nd.scale[2]);
    if (nd.rotation.size() == 4) nodes.r[u] = quat_of(glm::vec4(nd.rotation[0], nd.rotation[1], nd.rotation[2], nd.rotation[3]));
  }
  // Parents first (a cycle never reaches a root and is refused).
  std::vector<std::vector<int>> kids(static_cast<std::size_t>(nn));
  for (int i = 0; i < nn; ++i)
    if (nodes.parent[static_cast<std::size_t>(i)] >= 0) kids[static_cast<std::size_t>(nodes.parent[static_cast<std::size_t>(i)])].push_back(i);
  std::vector<int> stack;
  for (int i = 0; i < nn; ++i)
    if (nodes.parent[static_cast<std::size_t>(i)] < 0) stack.push_back(i);
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    nodes.order.push_back(i);
    for (int c : kids[static_cast<std::size_t>(i)]) stack.push_back(c);
  }
  if (static_cast<int>(nodes.order.size()) != nn) return Error{file, "nodes", "the node hierarchy has a cycle"};

  std::vector<glm::mat4> rest_world;
  world_matrices(nodes, nodes.t, nodes.r, nodes.s, &rest_world);
  for (const glm::mat4& w : rest_world)
    for (int k = 0; k < 16; ++k)
      if (!std::isfinite(glm::value_ptr(w)[k])) return Error{file, "nodes", "the rest pose is not finite"};
  Result<Plan> planned = find_plan(nodes, rest_world, m.skins[0], file, o.map);
  if (!planned) return planned.error();
  const Plan& pl = *planned;

  GltfAnimImport out;
  out.plan = pl.out;
  out.animations = static_cast<int>(m.animations.size());
  const float H = pl.height;
  auto leg_of = [&](int s) -> const Plan::Limb* { return pl.leg[s] >= 0 ? &pl.legs[static_cast<std::size_t>(pl.leg[s])] : nullptr; };
  auto arm_of = [&](int s) -> const Plan::Limb* {
    if (pl.arm[s] < 0) return nullptr;
    return pl.arms_are_wings ? &pl.wings[static_cast<std::size_t>(pl.arm[s])] : &pl.legs[static_cast<std::size_t>(pl.arm[s])];
  };
  // The reference body from the rest pose (bone lengths summed along each chain).
  ReferenceBody body;
  const std::vector<glm::vec3>& R = pl.rest;
  auto at_rest = [&](const Plan::Limb* l, int k) { return R[static_cast<std::size_t>(l->chain[static_cast<std::size_t>(k)])]; };
  if (!pl.legless) {
    for (int s = 0; s < 2; ++s) body.legs[static_cast<std::size_t>(s)] = {leg_of(s)->upper, leg_of(s)->lower, leg_of(s)->end};
    body.hip_height = 0.5f * (at_rest(leg_of(0), 0).y + at_rest(leg_of(1), 0).y);
    body.hip_width = std::max(1e-3f, glm::length(at_rest(leg_of(0), 0) - at_rest(leg_of(1), 0)));
  } else {  // nominal legs as long as the body is high, so the clip's numbers stay finite ratios
    const float h = std::max(0.01f, R[static_cast<std::size_t>(pl.hips)].y);
    for (int s = 0; s < 2; ++s) body.legs[static_cast<std::size_t>(s)] = {0.5f * h, 0.5f * h, 0.1f * h};
    body.hip_height = h;
  }
  if (arm_of(0)) {
    for (int s = 0; s < 2; ++s) body.arms[static_cast<std::size_t>(s)] = {arm_of(s)->upper, arm_of(s)->lower, arm_of(s)->end};
    body.shoulder_height = 0.5f * (at_rest(arm_of(0), 0).y + at_rest(arm_of(1), 0).y);
    body.shoulder_width = std::max(1e-3f, glm::length(at_rest(arm_of(0), 0) - at_rest(arm_of(1), 0)));
  } else {  // no arms: nominal short ones at the chest, never moved by the clip
    const float h = std::max(0.01f, body.hip_height);
    for (int s = 0; s < 2; ++s) body.arms[static_cast<std::size_t>(s)] = {0.3f * h, 0.3f * h, 0.1f * h};
    body.shoulder_height = std::max(1e-3f, R[static_cast<std::size_t>(pl.chest_top)].y);
    body.shoulder_width = std::max(1e-3f, body.hip_width);
  }
  if (!(body.hip_width > 0.0f)) body.hip_width = 0.1f * std::max(0.01f, body.hip_height);
  const float reach = pl.legless ? pl.size : body.mean_leg_length();
  const float bound = static_cast<float>(o.max_error) * reach;
  const glm::quat frame_q = glm::normalize(glm::quat_cast(pl.frame));
  const int hips_node = pl.node[static_cast<std::size_t>(pl.hips)];
  const glm::quat hips_rest = frame_q * rotation_of(rest_world[static_cast<std::size_t>(hips_node)]);
  const std::string source = sanitize_motion_name(o.source);
  std::vector<std::string> used;

  for (std::size_t ai = 0; ai < m.animations.size(); ++ai) {
    const tg::Animation& an = m.animations[ai];
    const std::string shown = an.name.empty() ? "animation " + std::to_string(ai) : an.name.substr(0, 100);
    const std::string where = "animations[" + std::to_string(ai) + "]";
    if (static_cast<int>(an.channels.size()) > b.max_channels) return Error{file, where, "too many channels"};
    Sampler smp{nodes, {}, {}, {}, {}, {}};
    double t0 = 1e30, t1 = -1e30;
    for (std::size_t ci = 0; ci < an.channels.size(); ++ci) {
      const tg::AnimationChannel& ch = an.channels[ci];
      const std::string cw = where + ".channels[" + std::to_string(ci) + "]";
      if (ch.target_node < 0 || ch.target_node >= nn) return Error{file, cw, "targets no node"};
      if (ch.sampler < 0 || static_cast<std::size_t>(ch.sampler) >= an.samplers.size()) return Error{file, cw, "no such sampler"};
      Track tr;
      tr.node = ch.target_node;
      if (ch.target_path == "translation") tr.path = 0;
      else if (ch.target_path == "rotation") tr.path = 1;
      else if (ch.target_path == "scale") tr.path = 2;
      else continue;  // morph weights: not a joint's motion
      if (nodes.has_matrix[static_cast<std::size_t>(tr.node)]) continue;
      const tg::AnimationSampler& sa = an.samplers[static_cast<std::size_t>(ch.sampler)];
      tr.interp = sa.interpolation == "STEP" ? 1 : sa.interpolation == "CUBICSPLINE" ? 2 : 0;
      Result<std::vector<float>> in = read_floats(m, sa.input, 1, file, cw + ".input");
      if (!in) return in.error();
      const int comps = tr.path == 1 ? 4 : 3;
      Result<std::vector<float>> val = read_floats(m, sa.output, comps, file, cw + ".output");
      if (!val) return val.error();
      tr.times = std::move(*in);
      tr.values = std::move(*val);
      if (tr.times.empty()) return Error{file, cw, "no keys"};
      for (std::size_t k = 1; k < tr.times.size(); ++k)
        if (!(tr.times[k] > tr.times[k - 1])) return Error{file, cw + ".input", "key times must increase"};
      const std::size_t per_key = static_cast<std::size_t>(comps * (tr.interp == 2 ? 3 : 1));
      if (tr.values.size() != tr.times.size() * per_key)
        return Error{file, cw + ".output", "holds " + std::to_string(tr.values.size()) + " values for " +
                                               std::to_string(tr.times.size()) + " keys"};
      t0 = std::min(t0, static_cast<double>(tr.times.front()));
      t1 = std::max(t1, static_cast<double>(tr.times.back()));
      smp.tracks.push_back(std::move(tr));
    }
    const double T = t1 - t0;
    if (smp.tracks.empty() || !(T > 1e-3)) {
      out.skipped.push_back(shown + ": a single pose, no motion");
      continue;
    }
    if (T > b.max_clip_s) return Error{file, where, "longer than " + std::to_string(static_cast<int>(b.max_clip_s)) + " s"};
    int n = std::max(3, static_cast<int>(std::lround(T * o.sample_hz)) + 1);
    if (static_cast<double>(n) * nn > b.max_samples) return Error{file, where, "too many frames for the budget"};
    const double dt = T / (n - 1);
    const int sampled = n;

    // Dense points, clip frame.
    std::vector<FramePoints> F(static_cast<std::size_t>(n));
    auto pos = [&](int joint) {
      const glm::mat4& w = smp.world[static_cast<std::size_t>(pl.node[static_cast<std::size_t>(joint)])];
      return pl.frame * (glm::vec3(w[3]) - pl.origin);
    };
    float moved = 0.0f;
    std::vector<glm::vec3> first(pl.node.size());
    for (int i = 0; i < n; ++i) {
      smp.at(t0 + i * dt);
      FramePoints& f = F[static_cast<std::size_t>(i)];
      for (int s = 0; s < 2; ++s) {
        if (const Plan::Limb* l = leg_of(s)) {
          f.leg[s][0] = pos(l->chain[0]);
          f.leg[s][1] = pos(l->chain[static_cast<std::size_t>(l->knee)]);
          f.leg[s][2] = pos(l->chain[static_cast<std::size_t>(l->contact)]);
        }
        if (const Plan::Limb* l = arm_of(s)) {
          f.arm[s][0] = pos(l->chain[0]);
          f.arm[s][1] = pos(l->chain[static_cast<std::size_t>(l->knee)]);
          f.arm[s][2] = pos(l->chain[static_cast<std::size_t>(l->contact)]);
        }
      }
      f.waist = pl.legless ? pos(pl.hips) : 0.5f * (f.leg[0][0] + f.leg[1][0]);
      f.waist_top = pos(pl.waist_top);
      f.chest_top = pos(pl.chest_top);
      f.head_leaf = pl.head_leaf >= 0 ? pos(pl.head_leaf) : f.chest_top + glm::vec3(0.0f, 0.0f, 0.05f * H);
      glm::quat q = frame_q * rotation_of(smp.world[static_cast<std::size_t>(hips_node)]) * glm::conjugate(hips_rest);
      if (i > 0 && glm::dot(q, F[static_cast<std::size_t>(i - 1)].hips) < 0.0f) q = -q;
      f.hips = glm::normalize(q);
      for (std::size_t j = 0; j < pl.node.size(); ++j) {
        const glm::vec3 at = glm::vec3(smp.world[static_cast<std::size_t>(pl.node[j])][3]);
        if (i == 0) first[j] = at;
        moved = std::max(moved, glm::length(at - first[j]));
      }
    }
    if (moved < 0.001f * pl.size) {
      out.skipped.push_back(shown + ": holds one pose (nothing moves)");
      continue;
    }
    // Root motion: a gait captured on the spot (its planted feet sliding back together) gets the travel
    // its feet imply, so planted feet stand still and the waist moves on.
    auto all_points = [&](FramePoints& f, const std::function<void(glm::vec3&)>& fn) {
      fn(f.waist), fn(f.waist_top), fn(f.chest_top), fn(f.head_leaf);
      for (int s = 0; s < 2; ++s)
        for (int k = 0; k < 3; ++k) fn(f.leg[s][k]), fn(f.arm[s][k]);
    };
    if (!pl.legless) {
      glm::vec3 belt(0.0f);
      int count = 0;
      // The hind feet on the ground; when they touch too rarely (a gallop), the forelegs' too.
      auto slide = [&](bool forelegs) {
        belt = glm::vec3(0.0f);
        count = 0;
        for (int i = 1; i < n; ++i)
          for (int s = 0; s < 4; ++s) {
            if (s >= 2 && (!forelegs || !arm_of(s - 2))) continue;
            const FramePoints &fa = F[static_cast<std::size_t>(i - 1)], &fc = F[static_cast<std::size_t>(i)];
            const glm::vec3 a = s < 2 ? fa.leg[s][2] : fa.arm[s - 2][2], c = s < 2 ? fc.leg[s][2] : fc.arm[s - 2][2];
            if (std::max(a.y, c.y) < 0.08f * reach) {
              belt += glm::vec3(c.x - a.x, 0.0f, c.z - a.z) / static_cast<float>(dt);
              ++count;
            }
          }
      };
      slide(false);
      if (count <= n / 4 && !pl.arms_are_wings) slide(true);
      glm::vec3 travel = F.back().waist - F.front().waist;
      travel.y = 0.0f;
      if (count > n / 4) {
        belt /= static_cast<float>(count);
        if (glm::length(belt) > 0.25f * reach && glm::length(travel) / T < 0.1f * reach)
          for (int i = 0; i < n; ++i) {
            const glm::vec3 shift = -belt * static_cast<float>(i * dt);
            all_points(F[static_cast<std::size_t>(i)], [&](glm::vec3& v) { v += shift; });
          }
      }
    }
    // A loop: the last frame matches the first once the travel is taken out (a closed cycle), or the step
    // from the last frame back to the first is like the clip's other steps (an open cycle: the first frame
    // is appended, so both end as closed cycles). A last frame that only repeats the one before it (an
    // exporter's repeated last key, the fox's Run) is not part of a cycle: a clip that loops without it
    // loses it.
    auto pose_gap = [&](FramePoints a, FramePoints z, const glm::vec3& off) {
      std::vector<glm::vec3> pa, pz;
      all_points(a, [&](glm::vec3& v) { pa.push_back(v); });
      all_points(z, [&](glm::vec3& v) { pz.push_back(v - off); });
      float g = 0.0f;
      for (std::size_t k = 0; k < pa.size(); ++k) g = std::max(g, glm::length(pz[k] - pa[k]));
      return std::max(g, 2.0f * std::acos(std::min(1.0f, std::fabs(glm::dot(a.hips, z.hips)))) * 0.5f * reach);
    };
    auto held = [&](int i) {  // frame i holds frame i - 1's pose (wherever the travel put it)
      const FramePoints &a = F[static_cast<std::size_t>(i - 1)], &z = F[static_cast<std::size_t>(i)];
      return pose_gap(a, z, glm::vec3(z.waist.x - a.waist.x, 0.0f, z.waist.z - a.waist.z)) < 0.002f * reach;
    };
    const int cycle_n = n > 4 && held(n - 1) && !held(n - 2) ? n - 1 : n;
    glm::vec3 offset(0.0f);
    bool loop = false, open = false;
    int wrap_steps = 1;
    for (const int m : {cycle_n, n}) {
      const FramePoints& last = F[static_cast<std::size_t>(m - 1)];
      const double span = (m - 1) * dt;
      offset = last.waist - F.front().waist;
      offset.y = 0.0f;
      if (span < 0.3) continue;
      if (pose_gap(F.front(), last, offset) < 0.06f * reach) {
        loop = true;
      } else {
        float mean_step = 0.0f, max_step = 0.0f;
        for (int i = 1; i < m; ++i) {
          const float g = pose_gap(F[static_cast<std::size_t>(i - 1)], F[static_cast<std::size_t>(i)], glm::vec3(0.0f));
          mean_step += g / static_cast<float>(m - 1);
          max_step = std::max(max_step, g);
        }
        const glm::vec3 per = offset / static_cast<float>(m - 1);
        // The frame after the last: the first moved on by the whole travel and one more step of it.
        const float wrap = pose_gap(last, F.front(), -(offset + per));
        open = loop = wrap < std::max(1.5f * mean_step, 1.25f * max_step) + 0.01f * reach;
        // A wrap longer than the clip's steps (their travel taken out) lacks frames: as many are put in.
        if (open) {
          float pose_step = 0.0f;
          for (int i = 1; i < m; ++i)
            pose_step += pose_gap(F[static_cast<std::size_t>(i - 1)], F[static_cast<std::size_t>(i)], per) / static_cast<float>(m - 1);
          if (pose_step > 0.0f) wrap_steps = std::clamp(static_cast<int>(std::lround(wrap / pose_step)), 1, 3);
        }
      }
      if (loop) {
        F.resize(static_cast<std::size_t>(m));
        n = m;
        break;
      }
      if (m == n) break;
    }
    if (open) {
      // The first frame again after the last, one cycle's travel on; between them, when the wrap is longer
      // than a step, frames interpolated so the seam moves at the clip's pace (the fox's Run lacks one).
      const glm::vec3 per = offset / static_cast<float>(n - 1);
      FramePoints next = F.front();
      const glm::vec3 shift = offset + static_cast<float>(wrap_steps) * per;
      all_points(next, [&](glm::vec3& v) { v += shift; });
      const FramePoints last = F.back();
      std::vector<glm::vec3> to;
      all_points(next, [&](glm::vec3& v) { to.push_back(v); });
      for (int k = 1; k < wrap_steps; ++k) {
        const float u = static_cast<float>(k) / static_cast<float>(wrap_steps);
        FramePoints mid = last;
        std::size_t j = 0;
        all_points(mid, [&](glm::vec3& v) { v = glm::mix(v, to[j++], u); });
        const glm::quat qb = glm::dot(last.hips, next.hips) < 0.0f ? -next.hips : next.hips;
        mid.hips = glm::normalize(glm::slerp(last.hips, qb, u));
        F.push_back(mid);
        ++n;
      }
      if (glm::dot(F.back().hips, next.hips) < 0.0f) next.hips = -next.hips;
      F.push_back(next);
      ++n;
      offset = shift;
    }
    if (!loop) offset = glm::vec3(0.0f);

    // Channels, dense.
    std::vector<glm::vec3> abs[1 + kMotionPartCount], rel[kMotionPartCount], pole[kMotionPartCount];
    std::vector<glm::quat> orient;
    for (int i = 0; i < n; ++i) {
      const FramePoints& f = F[static_cast<std::size_t>(i)];
      const glm::quat inv = glm::conjugate(f.hips);
      orient.push_back(f.hips);
      abs[0].push_back(f.waist);
      auto set = [&](MotionPart part, const glm::vec3& ref, const glm::vec3& control) {
        const int pi = static_cast<int>(part);
        rel[pi].push_back(inv * (ref - f.waist));
        abs[1 + pi].push_back(control);
      };
      set(MotionPart::kWaist, f.waist, f.waist_top);
      set(MotionPart::kChest, f.waist, f.chest_top);
      set(MotionPart::kHead, f.chest_top, f.head_leaf);
      const glm::vec3 fwd = f.hips * glm::vec3(0, 0, 1);
      for (int s = 0; s < 2; ++s) {
        const MotionPart leg = s == 0 ? MotionPart::kLeftLeg : MotionPart::kRightLeg;
        const MotionPart arm = s == 0 ? MotionPart::kLeftArm : MotionPart::kRightArm;
        if (leg_of(s)) {
          set(leg, f.leg[s][0], f.leg[s][2]);
          pole[static_cast<int>(leg)].push_back(pole_of(f.leg[s][0], f.leg[s][1], f.leg[s][2], fwd));
        } else {  // legless: a nominal straight leg under the waist
          const glm::vec3 hip = f.waist + glm::vec3(s == 0 ? 0.05f * H : -0.05f * H, 0.0f, 0.0f);
          set(leg, hip, glm::vec3(hip.x, std::min(0.0f, hip.y), hip.z));
          pole[static_cast<int>(leg)].push_back(fwd);
        }
        if (arm_of(s)) {
          set(arm, f.arm[s][0], f.arm[s][2]);
          pole[static_cast<int>(arm)].push_back(pole_of(f.arm[s][0], f.arm[s][1], f.arm[s][2], pl.arms_are_wings ? -fwd : fwd));
        } else {  // no arms: a point at the chest, still
          set(arm, f.chest_top, f.chest_top);
          pole[static_cast<int>(arm)].push_back(-fwd);
        }
      }
    }
    // Contacts (feet, and hands that are forelegs), from height and speed.
    const int frames = loop ? n - 1 : n;
    std::vector<bool> foot[2], hand[2];
    int runs = 0;
    for (int s = 0; s < 2; ++s) {
      const int li = 1 + static_cast<int>(s == 0 ? MotionPart::kLeftLeg : MotionPart::kRightLeg);
      const int ai2 = 1 + static_cast<int>(s == 0 ? MotionPart::kLeftArm : MotionPart::kRightArm);
      if (!pl.legless) {
        std::vector<glm::vec3> v(abs[li].begin(), abs[li].begin() + frames);
        foot[s] = find_contacts(v, dt, body.legs[static_cast<std::size_t>(s)].reach(), loop, offset);
      } else {
        foot[s].assign(static_cast<std::size_t>(frames), false);
      }
      if (arm_of(s) && !pl.arms_are_wings) {
        std::vector<glm::vec3> v(abs[ai2].begin(), abs[ai2].begin() + frames);
        hand[s] = find_contacts(v, dt, body.arms[static_cast<std::size_t>(s)].reach(), loop, offset);
      } else {
        hand[s].assign(static_cast<std::size_t>(frames), false);
      }
      runs += count_runs(foot[s]) + count_runs(hand[s]);
    }
    if (loop) {
      for (auto& v : abs) close_loop(&v, offset);
      for (int pi = 0; pi < kMotionPartCount; ++pi) {
        close_loop(&rel[pi], glm::vec3(0.0f));
        close_loop(&pole[pi], glm::vec3(0.0f));
      }
      const glm::quat e = orient[static_cast<std::size_t>(frames)] * glm::conjugate(orient[0]);
      for (int i = 0; i < frames; ++i)
        orient[static_cast<std::size_t>(i)] = glm::normalize(
            glm::slerp(glm::quat(1, 0, 0, 0), glm::conjugate(e), static_cast<float>(i) / frames) * orient[static_cast<std::size_t>(i)]);
      orient.pop_back();
    }
    for (int s = 0; s < 2; ++s) {
      const int li = 1 + static_cast<int>(s == 0 ? MotionPart::kLeftLeg : MotionPart::kRightLeg);
      const int ai2 = 1 + static_cast<int>(s == 0 ? MotionPart::kLeftArm : MotionPart::kRightArm);
      plant(&abs[li], foot[s], loop, offset);
      plant(&abs[ai2], hand[s], loop, offset);
      if (!pl.legless)
        for (glm::vec3& v : abs[li]) v.y = std::max(v.y, 0.0f);
    }

    MotionClip clip;
    std::string name = source + "_" + sanitize_motion_name(shown);
    if (name.size() > 48) name.resize(48);
    for (int k = 2; std::find(used.begin(), used.end(), name) != used.end(); ++k)
      name = name.substr(0, 44) + "_" + std::to_string(k);
    used.push_back(name);
    clip.name = name;
    clip.loop = loop;
    clip.duration_s = loop ? frames * dt : (frames - 1) * dt;
    clip.cycle_offset_ms = offset;
    clip.body = body;
    clip.notes = "Imported from " + o.source + " clip \"" + title_case(shown) + "\" (glTF, " + std::to_string(n) +
                 " frames at " + std::to_string(static_cast<int>(o.sample_hz)) + " Hz" + (loop ? ", a loop" : "") +
                 "); keys within " + std::to_string(bound) + " m";
    std::vector<float> times(static_cast<std::size_t>(frames));
    for (int i = 0; i < frames; ++i) times[static_cast<std::size_t>(i)] = static_cast<float>(i * dt);
    const CurveParams abs_p{loop, clip.duration_s, offset, TangentRule::kClamped};
    const CurveParams rel_p{loop, clip.duration_s, glm::vec3(0.0f), TangentRule::kClamped};
    auto all = [&] {
      std::vector<int> k(static_cast<std::size_t>(frames));
      for (int i = 0; i < frames; ++i) k[static_cast<std::size_t>(i)] = i;
      return k;
    };
    auto keep = [&](const std::vector<glm::vec3>& v, const CurveParams& cp, const std::vector<int>& forced, float scale) {
      return bound > 0.0f ? decimate_vec3(times, v, cp, bound * scale, forced) : all();
    };
    auto boundaries = [&](const std::vector<bool>& c) {
      std::vector<int> f;
      for (int i = 0; i < frames; ++i)
        if (c[static_cast<std::size_t>(i)] && (i == 0 || i == frames - 1 || !c[static_cast<std::size_t>(i - 1)] || !c[static_cast<std::size_t>(i + 1)]))
          f.push_back(i);
      return f;
    };
    for (int pi = 0; pi < kMotionPartCount; ++pi) {
      const MotionPart part = static_cast<MotionPart>(pi);
      std::vector<int> forced;
      if (part == MotionPart::kLeftLeg) forced = boundaries(foot[0]);
      if (part == MotionPart::kRightLeg) forced = boundaries(foot[1]);
      if (part == MotionPart::kLeftArm) forced = boundaries(hand[0]);
      if (part == MotionPart::kRightArm) forced = boundaries(hand[1]);
      PartChannels& c = clip.parts[static_cast<std::size_t>(pi)];
      c.control = keyed(times, abs[1 + pi], keep(abs[1 + pi], abs_p, forced, 1.0f));
      if (part == MotionPart::kWaist) c.reference = keyed(times, abs[0], keep(abs[0], abs_p, {}, 1.0f));
      else c.reference = keyed(times, rel[pi], keep(rel[pi], rel_p, {}, 1.0f));
      if (has_pole(part)) {
        // A pole is a direction: its bound is an angle (the bound over a reach's lever).
        std::vector<glm::vec3> scaled = pole[pi];
        c.pole = keyed(times, pole[pi], keep(scaled, rel_p, {}, reach > 0.0f ? 2.0f / reach : 1.0f));
      }
    }
    const std::vector<int> qk = bound > 0.0f ? decimate_quat(times, orient, rel_p, bound, 0.5f * reach) : all();
    for (int k : qk) {
      clip.waist_orientation.times_s.push_back(times[static_cast<std::size_t>(k)]);
      clip.waist_orientation.values.push_back(orient[static_cast<std::size_t>(k)]);
    }
    auto steps = [&](const std::vector<bool>& c, StepChannel* sc) {
      // Held over [i, i+1) only while planted at both ends, so the point never moves while the flag is 1.
      auto held = [&](int i) {
        return c[static_cast<std::size_t>(i)] && (i + 1 < frames ? c[static_cast<std::size_t>(i + 1)] : (loop ? c[0] : true));
      };
      for (int i = 0; i < frames; ++i)
        if (i == 0 || held(i) != held(i - 1)) {
          sc->times_s.push_back(times[static_cast<std::size_t>(i)]);
          sc->values.push_back(held(i) ? 1.0f : 0.0f);
        }
    };
    for (int s = 0; s < 2; ++s) {
      steps(foot[s], &clip.foot_contact[static_cast<std::size_t>(s)]);
      if (arm_of(s) && !pl.arms_are_wings) steps(hand[s], &clip.hand_contact[static_cast<std::size_t>(s)]);
    }
    guess_description(&clip, title_case(o.source) + " " + title_case(shown), pl.legless, pl.arms_are_wings, o.order);
    clip.description.source = title_case(o.source);  // the motion menu's group
    if (Status st = validate_motion(clip, file); !st) return st.error;

    // The reduction's error: the keyed clip against the dense points it was made from.
    ImportedClip ic;
    MotionPose mp;
    for (int i = 0; i < frames; ++i) {
      sample_clip(clip, times[static_cast<std::size_t>(i)], &mp);
      const auto u = static_cast<std::size_t>(i);
      float e = glm::length(mp[MotionPart::kWaist].reference - abs[0][u]);
      for (int pi = 0; pi < kMotionPartCount; ++pi) e = std::max(e, glm::length(mp.parts[static_cast<std::size_t>(pi)].control - abs[1 + pi][u]));
      ic.error_m = std::max(ic.error_m, e);
    }
    ic.source_name = shown;
    ic.frames = sampled;
    ic.contacts = runs;
    ic.bound_m = bound;
    for (const PartChannels& c : clip.parts) ic.keys += c.reference.size() + c.control.size() + c.pole.size();
    ic.keys += clip.waist_orientation.size();
    ic.clip = std::move(clip);
    out.clips.push_back(std::move(ic));
  }
  return out;
}

Result<RigMap> parse_rig_map(const std::string& text, const std::string& file) {
  if (text.size() > kMaxRigMapBytes) return Error{file, "", "larger than 64 KB: not a rig map"};
  Result<Json> parsed = parse_json(text, file);
  if (!parsed) return parsed.error();
  const Json& j = *parsed;
  if (Status st = check_format(j, "critterforge.rigmap/1", file); !st) return st.error;
  if (Status st = check_keys(j, {"format", "legs", "arms", "head", "tail"}, file, ""); !st) return st.error;
  RigMap m;
  m.given = true;
  auto limbs = [&](const char* field, std::vector<RigMapLimb>* out) -> Status {
    auto it = j.find(field);
    if (it == j.end()) return {};
    if (!it->is_array() || it->size() > 16) return Error{file, field, "must be an array of at most 16 {\"top\", \"leaf\"}"};
    for (std::size_t i = 0; i < it->size(); ++i) {
      const Json& l = (*it)[i];
      const std::string at = std::string(field) + "[" + std::to_string(i) + "]";
      if (!l.is_object() || !l.contains("top") || !l.contains("leaf") || !l["top"].is_string() || !l["leaf"].is_string())
        return Error{file, at, "must be {\"top\": joint name, \"leaf\": joint name}"};
      out->push_back({l["top"].get<std::string>(), l["leaf"].get<std::string>()});
    }
    return {};
  };
  if (Status s = limbs("legs", &m.legs); !s) return s.error;
  if (Status s = limbs("arms", &m.arms); !s) return s.error;
  for (const char* f : {"head", "tail"}) {
    auto it = j.find(f);
    if (it == j.end()) continue;
    if (!it->is_string()) return Error{file, f, "must be a joint name"};
    (std::string(f) == "head" ? m.head : m.tail) = it->get<std::string>();
  }
  return m;
}

Result<GltfAnimImport> import_gltf_file(const std::string& path, const GltfImportOptions& options) {
  Result<std::string> bytes = read_file(path, options.budget.max_file_bytes);
  if (!bytes) return bytes.error();
  return import_gltf_animations(*bytes, path, options);
}

}  // namespace cf
