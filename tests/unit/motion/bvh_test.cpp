#include "motion/bvh.h"

#include <cmath>
#include <string>
#include <sys/stat.h>
#include <utility>

#include <gtest/gtest.h>

#include "core/file_io.h"
#include "motion/bvh_import.h"

namespace cf {
namespace {

const std::string kExcerpt = std::string(CF_SOURCE_DIR) + "/tests/data/bvh/131_01_first120.bvh";
const std::string kCaptures = std::string(CF_TEST_DATA_DIR) + "/bvh/";  // tests/data/external/bvh

// Size in bytes, -1 when the file is missing.
long long file_size(const std::string& p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0 ? static_cast<long long>(st.st_size) : -1;
}

// A two-joint file; 'frames' is the MOTION section after "Frames:".
std::string small_bvh(const std::string& frames = "2\nFrame Time: 0.1\n0 1 0 0 0 0 10\n0 1 0 0 0 0 20\n",
                      const std::string& joint_channels = "CHANNELS 1 Zrotation") {
  return "HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation "
         "Xrotation\n JOINT Arm\n {\n  OFFSET 1 0 0\n  " +
         joint_channels + "\n  End Site\n  {\n   OFFSET 1 0 0\n  }\n }\n}\nMOTION\nFrames: " + frames;
}

std::string error_of(const std::string& text) {
  auto r = parse_bvh(text, "bad.bvh");
  EXPECT_FALSE(r.ok());
  return r.ok() ? "" : r.error().to_string();
}

TEST(Bvh, ParsesTheCmuExcerptWithMixedLineEnds) {
  auto r = load_bvh(kExcerpt);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->frame_count, 120);
  EXPECT_EQ(r->channels_per_frame, 96);
  EXPECT_NEAR(r->frame_time_s, 0.0083333, 1e-9);
  EXPECT_EQ(r->values.size(), 120u * 96u);
  EXPECT_EQ(r->joints[0].name, "Hips");
  EXPECT_GE(r->find("LeftAnkle"), 0);
  EXPECT_GE(r->find("Head_end"), 0);
  EXPECT_EQ(r->joints[r->find("LeftKnee")].parent, r->find("LeftHip"));
  // First value of frame 0 is the root's Xposition.
  EXPECT_NEAR(r->frame(0)[0], 5.23f, 1e-4f);
}

TEST(Bvh, ForwardKinematicsRotatesChildrenInChannelOrder) {
  auto r = parse_bvh(small_bvh(), "small.bvh");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  std::vector<glm::vec3> p;
  bvh_joint_positions(*r, 0, &p);
  ASSERT_EQ(p.size(), 3u);
  EXPECT_LT(glm::length(p[0] - glm::vec3(0, 1, 0)), 1e-6f);
  EXPECT_LT(glm::length(p[1] - glm::vec3(1, 1, 0)), 1e-6f);
  // The arm's 10 degree Z rotation turns its end site up.
  const float a = glm::radians(10.0f);
  EXPECT_LT(glm::length(p[2] - glm::vec3(1 + std::cos(a), 1 + std::sin(a), 0)), 1e-5f);
}

TEST(Bvh, LineEndsLfCrlfAndCrGiveTheSameClip) {
  std::string lf = small_bvh(), crlf, cr;
  for (char c : lf) {
    crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    cr += c == '\n' ? '\r' : c;
  }
  auto a = parse_bvh(lf, "lf"), b = parse_bvh(crlf, "crlf"), c = parse_bvh(cr, "cr");
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  EXPECT_EQ(a->values, b->values);
  EXPECT_EQ(a->values, c->values);
}

TEST(Bvh, BadInputGivesFileLineAndProblem) {
  std::string e = error_of("HIERARCHY\nROOT Hips\n{\n OFSET 0 0 0\n");
  EXPECT_NE(e.find("bad.bvh: line 4: expected 'OFFSET'"), std::string::npos) << e;
  e = error_of(small_bvh("2\nFrame Time: 0.1\n0 1 0 0 0 0 10\n", "CHANNELS 1 Zrotation"));
  EXPECT_NE(e.find("truncated data: 1 of 2 frames"), std::string::npos) << e;
  e = error_of(small_bvh("2\nFrame Time: 0.1\n0 1 0 0 0 0 10\n0 1 0 0 0 0\n"));
  EXPECT_NE(e.find("line 20: channel count mismatch: 6 values, expected 7"), std::string::npos) << e;
  e = error_of(small_bvh("2\nFrame Time: 0.1\n0 1 0 0 0 0 10\n0 nan 0 0 0 0 1\n"));
  EXPECT_NE(e.find("line 20: NaN or infinite value"), std::string::npos) << e;
  e = error_of(small_bvh("2\nFrame Time: 0.1\n0 1 0 0 0 0 10\n0 1e999 0 0 0 0 1\n"));
  EXPECT_NE(e.find("NaN or infinite"), std::string::npos) << e;
  e = error_of(small_bvh("2\nFrame Time: 0.1\n0 1 0 0 0 0 10\n0 x 0 0 0 0 1\n"));
  EXPECT_NE(e.find("bad number 'x'"), std::string::npos) << e;
  e = error_of(small_bvh("2\nFrame Time: 0\n"));
  EXPECT_NE(e.find("line 18: Frame Time must be positive"), std::string::npos) << e;
  e = error_of(small_bvh("2000000\nFrame Time: 0.1\n"));
  EXPECT_NE(e.find("absurd size: more than 1000000 frames"), std::string::npos) << e;
  e = error_of(small_bvh("2\nFrame Time: 0.1\n", "OFFSET 1 0 0"));
  EXPECT_NE(e.find("line 9: missing CHANNELS for joint 'Arm'"), std::string::npos) << e;
  e = error_of(small_bvh("2\nFrame Time: 0.1\n", "CHANNELS 2 Zrotation Wrotation"));
  EXPECT_NE(e.find("unknown channel 'Wrotation'"), std::string::npos) << e;
  e = error_of(small_bvh("2\nFrame Time: 0.1\n", "CHANNELS 9 Zrotation"));
  EXPECT_NE(e.find("CHANNELS count must be 0 to 6"), std::string::npos) << e;
  e = error_of(small_bvh("2\nFrame Time: 0.1\n0 1 0 0 0 0 10\n0 1 0 0 0 0 20\n0 1 0 0 0 0 20\n"));
  EXPECT_NE(e.find("line 21: more frame lines than Frames says"), std::string::npos) << e;
  e = error_of("HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 3 Xrotation Yrotation Zrotation\n");
  EXPECT_NE(e.find("unexpected end of file"), std::string::npos) << e;
  e = error_of("");
  EXPECT_NE(e.find("line 1: unexpected end of file (expected 'HIERARCHY')"), std::string::npos) << e;
  // More than 1000 joints.
  std::string many = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xrotation Yrotation Zrotation\n";
  for (int i = 0; i < 1001; ++i) many += "JOINT j" + std::to_string(i) + "\n{\nOFFSET 0 1 0\nCHANNELS 1 Xrotation\n";
  e = error_of(many);
  EXPECT_NE(e.find("absurd size: more than 1000 joints"), std::string::npos) << e;
}

TEST(Bvh, MapsCmuAndMotionBuilderNames) {
  auto r = load_bvh(kExcerpt);
  ASSERT_TRUE(r.ok());
  auto m = map_bvh_joints(*r, "x.bvh");
  ASSERT_TRUE(m.ok()) << m.error().to_string();
  EXPECT_EQ(m->hip[0], r->find("LeftHip"));
  EXPECT_EQ(m->shoulder[1], r->find("RightShoulder"));
  EXPECT_EQ(m->wrist[0], r->find("LeftWrist"));
  EXPECT_EQ(m->spine, r->find("lowerback"));
  EXPECT_NEAR(detect_bvh_scale(*r, *m), 0.0564, 1e-9);
  // MotionBuilder flavour: rename the joints in the text.
  std::string text = read_file(kExcerpt).value();
  auto rename = [&](const std::string& from, const std::string& to) {
    const std::string f = "JOINT " + from + "\r", t = "JOINT " + to + "\r";
    ASSERT_NE(text.find(f), std::string::npos) << from;
    text.replace(text.find(f), f.size(), t);
  };
  rename("LeftCollar", "LeftShoulder_");
  rename("RightCollar", "RightShoulder_");
  rename("LeftShoulder", "LeftArm");
  rename("RightShoulder", "RightArm");
  rename("LeftElbow", "LeftForeArm");
  rename("RightElbow", "RightForeArm");
  rename("LeftWrist", "LeftHand");
  rename("RightWrist", "RightHand");
  rename("LeftHip", "LeftUpLeg");
  rename("LeftKnee", "LeftLeg");
  rename("LeftAnkle", "LeftFoot");
  auto mb = parse_bvh(text, "mb.bvh");
  ASSERT_TRUE(mb.ok()) << mb.error().to_string();
  auto mm = map_bvh_joints(*mb, "mb.bvh");
  ASSERT_TRUE(mm.ok()) << mm.error().to_string();
  EXPECT_EQ(mm->shoulder[0], mb->find("LeftArm"));
  EXPECT_EQ(mm->elbow[0], mb->find("LeftForeArm"));
  EXPECT_EQ(mm->knee[0], mb->find("LeftLeg"));
  EXPECT_EQ(mm->ankle[0], mb->find("LeftFoot"));
}

TEST(Bvh, MissingJointIsNamed) {
  auto r = parse_bvh(small_bvh(), "small.bvh");
  ASSERT_TRUE(r.ok());
  auto m = map_bvh_joints(*r, "small.bvh");
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.error().to_string().find("small.bvh: HIERARCHY: missing joint for left hip"), std::string::npos);
}

