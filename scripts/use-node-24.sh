# Puts Node.js 24 LTS first on the PATH when the machine's node is older than 22.12 (Node 20 reached its end
# of life on 2026-04-30). Node's own binaries come from the npm registry (the `node` package), installed
# once under .tools/ (not committed).
#
#   source scripts/use-node-24.sh     # then npm run dev, npm test… in this shell
#
# Sourced by .ci/run. Does nothing when node 22.12 or newer is already first on the PATH.
_project_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# pg-boss needs 22.12 or newer: older than that counts as too old.
_node_major="$(node -p 'const [a, b] = process.versions.node.split(".").map(Number); a > 22 || (a === 22 && b >= 12) ? a : 0' 2>/dev/null || echo 0)"
if [ "$_node_major" -lt 22 ]; then
  _node_dir="$_project_root/.tools/node24"
  if [ ! -x "$_node_dir/node_modules/node/bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo "(none)") is too old: installing Node.js 24 from the npm registry into .tools/node24…"
    npm install --prefix "$_node_dir" --no-save --no-audit --no-fund --loglevel=error node@24 >/dev/null
  fi
  export PATH="$_node_dir/node_modules/node/bin:$PATH"
  echo "Using Node $(node --version) from .tools/node24"
fi
unset _project_root _node_major _node_dir
