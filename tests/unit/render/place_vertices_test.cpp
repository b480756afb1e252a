// The four-lane vertex pass gives the scalar pass's bits: clip positions, outcodes and the screen corners of
// vertices needing no clipping, for random vertices around and behind the camera, on the planes, NaN and
// infinite ones, snapped and subpixel, counts that leave a tail.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "render/place_vertices.h"

namespace cf {
namespace {

struct Placed {
  std::vector<glm::vec4> clip;
  std::vector<std::uint16_t> code;
  std::vector<ScreenVertex> screen;
  std::vector<std::int32_t> xy;
  explicit Placed(int n) : clip(n), code(n), screen(n), xy(2 * n) {}
  PlacedVertices out() { return PlacedVertices{clip.data(), code.data(), screen.data(), xy.data()}; }
};

bool same_bits(const void* a, const void* b, std::size_t n) { return std::memcmp(a, b, n) == 0; }

TEST(PlaceVertices, FourLanesGiveTheScalarBits) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  int unclipped = 0, clipped = 0;
  for (int round = 0; round < 60; ++round) {
    const glm::mat4 view = glm::lookAt(glm::vec3(u(rng), u(rng) + 1.5f, u(rng)) * 4.0f,
                                       glm::vec3(u(rng), u(rng), u(rng)) * 20.0f, glm::vec3(0, 1, 0));
    const glm::mat4 model = glm::scale(glm::rotate(glm::translate(glm::mat4(1.0f), glm::vec3(u(rng), 0, u(rng)) * 5.0f),
                                                   u(rng) * 3.0f, glm::vec3(0.2f, 1, 0.4f)),
                                       glm::vec3(0.5f + std::fabs(u(rng))));
    const glm::mat4 mvp = glm::perspective(0.4f + std::fabs(u(rng)) * 2.0f, 4.0f / 3.0f, 0.1f, 40.0f) * view * model;
    const int n = 200 + round % 7;
    std::vector<glm::vec3> p(static_cast<std::size_t>(n));
    for (glm::vec3& v : p) v = glm::vec3(u(rng), u(rng), u(rng)) * (round % 3 == 0 ? 60.0f : 8.0f);
    p[3] = glm::vec3(std::nanf(""), 1, 1);
    p[10] = glm::vec3(INFINITY, 0, 0);
    p[17] = glm::vec3(1e30f, -1e30f, 2);
    p[22] = glm::vec3(glm::inverse(mvp) * glm::vec4(0, 0, 0, 1));  // the camera: w = 0
    p[25] = glm::vec3(0.0f);
    Viewport vp;
    vp.w = round % 2 ? 320.0f : 1280.0f;
    vp.h = round % 2 ? 240.0f : 720.0f;
    vp.snap = round % 4 < 2;
    Placed fast(n), slow(n);
    place_vertices(mvp, p.data(), n, vp, fast.out());
    place_vertices_scalar(mvp, p.data(), 0, n, vp, slow.out());
    for (int i = 0; i < n; ++i) {
      const auto k = static_cast<std::size_t>(i);
      ASSERT_TRUE(same_bits(&fast.clip[k], &slow.clip[k], sizeof(glm::vec4))) << round << " " << i;
      ASSERT_EQ(fast.code[k], slow.code[k]) << round << " " << i;
      if (slow.code[k] & kClipMask) {
        ++clipped;
        continue;
      }
      ++unclipped;
      const ScreenVertex &a = fast.screen[k], &b = slow.screen[k];
      ASSERT_EQ(a.x, b.x) << round << " " << i;
      ASSERT_EQ(a.y, b.y) << round << " " << i;
      ASSERT_EQ(fast.xy[2 * k], b.x) << round << " " << i;
      ASSERT_EQ(fast.xy[2 * k + 1], b.y) << round << " " << i;
      ASSERT_EQ(slow.xy[2 * k], b.x) << round << " " << i;
      ASSERT_EQ(slow.xy[2 * k + 1], b.y) << round << " " << i;
      ASSERT_TRUE(same_bits(&a.depth, &b.depth, 4)) << round << " " << i;
      ASSERT_TRUE(same_bits(&a.inv_w, &b.inv_w, 4)) << round << " " << i;
    }
  }
  EXPECT_GT(unclipped, 2000);
  EXPECT_GT(clipped, 2000);
}

}  // namespace
}  // namespace cf