void expect_plausible(const MotionClip& c) {
  EXPECT_TRUE(validate_motion(c, "converted").ok());
  EXPECT_GT(c.body.hip_height, 0.7f);
  EXPECT_LT(c.body.hip_height, 1.1f);
  EXPECT_GT(c.body.mean_leg_length(), 0.7f);
  EXPECT_LT(c.body.mean_leg_length(), 1.0f);
  MotionPose pose;
  sample_clip(c, 0.0, &pose);
  // Y up: the head is above the waist, which is above the feet; left (+X) is the left side.
  EXPECT_GT(pose[MotionPart::kHead].control.y, pose[MotionPart::kWaist].reference.y + 0.4f);
  EXPECT_GT(pose[MotionPart::kWaist].reference.y, 0.6f);
  EXPECT_LT(pose[MotionPart::kLeftLeg].control.y, 0.3f);
  EXPECT_GT(pose[MotionPart::kLeftLeg].reference.x, pose[MotionPart::kRightLeg].reference.x);
  EXPECT_GT(pose[MotionPart::kLeftArm].reference.x, pose[MotionPart::kRightArm].reference.x);
}

TEST(BvhImport, ConvertsTheExcerpt) {
  auto r = load_bvh(kExcerpt);
  ASSERT_TRUE(r.ok());
  BvhImportOptions o;
  auto c = bvh_to_motion(*r, o, kExcerpt);
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  EXPECT_FALSE(c->loop);
  EXPECT_NEAR(c->duration_s, 119 * r->frame_time_s, 1e-6);
  EXPECT_EQ(c->parts[0].reference.size(), 120);  // keyed at every capture frame
  expect_plausible(*c);
  o.max_error_m = 0.005;
  auto d = bvh_to_motion(*r, o, kExcerpt);
  ASSERT_TRUE(d.ok());
  EXPECT_LT(d->parts[0].reference.size(), 60);  // decimated
  // Decimation stays within the bound at every frame.
  MotionPose a, b;
  for (int f = 0; f < 120; ++f) {
    sample_clip(*c, f * r->frame_time_s, &a);
    sample_clip(*d, f * r->frame_time_s, &b);
    for (int p = 0; p < kMotionPartCount; ++p) {
      ASSERT_LT(glm::length(a.parts[p].control - b.parts[p].control), 0.0051f) << p << " frame " << f;
      ASSERT_LT(glm::length(a.parts[p].reference - b.parts[p].reference), 0.012f) << p << " frame " << f;
    }
  }
  BvhImportOptions bad;
  bad.start_s = 5.0;  // past the excerpt
  auto e = bvh_to_motion(*r, bad, "x.bvh");
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().to_string().find("x.bvh: --start/--end"), std::string::npos) << e.error().to_string();
  bad = BvhImportOptions{};
  bad.cycle = true;  // 1 s of standing start: no two heel strikes
  e = bvh_to_motion(*r, bad, "x.bvh");
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().to_string().find("--cycle"), std::string::npos);
}

