#!/usr/bin/env bash
# A production install of the working tree, as on a fresh clone: copies the files git tracks or would track (committed
# or not, less those deleted and those ignored) into a temporary folder, installs them with `npm ci --omit=dev`, checks
# that no development tool came along, then starts `associa serve` on the embedded database and asks for /readyz and the
# public course list. Prints how long the install took and the size of node_modules.
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

git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' file; do [[ -e $file || -L $file ]] && printf '%s\0' "$file"; done |
  tar -C "$root" --null -T - -cf - | tar -C "$work" -xf -
cd "$work"
[[ ! -e node_modules && ! -e dist ]] || fail "the copy has node_modules or dist: they must come from the install"

started=$(date +%s%N)
npm ci --omit=dev --no-audit --no-fund --prefer-offline
install_ms=$(( ($(date +%s%N) - started) / 1000000 ))

for tool in typescript tsx eslint prettier; do
  [[ ! -e node_modules/$tool ]] || fail "node_modules/$tool is installed: a development dependency came along"
done
[[ -f dist/cli.js ]] || fail "dist/cli.js is missing: the install step did not build it"
node --input-type=module -e "import postgres from 'postgres'; if (!postgres.associaPatch) process.exit(1);" ||
  fail "the PostgreSQL driver lacks its patch after the install"

log="$work/serve.log"
env -u DATABASE_URL -u DATABASE_READ_URL -u REDIS_URL -u NODE_ENV -u METRICS \
  PORT=0 HOST=127.0.0.1 DATA_DIR="$work/data" LOG_LEVEL=warn node bin/associa.js serve >"$log" 2>&1 &
server=$!
base=''
for _ in $(seq 1 600); do
  base=$(sed -n 's|.*Health: \(http://[^ ]*\)/readyz.*|\1|p' "$log" | head -1)
  [[ -n $base ]] && break
  kill -0 "$server" 2>/dev/null || { cat "$log" >&2; fail "associa serve ended before it was ready"; }
  sleep 0.1
done
[[ -n $base ]] || { cat "$log" >&2; fail "associa serve printed no banner within 60 s"; }
for path in /readyz /api/v1/public/cursos; do
  status=$(curl -s -o /dev/null -w '%{http_code}' "$base$path")
  [[ $status == 200 ]] || { cat "$log" >&2; fail "GET $path answered $status"; }
  echo "GET $path: $status"
done
kill -TERM "$server"
wait "$server" || fail "associa serve did not stop cleanly on SIGTERM"
server=''

printf 'production install: npm ci --omit=dev in %d.%d s; node_modules %s\n' $((install_ms / 1000)) $((install_ms % 1000 / 100)) \
  "$(du -sh node_modules | cut -f1)"
