#include "motion/bvh_import.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "motion/bvh_contacts.h"
#include "motion/decimate.h"

namespace cf {
namespace {

std::string lower_case(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

int find_any(const BvhClip& b, std::initializer_list<const char*> names) {
  for (const char* n : names)
    for (std::size_t i = 0; i < b.joints.size(); ++i)
      if (!b.joints[i].end_site && lower_case(b.joints[i].name) == lower_case(n)) return static_cast<int>(i);
  return -1;
}

// The first child of joint j (an end site or a joint), -1 if none.
int first_child(const BvhClip& b, int j) {
  for (std::size_t i = static_cast<std::size_t>(j) + 1; i < b.joints.size(); ++i)
    if (b.joints[i].parent == j) return static_cast<int>(i);
  return -1;
}

struct Frames {  // joint positions per frame, metres, final axes
  std::vector<std::vector<glm::vec3>> p;
};

glm::quat waist_frame(const BvhMapping& m, const std::vector<glm::vec3>& p) {
  const glm::vec3 waist = 0.5f * (p[m.hip[0]] + p[m.hip[1]]);
  glm::vec3 x = p[m.hip[0]] - p[m.hip[1]];
  glm::vec3 up = p[m.spine] - waist;
  if (glm::length(x) < 1e-6f) x = glm::vec3(1, 0, 0);
  x = glm::normalize(x);
  up -= glm::dot(up, x) * x;
  if (glm::length(up) < 1e-6f) up = glm::vec3(0, 1, 0);
  const glm::vec3 y = glm::normalize(up);
  const glm::vec3 z = glm::cross(x, y);
  return glm::normalize(glm::quat_cast(glm::mat3(x, y, z)));
}

// Bend hint: the middle joint's offset from the root-tip line, with a small default so a straight limb
// still gives a direction.
glm::vec3 bend_pole(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& fallback) {
  glm::vec3 ac = c - a;
  const float len = glm::length(ac);
  glm::vec3 perp = b - a;
  if (len > 1e-6f) perp -= glm::dot(perp, ac / len) * (ac / len);
  const glm::vec3 v = perp + 0.02f * fallback;
  const float l = glm::length(v);
  return l > 1e-6f ? v / l : fallback;
}

}  // namespace

Result<BvhMapping> map_bvh_joints(const BvhClip& b, const std::string& file) {
  BvhMapping m;
  auto need = [&](int* out, std::initializer_list<const char*> names, const char* what) -> Status {
    *out = find_any(b, names);
    if (*out >= 0) return {};
    std::string tried;
    for (const char* n : names) tried += (tried.empty() ? "" : ", ") + std::string(n);
    return Error{file, "HIERARCHY", std::string("missing joint for ") + what + " (looked for " + tried + ")"};
  };
  m.hips = find_any(b, {"Hips", "Hip", "Pelvis", "Root"});
  if (m.hips < 0) m.hips = 0;
  const bool mb = find_any(b, {"LeftArm"}) >= 0 && find_any(b, {"LeftForeArm"}) >= 0;
  Status s;
  if (!(s = need(&m.hip[0], {"LeftHip", "LeftUpLeg", "LHip", "LeftThigh"}, "left hip"))) return s.error;
  if (!(s = need(&m.hip[1], {"RightHip", "RightUpLeg", "RHip", "RightThigh"}, "right hip"))) return s.error;
  if (!(s = need(&m.knee[0], {"LeftKnee", "LeftLeg", "LKnee", "LeftShin"}, "left knee"))) return s.error;
  if (!(s = need(&m.knee[1], {"RightKnee", "RightLeg", "RKnee", "RightShin"}, "right knee"))) return s.error;
  if (!(s = need(&m.ankle[0], {"LeftAnkle", "LeftFoot", "LAnkle"}, "left ankle"))) return s.error;
  if (!(s = need(&m.ankle[1], {"RightAnkle", "RightFoot", "RAnkle"}, "right ankle"))) return s.error;
  if (!(s = need(&m.spine, {"lowerback", "Spine", "Abdomen", "Spine1", "Chest"}, "spine"))) return s.error;
  if (!(s = need(&m.neck, {"lowerneck", "Neck", "Neck1"}, "neck"))) return s.error;
  if (!(s = need(&m.head, {"Head"}, "head"))) return s.error;
  if (mb) {
    if (!(s = need(&m.shoulder[0], {"LeftArm"}, "left shoulder"))) return s.error;
    if (!(s = need(&m.shoulder[1], {"RightArm"}, "right shoulder"))) return s.error;
    if (!(s = need(&m.elbow[0], {"LeftForeArm"}, "left elbow"))) return s.error;
    if (!(s = need(&m.elbow[1], {"RightForeArm"}, "right elbow"))) return s.error;
    if (!(s = need(&m.wrist[0], {"LeftHand"}, "left wrist"))) return s.error;
    if (!(s = need(&m.wrist[1], {"RightHand"}, "right wrist"))) return s.error;
  } else {
    if (!(s = need(&m.shoulder[0], {"LeftShoulder", "LShoulder"}, "left shoulder"))) return s.error;
    if (!(s = need(&m.shoulder[1], {"RightShoulder", "RShoulder"}, "right shoulder"))) return s.error;
    if (!(s = need(&m.elbow[0], {"LeftElbow", "LElbow"}, "left elbow"))) return s.error;
    if (!(s = need(&m.elbow[1], {"RightElbow", "RElbow"}, "right elbow"))) return s.error;
    if (!(s = need(&m.wrist[0], {"LeftWrist", "LWrist"}, "left wrist"))) return s.error;
    if (!(s = need(&m.wrist[1], {"RightWrist", "RWrist"}, "right wrist"))) return s.error;
  }
  for (int side = 0; side < 2; ++side) {
    m.toe[side] = find_any(b, side == 0 ? std::initializer_list<const char*>{"LeftToe", "LeftToeBase"}
                                        : std::initializer_list<const char*>{"RightToe", "RightToeBase"});
    if (m.toe[side] < 0) m.toe[side] = first_child(b, m.ankle[side]);
    m.hand_tip[side] = first_child(b, m.wrist[side]);
  }
  m.head_top = first_child(b, m.head);
  return m;
}

double detect_bvh_scale(const BvhClip& b, const BvhMapping& m) {
  const double leg = 0.5 * (glm::length(b.joints[m.knee[0]].offset) + glm::length(b.joints[m.ankle[0]].offset) +
                            glm::length(b.joints[m.knee[1]].offset) + glm::length(b.joints[m.ankle[1]].offset));
  if (leg > 8.0 && leg < 30.0) return 0.0564;  // CMU units (1/0.45 inch * 0.0254 m ~ 0.0564 m)
  if (leg > 40.0 && leg < 150.0) return 0.01;  // centimetres
  if (leg > 0.4 && leg < 1.5) return 1.0;      // metres
  return 0.0;
}

namespace {

// Rest pose (all channels zero) joint positions, file units.
std::vector<glm::vec3> rest_pose(const BvhClip& b) {
  std::vector<glm::vec3> p(b.joints.size());
  for (std::size_t i = 0; i < b.joints.size(); ++i)
    p[i] = (b.joints[i].parent < 0 ? glm::vec3(0.0f) : p[b.joints[i].parent]) + b.joints[i].offset;
  return p;
}

// Per-frame values of every channel, before keying.
struct Dense {
  std::vector<glm::vec3> abs[1 + kMotionPartCount];  // [0] waist reference, [1 + p] part p's control
  std::vector<glm::vec3> rel[kMotionPartCount];      // reference offsets in the waist frame (waist unused)
  std::vector<glm::vec3> pole[kMotionPartCount];
  std::vector<glm::quat> orientation;
  std::vector<bool> contact[2];
};

void push_frame(const BvhMapping& m, const std::vector<glm::vec3>& p, Dense* d) {
  const glm::vec3 waist = 0.5f * (p[m.hip[0]] + p[m.hip[1]]);
  glm::quat q = waist_frame(m, p);
  if (!d->orientation.empty() && glm::dot(q, d->orientation.back()) < 0.0f) q = -q;
  const glm::quat inv = glm::conjugate(q);
  d->orientation.push_back(q);
  d->abs[0].push_back(waist);
  auto set = [&](MotionPart part, const glm::vec3& ref, const glm::vec3& control) {
    const int i = static_cast<int>(part);
    d->rel[i].push_back(inv * (ref - waist));
    d->abs[1 + i].push_back(control);
  };
  set(MotionPart::kWaist, waist, p[m.spine]);
  set(MotionPart::kChest, p[m.spine], p[m.neck]);
  set(MotionPart::kHead, p[m.neck], p[m.head_top >= 0 ? m.head_top : m.head]);
  const glm::vec3 fwd = q * glm::vec3(0, 0, 1);
  for (int s = 0; s < 2; ++s) {
    const MotionPart arm = s == 0 ? MotionPart::kLeftArm : MotionPart::kRightArm;
    const MotionPart leg = s == 0 ? MotionPart::kLeftLeg : MotionPart::kRightLeg;
    set(arm, p[m.shoulder[s]], p[m.wrist[s]]);
    set(leg, p[m.hip[s]], p[m.ankle[s]]);
    d->pole[static_cast<int>(arm)].push_back(bend_pole(p[m.shoulder[s]], p[m.elbow[s]], p[m.wrist[s]], -fwd));
    d->pole[static_cast<int>(leg)].push_back(bend_pole(p[m.hip[s]], p[m.knee[s]], p[m.ankle[s]], fwd));
  }
}

// Sets a planted foot to the mean of its contact run (on the ground), so it is exactly still.
void plant_feet(std::vector<glm::vec3>* foot, const std::vector<bool>& c, bool loop, const glm::vec3& offset) {
  const int n = static_cast<int>(foot->size());
  int i = 0;
  // A run crossing the loop wrap is handled as one: its head (frames at the start) is shifted by +offset.
  int head_end = 0;
  if (loop && c[0] && c[n - 1]) {
    while (head_end < n && c[head_end]) ++head_end;
    if (head_end == n) head_end = 0;  // planted all cycle: an ordinary run
  }
  i = head_end;
  while (i < n) {
    if (!c[i]) {
      ++i;
      continue;
    }
    int j = i;
    while (j < n && c[j]) ++j;
    const bool wraps = j == n && head_end > 0;
    glm::vec3 sum(0.0f);
    int count = 0;
    for (int k = i; k < j; ++k, ++count) sum += (*foot)[k];
    if (wraps)
      for (int k = 0; k < head_end; ++k, ++count) sum += (*foot)[k] + offset;
    glm::vec3 mean = sum / static_cast<float>(count);
    mean.y = 0.0f;
    for (int k = i; k < j; ++k) (*foot)[k] = mean;
    if (wraps)
      for (int k = 0; k < head_end; ++k) (*foot)[k] = mean - offset;
    i = j;
  }
}

// The frame near 'e' whose pose, its travel taken out, is closest to frame a's: the loop is cut where
// the phase matches, not only where the heel strike was detected.
template <class WaistAt>
int matching_end(const std::vector<std::vector<glm::vec3>>& P, int a, int e, WaistAt waist_at) {
  constexpr int kSearch = 6;  // frames either side of the detected strike (50 ms at 120 fps)
  const int n = static_cast<int>(P.size());
  int best = e;
  float best_err = 1e30f;
  for (int k = std::max(a + 1, e - kSearch); k <= std::min(n - 1, e + kSearch); ++k) {
    glm::vec3 travel = waist_at(k) - waist_at(a);
    travel.y = 0.0f;
    float err = 0.0f;
    for (std::size_t j = 0; j < P[a].size(); ++j) err += glm::length(P[k][j] - P[a][j] - travel);
    if (err < best_err) {
      best_err = err;
      best = k;
    }
  }
  return best;
}

std::vector<int> all_frames(int n) {
  std::vector<int> k(n);
  for (int i = 0; i < n; ++i) k[i] = i;
  return k;
}

}  // namespace

Result<MotionClip> bvh_to_motion(const BvhClip& b, const BvhImportOptions& o, const std::string& file,
                                 BvhImportReport* report) {
  BvhImportReport local;
  BvhImportReport& rep = report ? *report : local;
  rep = BvhImportReport{};
  auto mapped = map_bvh_joints(b, file);
  if (!mapped) return mapped.error();
  const BvhMapping& m = *mapped;
  double scale = o.scale;
  if (!std::isfinite(scale) || scale < 0.0 || scale > 100.0) return Error{file, "--scale", "must be a positive number"};
  if (scale == 0.0) scale = detect_bvh_scale(b, m);
  if (scale == 0.0)
    return Error{file, "--scale", "cannot tell the unit from the leg length; give --scale (metres per unit)"};
  const double dt = b.frame_time_s;
  if (!std::isfinite(o.start_s) || o.start_s < 0.0) return Error{file, "--start", "must be a time >= 0 s"};
  if (!std::isfinite(o.end_s)) return Error{file, "--end", "must be a finite time"};
  const int last = b.frame_count - 1;
  int f0 = static_cast<int>(std::min<double>(last, std::lround(o.start_s / dt)));
  const int f1 = o.end_s < 0.0 ? last : static_cast<int>(std::min<double>(last, std::lround(o.end_s / dt)));
  if (f1 - f0 < 2) return Error{file, "--start/--end", "the range holds fewer than 3 frames"};
  int n = f1 - f0 + 1;
  std::vector<std::vector<glm::vec3>> P(n);
  for (int i = 0; i < n; ++i) {
    bvh_joint_positions(b, f0 + i, &P[i]);
    for (glm::vec3& v : P[i]) v *= static_cast<float>(scale);
  }
  const int skipped = leading_frames_to_skip(P, dt);  // a T-pose before the take
  if (skipped > 0) {
    P.erase(P.begin(), P.begin() + skipped);
    f0 += skipped;
    n -= skipped;
  }
  auto waist_at = [&](int i) { return 0.5f * (P[i][m.hip[0]] + P[i][m.hip[1]]); };
  std::vector<glm::vec3> ankles[2];
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < n; ++i) ankles[s].push_back(P[i][m.ankle[s]]);
  const FloorLine floor = fit_floor(ankles, waist_at(0), waist_at(n - 1), dt);
  if (floor.slope != 0.0f)  // level the floor: every point lowered by the floor's rise under it
    for (auto& frame : P)
      for (glm::vec3& v : frame) v.y -= floor.slope * glm::dot(v - floor.origin, floor.along);
  const float ground = floor.height_m;
  rep.skipped_frames = skipped;
  rep.floor_slope = floor.slope;
  std::vector<bool> contact[2];
  for (int s = 0; s < 2; ++s) {
    for (int i = 0; i < n; ++i) ankles[s][i] = P[i][m.ankle[s]];
    contact[s] = detect_contacts(ankles[s], dt, ground);
  }
  int a = 0, e = n - 1;
  if (o.cycle) {
    std::vector<int> strikes;
    for (int i = 1; i < n; ++i)
      if (contact[0][i] && !contact[0][i - 1]) strikes.push_back(i);
    double best = -1.0;
    for (std::size_t k = 0; k + 1 < strikes.size(); ++k) {
      const double len = (strikes[k + 1] - strikes[k]) * dt;
      if (len < 0.4 || len > 3.0) continue;
      glm::vec3 d = waist_at(strikes[k + 1]) - waist_at(strikes[k]);
      d.y = 0.0f;
      const double speed = glm::length(d) / len;  // steady walking, not the start or the stop
      if (speed > best) {
        best = speed;
        a = strikes[k];
        e = strikes[k + 1];
      }
    }
    if (best < 0.0)
      return Error{file, "--cycle", "no complete gait cycle (two left heel strikes 0.4-3 s apart) between " +
                                        std::to_string(f0 * dt) + " s and " + std::to_string(f1 * dt) + " s"};
    e = matching_end(P, a, e, waist_at);
  }
  // Axes: Y up already; turn about Y so the travel (or the facing, when standing) is +Z; origin under the waist.
  glm::vec3 d = waist_at(e) - waist_at(a);
  d.y = 0.0f;
  if (glm::length(d) < 0.2f) {
    d = glm::cross(P[a][m.hip[0]] - P[a][m.hip[1]], glm::vec3(0, 1, 0));  // forward = left x up
    d.y = 0.0f;
    if (glm::length(d) < 1e-6f) d = glm::vec3(0, 0, 1);
  }
  const float yaw = std::atan2(d.x, d.z);
  const glm::quat turn = glm::angleAxis(-yaw, glm::vec3(0, 1, 0));
  const glm::vec3 origin(waist_at(a).x, ground, waist_at(a).z);
  const int frames = o.cycle ? e - a : e - a + 1;  // keyed frames (a loop's frame e is the next cycle's first)
  Dense dense;
  for (int i = a; i <= e; ++i) {
    for (glm::vec3& v : P[i]) v = turn * (v - origin);
    push_frame(m, P[i], &dense);
  }
  for (int s = 0; s < 2; ++s) dense.contact[s].assign(contact[s].begin() + a, contact[s].begin() + a + frames);
  glm::vec3 offset(0.0f);
  if (o.cycle) {
    offset = glm::vec3(0.0f, 0.0f, (dense.abs[0][frames] - dense.abs[0][0]).z);
    for (auto& v : dense.abs) rep.loop_closure_m = std::max(rep.loop_closure_m, close_loop(&v, offset));
    for (int p = 0; p < kMotionPartCount; ++p) {
      close_loop(&dense.rel[p], glm::vec3(0.0f));
      if (!dense.pole[p].empty()) close_loop(&dense.pole[p], glm::vec3(0.0f));
    }
    auto& q = dense.orientation;
    const glm::quat err = q[frames] * glm::conjugate(q[0]);
    for (int i = 0; i < frames; ++i)
      q[i] = glm::normalize(glm::slerp(glm::quat(1, 0, 0, 0), glm::conjugate(err), float(i) / frames) * q[i]);
    q.pop_back();
  } else {
    for (auto& v : dense.abs) v.resize(frames);
  }
  for (int s = 0; s < 2; ++s) {
    const int leg = 1 + static_cast<int>(s == 0 ? MotionPart::kLeftLeg : MotionPart::kRightLeg);
    plant_feet(&dense.abs[leg], dense.contact[s], o.cycle, offset);
    for (glm::vec3& v : dense.abs[leg]) v.y = std::max(v.y, 0.0f);  // loop closure may dip below the ground
  }

