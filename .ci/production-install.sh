#!/usr/bin/env bash
# A production install of the working tree, as on a fresh clone: copies the files git tracks or would track (committed
# or not, less those deleted and those ignored) into a temporary folder, installs them with `npm ci --omit=dev`, checks
# that no development tool came along, then starts `associa serve` on the embedded database and asks for /readyz and the
# public course list. Then the release as a file (docs/deployment.md, "Installing"): packs that copy with `npm pack`,
# installs the tarball into an empty project with `npm install <tarball> --omit=dev`, checks that it brought ops/ and
# patched the driver, and serves it with node_modules/associa/bin/associa.js. Either install printing an EBADENGINE
# warning (a dependency asking for a newer Node than the engines field's) fails the check. Prints how long the installs
# took and the size of node_modules.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

work=$(mktemp -d /tmp/associa-production-install.XXXXXX)
server=''
cleanup() {
  if [[ -n $server ]]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { printf 'production-install: %s\n' "$*" >&2; exit 1; }

# Starts `node <entry> serve` in the current folder on the embedded database, asks for each path given, stops it.
serve_check() {
  local entry=$1 data=$2; shift 2
  local log="$data.log"
  # Made here: the background job opens it for its output only once it runs, and the loop below may read it first.
  : >"$log"
  env -u DATABASE_URL -u DATABASE_READ_URL -u REDIS_URL -u NODE_ENV -u METRICS \
    PORT=0 HOST=127.0.0.1 DATA_DIR="$data" LOG_LEVEL=warn node "$entry" serve >"$log" 2>&1 &
  server=$!
  local base='' status path
  for _ in $(seq 1 600); do
    base=$(sed -n 's|.*Health: \(http://[^ ]*\)/readyz.*|\1|p' "$log" | head -1)
    [[ -n $base ]] && break
    kill -0 "$server" 2>/dev/null || { cat "$log" >&2; fail "associa serve ended before it was ready"; }
    sleep 0.1
  done
  [[ -n $base ]] || { cat "$log" >&2; fail "associa serve printed no banner within 60 s"; }
  for path in "$@"; do
    status=$(curl -s -o /dev/null -w '%{http_code}' "$base$path")
    [[ $status == 200 ]] || { cat "$log" >&2; fail "GET $path answered $status"; }
    echo "GET $path: $status"
  done
  kill -TERM "$server"
  wait "$server" || fail "associa serve did not stop cleanly on SIGTERM"
  server=''
}

# npm only warns when a dependency's engines field excludes this Node; the service would then run code its authors do
# not support here.
no_engine_warning() {
  ! grep -q EBADENGINE "$1" || { grep EBADENGINE "$1" >&2; fail "$2 printed EBADENGINE warnings"; }
}

git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' file; do [[ -e $file || -L $file ]] && printf '%s\0' "$file"; done |
  tar -C "$root" --null -T - -cf - | tar -C "$work" -xf -
cd "$work"
[[ ! -e node_modules && ! -e dist ]] || fail "the copy has node_modules or dist: they must come from the install"

started=$(date +%s%N)
npm ci --omit=dev --no-audit --no-fund --prefer-offline 2>&1 | tee "$work/install.log"
install_ms=$(( ($(date +%s%N) - started) / 1000000 ))
no_engine_warning "$work/install.log" "npm ci --omit=dev"

for tool in typescript tsx eslint prettier; do
  [[ ! -e node_modules/$tool ]] || fail "node_modules/$tool is installed: a development dependency came along"
done
[[ -f dist/cli.js ]] || fail "dist/cli.js is missing: the install step did not build it"
node --input-type=module -e "import postgres from 'postgres'; if (!postgres.associaPatch) process.exit(1);" ||
  fail "the PostgreSQL driver lacks its patch after the install"

serve_check bin/associa.js "$work/data" /readyz /api/v1/public/cursos

# The release as a file, installed as docs/deployment.md says.
npm pack --silent --pack-destination "$work" >/dev/null
tarball=$(echo "$work"/associa-*.tgz)
[[ -f $tarball ]] || fail "npm pack wrote no associa-*.tgz"
mkdir "$work/host"
cd "$work/host"
npm init -y >/dev/null
started=$(date +%s%N)
npm install "$tarball" --omit=dev --no-audit --no-fund --prefer-offline 2>&1 | tee "$work/host-install.log"
host_ms=$(( ($(date +%s%N) - started) / 1000000 ))
no_engine_warning "$work/host-install.log" "npm install <tarball> --omit=dev"
for file in ops/prometheus-alerts.yml ops/grafana-dashboard.json bin/associa.js dist/cli.js; do
  [[ -f node_modules/associa/$file ]] || fail "node_modules/associa/$file is missing: the tarball lacks it (package.json files)"
done
node --input-type=module -e "import postgres from 'postgres'; if (!postgres.associaPatch) process.exit(1);" ||
  fail "the PostgreSQL driver lacks its patch after installing the tarball"
# /docs/ reads Swagger UI's files from node_modules (they are not in the bundle).
serve_check node_modules/associa/bin/associa.js "$work/host-data" /readyz /api/v1/public/cursos /docs/static/swagger-ui.css
cd "$work"

printf 'production install: npm ci --omit=dev in %d.%d s; node_modules %s\n' $((install_ms / 1000)) $((install_ms % 1000 / 100)) \
  "$(du -sh node_modules | cut -f1)"
printf 'release install: npm install %s --omit=dev in %d.%d s; tarball %s, node_modules %s\n' "${tarball##*/}" \
  $((host_ms / 1000)) $((host_ms % 1000 / 100)) "$(du -h "$tarball" | cut -f1)" "$(du -sh host/node_modules | cut -f1)"
