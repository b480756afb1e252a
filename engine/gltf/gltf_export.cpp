#include "gltf/gltf_export.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "core/file_io.h"
#include "gltf/key_reduction.h"
#include "render/paint_texture.h"
#include "retarget/retarget.h"
#include "skeleton/rig_builder.h"

namespace cf {

namespace {

namespace tg = tinygltf;

// Appends typed arrays to the single binary buffer, one buffer view and accessor per array.
class BinaryWriter {
 public:
  explicit BinaryWriter(tg::Model* m) : m_(m) {}

  int view(const void* data, std::size_t bytes, int target) {
    while (bin_.size() % 4) bin_.push_back(0);  // every component type stays aligned
    tg::BufferView v;
    v.buffer = 0;
    v.byteOffset = bin_.size();
    v.byteLength = bytes;
    v.target = target;
    const auto* p = static_cast<const unsigned char*>(data);
    bin_.insert(bin_.end(), p, p + bytes);
    m_->bufferViews.push_back(v);
    return static_cast<int>(m_->bufferViews.size()) - 1;
  }

  template <class T>
  int accessor(const std::vector<T>& values, int components, int component_type, int type, int target,
               bool normalized = false, bool bounds = false) {
    tg::Accessor a;
    a.bufferView = view(values.data(), values.size() * sizeof(T), target);
    a.componentType = component_type;
    a.type = type;
    a.normalized = normalized;
    a.count = values.size() / static_cast<std::size_t>(components);
    if (bounds) {
      a.minValues.assign(static_cast<std::size_t>(components), 1e300);
      a.maxValues.assign(static_cast<std::size_t>(components), -1e300);
      for (std::size_t i = 0; i < values.size(); ++i) {
        const std::size_t c = i % static_cast<std::size_t>(components);
        a.minValues[c] = std::min(a.minValues[c], static_cast<double>(values[i]));
        a.maxValues[c] = std::max(a.maxValues[c], static_cast<double>(values[i]));
      }
    }
    m_->accessors.push_back(a);
    return static_cast<int>(m_->accessors.size()) - 1;
  }

  void finish() {
    while (bin_.size() % 4) bin_.push_back(0);
    tg::Buffer b;
    b.data = std::move(bin_);
    m_->buffers.push_back(std::move(b));
  }

