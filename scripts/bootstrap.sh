#!/usr/bin/env bash
# Installs what a fresh Debian bookworm machine lacks to build and test Palabre, the workspace's
# npm dependencies, then the tests' database when there is no mongod: the embedded engine of
# scripts/build-engine.sh. Idempotent and non-interactive; runs as root or through sudo.
# Usage: bash scripts/bootstrap.sh   (the README's test command: bash scripts/bootstrap.sh && pnpm test)
set -euo pipefail

readonly PNPM_VERSION=10.34.9
# The runtime (docs/operations.md, "The runtime"): Node 24 LTS. Where the machine's Node is older
# (Debian bookworm's, or a Node 20 past its end of life), the same build is installed from the
# package registry, which serves it as the package node-linux-<arch>, and put first on the PATH.
readonly NODE_MAJOR=24
readonly NODE_VERSION=24.22.3
readonly NODE_HOME_ROOT=/usr/local/lib/palabre-node
readonly NODE_LINK_DIR=/usr/local/bin
# nginx: the load balancer of `pnpm cluster` (docs/operations.md, "A cluster on one machine").
readonly APT_PACKAGES=(chromium redis-server docker-compose nginx)
# Office previews (docs/files.md, "Previews"): LibreOffice without its desktop, installed here
# so the conversion is tested, not skipped. Each of them provides `soffice`.
readonly OFFICE_PACKAGES=(libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui)
# The sandbox every conversion runs in (docs/files.md, "The sandbox"): without it, no previews.
readonly SANDBOX_PACKAGE=bubblewrap
# The API fuzzer of the test command (docs/testing.md, "Fuzzing"), from PyPI into a virtualenv of
# its own in the cache the database engine uses too.
readonly SCHEMATHESIS_VERSION=4.32.5
# The workspace package that depends on mongodb-memory-server.
readonly ENGINE_PACKAGE=packages/db-engine

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

# The major version of the first `node` on the PATH, or nothing when there is none.
node_major() {
  env node -p 'process.versions.node.split(".")[0]' 2>/dev/null || true
}

ensure_node() {
  local current arch home
  current="$(node_major)"
  if [[ ${current} == "${NODE_MAJOR}" ]]; then
    say "node $(env node --version): ok"
    return
  fi
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) fail "no Node ${NODE_MAJOR} build for $(uname -m): install Node ${NODE_MAJOR} by hand" ;;
  esac
  # npm fetches the runtime: a machine without any Node gets Debian's first, only for its npm.
  if ! command -v npm >/dev/null 2>&1; then
    command -v apt-get >/dev/null 2>&1 || fail "npm is missing: install Node ${NODE_MAJOR} by hand"
    say 'installing Debian packages: nodejs npm (to fetch the runtime)'
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q nodejs npm
  fi
  home="${NODE_HOME_ROOT}/${NODE_VERSION}"
  say "node ${current:-missing}: installing Node ${NODE_VERSION} into ${home}"
  as_root mkdir -p "${home}"
  as_root npm install --prefix "${home}" --no-save --no-package-lock --no-audit --no-fund \
    "node-linux-${arch}@${NODE_VERSION}"
  as_root ln -sf "${home}/node_modules/node-linux-${arch}/bin/node" "${NODE_LINK_DIR}/node"
  hash -r
  current="$(node_major)"
  [[ ${current} == "${NODE_MAJOR}" ]] ||
    fail "${NODE_LINK_DIR}/node is Node ${NODE_VERSION}, but the PATH finds $(command -v node) first: put ${NODE_LINK_DIR} before it"
  say "node $(env node --version): installed"
}

ensure_pnpm() {
  local current=''
  current="$(pnpm --version 2>/dev/null || true)"
  if [[ ${current} == 10.* ]]; then
    say "pnpm ${current}: ok"
    return
  fi
  command -v npm >/dev/null 2>&1 || fail "npm is missing: install Node ${NODE_MAJOR} first"
  say "pnpm ${current:-missing}: installing pnpm@${PNPM_VERSION}"
  # Corepack fails here (registry signatures); npm's global install works. Into /usr/local, beside
  # the runtime's link: npm's own global folder would be inside the runtime installed above.
  as_root npm i -g --prefix "${NODE_LINK_DIR%/bin}" "pnpm@${PNPM_VERSION}"
  hash -r
}

# A command on the PATH, or in /usr/sbin (nginx), which a non-root PATH often lacks.
has_command() {
  command -v "$1" >/dev/null 2>&1 || [[ -x "/usr/sbin/$1" ]]
}

