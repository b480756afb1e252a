// The level's optional "terrain": {"origin": [x0, z0], "cell_m": c, "heights_m": [[...], ...]}.
#include <cmath>
#include <string>

#include "world/level.h"
#include "core/json.h"

namespace cf {

Status parse_terrain(const Json& j, Terrain* t, const std::string& file) {
  const std::string where = "terrain";
  if (!j.is_object()) return Error{file, where, "must be an object {\"origin\", \"cell_m\", \"heights_m\"}"};
  if (Status s = check_keys(j, {"origin", "cell_m", "heights_m"}, file, where); !s) return s;
  Terrain out;
  if (Status s = read_ground_xz(j, "origin", &out.origin_xz, file, where); !s) return s;
  double cell = 0.0;
  if (Status s = read_number(j, "cell_m", &cell, file, where); !s) return s;
  if (!(cell >= 0.05 && cell <= 50.0)) return Error{file, field_path(where, "cell_m"), "must be in [0.05, 50] m"};
  out.cell_m = float(cell);
  const std::string hw = field_path(where, "heights_m");
  auto it = j.find("heights_m");
  if (it == j.end()) return Error{file, hw, "missing"};
  const Json& rows = *it;
  const std::string size_rule = "must be 2 to " + std::to_string(kTerrainMaxSamples) + " rows of 2 to " +
                                std::to_string(kTerrainMaxSamples) + " numbers, every row as long";
  if (!rows.is_array() || rows.size() < 2 || rows.size() > std::size_t(kTerrainMaxSamples))
    return Error{file, hw, size_rule};
  const std::size_t columns = rows[0].is_array() ? rows[0].size() : 0;
  if (columns < 2 || columns > std::size_t(kTerrainMaxSamples)) return Error{file, hw, size_rule};
  out.heights_m.reserve(rows.size() * columns);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::string rw = hw + "[" + std::to_string(r) + "]";
    if (!rows[r].is_array() || rows[r].size() != columns) return Error{file, rw, size_rule};
    for (std::size_t c = 0; c < columns; ++c) {
      const Json& h = rows[r][c];
      if (!h.is_number()) return Error{file, rw + "[" + std::to_string(c) + "]", "must be a number (metres)"};
      const double y = h.get<double>();
      if (!std::isfinite(y) || std::fabs(y) > kTerrainMaxHeight_m)
        return Error{file, rw + "[" + std::to_string(c) + "]", "must be finite and within 200 m"};
      out.heights_m.push_back(float(y));
    }
  }
  const double far_x = out.origin_xz.x + out.cell_m * double(columns - 1);
  const double far_z = out.origin_xz.y + out.cell_m * double(rows.size() - 1);
  if (std::fabs(far_x) > kLevelMaxCoord_m || std::fabs(far_z) > kLevelMaxCoord_m)
    return Error{file, where, "the grid reaches beyond 1000 m"};
  out.columns = static_cast<int>(columns);
  out.rows = static_cast<int>(rows.size());
  *t = std::move(out);
  return {};
}

Json terrain_to_json(const Terrain& t) {
  Json rows = Json::array();
  for (int r = 0; r < t.rows; ++r) {
    Json row = Json::array();
    for (int c = 0; c < t.columns; ++c) row.push_back(t.sample(c, r));
    rows.push_back(std::move(row));
  }
  return Json{{"origin", Json::array({t.origin_xz.x, t.origin_xz.y})}, {"cell_m", t.cell_m}, {"heights_m", rows}};
}

}  // namespace cf