 private:
  tg::Model* m_;
  std::vector<unsigned char> bin_;
};

std::vector<float> flat(const std::vector<glm::vec3>& v) {
  std::vector<float> out;
  for (const glm::vec3& p : v) out.insert(out.end(), {p.x, p.y, p.z});
  return out;
}

// Inverse of a rigid frame with an exact last row (the validator checks it).
std::vector<float> rigid_inverse(const glm::mat4& m) {
  const glm::dmat3 rt = glm::transpose(glm::dmat3(m));
  const glm::dvec3 t = -(rt * glm::dvec3(m[3]));
  std::vector<float> out(16, 0.0f);
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) out[static_cast<std::size_t>(c * 4 + r)] = static_cast<float>(rt[c][r]);
  for (int r = 0; r < 3; ++r) out[static_cast<std::size_t>(12 + r)] = static_cast<float>(t[r]);
  out[15] = 1.0f;
  return out;
}

// Points in each bone's frame whose distance from the exact pose bounds every vertex it moves:
// its head and tail, and the corners of the box around the flesh it carries.
std::vector<std::vector<glm::vec3>> bone_probes(const ExportSource& s, const WeightTable& weights) {
  const Skeleton& sk = s.rig.skeleton;
  std::vector<glm::vec3> lo(static_cast<std::size_t>(sk.size()), glm::vec3(1e30f)),
      hi(lo.size(), glm::vec3(-1e30f));
  std::vector<glm::mat4> inv(lo.size());
  for (std::size_t b = 0; b < inv.size(); ++b) inv[b] = glm::inverse(s.bind_ms[b]);
  auto grow = [&](std::size_t b, const glm::vec3& p_ms) {
    const glm::vec3 l = glm::vec3(inv[b] * glm::vec4(p_ms, 1.0f));
    lo[b] = glm::min(lo[b], l), hi[b] = glm::max(hi[b], l);
  };
  for (std::size_t b = 0; b < inv.size(); ++b) grow(b, sk.head_ms[b]), grow(b, sk.tail_ms[b]);
  for (int v = 0; v < weights.vertex_count(); ++v)
    for (const Influence* i = weights.begin(v); i != weights.end(v); ++i)
      if (i->weight > 0.0f) grow(static_cast<std::size_t>(i->bone), s.flesh.mesh.positions_ms[v]);
  std::vector<std::vector<glm::vec3>> probes(inv.size());
  for (std::size_t b = 0; b < inv.size(); ++b) {
    probes[b].push_back(glm::vec3(inv[b] * glm::vec4(sk.head_ms[b], 1.0f)));
    probes[b].push_back(glm::vec3(inv[b] * glm::vec4(sk.tail_ms[b], 1.0f)));
    for (int c = 0; c < 8; ++c)
      probes[b].push_back(
          {(c & 1) ? hi[b].x : lo[b].x, (c & 2) ? hi[b].y : lo[b].y, (c & 4) ? hi[b].z : lo[b].z});
  }
  return probes;
}

void add_skeleton_nodes(const ExportSource& s, tg::Model* m) {
  const Skeleton& sk = s.rig.skeleton;
  for (int b = 0; b < sk.size(); ++b) {
    const auto i = static_cast<std::size_t>(b);
    const int p = sk.parents[i];
    glm::vec3 t;
    glm::quat r;
    local_transform(p >= 0 ? s.bind_ms[p] : glm::mat4(1.0f), s.bind_ms[i], &t, &r);
    tg::Node n;
    n.name = sk.names[i];
    n.translation = {t.x, t.y, t.z};
    n.rotation = {r.x, r.y, r.z, r.w};
    m->nodes.push_back(n);
    if (p >= 0) m->nodes[p].children.push_back(b);
  }
}

void add_mesh(const ExportSource& s, const WeightTable& weights, int texture, BinaryWriter* w, tg::Model* m) {
  const SkinMesh& mesh = s.flesh.mesh;
  const int bones = s.rig.skeleton.size();
  tg::Primitive prim;
  prim.mode = TINYGLTF_MODE_TRIANGLES;
  prim.attributes["POSITION"] = w->accessor(flat(mesh.positions_ms), 3, TINYGLTF_COMPONENT_TYPE_FLOAT,
                                            TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER, false, true);
  prim.attributes["NORMAL"] = w->accessor(flat(mesh.normals_ms), 3, TINYGLTF_COMPONENT_TYPE_FLOAT,
                                          TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER);
  std::vector<float> uv;
  for (const glm::vec2& t : mesh.uvs)
    uv.insert(uv.end(), {t.x, t.y});  // v = 0 is the image's first row, as glTF wants
  prim.attributes["TEXCOORD_0"] =
      w->accessor(uv, 2, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC2, TINYGLTF_TARGET_ARRAY_BUFFER);
  // Four slots per vertex; unused slots are joint 0 with weight 0, as the spec asks.
  std::vector<std::uint16_t> joints;
  std::vector<float> wts;
  for (int v = 0; v < weights.vertex_count(); ++v) {
    int k = 0;
    for (const Influence* i = weights.begin(v); i != weights.end(v) && k < 4; ++i, ++k) {
      joints.push_back(static_cast<std::uint16_t>(i->bone));
      wts.push_back(i->weight);
    }
    for (; k < 4; ++k) joints.push_back(0), wts.push_back(0.0f);
  }
  if (bones <= 256) {
    std::vector<std::uint8_t> j8(joints.begin(), joints.end());
    prim.attributes["JOINTS_0"] = w->accessor(j8, 4, TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE,
                                              TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER);
  } else {
    prim.attributes["JOINTS_0"] = w->accessor(joints, 4, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT,
                                              TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER);
  }
  prim.attributes["WEIGHTS_0"] =
      w->accessor(wts, 4, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER);
  if (mesh.vertex_count() < 65535) {
    std::vector<std::uint16_t> idx(mesh.indices.begin(), mesh.indices.end());
    prim.indices = w->accessor(idx, 1, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, TINYGLTF_TYPE_SCALAR,
                               TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
  } else {
    prim.indices = w->accessor(mesh.indices, 1, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, TINYGLTF_TYPE_SCALAR,
                               TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
  }
  tg::Material mat;
  mat.name = "creature skin";
  mat.pbrMetallicRoughness.metallicFactor = 0.0;
  mat.pbrMetallicRoughness.roughnessFactor = 1.0;
  if (texture >= 0) mat.pbrMetallicRoughness.baseColorTexture.index = texture;
  m->materials.push_back(mat);
  prim.material = static_cast<int>(m->materials.size()) - 1;
  tg::Mesh tm;
  tm.name = s.name + " flesh";
  tm.primitives.push_back(prim);
  m->meshes.push_back(tm);
}

int add_texture(const std::string& png, BinaryWriter* w, tg::Model* m) {
  if (png.empty()) return -1;
  tg::Image img;
  img.name = "creature_skin";
  img.mimeType = "image/png";
  img.bufferView = w->view(png.data(), png.size(), 0);
  m->images.push_back(img);
  tg::Sampler smp;  // crisp texels, as the game draws them
  smp.magFilter = TINYGLTF_TEXTURE_FILTER_NEAREST;
  smp.minFilter = TINYGLTF_TEXTURE_FILTER_NEAREST_MIPMAP_LINEAR;
  smp.wrapS = smp.wrapT = TINYGLTF_TEXTURE_WRAP_REPEAT;
  m->samplers.push_back(smp);
  tg::Texture tex;
  tex.source = 0;
  tex.sampler = 0;
  m->textures.push_back(tex);
  return 0;
}

ExportedMotion add_animation(const ExportSource& s, const PosedMotion& pm, const KeyReductionInput& base,
                             std::map<std::vector<int>, int>* times, BinaryWriter* w, tg::Model* m) {
  KeyReductionInput in = base;
  in.frames = &pm.frames;
  const KeyReduction kr = reduce_keys(in);
  tg::Animation anim;
  anim.name = pm.name;
  auto input = [&](const std::vector<int>& ticks) {
    auto it = times->find(ticks);
    if (it != times->end()) return it->second;
    std::vector<float> t;
    for (int k : ticks) t.push_back(static_cast<float>(k * kTick_s));
    const int a = w->accessor(t, 1, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_SCALAR, 0, false, true);
    times->emplace(ticks, a);
    return a;
  };
  for (int b = 0; b < s.rig.skeleton.size(); ++b) {
    const JointTrack& tr = kr.tracks[b];
    const JointKeys& keys = kr.keys[b];
    std::vector<float> tv, rv;
    for (int k : keys.translation) {
      const glm::vec3& t = tr.translation[k];
      tv.insert(tv.end(), {t.x, t.y, t.z});
    }
    for (int k : keys.rotation) {
      const glm::quat& r = tr.rotation[k];
      rv.insert(rv.end(), {r.x, r.y, r.z, r.w});
    }
    const std::pair<const char*, int> channels[2] = {
        {"translation", w->accessor(tv, 3, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC3, 0)},
        {"rotation", w->accessor(rv, 4, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC4, 0)}};
    for (const auto& [path, output] : channels) {
      tg::AnimationSampler smp;
      smp.input = input(std::strcmp(path, "translation") == 0 ? keys.translation : keys.rotation);
      smp.output = output;
      smp.interpolation = "LINEAR";
      anim.samplers.push_back(smp);
      tg::AnimationChannel ch;
      ch.sampler = static_cast<int>(anim.samplers.size()) - 1;
      ch.target_node = b;
      ch.target_path = path;
      anim.channels.push_back(ch);
    }
  }
  m->animations.push_back(anim);
  return ExportedMotion{pm.name,        static_cast<int>(pm.frames.size()), pm.duration_s(), pm.loop,
                        kr.keys_before, kr.keys_after,                       kr.max_error_m};
}

}  // namespace

Result<ExportSource> prepare_export(const Creature& creature, const ExportOptions& options,
                                    std::vector<std::string>* skipped) {
  ExportSource s;
  s.name = creature.name.empty() ? "creature" : creature.name;
  Result<Rig> rig = build_rig(creature);
  if (!rig) return rig.error();
  s.rig = std::move(*rig);
  Result<SkinnedCreature> flesh = build_skinned_creature(s.rig.skeleton, options.skin);
  if (!flesh) return flesh.error();
  s.flesh = std::move(*flesh);
  if (s.rig.skeleton.size() > 65535) return Error{"", "parts", "too many bones for glTF joint indices"};
  bind_pose_matrices(s.rig, &s.bind_ms);
  const std::string motions_dir =
      (options.assets_dir.empty() ? default_export_assets_dir() : options.assets_dir) + "/motions";
  const bool defaults = options.motions.empty();
  std::vector<std::string> folders{motions_dir};
  if (!options.motions_dir.empty()) folders.insert(folders.begin(), options.motions_dir);
  const MotionLibrary library = load_motion_library(folders);
  for (const std::string& name : defaults ? exportable_motions(&library) : options.motions) {
    Result<PosedMotion> pm = pose_motion_for_export(s.rig, name, motions_dir, &library);
    if (pm) {
      s.motions.push_back(std::move(*pm));
    } else if (defaults && skipped) {
      skipped->push_back(name + ": " + pm.error().to_string());
    } else if (!defaults) {
      return pm.error();
    }
  }
  return s;
}

Result<std::string> build_glb(const ExportSource& s, const std::string& png, const ExportOptions& options,
                              ExportReport* report) {
  tg::Model m;
  m.asset.version = "2.0";
  m.asset.generator = "Critterforge creature-lab export";
  BinaryWriter w(&m);
  const WeightTable weights = palette_weights(s.flesh.palette);
  add_skeleton_nodes(s, &m);
  const int texture = add_texture(png, &w, &m);
  add_mesh(s, weights, texture, &w, &m);

  const Skeleton& sk = s.rig.skeleton;
  tg::Skin skin;
  skin.name = "rig";
  std::vector<float> ibm;
  for (int b = 0; b < sk.size(); ++b) {
    skin.joints.push_back(b);
    const std::vector<float> inv = rigid_inverse(s.bind_ms[b]);
    ibm.insert(ibm.end(), inv.begin(), inv.end());
  }
  skin.inverseBindMatrices = w.accessor(ibm, 16, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_MAT4, 0);
  skin.skeleton = s.rig.cog_bone;
  m.skins.push_back(skin);

  tg::Node body;  // the skinned mesh sits at the scene root with no transform, as the spec advises
  body.name = s.name;
  body.mesh = 0;
  body.skin = 0;
  m.nodes.push_back(body);
  tg::Scene scene;
  scene.name = s.name;
  for (int b = 0; b < sk.size(); ++b)
    if (sk.parents[b] < 0) scene.nodes.push_back(b);
  scene.nodes.push_back(static_cast<int>(m.nodes.size()) - 1);
  m.scenes.push_back(scene);
  m.defaultScene = 0;

  KeyReductionInput base;
  base.skeleton = &sk;
  base.probes = bone_probes(s, weights);
  base.max_error_m = options.resolved_max_error();
  std::map<std::vector<int>, int> times;
  if (report) report->motions.clear();
  for (const PosedMotion& pm : s.motions) {
    ExportedMotion em = add_animation(s, pm, base, &times, &w, &m);
    if (report) report->motions.push_back(em);
  }
  w.finish();

  std::ostringstream out;
  tg::TinyGLTF writer;
  if (!writer.WriteGltfSceneToStream(&m, out, false, true))
    return Error{"", "", "tinygltf could not write the model"};
  if (report) {
    report->vertices = s.flesh.mesh.vertex_count();
    report->triangles = static_cast<int>(s.flesh.mesh.indices.size() / 3);
    report->joints = sk.size();
    report->bytes = out.str().size();
  }
  return out.str();
}

// A painted creature's page as the base colour (the game's own texels, through its CLUT) and the
// flesh's uvs moved into it.
static Result<std::string> painted_skin_png(const Creature& creature, SkinMesh* mesh) {
  const int parts = static_cast<int>(creature.parts.size());
  std::vector<float> belly;
  paint_belly_u(mesh->uvs, mesh->normals_ms, mesh->vertex_part, parts, &belly);
  IndexedTexture page;
  build_paint_texture(creature, belly, &page);
  Image rgba;
  expand_indexed(page, &rgba);
  const std::vector<std::uint8_t> png = encode_png(rgba.width, rgba.height, rgba.rgba.data());
  if (png.empty()) return Error{"", "paint", "cannot encode the painted skin as PNG"};
  std::vector<glm::vec2> uvs;
  paint_uvs(mesh->uvs, mesh->vertex_part, parts, &uvs);
  mesh->uvs = std::move(uvs);
  return std::string(png.begin(), png.end());
}

Result<ExportReport> export_glb(const Creature& creature, const ExportOptions& options,
                                const std::string& out_path) {
  if (!(options.max_error_m >= 0.0f && options.max_error_m <= 1.0f))
    return Error{"", "max_error", "must be between 0 (default) and 1 metre"};
  ExportReport report;
  Result<ExportSource> src = prepare_export(creature, options, &report.skipped);
  if (!src) return src.error();
  const std::string assets = options.assets_dir.empty() ? default_export_assets_dir() : options.assets_dir;
  Result<std::string> png = creature.painted ? painted_skin_png(creature, &src->flesh.mesh)
                                             : read_file(assets + "/textures/creature_skin.png", 16u << 20);
  if (!png) return png.error();
  Result<std::string> glb = build_glb(*src, *png, options, &report);
  if (!glb) return glb.error();
  if (Status st = write_file_atomic(out_path, *glb); !st) return st.error;
  return report;
}

std::string export_path_beside(const std::string& creature_path) {
  const std::string ext = ".json";
  if (creature_path.size() > ext.size() &&
      creature_path.compare(creature_path.size() - ext.size(), ext.size(), ext) == 0)
    return creature_path.substr(0, creature_path.size() - ext.size()) + ".glb";
  return creature_path + ".glb";
}

std::string default_export_assets_dir() {
  if (std::ifstream("assets/motions/walk.json").good()) return "assets";
#ifdef CF_GLTF_ASSETS_DIR
  return CF_GLTF_ASSETS_DIR;
#else
  return "assets";
#endif
}

}  // namespace cf
