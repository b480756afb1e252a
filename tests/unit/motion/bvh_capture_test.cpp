// The CMU captures converted into our format: the jog as a clean loop (02_03), the jump (02_04) and
// the hop (131_03) as one-shot clips, and key reduction within its stated error.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "motion/bvh_import.h"
#include "motion_test_util.h"

namespace cf {
namespace {

const std::string kCaptures = std::string(CF_TEST_DATA_DIR) + "/bvh/";  // tests/data/external/bvh

BvhClip load_capture(const std::string& name) {
  auto r = load_bvh(kCaptures + name);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string());
  return r.ok() ? *r : BvhClip{};
}

// Every sampled point of a pose in clip model space (the waist first): each part's reference and control.
std::vector<glm::vec3> joints(const MotionPose& p) {
  std::vector<glm::vec3> out{p[MotionPart::kWaist].reference};
  for (int i = 0; i < kMotionPartCount; ++i) {
    out.push_back(p.parts[i].control);
    if (i != static_cast<int>(MotionPart::kWaist)) out.push_back(p.parts[i].reference);
  }
  return out;
}

// Share of samples over the clip with both feet off the ground (the contact flags say so).
double flight_share(const MotionClip& c) {
  MotionPose p;
  int flight = 0;
  constexpr int kSamples = 600;
  for (int i = 0; i < kSamples; ++i) {
    sample_clip(c, c.duration_s * i / kSamples, &p);
    if (p.contact[0] < 0.5f && p.contact[1] < 0.5f) ++flight;
  }
  return static_cast<double>(flight) / kSamples;
}

TEST(BvhCapture, TheJogConvertsIntoALoopingRunCycle) {
  const BvhClip bvh = load_capture("02_03.bvh");
  BvhImportOptions o;
  o.cycle = true;
  o.max_error_m = 0.005;
  BvhImportReport rep;
  auto c = bvh_to_motion(bvh, o, "02_03.bvh", &rep);
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  EXPECT_TRUE(c->loop);
  EXPECT_EQ(rep.skipped_frames, 1);  // the file's T-pose frame is not part of the take
  EXPECT_GT(rep.floor_slope, 0.005f);  // its floor rises along the jog and is levelled
  EXPECT_GT(c->duration_s, 0.6);       // a jogging stride: shorter than the walk's 1.1 s cycle
  EXPECT_LT(c->duration_s, 1.0);
  EXPECT_GT(c->cycle_offset_ms.z / c->duration_s, 2.0f);  // faster than 2 m/s
  // Both feet have a stance, and between them the body flies: a run, not a walk.
  for (int leg = 0; leg < 2; ++leg) EXPECT_GE(c->foot_contact[leg].size(), 2) << leg;
  const double flight = flight_share(*c);
  EXPECT_GT(flight, 0.2);
  EXPECT_LT(flight, 0.8);
  // Planted feet are on the ground at every planted sample, all cycle long (the levelled floor).
  MotionPose p;
  for (int i = 0; i < 400; ++i) {
    sample_clip(*c, c->duration_s * i / 400, &p);
    for (int leg = 0; leg < 2; ++leg) {
      if (p.contact[leg] >= 0.5f) {
        EXPECT_NEAR(p[leg == 0 ? MotionPart::kLeftLeg : MotionPart::kRightLeg].control.y, 0.0f, 1e-4f) << i;
      }
    }
  }
}

// The cut is made where the phase matches: the capture's own first and last frames of the cycle
// (converted uncut, no loop closure) differ by little more than the stride, every joint.
TEST(BvhCapture, TheRunCycleIsCutWhereTheFirstAndLastPosesMatch) {
  const BvhClip bvh = load_capture("02_03.bvh");
  BvhImportOptions o;
  o.cycle = true;
  BvhImportReport rep;
  auto loop = bvh_to_motion(bvh, o, "02_03.bvh", &rep);
  ASSERT_TRUE(loop.ok()) << loop.error().to_string();
  BvhImportOptions u;
  u.start_s = rep.first_frame * bvh.frame_time_s;
  u.end_s = rep.last_frame * bvh.frame_time_s;
  auto uncut = bvh_to_motion(bvh, u, "02_03.bvh");
  ASSERT_TRUE(uncut.ok()) << uncut.error().to_string();
  MotionPose first, last;
  sample_clip(*uncut, 0.0, &first);
  sample_clip(*uncut, uncut->duration_s, &last);
  const glm::vec3 stride = last[MotionPart::kWaist].reference - first[MotionPart::kWaist].reference;
  EXPECT_NEAR(stride.z, loop->cycle_offset_ms.z, 0.02f);
  const std::vector<glm::vec3> a = joints(first), b = joints(last);
  for (std::size_t j = 0; j < a.size(); ++j)
    EXPECT_LT(glm::length(b[j] - a[j] - glm::vec3(0.0f, 0.0f, stride.z)), 0.08f) << "joint " << j;
  EXPECT_LT(rep.loop_closure_m, 0.08f);
  // And the loop itself closes: the pose just before the end is the pose at the start, one stride on.
  MotionPose end, start;
  sample_clip(*loop, loop->duration_s - 1e-6, &end);
  sample_clip(*loop, 0.0, &start);
  const std::vector<glm::vec3> e = joints(end), s = joints(start);
  for (std::size_t j = 0; j < e.size(); ++j)
    EXPECT_LT(glm::length(e[j] - s[j] - loop->cycle_offset_ms), 1e-3f) << "joint " << j;
}

// Key reduction: at every capture frame, every joint of the reduced clip is within the stated error of
// the unreduced one: a control point within M metres; a reference point (keyed in the waist's frame)
// within the waist's M, its own M and the orientation's bound (M at a 0.9 m lever) at its distance.
void expect_reduction_within(const BvhClip& bvh, BvhImportOptions o, const char* name) {
  o.max_error_m = 0.0;
  auto full = bvh_to_motion(bvh, o, name);
  o.max_error_m = 0.005;
  auto reduced = bvh_to_motion(bvh, o, name);
  ASSERT_TRUE(full.ok() && reduced.ok()) << name;
  int keys_full = 0, keys_reduced = 0;
  for (int p = 0; p < kMotionPartCount; ++p) {
    keys_full += full->parts[p].control.size();
    keys_reduced += reduced->parts[p].control.size();
  }
  EXPECT_LT(keys_reduced * 3, keys_full) << name << ": reduction keeps under a third of the keys";
  const int frames = static_cast<int>(std::lround(full->duration_s / bvh.frame_time_s));
  MotionPose a, b;
  for (int f = 0; f <= frames; ++f) {
    const double t = std::min(f * bvh.frame_time_s, full->duration_s);
    sample_clip(*full, t, &a);
    sample_clip(*reduced, t, &b);
    for (int p = 0; p < kMotionPartCount; ++p)  // controls are keyed in clip model space: M itself
      ASSERT_LE(glm::length(a.parts[p].control - b.parts[p].control), 0.005f + 1e-5f) << name << " " << p << " f" << f;
    const std::vector<glm::vec3> ja = joints(a), jb = joints(b);
    for (std::size_t j = 0; j < ja.size(); ++j) {
      const float lever = glm::length(ja[j] - ja[0]);
      ASSERT_LE(glm::length(ja[j] - jb[j]), 0.01f + 0.005f * lever / 0.9f + 1e-5f) << name << " joint " << j;
    }
  }
}

TEST(BvhCapture, KeyReductionKeepsEveryJointWithinTheStatedError) {
  BvhImportOptions cycle;
  cycle.cycle = true;
  expect_reduction_within(load_capture("02_03.bvh"), cycle, "02_03.bvh");
  BvhImportOptions jump;
  jump.start_s = 0.2;
  jump.end_s = 2.3;
  expect_reduction_within(load_capture("02_04.bvh"), jump, "02_04.bvh");
  BvhImportOptions hop;
  hop.start_s = 6.05;
  hop.end_s = 8.6;
  expect_reduction_within(load_capture("131_03.bvh"), hop, "131_03.bvh");
}

// A one-shot clip: starts and ends standing on both feet, both off the ground in between.
void expect_one_shot_with_flight(const MotionClip& c, double min_flight_s, const char* name) {
  EXPECT_FALSE(c.loop) << name;
  MotionPose p;
  sample_clip(c, 0.0, &p);
  EXPECT_EQ(p.contact[0], 1.0f) << name;
  EXPECT_EQ(p.contact[1], 1.0f) << name;
  sample_clip(c, c.duration_s, &p);
  EXPECT_EQ(p.contact[0], 1.0f) << name;
  EXPECT_EQ(p.contact[1], 1.0f) << name;
  EXPECT_GT(flight_share(c) * c.duration_s, min_flight_s) << name;
}

TEST(BvhCapture, TheJumpAndTheHopConvertIntoOneShotClips) {
  BvhImportOptions jump;
  jump.start_s = 0.2;
  jump.end_s = 2.3;
  jump.max_error_m = 0.005;
  BvhImportReport rep;
  auto j = bvh_to_motion(load_capture("02_04.bvh"), jump, "02_04.bvh", &rep);
  ASSERT_TRUE(j.ok()) << j.error().to_string();
  expect_one_shot_with_flight(*j, 0.4, "02_04 jump");
  EXPECT_EQ(rep.floor_slope, 0.0f);  // a jump in place: nothing to level along
  // The waist rises well above its standing height in the flight.
  MotionPose p, stand;
  sample_clip(*j, 0.0, &stand);
  float top = 0.0f;
  for (int i = 0; i <= 200; ++i) {
    sample_clip(*j, j->duration_s * i / 200, &p);
    top = std::max(top, p[MotionPart::kWaist].reference.y);
  }
  EXPECT_GT(top, stand[MotionPart::kWaist].reference.y + 0.3f);

  BvhImportOptions hop;
  hop.start_s = 6.05;
  hop.end_s = 8.6;
  hop.max_error_m = 0.005;
  auto h = bvh_to_motion(load_capture("131_03.bvh"), hop, "131_03.bvh");
  ASSERT_TRUE(h.ok()) << h.error().to_string();
  expect_one_shot_with_flight(*h, 0.15, "131_03 hop");
  sample_clip(*h, h->duration_s, &p);
  EXPECT_GT(p[MotionPart::kWaist].reference.z, 0.8f);  // a hop forward
}

// The run the game ships is the converter's output for 02_03, bit for bit in what it plays.
TEST(BvhCapture, TheShippedRunIsTheConvertedJog) {
  BvhImportOptions o;
  o.cycle = true;
  o.max_error_m = 0.005;
  auto c = bvh_to_motion(load_capture("02_03.bvh"), o, "02_03.bvh");
  ASSERT_TRUE(c.ok());
  const MotionClip shipped = test::load_shipped_motion("run_mocap.json");
  EXPECT_NE(shipped.notes.find("mocap.cs.cmu.edu"), std::string::npos);  // the licence line
  EXPECT_NE(shipped.notes.find("NSF EIA-0196217"), std::string::npos);
  ASSERT_TRUE(shipped.loop);
  EXPECT_NEAR(shipped.duration_s, c->duration_s, 1e-6);
  MotionPose a, b;
  for (int i = 0; i < 100; ++i) {
    sample_clip(*c, c->duration_s * i / 100, &a);
    sample_clip(shipped, c->duration_s * i / 100, &b);
    const std::vector<glm::vec3> ja = joints(a), jb = joints(b);
    for (std::size_t j = 0; j < ja.size(); ++j) ASSERT_LT(glm::length(ja[j] - jb[j]), 1e-4f) << i << " " << j;
    EXPECT_EQ(a.contact[0], b.contact[0]);
    EXPECT_EQ(a.contact[1], b.contact[1]);
  }
}

}  // namespace
}  // namespace cf
