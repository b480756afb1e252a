#pragma once
// A hidden GL 3.3 window + an initialised Rasterizer + the project's textures, for screenshot tests.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "platform/window.h"
#include "render/geometry_stage.h"
#include "render/rasterizer.h"
#include "render/test_scene.h"

namespace cf::test {

class GlRenderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    WindowDesc d;
    d.width = 640;
    d.height = 480;
    d.hidden = true;
    d.title = "render_gl_tests";
    Status s = window.open(d);
    // Mesa is a test dependency: a missing GL 3.3 context is a failure, not a skip.
    ASSERT_TRUE(s.ok()) << "no GL 3.3 context: " << s.error.to_string();
    Status r = raster.init();
    ASSERT_TRUE(r.ok()) << r.error.to_string();
    const std::string dir = std::string(CF_ASSETS_DIR) + "/textures/";
    Error e;
    textures.skin = raster.load_texture(dir + "creature_skin.png", &e);
    textures.ground = raster.load_texture(dir + "ground.png", &e);
    textures.wood = raster.load_texture(dir + "fence_wood.png", &e);
    textures.brick = raster.load_texture(dir + "wall_brick.png", &e);
    ASSERT_TRUE(e.message.empty()) << e.to_string();
    build_test_scene(textures, &scene);
  }
  void TearDown() override {
    raster.shutdown();
    window.close();
  }

  // Runs the geometry stage over the test scene and draws it at window_w x window_h.
  void render(const FrameSettings& settings, int window_w, int window_h) {
    GeometryJob job = test_scene_job(scene, settings, window_w, window_h);
    job.scratch = &scratch;
    job.out = &list;
    ASSERT_TRUE(job.run());
    raster.draw(list, window_w, window_h);
  }
  Image displayed() {
    Image img;
    EXPECT_TRUE(raster.read_back(&img.rgba, &img.width, &img.height));
    return img;
  }
  Image target() {
    Image img;
    EXPECT_TRUE(raster.read_back_target(&img.rgba, &img.width, &img.height));
    return img;
  }

  Window window;
  Rasterizer raster;
  TestSceneTextures textures;
  TestScene scene;
  GeometryScratch scratch;
  CommandList list;
};

}  // namespace cf::test
