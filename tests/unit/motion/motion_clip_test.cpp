#include "motion/motion_clip.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "core/file_io.h"

namespace cf {
namespace {

const std::string kMotions = std::string(CF_ASSETS_DIR) + "/motions/";

MotionClip load(const std::string& name) {
  auto c = load_motion(kMotions + name);
  EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().to_string());
  return c.ok() ? *c : MotionClip{};
}

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// A small valid clip as JSON text, with 'patch' applied to the parsed object.
std::string clip_text(const std::function<void(Json&)>& patch = nullptr) {
  Json j = motion_to_json(load("stand.json"));
  if (patch) patch(j);
  return j.dump();
}

std::string error_of(const std::string& text) {
  auto c = parse_motion(text, "bad.json");
  EXPECT_FALSE(c.ok());
  return c.ok() ? "" : c.error().to_string();
}

TEST(MotionClip, EveryShippedMotionLoadsAndSamples) {
  for (const char* name : {"walk.json", "stand.json", "vault.json", "walk_mocap.json"}) {
    auto c = load_motion(kMotions + name);
    ASSERT_TRUE(c.ok()) << name << ": " << (c.ok() ? "" : c.error().to_string());
    MotionPose pose;
    for (int i = 0; i <= 100; ++i) {
      const double t = c->duration_s * i / 100.0;
      sample_clip(*c, t, &pose);
      for (const PartSample& s : pose.parts) {
        ASSERT_TRUE(finite(s.reference) && finite(s.control) && finite(s.pole)) << name << " t=" << t;
        ASSERT_NEAR(glm::length(s.pole), 1.0f, 1e-4f);
      }
      ASSERT_NEAR(glm::length(pose.waist_orientation), 1.0f, 1e-5f);
    }
  }
}

TEST(MotionClip, SamplingReturnsAbsolutePositionsInClipModelSpace) {
  MotionClip c = load("stand.json");
  MotionPose pose;
  sample_clip(c, 0.0, &pose);
  const glm::vec3 waist = pose[MotionPart::kWaist].reference;
  // The left hip is the waist plus the waist-frame offset (identity orientation in stand.json).
  EXPECT_LT(glm::length(pose[MotionPart::kLeftLeg].reference - (waist + c[MotionPart::kLeftLeg].reference.values[0])),
            1e-6f);
  EXPECT_EQ(pose[MotionPart::kLeftLeg].control, c[MotionPart::kLeftLeg].control.values[0]);
  EXPECT_EQ(pose.contact[0], 1.0f);
}

TEST(MotionClip, ReferenceOffsetsFollowTheWaistOrientation) {
  MotionClip c = load("stand.json");
  c.waist_orientation.values[0] = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0));
  MotionPose pose;
  sample_clip(c, 0.0, &pose);
  // +X hip offset turned 90 degrees about +Y points to -Z.
  const glm::vec3 d = pose[MotionPart::kLeftLeg].reference - pose[MotionPart::kWaist].reference;
  EXPECT_NEAR(d.x, 0.0f, 1e-6f);
  EXPECT_NEAR(d.z, -c[MotionPart::kLeftLeg].reference.values[0].x, 1e-6f);
}

// The walk's planted feet are bit-for-bit still over every stance, also across the wrap and many cycles on.
TEST(MotionClip, WalkPlantedFeetAreExactlyStill) {
  MotionClip c = load("walk.json");
  ASSERT_TRUE(c.loop);
  MotionPose pose;
  for (int leg = 0; leg < 2; ++leg) {
    const MotionPart part = leg == 0 ? MotionPart::kLeftLeg : MotionPart::kRightLeg;
    for (int cycle : {0, 1, 37}) {
      bool have = false;
      glm::vec3 planted(0.0f);
      int stance_samples = 0;
      // Walk from the foot's touchdown through the next toe-off, sampled finely.
      const double start = cycle * c.duration_s;
      for (int i = 0; i <= 4000; ++i) {
        const double t = start + 2.0 * c.duration_s * i / 4000.0;
        sample_clip(c, t, &pose);
        if (pose.contact[leg] == 1.0f) {
          if (!have) {
            planted = pose[part].control;
            have = true;
          }
          ASSERT_EQ(pose[part].control.x, planted.x) << "leg " << leg << " t=" << t;
          ASSERT_EQ(pose[part].control.y, planted.y) << "leg " << leg << " t=" << t;
          ASSERT_EQ(pose[part].control.z, planted.z) << "leg " << leg << " t=" << t;
          ++stance_samples;
        } else {
          have = false;  // next stance has its own planted position
        }
      }
      EXPECT_GT(stance_samples, 1000);
    }
  }
}

