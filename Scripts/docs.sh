#!/usr/bin/env bash
# Builds the DocC documentation of every library product as a static site, with the toolchain's
# `docc` and no plugin: `swift build` emits the public symbol graphs, `docc convert` turns each
# product's catalog (Sources/<Product>/<Product>.docc, or Benchmarks/<Product>/<Product>.docc for
# the Scenarios product) and symbol graph into a static site with
# warnings treated as errors (so an unresolved link fails the build).
#
# Usage: bash Scripts/docs.sh [OUTPUT_DIR]      (default .build/docs/site)
#   HOOKE_DOCS_BASE_PATH=path  the URL path the site is served under (default: none, i.e. the
#     site is served at the root; each product lives at <base>/<Product>/documentation/<product>).
# Output: OUTPUT_DIR/<Product>/ per product (host the folder as is) and OUTPUT_DIR/index.html.
set -euo pipefail
cd "$(dirname "$0")/.."
products=(Hooke HookeAnimation HookeScene HookeThreads FrameBudget Scenarios)
out=${1:-.build/docs/site}
base=${HOOKE_DOCS_BASE_PATH:-}
base=${base#/}
base=${base%/}
scratch=.build/docs/build
graphs=.build/docs/symbol-graphs
work=.build/docs/work

# Symbol graphs are written when a module compiles; a separate scratch path keeps the regular
# build untouched. If a graph is missing (a fresh graphs folder over a warm build), rebuild clean.
build_graphs() {
  swift build --scratch-path "$scratch" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
}
mkdir -p "$graphs"
build_graphs
for product in "${products[@]}"; do
  if [ ! -f "$graphs/$product.symbols.json" ]; then
    echo "docs: no symbol graph for $product; rebuilding from clean" >&2
    rm -rf "$scratch" "$graphs"
    mkdir -p "$graphs"
    build_graphs
    break
  fi
done

rm -rf "$out" "$work"
mkdir -p "$out" "$work"
index="<!doctype html><meta charset=utf-8><title>Hooke documentation</title><h1>Hooke documentation</h1><ul>"
for product in "${products[@]}"; do
  lower=$(echo "$product" | tr '[:upper:]' '[:lower:]')
  mkdir -p "$work/$product"
  cp "$graphs/$product.symbols.json" "$work/$product/"
  for extension in "$graphs/$product@"*.symbols.json; do
    [ -f "$extension" ] && cp "$extension" "$work/$product/"
  done
  hosting="${base:+$base/}$product"
  echo "docs: $product"
  catalog="Sources/$product/$product.docc"
  [ -d "$catalog" ] || catalog="Benchmarks/$product/$product.docc"
  docc convert "$catalog" \
    --additional-symbol-graph-dir "$work/$product" \
    --fallback-display-name "$product" --fallback-bundle-identifier "org.hooke.$product" \
    --transform-for-static-hosting --hosting-base-path "$hosting" \
    --warnings-as-errors --output-path "$out/$product"
  index+="<li><a href=\"${base:+/$base}/$product/documentation/$lower/\">$product</a></li>"
done
echo "$index</ul>" > "$out/index.html"
echo "docs: $((${#products[@]})) catalogs built with 0 warnings into $out"
