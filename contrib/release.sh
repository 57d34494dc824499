#!/usr/bin/env bash
# Builds ludus's release artifacts into OUTDIR (which must be empty or
# missing), so that people can use ludus without a Rust toolchain:
#
#   ludus-VERSION-x86_64-unknown-linux-musl.tar.gz
#       the statically linked `ludus` binary (cargo, target
#       x86_64-unknown-linux-musl), with shell completions (complete/) and a
#       man page for every subcommand (man/man1/), made by the binary itself
#       (`ludus completions`, `ludus manpages`), README.md and protocol.md;
#   ludus-VERSION-cp39-abi3-*.whl
#       the Python package, one wheel for CPython 3.9 and later (maturin);
#   site-VERSION.tar.gz
#       the static site: the board and the engine in WebAssembly
#       (crates/web/build.sh), for any static file server;
#   SHA256SUMS
#       the checksums of the three (`sha256sum -c SHA256SUMS`).
#
# Usage: contrib/release.sh OUTDIR
#
# Needs rustup and cargo (the musl target is added when missing), python3
# with venv (maturin, pinned below, is installed into a virtual environment
# under the target directory), and what `crates/web/build.sh --install`
# installs (the wasm32 target, wasm-bindgen-cli). Each step prints its time.
set -euo pipefail
cd "$(dirname "$0")/.."

# The maturin that builds the wheel (pyproject.toml accepts any 1.x).
MATURIN_VERSION=1.16.0
TARGET=x86_64-unknown-linux-musl

if [[ $# -ne 1 ]]; then
    echo "usage: contrib/release.sh OUTDIR" >&2
    exit 2
fi
out=$(realpath -m "$1")
if [[ -e $out && -n $(ls -A "$out") ]]; then
    echo "release.sh: $out is not empty: give a new or empty directory" >&2
    exit 2
fi
mkdir -p "$out"
target_dir=$(realpath -m "${CARGO_TARGET_DIR:-target}")
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Archives list their files in order, owned by root, dated by the commit:
# two builds of a commit differ only in what was built, not in the packing.
stamp=$(git log -1 --format=%ct 2>/dev/null || date +%s)
pack() { # pack ARCHIVE DIR NAME: DIR/NAME as ARCHIVE
    tar --sort=name --mtime="@$stamp" --owner=0 --group=0 --numeric-owner \
        -C "$2" -czf "$1" "$3"
}
step() {
    echo "== release.sh: $* (after $SECONDS s)" >&2
}

step "the static binary (cargo build --release --target $TARGET)"
if ! rustup target list --installed | grep -qx "$TARGET"; then
    rustup target add "$TARGET"
fi
cargo build --release --locked --target "$TARGET" --bin ludus
binary="$target_dir/$TARGET/release/ludus"
if ldd "$binary" 2>&1 | grep -q '=>'; then
    echo "release.sh: $binary is not statically linked:" >&2
    ldd "$binary" >&2
    exit 1
fi
echo "release.sh: $("$binary" --version)" >&2

step "completions and man pages (ludus completions, ludus manpages)"
name="ludus-$version-$TARGET"
bundle="$work/$name"
mkdir -p "$bundle/complete"
cp "$binary" README.md protocol.md "$bundle/"
declare -A scripts=([bash]=ludus.bash [zsh]=_ludus [fish]=ludus.fish
    [elvish]=ludus.elv [powershell]=_ludus.ps1)
for shell in "${!scripts[@]}"; do
    "$binary" completions "$shell" >"$bundle/complete/${scripts[$shell]}"
done
"$binary" manpages "$bundle/man/man1"
pack "$out/$name.tar.gz" "$work" "$name"

step "the Python wheel (maturin $MATURIN_VERSION)"
tools="$target_dir/release-tools"
if [[ $("$tools/bin/maturin" --version 2>/dev/null) != "maturin $MATURIN_VERSION" ]]; then
    python3 -m venv "$tools"
    "$tools/bin/pip" install --quiet "maturin==$MATURIN_VERSION"
fi
"$tools/bin/maturin" build --release --locked --manifest-path crates/python/Cargo.toml \
    --out "$out"

step "the static site (crates/web/build.sh)"
# build.sh reads the module from ./target whatever CARGO_TARGET_DIR says, so
# it builds there.
env -u CARGO_TARGET_DIR bash crates/web/build.sh --install "$work/site" </dev/null
pack "$out/site-$version.tar.gz" "$work" site

step "SHA256SUMS"
(cd "$out" && sha256sum -- *.tar.gz *.whl >SHA256SUMS)
step "done: $out"
ls -l "$out" >&2
