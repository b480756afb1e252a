#pragma once
// Playing a vault, all of it: the plan made once when the vault starts (vault_plan.h), the per-tick
// pose job (vault_pose.h), and the plain-data state the game steps (vault_state.h); contacts with walls
// and the fence (vault_contacts.h) give pose_penetration. Include the one you need; this is for callers
// that use all of them.
#include "vault/vault_contacts.h"
#include "vault/vault_plan.h"
#include "vault/vault_pose.h"
#include "vault/vault_state.h"
