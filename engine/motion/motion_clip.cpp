#include "motion/motion_clip.h"

#include <cmath>

#include "math/spline.h"

namespace cf {
namespace {

constexpr int kMaxKeys = 1000000;          // per channel
constexpr double kMaxDuration_s = 3600.0;    // seconds
constexpr float kMaxCoordinate_m = 1.0e4f;   // metres
constexpr float kMaxLength_m = 100.0f;       // metres, any body length

bool finite3(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

Status check_times(const std::vector<float>& times, std::size_t values, const MotionClip& clip,
                   const std::string& file, const std::string& where) {
  if (times.empty()) return Error{file, where, "missing channel (needs at least one key)"};
  if (times.size() != values) return Error{file, where, "times and values differ in count"};
  if (times.size() > static_cast<std::size_t>(kMaxKeys))
    return Error{file, where, "absurd key count " + std::to_string(times.size())};
  for (std::size_t i = 0; i < times.size(); ++i) {
    const std::string k = where + "[" + std::to_string(i) + "]";
    const double t = times[i];
    if (!std::isfinite(t)) return Error{file, k, "time is NaN or infinite"};
    if (t < 0.0) return Error{file, k, "time is negative"};
    if (clip.loop ? t >= clip.duration_s : t > clip.duration_s + 1e-6)
      return Error{file, k, clip.loop ? "time must be below duration in a looping clip"
                                      : "time is after the duration"};
    if (i > 0 && !(times[i] > times[i - 1])) return Error{file, k, "keys not increasing in time"};
  }
  return {};
}

Status check_vec3(const Vec3Channel& c, const MotionClip& clip, const std::string& file,
                  const std::string& where, bool direction) {
  if (Status s = check_times(c.times_s, c.values.size(), clip, file, where); !s) return s;
  for (std::size_t i = 0; i < c.values.size(); ++i) {
    const std::string k = where + "[" + std::to_string(i) + "]";
    const glm::vec3& v = c.values[i];
    if (!finite3(v)) return Error{file, k, "value is NaN or infinite"};
    if (std::fabs(v.x) > kMaxCoordinate_m || std::fabs(v.y) > kMaxCoordinate_m || std::fabs(v.z) > kMaxCoordinate_m)
      return Error{file, k, "absurd coordinate (beyond 10 km)"};
    if (direction && glm::length(v) < 1e-6f) return Error{file, k, "pole direction has zero length"};
  }
  return {};
}

Status check_length(float v, const std::string& file, const std::string& where) {
  if (!std::isfinite(v)) return Error{file, where, "NaN or infinite"};
  if (!(v > 0.0f)) return Error{file, where, "must be positive"};
  if (v > kMaxLength_m) return Error{file, where, "absurd length (over 100 m)"};
  return {};
}

Status check_steps(const StepChannel& c, const MotionClip& clip, const std::string& file,
                   const std::string& where, bool required) {
  if (c.times_s.empty() && !required) return {};
  if (Status s = check_times(c.times_s, c.values.size(), clip, file, where); !s) return s;
  for (std::size_t i = 0; i < c.values.size(); ++i)
    if (c.values[i] != 0.0f && c.values[i] != 1.0f)
      return Error{file, where + "[" + std::to_string(i) + "]", "contact must be 0 or 1"};
  return {};
}

}  // namespace

Status validate_motion(const MotionClip& clip, const std::string& file) {
  if (clip.name.empty()) return Error{file, "name", "must not be empty"};
  if (!std::isfinite(clip.duration_s)) return Error{file, "duration", "NaN or infinite"};
  if (!(clip.duration_s > 0.0)) return Error{file, "duration", "must be positive"};
  if (clip.duration_s > kMaxDuration_s) return Error{file, "duration", "absurd duration (over an hour)"};
  if (!finite3(clip.cycle_offset_ms)) return Error{file, "cycle_offset", "NaN or infinite"};
  if (glm::length(clip.cycle_offset_ms) > 1000.0f)
    return Error{file, "cycle_offset", "absurd offset (over 1 km per cycle)"};
  const ReferenceBody& b = clip.body;
  const char* sides[2] = {"left", "right"};
  for (int s = 0; s < 2; ++s) {
    const std::string leg = std::string("reference_body.") + sides[s] + "_leg";
    const std::string arm = std::string("reference_body.") + sides[s] + "_arm";
    for (auto [v, w] : {std::pair{b.legs[s].upper, leg + ".upper"}, std::pair{b.legs[s].lower, leg + ".lower"},
                        std::pair{b.legs[s].end, leg + ".foot"}, std::pair{b.arms[s].upper, arm + ".upper"},
                        std::pair{b.arms[s].lower, arm + ".lower"}, std::pair{b.arms[s].end, arm + ".hand"}})
      if (Status st = check_length(v, file, w); !st) return st;
  }
  for (auto [v, w] : {std::pair{b.hip_height, "reference_body.hip_height"},
                      std::pair{b.hip_width, "reference_body.hip_width"},
                      std::pair{b.shoulder_height, "reference_body.shoulder_height"},
                      std::pair{b.shoulder_width, "reference_body.shoulder_width"}})
    if (Status st = check_length(v, file, w); !st) return st;

  const QuatChannel& q = clip.waist_orientation;
  if (Status s = check_times(q.times_s, q.values.size(), clip, file, "channels.waist.orientation"); !s) return s;
  for (std::size_t i = 0; i < q.values.size(); ++i) {
    const glm::quat& v = q.values[i];
    const float len = std::sqrt(v.w * v.w + v.x * v.x + v.y * v.y + v.z * v.z);
    if (!std::isfinite(len) || std::fabs(len - 1.0f) > 1e-3f)
      return Error{file, "channels.waist.orientation[" + std::to_string(i) + "]",
                   "quaternion must be finite and unit length"};
  }
  for (int p = 0; p < kMotionPartCount; ++p) {
    const MotionPart part = static_cast<MotionPart>(p);
    const std::string where = std::string("channels.") + to_string(part);
    const PartChannels& c = clip.parts[p];
    if (Status s = check_vec3(c.reference, clip, file, where + ".reference", false); !s) return s;
    if (Status s = check_vec3(c.control, clip, file, where + ".control", false); !s) return s;
    if (has_pole(part)) {
      if (Status s = check_vec3(c.pole, clip, file, where + ".pole", true); !s) return s;
    } else if (!c.pole.times_s.empty()) {
      return Error{file, where + ".pole", "only arms and legs have a pole"};
    }
  }
  const char* feet[2] = {"contacts.left_foot", "contacts.right_foot"};
  const char* hands[2] = {"contacts.left_hand", "contacts.right_hand"};
  for (int s = 0; s < 2; ++s) {
    if (Status st = check_steps(clip.foot_contact[s], clip, file, feet[s], true); !st) return st;
    if (Status st = check_steps(clip.hand_contact[s], clip, file, hands[s], false); !st) return st;
  }
  if (clip.obstacle.present) {
    const ClipObstacle& o = clip.obstacle;
    if (!std::isfinite(o.near_z) || std::fabs(o.near_z) > kMaxCoordinate_m)
      return Error{file, "obstacle.near_z", "NaN, infinite or absurd"};
    if (Status st = check_length(o.height, file, "obstacle.height"); !st) return st;
    if (Status st = check_length(o.thickness, file, "obstacle.thickness"); !st) return st;
  }
  return {};
}

void sample_clip(const MotionClip& clip, double t_seconds, MotionPose* out) {
  double t = t_seconds;
  if (!std::isfinite(t)) t = 0.0;
  if (!clip.loop) t = t < 0.0 ? 0.0 : (t > clip.duration_s ? clip.duration_s : t);
  CurveParams absolute;
  absolute.loop = clip.loop;
  absolute.period = clip.duration_s;
  absolute.offset = clip.loop ? clip.cycle_offset_ms : glm::vec3(0.0f);
  CurveParams relative = absolute;
  relative.offset = glm::vec3(0.0f);

  auto vec3 = [t](const Vec3Channel& c, const CurveParams& p) {
    return sample_curve(c.times_s.data(), c.values.data(), c.size(), t, p);
  };
  const PartChannels& waist = clip[MotionPart::kWaist];
  const glm::vec3 waist_ms = vec3(waist.reference, absolute);
  const QuatChannel& qc = clip.waist_orientation;
  const glm::quat q = sample_quat_curve(qc.times_s.data(), qc.values.data(), qc.size(), t, relative);
  out->waist_orientation = q;
  for (int p = 0; p < kMotionPartCount; ++p) {
    const MotionPart part = static_cast<MotionPart>(p);
    const PartChannels& c = clip.parts[p];
    PartSample& s = out->parts[p];
    s.reference = part == MotionPart::kWaist ? waist_ms : waist_ms + q * vec3(c.reference, relative);
    s.control = vec3(c.control, absolute);
    if (has_pole(part) && c.pole.size() > 0) {
      const glm::vec3 pole = vec3(c.pole, relative);
      const float len = glm::length(pole);
      s.pole = len > 1e-6f ? pole / len : glm::vec3(0.0f, 0.0f, 1.0f);
    } else {
      s.pole = q * glm::vec3(0.0f, 0.0f, 1.0f);  // one-bone parts: the waist's forward
    }
  }
  for (int side = 0; side < 2; ++side) {
    const StepChannel& f = clip.foot_contact[side];
    const StepChannel& h = clip.hand_contact[side];
    out->contact[side] = sample_step(f.times_s.data(), f.values.data(), f.size(), t, relative);
    out->hand_contact[side] = sample_step(h.times_s.data(), h.values.data(), h.size(), t, relative);
  }
}

}  // namespace cf
