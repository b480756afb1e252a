// Regression: the biped's joint positions over one walk cycle, pinned in
// tests/data/retarget/biped_walk_golden.json (tolerance inside the file).
// Regenerate after an intended change with: CF_UPDATE_GOLDENS=1 retarget_tests --gtest_filter='Golden*'
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "golden_files.h"

#include "core/file_io.h"
#include "core/json_util.h"
#include "retarget/walker.h"
#include "test_creatures.h"
#include "core/json.h"

namespace cf {
namespace {

const char* kGoldenPath = CF_SOURCE_DIR "/tests/data/retarget/biped_walk_golden.json";
constexpr int kSamples = 24;

Json round6(const glm::vec3& v) {
  auto r = [](float x) { return std::round(static_cast<double>(x) * 1e6) / 1e6; };
  return Json::array({r(v.x), r(v.y), r(v.z)});
}

Json frame(const Rig& rig, const CreaturePose& pose, double t) {
  Json f;
  f["t"] = t;
  f["cog"] = round6(pose.cog_ws);
  Json joints = Json::array();
  for (int b = 0; b < rig.skeleton.size(); ++b)
    joints.push_back(Json::array({round6(pose.head_ws[b]), round6(pose.tail_ws[b])}));
  f["joints"] = std::move(joints);
  return f;
}

// Pose job sampled over one cycle in place, then the walker over one gait cycle after a warm-up.
Json compute() {
  Rig rig = test::load_rig("biped");
  const MotionClip& clip = test::walk_clip();
  auto setup = build_retarget_setup(rig, clip);
  EXPECT_TRUE(setup.ok());
  CreaturePose pose;
  pose.resize(rig);
  Json doc;
  doc["format"] = "critterforge.golden.retarget/1";
  doc["creature"] = "assets/creatures/biped.json";
  doc["motion"] = "assets/motions/walk.json";
  doc["tolerance_m"] = 1e-4;
  doc["bones"] = rig.skeleton.names;
  doc["retarget"] = Json::array();
  for (int i = 0; i < kSamples; ++i) {
    RetargetJob job;
    job.setup = &*setup;
    job.rig = &rig;
    job.clip = &clip;
    job.time_s = clip.duration_s * i / kSamples;
    job.out = &pose;
    EXPECT_TRUE(job.run());
    doc["retarget"].push_back(frame(rig, pose, job.time_s));
  }
  doc["walker"] = Json::array();
  WalkerState st = make_walker(*setup, rig, glm::vec3(0.0f), 0.0f);
  const WalkCommand cmd{natural_speed(*setup), 0.0f};
  for (int t = 0; t < 120; ++t) step_walker(&st, cmd, *setup, rig, 1.0f / 60.0f);
  const double start = st.gait_phase;
  int tick = 0;
  while (st.gait_phase < start + 1.0) {
    step_walker(&st, cmd, *setup, rig, 1.0f / 60.0f);
    if (tick++ % 3 == 0) {
      EXPECT_TRUE(pose_walker(st, *setup, rig, clip, &pose));
      doc["walker"].push_back(frame(rig, pose, st.gait_phase));
    }
  }
  return doc;
}

// What the golden file must show whatever its numbers (checked before comparing, and when regenerating):
// every bone keeps its bind length in every frame, the in-place cycle closes on itself one period later,
// and the walker's body moves forward every sampled frame.
void check_independently(const Json& doc) {
  Rig rig = test::load_rig("biped");
  for (const char* section : {"retarget", "walker"}) {
    for (const Json& f : doc.at(section)) {
      for (int b = 0; b < rig.skeleton.size(); ++b) {
        const Json& j = f["joints"][static_cast<std::size_t>(b)];
        const glm::vec3 head(j[0][0].get<float>(), j[0][1].get<float>(), j[0][2].get<float>());
        const glm::vec3 tail(j[1][0].get<float>(), j[1][1].get<float>(), j[1][2].get<float>());
        ASSERT_NEAR(glm::length(tail - head), glm::length(rig.skeleton.tail_ms[b] - rig.skeleton.head_ms[b]), 1e-5f)
            << section << " t " << f["t"] << " bone " << rig.skeleton.names[b];
      }
    }
  }
  const Json& walk = doc.at("walker");
  ASSERT_GT(walk.size(), 4u);
  for (std::size_t f = 1; f < walk.size(); ++f)
    EXPECT_GT(walk[f]["cog"][2].get<double>(), walk[f - 1]["cog"][2].get<double>()) << "walker frame " << f;
  // In place, the clip's last instant is its first again.
  const MotionClip& clip = test::walk_clip();
  auto setup = build_retarget_setup(rig, clip);
  ASSERT_TRUE(setup.ok());
  CreaturePose start, period;
  start.resize(rig);
  period.resize(rig);
  RetargetJob job;
  job.setup = &*setup;
  job.rig = &rig;
  job.clip = &clip;
  job.out = &start;
  ASSERT_TRUE(job.run());
  job.time_s = clip.duration_s;
  job.out = &period;
  ASSERT_TRUE(job.run());
  for (int b = 0; b < rig.skeleton.size(); ++b)
    EXPECT_LT(glm::length(start.head_ws[b] - period.head_ws[b]), 1e-4f) << rig.skeleton.names[b];
}

TEST(Golden, BipedWalkCycleJointPositions) {
  Json now = compute();
  check_independently(now);
  if (test::updating_goldens()) {
    Status s = write_file_atomic(kGoldenPath, now.dump() + "\n");
    ASSERT_TRUE(s.ok()) << s.error.to_string();
    GTEST_SKIP() << "regenerated " << kGoldenPath;
  }
  auto golden = load_json_file(kGoldenPath);
  ASSERT_TRUE(golden.ok()) << golden.error().to_string() << test::kUpdateGoldensHint;
  const Json& g = *golden;
  const double tol = g.at("tolerance_m").get<double>();
  ASSERT_EQ(g.at("bones"), now.at("bones")) << "the biped's skeleton changed; regenerate if intended";
  double worst = 0.0;
  for (const char* section : {"retarget", "walker"}) {
    const Json& a = g.at(section);
    const Json& b = now.at(section);
    ASSERT_EQ(a.size(), b.size()) << section;
    for (std::size_t f = 0; f < a.size(); ++f) {
      auto diff = [&](const Json& p, const Json& q) {
        double d = 0.0;
        for (int k = 0; k < 3; ++k) d = std::max(d, std::abs(p[k].get<double>() - q[k].get<double>()));
        return d;
      };
      double d = diff(a[f]["cog"], b[f]["cog"]);
      for (std::size_t j = 0; j < a[f]["joints"].size(); ++j)
        for (int e = 0; e < 2; ++e) d = std::max(d, diff(a[f]["joints"][j][e], b[f]["joints"][j][e]));
      EXPECT_LE(d, tol) << section << " frame " << f;
      worst = std::max(worst, d);
    }
  }
  std::printf("largest difference from the golden file: %.3g m\n", worst);
}

}  // namespace
}  // namespace cf