TEST(MotionClip, LoopingWalkIsContinuousAndMovesByTheCycleOffset) {
  MotionClip c = load("walk.json");
  MotionPose a, b;
  const double d = c.duration_s;
  for (double t : {0.0, 0.2, 0.5, 1.0}) {
    for (int k : {1, 2, 100}) {
      sample_clip(c, t, &a);
      sample_clip(c, t + k * d, &b);
      for (int p = 0; p < kMotionPartCount; ++p) {
        const glm::vec3 expect = a.parts[p].control + c.cycle_offset_ms * float(k);
        EXPECT_LT(glm::length(b.parts[p].control - expect), 1e-4f) << p << " k=" << k;
        const glm::vec3 expect_ref = a.parts[p].reference + c.cycle_offset_ms * float(k);
        EXPECT_LT(glm::length(b.parts[p].reference - expect_ref), 1e-4f) << p << " k=" << k;
      }
    }
  }
  // Continuity across the wrap.
  sample_clip(c, d - 1e-6, &a);
  sample_clip(c, d + 1e-6, &b);
  for (int p = 0; p < kMotionPartCount; ++p) {
    EXPECT_LT(glm::length(a.parts[p].control - b.parts[p].control), 1e-4f);
    EXPECT_LT(glm::length(a.parts[p].reference - b.parts[p].reference), 1e-4f);
  }
  EXPECT_GT(std::fabs(glm::dot(a.waist_orientation, b.waist_orientation)), 1.0f - 1e-6f);
}

TEST(MotionClip, NonLoopingClipClampsTime) {
  MotionClip c = load("vault.json");
  ASSERT_FALSE(c.loop);
  MotionPose a, b;
  sample_clip(c, c.duration_s, &a);
  sample_clip(c, c.duration_s + 5.0, &b);
  EXPECT_EQ(a[MotionPart::kWaist].reference, b[MotionPart::kWaist].reference);
  sample_clip(c, 0.0, &a);
  sample_clip(c, -3.0, &b);
  EXPECT_EQ(a[MotionPart::kLeftLeg].control, b[MotionPart::kLeftLeg].control);
}

TEST(MotionClip, SaveAndParseRoundTripIsExact) {
  for (const char* name : {"walk.json", "vault.json", "stand.json"}) {
    MotionClip c = load(name);
    const std::string path = std::string(CF_BINARY_DIR) + "/roundtrip_" + name;
    ASSERT_TRUE(save_motion(path, c).ok());
    MotionClip d = load_motion(path).value();
    EXPECT_EQ(motion_to_json(c).dump(), motion_to_json(d).dump()) << name;
    EXPECT_EQ(c.duration_s, d.duration_s);
    EXPECT_EQ(c.notes, d.notes);
    EXPECT_EQ(c.obstacle.present, d.obstacle.present);
    MotionPose a, b;
    for (int i = 0; i < 50; ++i) {
      sample_clip(c, 0.031 * i, &a);
      sample_clip(d, 0.031 * i, &b);
      for (int p = 0; p < kMotionPartCount; ++p) ASSERT_EQ(a.parts[p].control, b.parts[p].control);
    }
    std::remove(path.c_str());
  }
}

TEST(MotionClip, TicksAreConvertedToSeconds) {
  std::string text = clip_text([](Json& j) {
    j["time_unit"] = "ticks";
    j["duration"] = 120;  // 2 s
  });
  auto c = parse_motion(text, "ticks.json");
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  EXPECT_DOUBLE_EQ(c->duration_s, 2.0);
}

