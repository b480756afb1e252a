#!/bin/sh
# Runs one node check from this directory. Fails (never skips) with the fix when node or the
# pinned npm packages are missing.
dir="$(cd "$(dirname "$0")" && pwd)"
if ! command -v node >/dev/null 2>&1; then
  echo "glTF tests need node (Debian packages nodejs npm): run tools/setup" >&2
  exit 1
fi
if [ ! -f "$dir/node_modules/three/package.json" ] || [ ! -f "$dir/node_modules/gltf-validator/package.json" ]; then
  echo "glTF tests need the npm packages pinned in $dir/package-lock.json: run tools/setup (npm ci there)" >&2
  exit 1
fi
exec node "$dir/$@"
