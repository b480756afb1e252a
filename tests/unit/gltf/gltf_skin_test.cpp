// Outside glTF files through load_skinned_gltf: a small skinned file written here (one joint, one
// translation channel) loads and poses; hostile variants of it give one error naming the file and
// the element, never an exception or a read past a buffer: accessor counts and offsets whose bounds
// arithmetic would wrap around (2^62), and key times that are NaN, infinite or decreasing.
#include "gltf/gltf_skin.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "core/json.h"

namespace cf {
namespace {

std::string base64(const std::vector<std::uint8_t>& in) {
  static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < in.size(); i += 3) {
    const std::uint32_t n = static_cast<std::uint32_t>(in[i]) << 16 |
                            (i + 1 < in.size() ? static_cast<std::uint32_t>(in[i + 1]) << 8 : 0u) |
                            (i + 2 < in.size() ? in[i + 2] : 0u);
    out += k[n >> 18 & 63];
    out += k[n >> 12 & 63];
    out += i + 1 < in.size() ? k[n >> 6 & 63] : '=';
    out += i + 2 < in.size() ? k[n & 63] : '=';
  }
  return out;
}

void put(std::vector<std::uint8_t>* b, const std::vector<float>& v) {
  for (float f : v) {
    std::uint8_t bytes[4];
    std::memcpy(bytes, &f, 4);
    b->insert(b->end(), bytes, bytes + 4);
  }
}

// Three vertices weighted wholly to joint node 1, whose translation goes (0,0,0) -> (1,0,0) over
// 'times'. Accessors: 0 POSITION, 1 JOINTS_0, 2 WEIGHTS_0, 3 key times, 4 translations.
Json skinned_file(const std::vector<float>& times = {0.0f, 1.0f}) {
  std::vector<std::uint8_t> b;
  put(&b, {0, 0, 0, 0, 1, 0, 1, 0, 0});                          // 0: positions, 36 bytes
  for (int v = 0; v < 3; ++v) b.insert(b.end(), {0, 0, 0, 0});  // 36: joints (u8), 12 bytes
  put(&b, {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0});                 // 48: weights, 48 bytes
  put(&b, times);                                                // 96: times, 8 bytes
  put(&b, {0, 0, 0, 1, 0, 0});                                   // 104: translations, 24 bytes
  Json j;
  j["asset"] = {{"version", "2.0"}};
  j["scene"] = 0;
  j["scenes"] = Json::array({{{"nodes", {0, 1}}}});
  j["nodes"] = Json::array({{{"mesh", 0}, {"skin", 0}}, {{"name", "joint"}}});
  j["skins"] = Json::array({{{"joints", {1}}}});
  j["meshes"] = Json::array(
      {{{"primitives", Json::array({{{"attributes", {{"POSITION", 0}, {"JOINTS_0", 1}, {"WEIGHTS_0", 2}}}}})}}});
  j["animations"] = Json::array({{{"channels", Json::array({{{"sampler", 0}, {"target", {{"node", 1}, {"path", "translation"}}}}})},
                                  {"samplers", Json::array({{{"input", 3}, {"output", 4}}})}}});
  j["buffers"] = Json::array(
      {{{"byteLength", b.size()}, {"uri", "data:application/octet-stream;base64," + base64(b)}}});
  const std::size_t offsets[5] = {0, 36, 48, 96, 104}, lengths[5] = {36, 12, 48, 8, 24};
  const char* types[5] = {"VEC3", "VEC4", "VEC4", "SCALAR", "VEC3"};
  const int components[5] = {5126, 5121, 5126, 5126, 5126};
  const std::size_t counts[5] = {3, 3, 3, times.size(), 2};
  for (int i = 0; i < 5; ++i) {
    j["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", offsets[i]}, {"byteLength", lengths[i]}});
    j["accessors"].push_back({{"bufferView", i}, {"componentType", components[i]}, {"count", counts[i]}, {"type", types[i]}});
  }
  return j;
}

std::string write(const std::string& name, const Json& j) {
  const std::string path = ::testing::TempDir() + "cf_gltf_skin_" + name + ".gltf";
  std::ofstream(path, std::ios::binary) << j.dump();
  return path;
}