TEST(MotionClip, ErrorsNameFileFieldAndProblem) {
  EXPECT_NE(error_of("{").find("bad.json"), std::string::npos);
  EXPECT_NE(error_of(clip_text([](Json& j) { j["format"] = "critterforge.motion/9"; })).find("format"),
            std::string::npos);
  std::string e = error_of(clip_text([](Json& j) { j["channels"].erase("left_leg"); }));
  EXPECT_NE(e.find("bad.json: channels.left_leg: missing channel"), std::string::npos) << e;
  e = error_of(clip_text([](Json& j) { j["channels"]["head"].erase("control"); }));
  EXPECT_NE(e.find("channels.head.control: missing channel"), std::string::npos) << e;
  e = error_of(clip_text([](Json& j) {
    j["channels"]["waist"]["reference"] = Json::parse("[[0.5, 0, 0.8, 0], [0.2, 0, 0.8, 0]]");
  }));
  EXPECT_NE(e.find("channels.waist.reference[1]: keys not increasing in time"), std::string::npos) << e;
  e = error_of(clip_text([](Json& j) { j["channels"]["waist"]["reference"][0][2] = "x"; }));
  EXPECT_NE(e.find("channels.waist.reference[0]"), std::string::npos) << e;
  // NaN cannot be written in JSON; clips built in code go through the same validation.
  MotionClip nan_clip = load("stand.json");
  nan_clip.duration_s = std::nan("");
  EXPECT_EQ(validate_motion(nan_clip, "code").error.to_string(), "code: duration: NaN or infinite");
  nan_clip = load("stand.json");
  nan_clip[MotionPart::kHead].control.values[0].y = std::nanf("");
  EXPECT_EQ(validate_motion(nan_clip, "code").error.to_string(),
            "code: channels.head.control[0]: value is NaN or infinite");
  e = error_of(clip_text([](Json& j) { j["duration"] = 1e6; }));
  EXPECT_NE(e.find("duration: absurd"), std::string::npos) << e;
  e = error_of(clip_text([](Json& j) { j["reference_body"]["left_leg"]["upper"] = -1; }));
  EXPECT_NE(e.find("reference_body.left_leg.upper: must be positive"), std::string::npos) << e;
  e = error_of(clip_text([](Json& j) { j["channels"]["left_leg"]["pole"][0] = Json::parse("[0, 0, 0, 0]"); }));
  EXPECT_NE(e.find("zero length"), std::string::npos) << e;
  e = error_of(clip_text([](Json& j) { j["contacts"]["left_foot"][0][1] = 0.5; }));
  EXPECT_NE(e.find("contact must be 0 or 1"), std::string::npos) << e;
  e = error_of(clip_text([](Json& j) { j["channels"]["chest"]["pole"] = Json::parse("[[0, 0, 0, 1]]"); }));
  EXPECT_NE(e.find("channels.chest.pole: unknown field"), std::string::npos) << e;
  e = error_of(clip_text([](Json& j) { j["channels"]["waist"]["reference"][0][0] = 2.0; }));
  EXPECT_NE(e.find("below duration"), std::string::npos) << e;
  e = error_of(clip_text([](Json& j) { j["channels"]["waist"]["reference"][0][3] = 1e5; }));
  EXPECT_NE(e.find("absurd coordinate"), std::string::npos) << e;
  e = error_of(clip_text([](Json& j) { j.erase("cycle_offset"); }));
  EXPECT_NE(e.find("cycle_offset: missing"), std::string::npos) << e;
  auto missing = load_motion("/nonexistent/clip.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().to_string().find("/nonexistent/clip.json"), std::string::npos);
}

// 1e999 overflows a double: the error names the line and the field (it said only "invalid JSON").
TEST(MotionClip, NumberOutOfRangeNamesLineAndField) {
  Result<std::string> walk = read_file(kMotions + "walk.json", 1u << 24);
  ASSERT_TRUE(walk.ok());
  std::string text = *walk;
  const std::string from = "\"duration\": 1.15";
  ASSERT_NE(text.find(from), std::string::npos) << "the shipped walk changed";
  text.replace(text.find(from), from.size(), "\"duration\": 1e999");
  std::string e = error_of(text);
  EXPECT_NE(e.find("bad.json: line 6, column 14 (byte "), std::string::npos) << e;
  EXPECT_NE(e.find(", duration: number out of range: 1e999"), std::string::npos) << e;
  // Deep in a channel, on a line counted here independently of the parser.
  Json j = motion_to_json(load("stand.json"));
  j["channels"]["head"]["control"][0][2] = 123456.5;
  text = j.dump(1);
  const std::size_t at = text.find("123456.5");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 8, "1e999");
  const long line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(at), '\n');
  e = error_of(text);
  EXPECT_NE(e.find("line " + std::to_string(line) + ", column "), std::string::npos) << e;
  EXPECT_NE(e.find("channels.head.control[0][2]: number out of range"), std::string::npos) << e;
}

TEST(MotionClip, SampleJobValidates) {
  MotionClip c = load("stand.json");
  MotionPose pose;
  SampleJob job;
  EXPECT_FALSE(job.run());
  job.clip = &c;
  job.output = &pose;
  job.time_s = std::nan("");
  EXPECT_FALSE(job.validate());
  job.time_s = 0.5;
  EXPECT_TRUE(job.run());
  EXPECT_EQ(pose.contact[0], 1.0f);
}

}  // namespace
}  // namespace cf
