#!/usr/bin/env bash
# Builds, once, the S3-compatible server the tests and `pnpm cluster` run on loopback: SeaweedFS
# (Apache-2.0) from its Go module, into the cache the database engine uses too. No registry
# serves a SeaweedFS binary we can reach, and `go install` refuses its module (replace
# directives), so its source is fetched with `go mod download` and built in a writable copy.
# Idempotent: a binary already built from this version is kept (a few minutes otherwise).
# Usage: bash scripts/build-s3-server.sh   (needs Go 1.24 or newer; no root)
set -euo pipefail

readonly SEAWEEDFS_MODULE=github.com/seaweedfs/seaweedfs
# A commit of SeaweedFS's main branch (9 November 2026), as the Go module proxy names it.
readonly SEAWEEDFS_VERSION=v0.0.0-20261109003541-7506e5f91cd6

say() { printf '[s3-server] %s\n' "$*"; }
fail() {
  printf '[s3-server] error: %s\n' "$*" >&2
  exit 1
}

cache_dir() { printf '%s\n' "${PALABRE_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME}/.cache}/palabre}"; }
# Keep in step with packages/testing/src/s3.ts, which looks for the binary there.
weed_bin() { printf '%s\n' "$(cache_dir)/seaweedfs-${SEAWEEDFS_VERSION}/weed"; }

find_go() {
  command -v go 2>/dev/null || { [[ -x /usr/local/go/bin/go ]] && echo /usr/local/go/bin/go; } ||
    fail 'Go is needed to build SeaweedFS (Go 1.24 or newer; none on PATH nor in /usr/local/go)'
}

# Long outputs go to a log; on failure the end of it is shown with the log's path.
run_logged() {
  local log="$1"
  shift
  if ! "$@" >"${log}" 2>&1; then
    tail -n 30 "${log}" | sed 's/^/[s3-server]   | /' >&2
    fail "failed: $* (whole output: ${log})"
  fi
}

# A pseudo-version names no release, so the binary cannot tell it: a stamp beside it does.
installed() {
  local target
  target="$(weed_bin)"
  [[ -x ${target} ]] && [[ "$(cat "${target}.version" 2>/dev/null)" == "${SEAWEEDFS_VERSION}" ]] &&
    "${target}" version >/dev/null 2>&1
}

cleanup() {
  # Go's module copy keeps read-only folders; make them writable so rm can empty them.
  chmod -R u+w "${WORK}" 2>/dev/null || true
  rm -rf "${WORK}"
}

main() {
  if installed; then
    say "SeaweedFS ${SEAWEEDFS_VERSION}: ok"
    return
  fi
  local go target dir log_dir
  go="$(find_go)"
  target="$(weed_bin)"
  log_dir="$(cache_dir)/logs"
  mkdir -p "${log_dir}" "$(dirname "${target}")"
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/palabre-s3-server.XXXXXX")"
  trap cleanup EXIT
  say "building SeaweedFS ${SEAWEEDFS_VERSION} into ${target} (about 6 minutes on 2 cores)"
  # GOTOOLCHAIN=local: use the installed Go, never fetch another toolchain. Run outside any
  # module (in WORK), -mod=mod so that a GOFLAGS=-mod=vendor of the caller does not interfere.
  run_logged "${log_dir}/seaweedfs-download.log" env -C "${WORK}" GOTOOLCHAIN=local GOFLAGS=-mod=mod \
    "${go}" mod download -json "${SEAWEEDFS_MODULE}@${SEAWEEDFS_VERSION}"
  dir="$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' "${log_dir}/seaweedfs-download.log")"
  [[ -n ${dir} && -d ${dir} ]] ||
    fail "go mod download gave no source folder (see ${log_dir}/seaweedfs-download.log)"
  # The module cache is read-only: build in a writable copy.
  cp -R "${dir}" "${WORK}/seaweedfs"
  chmod -R u+w "${WORK}/seaweedfs"
  run_logged "${log_dir}/seaweedfs.log" env -C "${WORK}/seaweedfs" GOTOOLCHAIN=local GOFLAGS=-mod=mod \
    "${go}" build -o "${target}.tmp" ./weed
  mv -f "${target}.tmp" "${target}"
  echo "${SEAWEEDFS_VERSION}" >"${target}.version"
  installed || fail "${target} does not run"
  say "SeaweedFS ${SEAWEEDFS_VERSION}: built in ${SECONDS}s"
}

# Sourcing the file (for a test of one step) defines the steps without running them.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  main "$@"
fi
