#!/usr/bin/env bash
# The Dockerfile's build and start, without Docker (this machine and CI have no daemon): install the production
# dependencies from package.json and the lock file alone (`npm ci --omit=dev`, the deps stage), add the sources the
# image copies (everything but .dockerignore's entries), start the same command as the image's CMD on loopback, and
# require /readyz (the HEALTHCHECK), /docs, /playground and one e-PAN extraction to answer. Then SIGTERM, exit 0.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/docex-image-XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
step() { printf '\n== %s\n' "$*"; }

step "deps stage: npm ci --omit=dev in $work/app"
mkdir -p "$work/app" "$work/data"
cp "$repo/package.json" "$repo/package-lock.json" "$work/app/"
(cd "$work/app" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)

step "runtime stage: COPY . . (minus .dockerignore)"
excludes=()
while IFS= read -r line; do
  line="${line%%#*}"; line="${line%"${line##*[![:space:]]}"}"
  [ -n "$line" ] && excludes+=("--exclude=./$line")
done < "$repo/.dockerignore"
tar -C "$repo" "${excludes[@]}" -cf - . | tar -C "$work/app" -xf -
[ -f "$work/app/server/main.ts" ] || { echo "server/main.ts not copied" >&2; exit 1; }
[ ! -d "$work/app/test" ] || { echo ".dockerignore did not keep test/ out" >&2; exit 1; }

port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
step "CMD: node --import tsx server/main.ts on 127.0.0.1:$port"
cd "$work/app"
env -i PATH="$PATH" HOME="$work" NODE_ENV=production HOST=127.0.0.1 PORT="$port" DOCEX_DATA_DIR="$work/data" \
  DOCEX_OCR_WORKERS=1 LOG_LEVEL=warn node --import tsx server/main.ts >"$work/server.log" 2>&1 &
server_pid=$!

# The image's HEALTHCHECK command, polled until it passes.
healthcheck() { PORT="$port" node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; }
for _ in $(seq 1 120); do
  if healthcheck; then break; fi
  kill -0 "$server_pid" 2>/dev/null || { echo "the service exited:" >&2; cat "$work/server.log" >&2; exit 1; }
  sleep 1
done
healthcheck || { echo "/readyz did not answer 200 within 120 s" >&2; cat "$work/server.log" >&2; exit 1; }
echo "/readyz: 200"

base="http://127.0.0.1:$port"
key="$(env -i PATH="$PATH" HOME="$work" DOCEX_DATA_DIR="$work/data" node bin/docex.mjs keys create --name image-check --credits 2 --json \
  | node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).key))")"
BASE="$base" KEY="$key" node --input-type=module -e "
import { readFile } from 'node:fs/promises';
const base = process.env.BASE;
for (const route of ['/docs', '/docs/assets/swagger-ui-bundle.js', '/playground', '/openapi.json']) {
  const res = await fetch(base + route);
  if (res.status !== 200) throw new Error(route + ': ' + res.status);
  console.log(route + ': 200');
}
const index = JSON.parse(await readFile('fixtures/samples/samples.json', 'utf8'));
const sample = index.samples.find((s) => s.id === 'pan-epan');
const form = new FormData();
form.append('file', new Blob([await readFile('fixtures/samples/' + sample.files.file)]), 'epan.pdf');
const res = await fetch(base + '/v1/documents/pan', { method: 'POST', body: form, headers: { authorization: 'Bearer ' + process.env.KEY } });
const body = await res.json();
if (res.status !== 200 || body.pan_number !== sample.expected.pan_number) throw new Error('e-PAN: ' + res.status + ' ' + JSON.stringify(body));
console.log('POST /v1/documents/pan (e-PAN sample): 200, read as expected');
"

step "SIGTERM"
kill -TERM "$server_pid"
wait "$server_pid" && code=0 || code=$?
server_pid=""
[ "$code" -eq 0 ] || { echo "the service exited with $code on SIGTERM" >&2; cat "$work/server.log" >&2; exit 1; }
echo "stopped cleanly; the image's build steps hold"