  rep.first_frame = f0 + a;
  rep.last_frame = f0 + e;
  MotionClip clip;
  clip.name = o.name.empty() ? "bvh" : o.name;
  clip.loop = o.cycle;
  clip.duration_s = o.cycle ? frames * dt : (frames - 1) * dt;
  clip.cycle_offset_ms = offset;
  clip.notes = "Converted from " + file + " frames " + std::to_string(f0 + a) + "-" + std::to_string(f0 + e) +
               " at " + std::to_string(scale) + " m per unit" + (o.cycle ? ", one gait cycle" : "") +
               (floor.slope != 0.0f ? ", floor levelled (it rose " + std::to_string(floor.slope * 100.0f) + " cm per m)"
                                    : "");
  std::vector<float> times(frames);
  for (int i = 0; i < frames; ++i) times[i] = static_cast<float>(i * dt);
  CurveParams abs_p{o.cycle, clip.duration_s, offset, TangentRule::kClamped};
  CurveParams rel_p{o.cycle, clip.duration_s, glm::vec3(0.0f), TangentRule::kClamped};
  const float tol = static_cast<float>(o.max_error_m);
  auto keep_vec3 = [&](const std::vector<glm::vec3>& v, const CurveParams& p, const std::vector<int>& forced,
                       float scale_tol) {
    return tol > 0.0f ? decimate_vec3(times, v, p, tol * scale_tol, forced) : all_frames(frames);
  };
  for (int p = 0; p < kMotionPartCount; ++p) {
    const MotionPart part = static_cast<MotionPart>(p);
    std::vector<int> forced;
    const int side = part == MotionPart::kLeftLeg ? 0 : part == MotionPart::kRightLeg ? 1 : -1;
    if (side >= 0)  // both ends of every contact run stay keys: the planted foot is then exactly constant
      for (int i = 0; i < frames; ++i)
        if (dense.contact[side][i] && (i == 0 || i == frames - 1 || !dense.contact[side][i - 1] ||
                                       !dense.contact[side][i + 1]))
          forced.push_back(i);
    PartChannels& c = clip.parts[p];
    c.control = keyed(times, dense.abs[1 + p], keep_vec3(dense.abs[1 + p], abs_p, forced, 1.0f));
    if (part == MotionPart::kWaist) c.reference = keyed(times, dense.abs[0], keep_vec3(dense.abs[0], abs_p, {}, 1.0f));
    else c.reference = keyed(times, dense.rel[p], keep_vec3(dense.rel[p], rel_p, {}, 1.0f));
    if (has_pole(part)) c.pole = keyed(times, dense.pole[p], keep_vec3(dense.pole[p], rel_p, {}, 2.0f));
  }
  const std::vector<int> qk = tol > 0.0f ? decimate_quat(times, dense.orientation, rel_p, tol, 0.9f) : all_frames(frames);
  for (int k : qk) {
    clip.waist_orientation.times_s.push_back(times[k]);
    clip.waist_orientation.values.push_back(dense.orientation[k]);
  }
  for (int s = 0; s < 2; ++s) {
    // Contact holds over [frame i, frame i+1) only when the foot is planted at both ends: the flag drops at
    // the last planted frame, so the foot never moves while the flag is 1.
    const std::vector<bool>& c = dense.contact[s];
    auto held = [&](int i) { return c[i] && (i + 1 < frames ? c[i + 1] : (o.cycle ? c[0] : true)); };
    StepChannel& sc = clip.foot_contact[s];
    for (int i = 0; i < frames; ++i)
      if (i == 0 || held(i) != held(i - 1)) {
        sc.times_s.push_back(times[i]);
        sc.values.push_back(held(i) ? 1.0f : 0.0f);
      }
  }
  // Reference body from the rest pose; the ankle is the ground contact, as in the hand-keyed clips.
  const std::vector<glm::vec3> rest = rest_pose(b);
  const float k = static_cast<float>(scale);
  auto len = [&](int j, float fallback) {
    const float l = j >= 0 ? glm::length(b.joints[j].offset) * k : 0.0f;
    return l > 1e-3f ? l : fallback;
  };
  ReferenceBody& body = clip.body;
  for (int s = 0; s < 2; ++s) {
    body.legs[s] = {len(m.knee[s], 0.0f), len(m.ankle[s], 0.0f), 0.0f};
    body.legs[s].end = len(m.toe[s], 0.25f * body.legs[s].lower);
    body.arms[s] = {len(m.elbow[s], 0.0f), len(m.wrist[s], 0.0f), 0.0f};
    body.arms[s].end = len(m.hand_tip[s], 0.3f * body.arms[s].lower);
  }
  const float ankle_y = 0.5f * (rest[m.ankle[0]].y + rest[m.ankle[1]].y);
  body.hip_height = (0.5f * (rest[m.hip[0]].y + rest[m.hip[1]].y) - ankle_y) * k;
  body.hip_width = glm::length(rest[m.hip[0]] - rest[m.hip[1]]) * k;
  body.shoulder_height = (0.5f * (rest[m.shoulder[0]].y + rest[m.shoulder[1]].y) - ankle_y) * k;
  body.shoulder_width = glm::length(rest[m.shoulder[0]] - rest[m.shoulder[1]]) * k;
  if (Status s = validate_motion(clip, file); !s) return s.error;
  return clip;
}

}  // namespace cf