// The file is refused with one line naming it, the element and the problem.
void expect_refused(const Json& j, const std::string& name, const std::string& element, const std::string& problem) {
  const std::string path = write(name, j);
  Result<SkinnedGltf> g = load_skinned_gltf(path);
  ASSERT_FALSE(g.ok()) << name << " was accepted";
  const std::string e = g.error().to_string();
  EXPECT_EQ(g.error().file, path) << e;
  EXPECT_NE(e.find(element), std::string::npos) << e;
  EXPECT_NE(e.find(problem), std::string::npos) << e;
  EXPECT_EQ(e.find('\n'), std::string::npos) << e;
}

TEST(GltfSkin, TheSmallSkinnedFileLoadsAndItsJointMovesTheVertices) {
  Result<SkinnedGltf> g = load_skinned_gltf(write("good", skinned_file()));
  ASSERT_TRUE(g.ok()) << g.error().to_string();
  ASSERT_EQ(g->primitives.size(), 1u);
  std::vector<glm::mat4> world;
  pose_gltf_nodes(*g, 0, 0.5, &world);
  std::vector<glm::vec3> p;
  ASSERT_TRUE(skin_gltf_primitive(*g, 0, world, &p));
  ASSERT_EQ(p.size(), 3u);
  EXPECT_NEAR(p[1].x, 0.5f, 1e-6f);  // (0,1,0) moved half way to +1 in x
  EXPECT_NEAR(p[1].y, 1.0f, 1e-6f);
}

TEST(GltfSkin, AnAccessorCountOfTwoToThe62IsRefusedNotWrappedAround) {
  // (2^62 - 1) * 12 wraps to -12: the old bounds check passed and reserve() threw length_error.
  Json j = skinned_file();
  j["accessors"][0]["count"] = std::uint64_t{1} << 62;
  expect_refused(j, "count62", "POSITION", "accessor runs past its buffer");
  // (2^60) * 16 wraps to exactly 0.
  j = skinned_file();
  j["accessors"][2]["count"] = (std::uint64_t{1} << 60) + 1;
  expect_refused(j, "count60", "WEIGHTS_0", "accessor runs past its buffer");
  j = skinned_file();
  j["accessors"][3]["count"] = std::numeric_limits<std::uint64_t>::max();
  expect_refused(j, "count_max", "animations[0] input", "accessor runs past its buffer");
}

TEST(GltfSkin, OffsetsThatWrapAroundAreRefused) {
  Json j = skinned_file();
  j["accessors"][0]["byteOffset"] = std::numeric_limits<std::uint64_t>::max() - 3;
  expect_refused(j, "accessor_offset", "POSITION", "accessor runs past its buffer");
  j = skinned_file();
  j["bufferViews"][2]["byteOffset"] = std::numeric_limits<std::uint64_t>::max() - 7;
  expect_refused(j, "view_offset", "WEIGHTS_0", "runs past its buffer");
  j = skinned_file();
  j["bufferViews"][1]["byteLength"] = std::numeric_limits<std::uint64_t>::max();
  expect_refused(j, "view_length", "JOINTS_0", "runs past its buffer");
  j = skinned_file();
  j["accessors"][0]["count"] = 4;  // one vertex more than its view holds
  expect_refused(j, "one_more", "POSITION", "accessor runs past its buffer");
}

TEST(GltfSkin, KeyTimesThatAreNotFiniteOrDecreaseAreRefused) {
  // A NaN time made the key search run past the last key.
  expect_refused(skinned_file({std::nanf(""), 1.0f}), "nan_first", "animations[0] input", "key time 0 is not a finite number");
  expect_refused(skinned_file({0.0f, std::nanf("")}), "nan_last", "animations[0] input", "key time 1 is not a finite number");
  expect_refused(skinned_file({0.0f, std::numeric_limits<float>::infinity()}), "inf", "animations[0] input",
                 "not a finite number");
  expect_refused(skinned_file({1.0f, 0.5f}), "decreasing", "animations[0] input", "key times must not decrease");
  EXPECT_TRUE(load_skinned_gltf(write("equal", skinned_file({0.5f, 0.5f}))).ok()) << "equal times are allowed";
}

}  // namespace
}  // namespace cf
