// The level's optional "terrain": {"origin": [x0, z0], "cell_m": c, "heights_m": [[...], ...]} or
// {"origin", "cell_m", "heightmap": "name.png", "height_range_m": [low, high]}.
#include <cmath>
#include <filesystem>
#include <string>

#include "world/level.h"
#include "core/file_name.h"
#include "core/json.h"
#include "render/image_io.h"

namespace cf {

namespace {

// "heightmap": "name.png", "height_range_m": [black, white]: the samples of a greyscale PNG in the level
// file's folder, its top row the grid's first (at origin z), its left column at origin x.
Status read_heightmap(const Json& j, Terrain* out, const std::string& file, const std::string& where) {
  const std::string hw = field_path(where, "heightmap");
  const Json& name = j["heightmap"];
  if (!name.is_string() || !is_plain_file_name(name.get<std::string>()) || name.get<std::string>().size() < 5 ||
      name.get<std::string>().compare(name.get<std::string>().size() - 4, 4, ".png") != 0)
    return Error{file, hw, "must be the name of a .png file beside the level (lower-case letters, digits, _ . -)"};
  const std::string rw = field_path(where, "height_range_m");
  auto range = j.find("height_range_m");
  if (range == j.end()) return Error{file, rw, "missing: the heights of black and white, [low, high] metres"};
  if (!range->is_array() || range->size() != 2 || !(*range)[0].is_number() || !(*range)[1].is_number())
    return Error{file, rw, "must be [low, high] metres"};
  const double lo = (*range)[0].get<double>(), hi = (*range)[1].get<double>();
  if (!std::isfinite(lo) || !std::isfinite(hi) || std::fabs(lo) > kTerrainMaxHeight_m || std::fabs(hi) > kTerrainMaxHeight_m ||
      lo > hi)
    return Error{file, rw, "must be [low, high] metres, low <= high, both within 200 m"};
  const std::string dir = std::filesystem::path(file).parent_path().string();
  Result<std::string> path = path_in(dir.empty() ? "." : dir, name.get<std::string>());
  if (!path) return Error{file, hw, path.error().message};
  Result<GreyImage> img = load_grey_png(*path, kTerrainMaxSamples);
  if (!img) return Error{file, hw, name.get<std::string>() + ": " + img.error().message};
  if (img->width < 2 || img->height < 2)
    return Error{file, hw, name.get<std::string>() + ": needs at least 2 x 2 samples"};
  out->heights_m.resize(img->samples.size());
  const double scale = (hi - lo) / 65535.0;
  for (std::size_t i = 0; i < img->samples.size(); ++i) out->heights_m[i] = float(lo + scale * img->samples[i]);
  out->columns = img->width;
  out->rows = img->height;
  out->heightmap = name.get<std::string>();
  out->height_range_m = glm::vec2(float(lo), float(hi));
  return {};
}

// "heights_m": rows along +Z, each a row of samples along +X.
Status read_heights(const Json& j, Terrain* out, const std::string& file, const std::string& where) {
  const std::string hw = field_path(where, "heights_m");
  const Json& rows = j["heights_m"];
  const std::string size_rule = "must be 2 to " + std::to_string(kTerrainMaxSamples) + " rows of 2 to " +
                                std::to_string(kTerrainMaxSamples) + " numbers, every row as long";
  if (!rows.is_array() || rows.size() < 2 || rows.size() > std::size_t(kTerrainMaxSamples))
    return Error{file, hw, size_rule};
  const std::size_t columns = rows[0].is_array() ? rows[0].size() : 0;
  if (columns < 2 || columns > std::size_t(kTerrainMaxSamples)) return Error{file, hw, size_rule};
  out->heights_m.reserve(rows.size() * columns);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::string rw = hw + "[" + std::to_string(r) + "]";
    if (!rows[r].is_array() || rows[r].size() != columns) return Error{file, rw, size_rule};
    for (std::size_t c = 0; c < columns; ++c) {
      const Json& h = rows[r][c];
      if (!h.is_number()) return Error{file, rw + "[" + std::to_string(c) + "]", "must be a number (metres)"};
      const double y = h.get<double>();
      if (!std::isfinite(y) || std::fabs(y) > kTerrainMaxHeight_m)
        return Error{file, rw + "[" + std::to_string(c) + "]", "must be finite and within 200 m"};
      out->heights_m.push_back(float(y));
    }
  }
  out->columns = static_cast<int>(columns);
  out->rows = static_cast<int>(rows.size());
  return {};
}

}  // namespace

Status parse_terrain(const Json& j, Terrain* t, const std::string& file) {
  const std::string where = "terrain";
  if (!j.is_object())
    return Error{file, where, "must be an object {\"origin\", \"cell_m\", \"heights_m\" or \"heightmap\"}"};
  if (Status s = check_keys(j, {"origin", "cell_m", "heights_m", "heightmap", "height_range_m"}, file, where); !s) return s;
  Terrain out;
  if (Status s = read_ground_xz(j, "origin", &out.origin_xz, file, where); !s) return s;
  double cell = 0.0;
  if (Status s = read_number(j, "cell_m", &cell, file, where); !s) return s;
  if (!(cell >= 0.05 && cell <= 50.0)) return Error{file, field_path(where, "cell_m"), "must be in [0.05, 50] m"};
  out.cell_m = float(cell);
  const bool inline_heights = j.contains("heights_m"), image = j.contains("heightmap");
  if (inline_heights && image) return Error{file, where, "has both \"heights_m\" and \"heightmap\": give one"};
  if (!inline_heights && !image)
    return Error{file, field_path(where, "heights_m"), "missing: rows of metres, or a \"heightmap\" (a greyscale PNG)"};
  if (!image && j.contains("height_range_m"))
    return Error{file, field_path(where, "height_range_m"), "goes with \"heightmap\" only"};
  if (Status s = image ? read_heightmap(j, &out, file, where) : read_heights(j, &out, file, where); !s) return s;
  const double far_x = out.origin_xz.x + out.cell_m * double(out.columns - 1);
  const double far_z = out.origin_xz.y + out.cell_m * double(out.rows - 1);
  if (std::fabs(far_x) > kLevelMaxCoord_m || std::fabs(far_z) > kLevelMaxCoord_m)
    return Error{file, where, "the grid reaches beyond 1000 m"};
  *t = std::move(out);
  return {};
}

Json terrain_to_json(const Terrain& t, bool inline_heights) {
  const Json origin = Json::array({t.origin_xz.x, t.origin_xz.y});
  if (!t.heightmap.empty() && !inline_heights)
    return Json{{"origin", origin}, {"cell_m", t.cell_m}, {"heightmap", t.heightmap},
                {"height_range_m", Json::array({t.height_range_m.x, t.height_range_m.y})}};
  Json rows = Json::array();
  for (int r = 0; r < t.rows; ++r) {
    Json row = Json::array();
    for (int c = 0; c < t.columns; ++c) row.push_back(t.sample(c, r));
    rows.push_back(std::move(row));
  }
  return Json{{"origin", origin}, {"cell_m", t.cell_m}, {"heights_m", rows}};
}

}  // namespace cf