// The captures live in the repository, bytes as published: a line-ending conversion by git (they
// mix CRLF and LF) would change their sizes.
TEST(BvhImport, TheCapturesAreInTheRepositoryByteForByte) {
  const std::pair<const char*, long long> files[] = {
      {"131_01.bvh", 716137}, {"131_03.bvh", 794242}, {"02_03.bvh", 135012}, {"02_04.bvh", 366467}};
  for (const auto& [name, bytes] : files) EXPECT_EQ(file_size(kCaptures + name), bytes) << kCaptures << name;
}

TEST(BvhImport, FullCaptureWalkCycle) {
  auto r = load_bvh(kCaptures + "131_01.bvh");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->frame_count, 994);
  BvhImportOptions o;
  o.cycle = true;
  o.max_error_m = 0.005;
  auto c = bvh_to_motion(*r, o, "131_01.bvh");
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  expect_plausible(*c);
  EXPECT_TRUE(c->loop);
  EXPECT_GT(c->duration_s, 0.7);
  EXPECT_LT(c->duration_s, 1.6);
  EXPECT_GT(c->cycle_offset_ms.z, 0.6f);  // a walking stride forward (+Z)
  EXPECT_NEAR(c->cycle_offset_ms.x, 0.0f, 1e-6f);
  // Both feet have stance and swing; planted feet hold still; the loop closes.
  MotionPose a, b;
  for (int leg = 0; leg < 2; ++leg) {
    const MotionPart part = leg == 0 ? MotionPart::kLeftLeg : MotionPart::kRightLeg;
    int stance = 0;
    bool have = false;
    glm::vec3 planted(0.0f);
    for (int i = 0; i < 1000; ++i) {
      sample_clip(*c, c->duration_s * i / 1000.0, &a);
      if (a.contact[leg] == 1.0f) {
        if (!have) planted = a[part].control;
        have = true;
        ++stance;
        ASSERT_LT(glm::length(a[part].control - planted), 1e-5f) << "leg " << leg << " i=" << i;
      } else {
        have = false;
      }
    }
    EXPECT_GT(stance, 250);  // flat-foot part of the stance (heel-off lifts the ankle)
    EXPECT_LT(stance, 800);
  }
  sample_clip(*c, c->duration_s - 1e-6, &a);
  sample_clip(*c, c->duration_s + 1e-6, &b);
  for (int p = 0; p < kMotionPartCount; ++p)
    EXPECT_LT(glm::length(a.parts[p].control - b.parts[p].control), 1e-3f) << p;
}

TEST(BvhImport, FullCaptureHopConverts) {
  auto r = load_bvh(kCaptures + "131_03.bvh");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->frame_count, 1102);
  BvhImportOptions o;
  o.max_error_m = 0.01;
  auto c = bvh_to_motion(*r, o, "131_03.bvh");
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  expect_plausible(*c);
  MotionPose end;
  sample_clip(*c, c->duration_s, &end);
  EXPECT_GT(end[MotionPart::kWaist].reference.z, 2.0f);  // travelled ~58 units * 0.0564 m forward
}

}  // namespace
}  // namespace cf
