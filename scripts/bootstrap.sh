#!/usr/bin/env bash
# Installs what a fresh Debian bookworm machine lacks to build and test Palabre, then the
# workspace's npm dependencies. Idempotent and non-interactive; runs as root or through sudo.
# Usage: bash scripts/bootstrap.sh   (the README's test command: bash scripts/bootstrap.sh && pnpm test)
set -euo pipefail

readonly PNPM_VERSION=10.34.9
readonly APT_PACKAGES=(chromium redis-server docker-compose)
readonly FERRETDB_MODULE=github.com/FerretDB/FerretDB
readonly FERRETDB_VERSION=v1.24.0
readonly FERRETDB_CACHE_BIN="${HOME}/.cache/palabre/ferretdb/bin/ferretdb"

say() { printf '[bootstrap] %s\n' "$*"; }
fail() {
  printf '[bootstrap] error: %s\n' "$*" >&2
  exit 1
}

as_root() {
  if [[ ${EUID} -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo -n "$@" || fail "needs root for: $* (run as root or give sudo without a password)"
  else
    fail "needs root for: $* (no sudo on this machine)"
  fi
}

ensure_pnpm() {
  local current=''
  current="$(pnpm --version 2>/dev/null || true)"
  if [[ ${current} == 10.* ]]; then
    say "pnpm ${current}: ok"
    return
  fi
  command -v npm >/dev/null 2>&1 || fail 'npm is missing: install Node.js 20 first'
  say "pnpm ${current:-missing}: installing pnpm@${PNPM_VERSION}"
  # Corepack fails here (registry signatures); npm's global install works.
  if [[ -w "$(npm prefix -g)" ]]; then
    npm i -g "pnpm@${PNPM_VERSION}"
  else
    as_root npm i -g "pnpm@${PNPM_VERSION}"
  fi
  hash -r
}

ensure_apt_packages() {
  local missing=() package
  for package in "${APT_PACKAGES[@]}"; do
    # The commands carry the packages' names, so a copy installed another way counts too.
    if command -v "${package}" >/dev/null 2>&1; then
      say "${package}: ok"
    else
      missing+=("${package}")
    fi
  done
  ((${#missing[@]} == 0)) && return
  command -v apt-get >/dev/null 2>&1 || fail "apt-get is missing; install by hand: ${missing[*]}"
  say "installing Debian packages: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
}

needs_ferretdb() {
  if [[ -n ${MONGO_URL:-} ]]; then
    say 'MONGO_URL is set: tests use it, no FerretDB needed'
    return 1
  fi
  if [[ -n ${MONGOMS_SYSTEM_BINARY:-} ]] || command -v mongod >/dev/null 2>&1; then
    say 'a mongod is available: no FerretDB needed'
    return 1
  fi
  if [[ -n ${FERRETDB_BIN:-} && -x ${FERRETDB_BIN} ]]; then
    say "FerretDB at FERRETDB_BIN (${FERRETDB_BIN}): ok"
    return 1
  fi
  if [[ -x ${FERRETDB_CACHE_BIN} ]]; then
    say "FerretDB $("${FERRETDB_CACHE_BIN}" --version | sed -n "s/^version: //p"): ok"
    return 1
  fi
  return 0
}

# `go install ...@v1.24.x` does not work: v1.24.1 is refused by the module proxy, and v1.24.0
# installed that way fails on a deprecation lookup and its binary panics without version.txt.
# So: fetch the module's source, add build/version/version.txt, build it.
build_ferretdb() (
  # A subshell, so the trap cleans up this step's temp folder however it ends.
  local target="$1" work dir
  command -v go >/dev/null 2>&1 || fail 'Go is needed to build FerretDB (Go 1.22 or newer)'
  work="$(mktemp -d)"
  trap 'chmod -R u+w "${work}" 2>/dev/null; rm -rf "${work}"' EXIT
  say "building FerretDB ${FERRETDB_VERSION} into ${target} (1-2 minutes)"
  dir="$(cd "${work}" && GOTOOLCHAIN=local GOFLAGS=-mod=mod go mod download -json \
    "${FERRETDB_MODULE}@${FERRETDB_VERSION}" |
    node -e 'let s="";process.stdin.on("data",(c)=>(s+=c)).on("end",()=>{const m=JSON.parse(s);if(!m.Dir)throw new Error(m.Error||"no Dir");console.log(m.Dir)})')"
  cp -R "${dir}" "${work}/src"
  chmod -R u+w "${work}/src"
  echo "${FERRETDB_VERSION}" >"${work}/src/build/version/version.txt"
  mkdir -p "$(dirname "${target}")"
  (cd "${work}/src" && GOTOOLCHAIN=local CGO_ENABLED=0 go build -trimpath -o "${target}.tmp" ./cmd/ferretdb)
  mv -f "${target}.tmp" "${target}"
  say "FerretDB $("${target}" --version | sed -n "s/^version: //p"): built"
)

install_workspace() {
  local root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  say 'pnpm install --frozen-lockfile'
  # mongodb-memory-server's postinstall would try to download a mongod, which cannot work here.
  (cd "${root}" && MONGOMS_DISABLE_POSTINSTALL=1 pnpm install --frozen-lockfile)
}

main() {
  ensure_pnpm
  ensure_apt_packages
  if needs_ferretdb; then
    build_ferretdb "${FERRETDB_BIN:-${FERRETDB_CACHE_BIN}}"
  fi
  install_workspace
  say 'done'
}

# Sourcing the file (for a test of one step) defines the steps without running them.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  main "$@"
fi
