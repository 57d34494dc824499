#!/usr/bin/env bash
# Builds the static site into DIR (default target/site): the board of
# `ludus gui` (its page, index.html, with the board's state and the engine
# compiled to WebAssembly), the module's wasm-bindgen bindings, the engine's
# worker, and a protocol console (console.html). Any static file server can
# serve DIR (see README).
#
# Needs the wasm32-unknown-unknown target and the wasm-bindgen CLI of the
# version crates/web/Cargo.toml pins; with --install it installs both
# (rustup, cargo install) when missing, and fails if it cannot.
set -euo pipefail
cd "$(dirname "$0")/../.."

install=false
if [[ ${1:-} == --install ]]; then
    install=true
    shift
fi
out=${1:-target/site}
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' crates/web/Cargo.toml)

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    $install || { echo "build.sh: no wasm32-unknown-unknown target: rustup target add wasm32-unknown-unknown (or build.sh --install)" >&2; exit 1; }
    rustup target add wasm32-unknown-unknown
fi
if [[ $(wasm-bindgen --version 2>/dev/null) != "wasm-bindgen $version" ]]; then
    $install || { echo "build.sh: wasm-bindgen $version is not on the PATH: cargo install wasm-bindgen-cli --version $version (or build.sh --install)" >&2; exit 1; }
    # No default features: the TLS stack they bring serves only the test
    # runner's downloads, and compiling it is a good part of the install.
    cargo install wasm-bindgen-cli --version "$version" --no-default-features
fi

cargo build --release -p ludus-web --target wasm32-unknown-unknown
# Where cargo put the module: its target folder, moved by CARGO_TARGET_DIR.
target=${CARGO_TARGET_DIR:-target}
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" \
    "$target"/wasm32-unknown-unknown/release/ludus_web.wasm
cp crates/web/assets/* crates/board/assets/* "$out"/
# The board's page, the very file `ludus gui` serves, marked as the static
# site's: app.js then holds the board in the page (page.js).
sed -i 's/^<html lang="en">$/<html lang="en" data-transport="page">/' "$out"/index.html
grep -q 'data-transport="page"' "$out"/index.html ||
    { echo "build.sh: cannot mark $out/index.html as the static site's page" >&2; exit 1; }
echo "build.sh: the site is in $out ($(stat -c %s "$out"/ludus_web_bg.wasm) bytes of wasm)"
