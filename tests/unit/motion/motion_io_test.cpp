// motion_io: reading and writing "critterforge.motion/1" files (parse_motion, load_motion,
// motion_to_json, save_motion).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>

#include <gtest/gtest.h>

#include "core/file_io.h"
#include "core/tick.h"
#include "motion/motion_clip.h"
#include "motion_test_util.h"
#include "core/json.h"

namespace cf {
namespace {

using test::kMotions;
MotionClip load(const std::string& name) { return test::load_shipped_motion(name); }

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

TEST(MotionIo, SaveAndParseRoundTripIsExact) {
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

TEST(MotionIo, TicksAreConvertedToSeconds) {
  std::string text = clip_text([](Json& j) {
    j["time_unit"] = "ticks";
    j["duration"] = 120;  // 2 s
  });
  auto c = parse_motion(text, "ticks.json");
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  EXPECT_DOUBLE_EQ(c->duration_s, 2.0);
}

TEST(MotionIo, ErrorsNameFileFieldAndProblem) {
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

// Every key time in a "ticks" file is the tick count times the one tick length, exactly.
TEST(MotionIo, TickKeyTimesAreTicksTimesTheTickLength) {
  const Json seconds = motion_to_json(load("stand.json"));
  Json ticks = seconds;
  ticks["time_unit"] = "ticks";
  ticks["duration"] = 90;
  Json& ref = ticks["channels"]["waist"]["reference"];
  ASSERT_GT(ref.size(), 1u);
  ref[0][0] = 0;
  ref[ref.size() - 1][0] = 45;
  auto c = parse_motion(ticks.dump(), "ticks.json");
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  EXPECT_EQ(c->duration_s, 90 * kTick_s);
  const Vec3Channel& r = c->parts[static_cast<int>(MotionPart::kWaist)].reference;
  EXPECT_EQ(r.times_s.front(), 0.0f);
  EXPECT_EQ(r.times_s.back(), static_cast<float>(45 * kTick_s));
  // Saved again it is in seconds, and reads back as the same clip.
  const Json again = motion_to_json(*c);
  EXPECT_EQ(again["time_unit"], "seconds");
  auto d = parse_motion(again.dump(), "again.json");
  ASSERT_TRUE(d.ok()) << d.error().to_string();
  EXPECT_EQ(motion_to_json(*d).dump(), again.dump());
}

TEST(MotionIo, UnknownTimeUnitAndUnknownFieldsAreNamed) {
  std::string e = error_of(clip_text([](Json& j) { j["time_unit"] = "minutes"; }));
  EXPECT_NE(e.find("bad.json: time_unit: unknown unit \"minutes\" (seconds or ticks)"), std::string::npos) << e;
  e = error_of(clip_text([](Json& j) { j["time_unit"] = 3; }));
  EXPECT_NE(e.find("time_unit: must be a string"), std::string::npos) << e;
  e = error_of(clip_text([](Json& j) { j["format"].get_ref<std::string&>().clear(); }));
  EXPECT_NE(e.find("bad.json: format"), std::string::npos) << e;
}

// Written numbers are the shortest decimals that read back as the same floats: 0.1f is written 0.1,
// not 0.10000000149011612.
TEST(MotionIo, SavedNumbersAreShortAndExact) {
  MotionClip c = load("stand.json");
  c.cycle_offset_ms = glm::vec3(0.1f, -2.5f, 1.0f / 3.0f);
  const Json j = motion_to_json(c);
  EXPECT_EQ(j["cycle_offset"].dump(), "[0.1,-2.5,0.33333334]");
  auto d = parse_motion(j.dump(), "short.json");
  ASSERT_TRUE(d.ok()) << d.error().to_string();
  EXPECT_EQ(d->cycle_offset_ms, c.cycle_offset_ms);
}

// A save that cannot happen is an error naming the file, and a clip that fails validation is never
// written.
TEST(MotionIo, SaveRefusesAnInvalidClipAndAnUnwritablePath) {
  MotionClip c = load("stand.json");
  const Status to_dir = save_motion(CF_BINARY_DIR, c);
  ASSERT_FALSE(to_dir.ok());
  EXPECT_NE(to_dir.error.to_string().find(CF_BINARY_DIR), std::string::npos) << to_dir.error.to_string();
  const std::string path = std::string(CF_BINARY_DIR) + "/motion_io_invalid.json";
  std::remove(path.c_str());
  c.duration_s = -1.0;
  EXPECT_FALSE(save_motion(path, c).ok());
  EXPECT_FALSE(is_regular_file(path));
}

// 1e999 overflows a double: the error names the line and the field (it said only "invalid JSON").
TEST(MotionClip, NumberOutOfRangeNamesLineAndField) {
  Result<std::string> walk = read_file(kMotions + "walk.json", 1u << 24);
  ASSERT_TRUE(walk.ok());
  std::string text = *walk;
  const std::string from = "\"duration\": 1.15";
  ASSERT_NE(text.find(from), std::string::npos) << "the shipped walk changed";
  const std::size_t where = text.find(from);
  text.replace(where, from.size(), "\"duration\": 1e999");
  // Its line, counted here: the file's description (critterforge.motion/2) comes before it.
  const auto duration_line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(where), '\n');
  std::string e = error_of(text);
  EXPECT_NE(e.find("bad.json: line " + std::to_string(duration_line) + ", column 14 (byte "), std::string::npos) << e;
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

// A description's "source" (the capture set a motion was imported from) is read, written back and
// optional: a /2 file without it, and a /1 file (no description at all), load with none.
TEST(MotionIo, DescriptionSourceIsOptionalAndRoundTrips) {
  auto with = parse_motion(clip_text([](Json& j) {
    j["format"] = "critterforge.motion/2";
    j["description"] = Json{{"kind", "one_shot"}, {"hud", "Fox Bark"}, {"source", "Fox"}};
  }), "fox.json");
  ASSERT_TRUE(with.ok()) << with.error().to_string();
  EXPECT_EQ(with->description.source, "Fox");
  EXPECT_EQ(motion_file_json(*with)["description"]["source"], "Fox");
  auto again = parse_motion(motion_file_json(*with).dump(), "again.json");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->description.source, "Fox");

  auto without = parse_motion(clip_text([](Json& j) {
    j["format"] = "critterforge.motion/2";
    j["description"] = Json{{"kind", "one_shot"}, {"hud", "Greet"}};
  }), "greet.json");
  ASSERT_TRUE(without.ok()) << without.error().to_string();
  EXPECT_TRUE(without->description.source.empty());
  EXPECT_FALSE(motion_file_json(*without)["description"].contains("source"));

  const MotionClip v1 = load("walk_mocap.json");  // a /1 file
  EXPECT_TRUE(v1.description.source.empty());

  const std::string e = error_of(clip_text([](Json& j) {
    j["format"] = "critterforge.motion/2";
    j["description"] = Json{{"kind", "one_shot"}, {"source", 7}};
  }));
  EXPECT_NE(e.find("description.source: must be a string"), std::string::npos) << e;
}

// A description's "beat" (a dance's beats in its clip) is read, written back and checked: every beat
// 0.1-4 s, the first before the second; the shipped dance bobs each half second from 0.25 s.
TEST(MotionIo, DescriptionBeatRoundTripsAndIsChecked) {
  auto with = parse_motion(clip_text([](Json& j) {
    j["format"] = "critterforge.motion/2";
    j["description"] = Json{{"kind", "one_shot"}, {"beat", {{"every", 0.5}, {"first", 0.25}}}};
  }), "dance.json");
  ASSERT_TRUE(with.ok()) << with.error().to_string();
  EXPECT_EQ(with->description.beat_s, 0.5);
  EXPECT_EQ(with->description.first_beat_s, 0.25);
  auto again = parse_motion(motion_file_json(*with).dump(), "again.json");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->description.beat_s, 0.5);
  EXPECT_EQ(again->description.first_beat_s, 0.25);
  EXPECT_FALSE(motion_file_json(load("greet.json"))["description"].contains("beat")) << "untimed: none written";
  EXPECT_EQ(load("dance.json").description.beat_s, 0.5);
  EXPECT_EQ(load("dance.json").description.first_beat_s, 0.25);
  const std::pair<Json, const char*> bad[] = {
      {Json{{"every", 0.0}}, "description.beat.every: must be 0.1 to 4 seconds"},
      {Json{{"every", 9.0}}, "description.beat.every: must be 0.1 to 4 seconds"},
      {Json{{"first", 0.2}}, "description.beat.every: must be 0.1 to 4 seconds"},
      {Json{{"every", 0.5}, {"first", 0.5}}, "description.beat.first: must come before the second beat"},
      {Json{{"every", 0.5}, {"first", -1.0}}, "description.beat.first: must be from 0 to 3600 seconds"},
      {Json{{"every", 0.5}, {"bpm", 120}}, "description.beat"},
      {Json(3), "description.beat: must be {"},
  };
  for (const auto& entry : bad) {
    const Json& beat = entry.first;  // named (a structured binding cannot be captured in C++17)
    const char* says = entry.second;
    const std::string e = error_of(clip_text([&](Json& j) {
      j["format"] = "critterforge.motion/2";
      j["description"] = Json{{"kind", "one_shot"}, {"beat", beat}};
    }));
    EXPECT_NE(e.find(says), std::string::npos) << beat.dump() << ": " << e;
  }
}

}  // namespace
}  // namespace cf
