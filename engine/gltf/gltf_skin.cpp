#include "gltf/gltf_skin.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

namespace cf {

namespace {

namespace tg = tinygltf;

// Images are not needed to pose a mesh; skipping them keeps loading fast and decoder-free.
bool skip_image(tg::Image*, const int, std::string*, std::string*, int, int, const unsigned char*, int,
                void*) {
  return true;
}

// Reads an accessor as floats: normalized integers scaled to [0, 1] (or [-1, 1]), others as values.
Result<std::vector<float>> read_accessor(const tg::Model& m, int index, const std::string& file,
                                         const std::string& what) {
  const Error bad{file, what, "bad accessor"};
  if (index < 0 || static_cast<std::size_t>(index) >= m.accessors.size()) return bad;
  const tg::Accessor& a = m.accessors[index];
  if (a.sparse.isSparse) return Error{file, what, "sparse accessors are not supported"};
  if (a.bufferView < 0 || static_cast<std::size_t>(a.bufferView) >= m.bufferViews.size()) return bad;
  const tg::BufferView& v = m.bufferViews[static_cast<std::size_t>(a.bufferView)];
  if (v.buffer < 0 || static_cast<std::size_t>(v.buffer) >= m.buffers.size()) return bad;
  const std::vector<unsigned char>& data = m.buffers[static_cast<std::size_t>(v.buffer)].data;
  const int comps = tg::GetNumComponentsInType(static_cast<std::uint32_t>(a.type));
  const int size = tg::GetComponentSizeInBytes(static_cast<std::uint32_t>(a.componentType));
  const int stride = a.ByteStride(v);
  if (comps <= 0 || size <= 0 || stride <= 0) return bad;
  // Every sum and product below is checked before it is formed: a hostile count (2^62) or offset
  // must not wrap around and pass.
  const std::size_t elem = static_cast<std::size_t>(comps * size);
  const std::size_t view_end = v.byteOffset <= data.size() && v.byteLength <= data.size() - v.byteOffset
                                   ? v.byteOffset + v.byteLength
                                   : 0;  // 0: the view itself does not fit in its buffer
  if (view_end == 0 && a.count > 0) return Error{file, what, "accessor runs past its buffer"};
  const std::size_t start = v.byteOffset + a.byteOffset;
  if (a.count > 0 && (a.byteOffset > view_end - v.byteOffset || elem > view_end - start ||
                      a.count - 1 > (view_end - start - elem) / static_cast<std::size_t>(stride)))
    return Error{file, what,
                 "accessor runs past its buffer (count " + std::to_string(a.count) + ", stride " +
                     std::to_string(stride) + ", buffer view of " + std::to_string(v.byteLength) + " bytes)"};
  std::vector<float> out;
  out.reserve(a.count * static_cast<std::size_t>(comps));
  for (std::size_t i = 0; i < a.count; ++i) {
    const unsigned char* p = data.data() + start + i * static_cast<std::size_t>(stride);
    for (int c = 0; c < comps; ++c, p += size) {
      float f = 0.0f;
      switch (a.componentType) {
        case TINYGLTF_COMPONENT_TYPE_FLOAT:
          std::memcpy(&f, p, 4);
          break;
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
          f = a.normalized ? *p / 255.0f : *p;
          break;
        case TINYGLTF_COMPONENT_TYPE_BYTE: {
          const auto s = static_cast<std::int8_t>(*p);
          f = a.normalized ? std::max(s / 127.0f, -1.0f) : s;
          break;
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
          std::uint16_t u;
          std::memcpy(&u, p, 2);
          f = a.normalized ? u / 65535.0f : u;
          break;
        }
        case TINYGLTF_COMPONENT_TYPE_SHORT: {
          std::int16_t s;
          std::memcpy(&s, p, 2);
          f = a.normalized ? std::max(s / 32767.0f, -1.0f) : s;
          break;
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
          std::uint32_t u;
          std::memcpy(&u, p, 4);
          f = static_cast<float>(u);
          break;
        }
        default:
          return bad;
      }
      out.push_back(f);
    }
  }
  return out;
}

Status read_primitive(const tg::Model& m, int node, const tg::Primitive& p, const std::string& file,
                      GltfSkinnedPrimitive* out) {
  const std::string where = "nodes[" + std::to_string(node) + "]";
  auto attr = [&](const char* name) {
    auto it = p.attributes.find(name);
    return it == p.attributes.end() ? -1 : it->second;
  };
  if (attr("POSITION") < 0 || attr("JOINTS_0") < 0 || attr("WEIGHTS_0") < 0)
    return Error{file, where, "skinned primitive without POSITION, JOINTS_0 and WEIGHTS_0"};
  auto pos = read_accessor(m, attr("POSITION"), file, where + " POSITION");
  auto joints = read_accessor(m, attr("JOINTS_0"), file, where + " JOINTS_0");
  auto weights = read_accessor(m, attr("WEIGHTS_0"), file, where + " WEIGHTS_0");
  if (!pos) return pos.error();
  if (!joints) return joints.error();
  if (!weights) return weights.error();
  const std::size_t n = pos->size() / 3;
  if (joints->size() != n * 4 || weights->size() != n * 4)
    return Error{file, where, "JOINTS_0/WEIGHTS_0 count differs from POSITION"};
  for (std::size_t v = 0; v < n; ++v)
    out->positions.push_back({(*pos)[3 * v], (*pos)[3 * v + 1], (*pos)[3 * v + 2]});
  out->influences.slots = 4;
  for (std::size_t v = 0; v < n; ++v) {
    float sum = 0.0f;
    for (int k = 0; k < 4; ++k) sum += (*weights)[4 * v + static_cast<std::size_t>(k)];
    if (!(sum > 0.0f)) return Error{file, where, "vertex " + std::to_string(v) + " has no weight"};
    for (int k = 0; k < 4; ++k) {
      const float j = (*joints)[4 * v + static_cast<std::size_t>(k)];
      if (j < 0.0f || j >= static_cast<float>(out->joints.size()))
        return Error{file, where, "vertex " + std::to_string(v) + " names a joint outside the skin"};
      out->influences.bones.push_back(static_cast<std::uint16_t>(j));
      out->influences.weights.push_back((*weights)[4 * v + static_cast<std::size_t>(k)] /
                                        sum);  // as players normalize
    }
  }
  return {};
}

Status read_animations(const tg::Model& m, const std::string& file, SkinnedGltf* g) {
  for (std::size_t ai = 0; ai < m.animations.size(); ++ai) {
    const tg::Animation& a = m.animations[ai];
    const std::string where = "animations[" + std::to_string(ai) + "]";
    std::vector<GltfChannel> chans;
    for (const tg::AnimationChannel& c : a.channels) {
      GltfChannel ch;
      ch.node = c.target_node;
      if (c.target_path == "translation")
        ch.path = 0;
      else if (c.target_path == "rotation")
        ch.path = 1;
      else if (c.target_path == "scale")
        ch.path = 2;
      else
        continue;  // morph weights do not move joints
      if (c.sampler < 0 || static_cast<std::size_t>(c.sampler) >= a.samplers.size() || ch.node < 0 ||
          static_cast<std::size_t>(ch.node) >= m.nodes.size())
        return Error{file, where, "channel with a bad sampler or node"};
      const tg::AnimationSampler& s = a.samplers[static_cast<std::size_t>(c.sampler)];
      ch.interpolation = s.interpolation == "STEP" ? 1 : s.interpolation == "CUBICSPLINE" ? 2 : 0;
      auto t = read_accessor(m, s.input, file, where + " input");
      auto v = read_accessor(m, s.output, file, where + " output");
      if (!t) return t.error();
      if (!v) return v.error();
      const std::size_t per = (ch.path == 1 ? 4u : 3u) * (ch.interpolation == 2 ? 3u : 1u);
      if (t->empty() || v->size() != t->size() * per)
        return Error{file, where, "sampler input and output counts differ"};
      // Sampling searches the key times: a NaN would send the search past their end.
      for (std::size_t k = 0; k < t->size(); ++k) {
        if (!std::isfinite((*t)[k]))
          return Error{file, where + " input", "key time " + std::to_string(k) + " is not a finite number"};
        if (k > 0 && (*t)[k] < (*t)[k - 1])
          return Error{file, where + " input", "key times must not decrease (key " + std::to_string(k) + ")"};
      }
      ch.times = std::move(*t);
      ch.values = std::move(*v);
      chans.push_back(std::move(ch));
    }
    g->animation_names.push_back(a.name);
    g->animations.push_back(std::move(chans));
  }
  return {};
}

// Samples one channel at time t into a vec4 (xyz for translation and scale).
glm::vec4 sample_channel(const GltfChannel& c, double t) {
  const int n = c.path == 1 ? 4 : 3;
  const std::size_t per = static_cast<std::size_t>(n) * (c.interpolation == 2 ? 3u : 1u);
  const std::size_t off =
      c.interpolation == 2 ? static_cast<std::size_t>(n) : 0u;  // value after the in-tangent
  auto value = [&](std::size_t k, std::size_t part) {
    glm::vec4 r(0.0f);
    for (int i = 0; i < n; ++i) r[i] = c.values[k * per + part + static_cast<std::size_t>(i)];
    return r;
  };
  const std::size_t last = c.times.size() - 1;
  if (t <= c.times[0]) return value(0, off);
  if (t >= c.times[last]) return value(last, off);
  // A time just below the last key can round up to it in float: the key pair stays inside the track.
  const std::size_t k1 = std::clamp<std::size_t>(
      static_cast<std::size_t>(std::upper_bound(c.times.begin(), c.times.end(), static_cast<float>(t)) - c.times.begin()),
      1, last);
  const std::size_t k0 = k1 - 1;
  const double dt = c.times[k1] - c.times[k0];
  const float s = static_cast<float>(std::clamp((t - c.times[k0]) / dt, 0.0, 1.0));
  if (c.interpolation == 1) return value(k0, off);
  if (c.interpolation == 2) {
    const float s2 = s * s, s3 = s2 * s, d = static_cast<float>(dt);
    glm::vec4 r = (2 * s3 - 3 * s2 + 1) * value(k0, off) +
                  (s3 - 2 * s2 + s) * d * value(k0, 2u * static_cast<std::size_t>(n)) +
                  (-2 * s3 + 3 * s2) * value(k1, off) + (s3 - s2) * d * value(k1, 0);
    if (n == 4) r = glm::normalize(r);
    return r;
  }
  const glm::vec4 a = value(k0, 0), b = value(k1, 0);
  if (n == 3) return a + (b - a) * s;
  glm::quat qa(a.w, a.x, a.y, a.z), qb(b.w, b.x, b.y, b.z);
  glm::quat q = glm::slerp(qa, glm::dot(qa, qb) < 0.0f ? -qb : qb, s);
  return {q.x, q.y, q.z, q.w};
}

}  // namespace

Result<SkinnedGltf> load_skinned_gltf(const std::string& path) {
  tg::Model m;
  tg::TinyGLTF loader;
  loader.SetImageLoader(&skip_image, nullptr);
  std::string err, warn;
  const bool binary = path.size() > 4 && path.compare(path.size() - 4, 4, ".glb") == 0;
  const bool ok = binary ? loader.LoadBinaryFromFile(&m, &err, &warn, path)
                         : loader.LoadASCIIFromFile(&m, &err, &warn, path);
  if (!ok) {
    std::string first = err.substr(0, err.find('\n'));
    return Error{path, "", "not a readable glTF file" + (first.empty() ? std::string() : ": " + first)};
  }
  SkinnedGltf g;
  const std::size_t n = m.nodes.size();
  g.parents.assign(n, -1);
  g.has_matrix.assign(n, 0);
  g.rest_matrix.assign(n, glm::mat4(1.0f));
  g.rest_translation.assign(n, glm::vec3(0.0f));
  g.rest_scale.assign(n, glm::vec3(1.0f));
  g.rest_rotation.assign(n, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  for (std::size_t i = 0; i < n; ++i) {
    const tg::Node& nd = m.nodes[i];
    for (int c : nd.children) {
      if (c < 0 || static_cast<std::size_t>(c) >= n || g.parents[c] >= 0)
        return Error{path, "nodes[" + std::to_string(i) + "]", "bad child"};
      g.parents[c] = static_cast<int>(i);
    }
    if (nd.matrix.size() == 16) {
      g.has_matrix[i] = 1;
      for (int k = 0; k < 16; ++k) glm::value_ptr(g.rest_matrix[i])[k] = static_cast<float>(nd.matrix[k]);
    }
    if (nd.translation.size() == 3)
      g.rest_translation[i] = glm::vec3(nd.translation[0], nd.translation[1], nd.translation[2]);
    if (nd.scale.size() == 3) g.rest_scale[i] = glm::vec3(nd.scale[0], nd.scale[1], nd.scale[2]);
    if (nd.rotation.size() == 4)
      g.rest_rotation[i] = glm::quat(static_cast<float>(nd.rotation[3]), static_cast<float>(nd.rotation[0]),
                                     static_cast<float>(nd.rotation[1]), static_cast<float>(nd.rotation[2]));
  }
  for (std::size_t i = 0; i < n; ++i)  // a cycle would never reach a root
    for (std::size_t k = 0, a = i; g.parents[a] >= 0; a = static_cast<std::size_t>(g.parents[a]))
      if (++k > n) return Error{path, "nodes", "the node hierarchy has a cycle"};
  for (std::size_t i = 0; i < n; ++i) {
    const tg::Node& nd = m.nodes[i];
    if (nd.skin < 0 || nd.mesh < 0) continue;
    if (static_cast<std::size_t>(nd.skin) >= m.skins.size() ||
        static_cast<std::size_t>(nd.mesh) >= m.meshes.size())
      return Error{path, "nodes[" + std::to_string(i) + "]", "bad mesh or skin"};
    const tg::Skin& sk = m.skins[static_cast<std::size_t>(nd.skin)];
    std::vector<float> ibm;
    if (sk.inverseBindMatrices >= 0) {
      auto r = read_accessor(m, sk.inverseBindMatrices, path, "skins inverseBindMatrices");
      if (!r) return r.error();
      ibm = std::move(*r);
    }
    for (const tg::Primitive& p : m.meshes[static_cast<std::size_t>(nd.mesh)].primitives) {
      GltfSkinnedPrimitive prim;
      prim.node = static_cast<int>(i);
      for (std::size_t j = 0; j < sk.joints.size(); ++j) {
        if (sk.joints[j] < 0 || static_cast<std::size_t>(sk.joints[j]) >= n)
          return Error{path, "skins", "bad joint"};
        prim.joints.push_back(sk.joints[j]);
        glm::mat4 ib(1.0f);
        if (ibm.size() >= 16 * (j + 1))
          std::memcpy(glm::value_ptr(ib), ibm.data() + 16 * j, sizeof(float) * 16);
        prim.inv_bind.push_back(ib);
      }
      if (Status st = read_primitive(m, static_cast<int>(i), p, path, &prim); !st) return st.error;
      g.primitives.push_back(std::move(prim));
    }
  }
  if (g.primitives.empty()) return Error{path, "", "no skinned mesh"};
  glm::vec3 lo(1e30f), hi(-1e30f);
  for (const auto& p : g.primitives)
    for (const glm::vec3& v : p.positions) lo = glm::min(lo, v), hi = glm::max(hi, v);
  g.size_m = glm::length(hi - lo);
  if (Status st = read_animations(m, path, &g); !st) return st.error;
  return g;
}

void pose_gltf_nodes(const SkinnedGltf& g, int animation, double time_s, std::vector<glm::mat4>* world) {
  const std::size_t n = g.parents.size();
  std::vector<glm::vec3> t = g.rest_translation, s = g.rest_scale;
  std::vector<glm::quat> r = g.rest_rotation;
  if (animation >= 0 && static_cast<std::size_t>(animation) < g.animations.size()) {
    for (const GltfChannel& c : g.animations[animation]) {
      const glm::vec4 v = sample_channel(c, time_s);
      const auto i = static_cast<std::size_t>(c.node);
      if (c.path == 0)
        t[i] = glm::vec3(v);
      else if (c.path == 1)
        r[i] = glm::quat(v.w, v.x, v.y, v.z);  // as stored, as players use it (see header)
      else
        s[i] = glm::vec3(v);
    }
  }
  std::vector<glm::mat4> local(n);
  for (std::size_t i = 0; i < n; ++i)
    local[i] = g.has_matrix[i] ? g.rest_matrix[i]
                               : glm::translate(glm::mat4(1.0f), t[i]) * glm::mat4_cast(r[i]) *
                                     glm::scale(glm::mat4(1.0f), s[i]);
  world->assign(n, glm::mat4(1.0f));
  std::vector<char> done(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    // Walk up to the first finished ancestor, then down again (any node order).
    std::vector<std::size_t> chain;
    for (std::size_t a = i; !done[a]; a = static_cast<std::size_t>(g.parents[a])) {
      chain.push_back(a);
      if (g.parents[a] < 0) break;
    }
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      const int p = g.parents[*it];
      (*world)[*it] = p >= 0 ? (*world)[p] * local[*it] : local[*it];
      done[*it] = 1;
    }
  }
}

bool skin_gltf_primitive(const SkinnedGltf& g, int primitive, const std::vector<glm::mat4>& world,
                         std::vector<glm::vec3>* out) {
  if (primitive < 0 || static_cast<std::size_t>(primitive) >= g.primitives.size() ||
      world.size() != g.parents.size())
    return false;
  const GltfSkinnedPrimitive& p = g.primitives[primitive];
  std::vector<glm::mat4> joint_ws(p.joints.size());
  for (std::size_t j = 0; j < p.joints.size(); ++j)
    joint_ws[j] = world[static_cast<std::size_t>(p.joints[j])];
  std::vector<Mat3x4> skin(p.joints.size());
  SkinMatricesJob matrices;
  matrices.bone_ms = joint_ws;
  matrices.inv_bind_ms = p.inv_bind;
  matrices.out = skin;
  if (!matrices.run()) return false;
  out->resize(p.positions.size());
  BlendSkinningJob job;
  job.skin = skin;
  job.influences = &p.influences;
  job.positions_ms = p.positions;
  job.out_positions_ms = *out;
  return job.run();
}

}  // namespace cf
