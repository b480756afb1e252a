// The retro path has no depth buffer: the ordering table alone decides what covers what. Seen from
// the side, biped_arms_tail's near arm must cover its torso and the tail root must stay behind the hip.
// Each triangle carries its creature part in u; the test paints the command list twice, in list
// order (what the console draws) and with a depth buffer (the truth), and compares the pictures.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "game/session/session.h"
#include "game/view/view.h"
#include "skin/skinned_creature.h"

namespace cf {
namespace {

struct Picture {
  int w = 0, h = 0;
  std::vector<int> painter, truth;  // part per pixel (-1: empty)
};

// Paints every triangle (u = part + 0.5) at pixel centres, in list order and depth-tested by 1/w.
Picture paint(const CommandList& list) {
  Picture p;
  p.w = list.width;
  p.h = list.height;
  p.painter.assign(std::size_t(p.w * p.h), -1);
  p.truth.assign(std::size_t(p.w * p.h), -1);
  std::vector<float> inv_w(std::size_t(p.w * p.h), 0.0f);
  for (const ScreenTriangle& t : list.triangles) {
    const float one = static_cast<float>(kSubpixelOne);
    float x[3], y[3];
    for (int k = 0; k < 3; ++k) {
      x[k] = static_cast<float>(t.v[k].x) / one;
      y[k] = static_cast<float>(t.v[k].y) / one;
    }
    const float area = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
    if (area == 0.0f) continue;
    const int part = static_cast<int>(std::floor(t.v[0].u));
    const int x0 = std::max(0, static_cast<int>(std::floor(std::min({x[0], x[1], x[2]}))));
    const int x1 = std::min(p.w - 1, static_cast<int>(std::ceil(std::max({x[0], x[1], x[2]}))));
    const int y0 = std::max(0, static_cast<int>(std::floor(std::min({y[0], y[1], y[2]}))));
    const int y1 = std::min(p.h - 1, static_cast<int>(std::ceil(std::max({y[0], y[1], y[2]}))));
    for (int py = y0; py <= y1; ++py) {
      for (int px = x0; px <= x1; ++px) {
        const float cx = static_cast<float>(px) + 0.5f, cy = static_cast<float>(py) + 0.5f;
        const float b0 = ((x[1] - cx) * (y[2] - cy) - (x[2] - cx) * (y[1] - cy)) / area;
        const float b1 = ((x[2] - cx) * (y[0] - cy) - (x[0] - cx) * (y[2] - cy)) / area;
        const float b2 = 1.0f - b0 - b1;
        if (b0 < 0 || b1 < 0 || b2 < 0) continue;
        const std::size_t i = std::size_t(py * p.w + px);
        p.painter[i] = part;
        const float iw = b0 * t.v[0].inv_w + b1 * t.v[1].inv_w + b2 * t.v[2].inv_w;  // exact in screen space
        if (iw > inv_w[i]) {
          inv_w[i] = iw;
          p.truth[i] = part;
        }
      }
    }
  }
  return p;
}

struct SideView {
  Picture pic;
  std::vector<PartTag> tags;
  int near_arm = -1, tail = -1, torso = -1;
};

// biped_arms_tail standing on the default level, seen from its side at 1.6 m by the retro path.
SideView side_view(const char* creature, float side_sign) {
  SideView out;
  Result<Scene> scene = load_scene(std::string(CF_ASSETS_DIR "/creatures/") + creature,
                                   CF_ASSETS_DIR "/levels/default.json");
  EXPECT_TRUE(scene.ok());
  if (!scene.ok()) return out;
  Session session;
  session.start(std::move(*scene), 1);
  for (int t = 0; t < 10; ++t) session.tick(InputFrame{});
  View view;
  view.init(session.scene(), ViewTextures{});
  view.build(session.state(), session.runtime(), 1.0f, FrameSettings{}, 320, 240);
  const MeshInput* flesh = nullptr;
  for (const MeshInput& m : view.meshes()) {
    if (m.weight_colors) flesh = &m;
  }
  EXPECT_NE(flesh, nullptr);
  if (!flesh) return out;
  Result<SkinnedCreature> skin = build_skinned_creature(session.scene().rig.skeleton);
  EXPECT_TRUE(skin.ok());
  if (!skin.ok()) return out;
  const std::vector<int>& part_of = skin->mesh.vertex_part;
  EXPECT_EQ(static_cast<int>(part_of.size()), flesh->vertex_count);
  for (const Part& p : session.scene().creature.parts) out.tags.push_back(p.tag);

  // The camera on the creature's side (model +x or -x), level with its chest, looking at it.
  const glm::mat4& m2w = flesh->model_to_world;
  const glm::vec3 centre = glm::vec3(m2w * glm::vec4(0.0f, 1.0f, -0.1f, 1.0f));
  const glm::vec3 eye = glm::vec3(m2w * glm::vec4(side_sign * 1.6f, 1.1f, -0.1f, 1.0f));
  std::vector<glm::vec2> part_uv(part_of.size());
  for (std::size_t v = 0; v < part_of.size(); ++v) part_uv[v] = glm::vec2(static_cast<float>(part_of[v]) + 0.5f, 0);
  MeshInput m = *flesh;
  m.uvs = part_uv.data();
  m.weight_colors = nullptr;
  m.texture = kNoTexture;
  GeometryScratch scratch;
  CommandList list;
  GeometryJob job;
  job.meshes = &m;
  job.mesh_count = 1;
  job.camera.view = glm::lookAt(eye, centre, glm::vec3(0, 1, 0));
  job.scratch = &scratch;
  job.out = &list;
  EXPECT_TRUE(job.run());
  out.pic = paint(list);

  // The near arm: the arm part whose vertices are nearest the eye on average.
  float best = 1e9f;
  std::vector<double> dist(out.tags.size(), 0.0);
  std::vector<int> count(out.tags.size(), 0);
  for (std::size_t v = 0; v < part_of.size(); ++v) {
    const glm::vec3 p = glm::vec3(m2w * glm::vec4(flesh->positions_ms[v], 1.0f));
    dist[std::size_t(part_of[v])] += glm::length(p - eye);
    ++count[std::size_t(part_of[v])];
  }
  for (std::size_t i = 0; i < out.tags.size(); ++i) {
    if (out.tags[i] == PartTag::kArm && count[i] && dist[i] / count[i] < best) {
      best = static_cast<float>(dist[i] / count[i]);
      out.near_arm = static_cast<int>(i);
    }
    if (out.tags[i] == PartTag::kTail) out.tail = static_cast<int>(i);
    if (out.tags[i] == PartTag::kTorso) out.torso = static_cast<int>(i);
  }
  return out;
}

TEST(DrawOrder, NearArmCoversTheTorsoAndTheTailRootStaysBehindTheHip) {
  for (float side : {1.0f, -1.0f}) {
    const SideView sv = side_view("biped_arms_tail.json", side);
    ASSERT_GE(sv.near_arm, 0);
    ASSERT_GE(sv.tail, 0);
    const Picture& p = sv.pic;
    int arm_true = 0, arm_shown = 0, arm_over_torso = 0, tail_shown = 0, tail_wrong = 0, wrong = 0, covered = 0;
    for (std::size_t i = 0; i < p.truth.size(); ++i) {
      if (p.truth[i] < 0) continue;
      ++covered;
      wrong += p.painter[i] != p.truth[i];
      if (p.truth[i] == sv.near_arm) {
        ++arm_true;
        arm_shown += p.painter[i] == sv.near_arm;
        arm_over_torso += p.painter[i] == sv.torso;  // the arm hidden by the torso
      }
      if (p.painter[i] == sv.tail) {
        ++tail_shown;
        tail_wrong += p.truth[i] != sv.tail;  // the tail drawn over the hip (or anything nearer)
      }
    }
    ASSERT_GT(arm_true, 40) << "the near arm is in view";
    ASSERT_GT(tail_shown, 10) << "the tail is in view";
    EXPECT_GE(arm_shown, arm_true * 97 / 100) << "side " << side << ": near arm shown at " << arm_shown << " of "
                                              << arm_true << " pixels (torso over it at " << arm_over_torso << ")";
    EXPECT_LE(tail_wrong, tail_shown * 3 / 100) << "side " << side << ": tail over nearer flesh at " << tail_wrong
                                                << " of " << tail_shown << " pixels";
    EXPECT_LE(wrong, covered * 3 / 100) << "side " << side << ": " << wrong << " of " << covered << " pixels";
  }
}

}  // namespace
}  // namespace cf