ensure_apt_packages() {
  local missing=() package
  for package in "${APT_PACKAGES[@]}"; do
    # The commands carry the packages' names, so a copy installed another way counts too.
    if has_command "${package}"; then
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

ensure_libreoffice() {
  local missing=()
  if command -v soffice >/dev/null 2>&1; then
    say 'soffice: ok'
  else
    missing+=("${OFFICE_PACKAGES[@]}")
  fi
  if command -v bwrap >/dev/null 2>&1; then
    say 'bwrap: ok'
  else
    missing+=("${SANDBOX_PACKAGE}")
  fi
  ((${#missing[@]} == 0)) && return
  command -v apt-get >/dev/null 2>&1 || fail "apt-get is missing; install by hand: ${missing[*]}"
  say "installing Debian packages (a few minutes): ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    "${missing[@]}"
}

repo_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }
cache_dir() { printf '%s\n' "${PALABRE_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME}/.cache}/palabre}"; }

ensure_schemathesis() {
  local venv st current=''
  venv="$(cache_dir)/schemathesis"
  st="${venv}/bin/st"
  current="$("${st}" --version 2>/dev/null || true)"
  if [[ ${current} == *" ${SCHEMATHESIS_VERSION}" ]]; then
    say "schemathesis ${SCHEMATHESIS_VERSION}: ok"
    return
  fi
  command -v python3 >/dev/null 2>&1 || fail 'python3 is missing: install it first'
  if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    say 'installing Debian packages: python3-venv'
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3-venv
  fi
  say "installing schemathesis ${SCHEMATHESIS_VERSION} into ${venv}"
  rm -rf "${venv}"
  mkdir -p "$(dirname "${venv}")"
  python3 -m venv "${venv}"
  "${venv}/bin/pip" install --quiet --disable-pip-version-check "schemathesis==${SCHEMATHESIS_VERSION}"
  "${st}" --version >/dev/null || fail "schemathesis did not install into ${venv}"
}

install_workspace() {
  local root
  root="$(repo_root)"
  say 'pnpm install --frozen-lockfile'
  # mongodb-memory-server's postinstall would try to download a mongod, which cannot work here.
  (cd "${root}" && MONGOMS_DISABLE_POSTINSTALL=1 pnpm install --frozen-lockfile)
}

# Asks mongodb-memory-server for a mongod, as the tests do: MONGOMS_SYSTEM_BINARY, its cache,
# else its download into its cache. One attempt: where the download host cannot be reached it
# fails in under a second instead of retrying; the timeout bounds a slow network.
find_mongod() {
  local dir output status=0
  dir="$(repo_root)/${ENGINE_PACKAGE}"
  say 'looking for a mongod (mongodb-memory-server: system binary, cache, download)'
  # The script prints the binary's path, or on one line the reason it has none.
  output="$(cd "${dir}" && MONGOMS_RUNTIME_DOWNLOAD=true MONGOMS_MAX_RETRIES="${MONGOMS_MAX_RETRIES:-1}" \
    timeout 600 node --input-type=module -e '
    try {
      const { MongoBinary } = await import("mongodb-memory-server")
      const path = await MongoBinary.getPath()
      if (!path) throw new Error("no mongod binary")
      console.log(path)
    } catch (error) {
      console.log(String(error?.message ?? error).replace(/\s+/g, " "))
      process.exit(1)
    }' 2>/dev/null)" || status=$?
  output="$(tail -n 1 <<<"${output}")"
  if ((status == 0)); then
    say "mongod: ${output}"
    return 0
  fi
  ((status == 124)) && output='no answer in 600 s'
  say "no mongod: ${output:-mongodb-memory-server failed (exit ${status})}"
  return 1
}

# The tests' database: MONGO_URL, else a mongod, else the embedded engine (FerretDB 2 on
# PostgreSQL with DocumentDB) that build-engine.sh installs once.
ensure_database_engine() {
  if [[ -n ${MONGO_URL:-} ]]; then
    say 'MONGO_URL is set: tests use it, no local database engine needed'
    return
  fi
  find_mongod && return
  say 'using the embedded engine instead: scripts/build-engine.sh'
  bash "$(repo_root)/scripts/build-engine.sh"
}

# The S3-compatible server of the file store's tests and of `pnpm cluster` (docs/files.md,
# "Where files are kept"): SeaweedFS, built once by scripts/build-s3-server.sh.
ensure_s3_server() {
  bash "$(repo_root)/scripts/build-s3-server.sh"
}

main() {
  ensure_node
  ensure_pnpm
  ensure_apt_packages
  ensure_libreoffice
  ensure_schemathesis
  install_workspace
  ensure_database_engine
  ensure_s3_server
  say 'done'
}

# Sourcing the file (for a test of one step) defines the steps without running them.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  main "$@"
fi
