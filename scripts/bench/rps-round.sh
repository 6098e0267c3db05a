#!/bin/bash
# One round of the before/after requests-per-second comparison (reports/rps-before-after.md):
# starts one tree's shop with `npm start` on its own ports and data folder, checks every target
# answers 200 with content, then autocannon (5 s warm-up, then -c 8 -d 15) on each, then stops it.
# Run under both locks: flock /tmp/build.lock flock /tmp/e2e.lock bash rps-round.sh <tree> <tag> <out>
# Each tree keeps its own database (/tmp/bench/<tree's folder name>-<tag>-data): the registry in it
# names that tree's release folders, and another tree's shop rightly refuses to start on it.
set -eu
tree=$1 tag=$2 out=$3
case $tag in old) p=37 a=47 ;; *) p=38 a=48 ;; esac
ac=${AUTOCANNON:-$(cd "$(dirname "$0")/../.." && pwd)/node_modules/.bin/autocannon}
host=http://127.0.0.1:${p}10 api=http://127.0.0.1:${a}10/api/graphql
mkdir -p "$out" && cd "$tree"
HOST_PORT=${p}10 API_PORT=${a}10 RELEASE_PORT=${a}20 MF_CATALOG_PORT=${p}11 MF_PRODUCT_PORT=${p}12 \
  MF_CART_PORT=${p}13 PGLITE_DIR=/tmp/bench/$(basename "$tree")-$tag-data/pglite GRAPHQL_ARBITRARY_OPERATIONS=true \
  setsid npm start >"$out/shop.log" 2>&1 &
shop=$!
stop() { kill -INT -- -$shop; for _ in $(seq 30); do kill -0 -- -$shop 2>/dev/null || return 0; sleep 1; done; kill -TERM -- -$shop; }
trap stop EXIT
until grep -q 'Магазин работает' "$out/shop.log"; do kill -0 $shop || exit 1; sleep 1; done
sleep 5
# ListingProducts as the browser sends it for /catalog/obuv (a trusted document: its id, no text)
listing='{"operationName":"ListingProducts","variables":{"scope":{"categoryId":"1"},"filter":{},"sort":"NEWLY","offset":0,"limit":24},"extensions":{"persistedQuery":{"version":1,"sha256Hash":"9f5d70a32904656130e049348dd477c21dbd6110c242ff9730a05dd2a5541f12"}}}'
typename='{"query":"{__typename}"}'
targets=(
  "home|$host/|"
  "catalog-obuv|$host/catalog/obuv|"
  "product|$host/product/nike-dunk-low-white-dd1391-100|"
  "home-br|$host/|br"
  "catalog-obuv-br|$host/catalog/obuv|br"
  "product-br|$host/product/nike-dunk-low-white-dd1391-100|br"
  "api-typename|$api|$typename"
  "api-listing|$api|$listing"
)
for t in "${targets[@]}"; do
  IFS='|' read -r name url body <<<"$t"
  args=(-c 8) curlargs=()
  if [ "$body" = br ]; then
    args+=(-H 'accept-encoding: gzip, deflate, br'); curlargs+=(-H 'accept-encoding: gzip, deflate, br')
  elif [ -n "$body" ]; then
    args+=(-m POST -H 'content-type: application/json' -b "$body")
    curlargs+=(-H 'content-type: application/json' --data "$body")
  fi
  curl -s "${curlargs[@]}" -o "$out/$name.body" -w "$name %{http_code} %{size_download}\n" "$url" >>"$out/check.txt"
  grep -q "^$name 200 " "$out/check.txt" || { echo "$name not 200"; exit 1; }
  echo "$name $(uptime)" >>"$out/load.txt"
  $ac "${args[@]}" -d 5 "$url" >/dev/null 2>&1
  $ac "${args[@]}" -d 15 -j "$url" >"$out/$name.json" 2>/dev/null
done
