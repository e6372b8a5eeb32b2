#!/usr/bin/env bash
# Builds and installs, once, the embedded MongoDB-compatible engine used where no mongod exists:
# FerretDB v2.7.0 on Debian's PostgreSQL 15 with FerretDB's DocumentDB extension.
# The C extensions come from source archives kept beside the project (PALABRE_VENDOR_DIR, see its
# README.md): Debian lacks pgvector, its pg_cron (1.4.2) breaks DocumentDB, and DocumentDB is
# packaged nowhere we can reach. Idempotent: a part already installed is not built again.
# Usage: bash scripts/build-engine.sh   (as root, or with sudo that needs no password)
set -euo pipefail

readonly PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
readonly DEBIAN_PACKAGES=(postgresql-15 postgresql-server-dev-15 libbson-dev libpcre2-dev
  libintelrdfpmath-dev libkrb5-dev postgresql-15-rum postgresql-15-postgis-3 pkg-config)

readonly FERRETDB_MODULE=github.com/FerretDB/FerretDB/v2
readonly FERRETDB_VERSION=v2.7.0

# Vendored archives: file, sha256, where the same snapshot comes from (`git archive` of it).
readonly PG_CRON_ARCHIVE=pg_cron-1.6.3.tar.gz
readonly PG_CRON_SHA256=e76c7689deb233edd7de637d3af38bfab2acd01141d311db40475dd782aba726
readonly PG_CRON_ORIGIN='github.com/citusdata/pg_cron at tag v1.6.3'
readonly PGVECTOR_ARCHIVE=pgvector-0.8.0.tar.gz
readonly PGVECTOR_SHA256=8f3d5be5eb44ddedbbe508709d659e5f012335ad5c5a4f3c204abf02b296824c
readonly PGVECTOR_ORIGIN='github.com/pgvector/pgvector at tag v0.8.0'
readonly DOCUMENTDB_ARCHIVE=documentdb-3f80da9.tar.gz
readonly DOCUMENTDB_SHA256=59c6d4ca22d79685247c916ab64511695b6d4ee718511e9fa7880334f6a168b1
readonly DOCUMENTDB_ORIGIN='github.com/FerretDB/documentdb at commit 3f80da90a9e0b04f214183aa656c4fb0b4bc31e4'

# What each archive installs: extension name and the default_version of its control file.
readonly PG_CRON_VERSION=1.6
readonly PGVECTOR_VERSION=0.8.0
readonly DOCUMENTDB_VERSION=0.107-0

say() { printf '[engine] %s\n' "$*"; }
fail() {
  printf '[engine] error: %s\n' "$*" >&2
  exit 1
}

repo_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }
vendor_dir() { printf '%s\n' "${PALABRE_VENDOR_DIR:-$(repo_root)/../shared/vendor}"; }
cache_dir() { printf '%s\n' "${PALABRE_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME}/.cache}/palabre}"; }
ferretdb_bin() { printf '%s\n' "$(cache_dir)/ferretdb-${FERRETDB_VERSION}/bin/ferretdb"; }

as_root() {
  if [[ ${EUID} -eq 0 ]]; then
    "$@"
  else
    sudo -n "$@"
  fi
}

# Checked once before installing anything, so a missing sudo fails with a message, not mid-step.
require_root() {
  [[ ${EUID} -eq 0 ]] && return
  command -v sudo >/dev/null 2>&1 || fail 'needs root to install (no sudo on this machine)'
  sudo -n true 2>/dev/null || fail 'needs root to install (run as root or give sudo without a password)'
}

# Long outputs (apt, make, go) go to a log; on failure the end of it is shown with the log's path.
run_logged() {
  local log="$1"
  shift
  if ! "$@" >"${log}" 2>&1; then
    tail -n 30 "${log}" | sed 's/^/[engine]   | /' >&2
    fail "failed: $* (whole output: ${log})"
  fi
}

# --- What is installed already -------------------------------------------------------------

# True when PostgreSQL has the extension at this version and its shared library.
extension_installed() {
  local name="$1" version="$2" library="$3" sharedir pkglibdir
  [[ -x ${PG_CONFIG} ]] || return 1
  sharedir="$("${PG_CONFIG}" --sharedir)"
  pkglibdir="$("${PG_CONFIG}" --pkglibdir)"
  grep -qx "default_version = '${version}'" "${sharedir}/extension/${name}.control" 2>/dev/null &&
    [[ -f ${pkglibdir}/${library}.so ]]
}

pg_cron_installed() { extension_installed pg_cron "${PG_CRON_VERSION}" pg_cron; }
pgvector_installed() { extension_installed vector "${PGVECTOR_VERSION}" vector; }
documentdb_installed() {
  extension_installed documentdb_core "${DOCUMENTDB_VERSION}" pg_documentdb_core &&
    extension_installed documentdb "${DOCUMENTDB_VERSION}" pg_documentdb
}

ferretdb_installed() {
  local bin output
  bin="$(ferretdb_bin)"
  [[ -x ${bin} ]] || return 1
  # Captured first: `| grep -q` would close the pipe early, and pipefail would count that.
  output="$("${bin}" --version 2>/dev/null)" || return 1
  grep -qx "version: ${FERRETDB_VERSION}" <<<"${output}"
}

# --- Inputs ----------------------------------------------------------------------------------

# Fails unless the archive is in the vendor folder with the expected content.
verify_archive() {
  local file="$1" sha256="$2" origin="$3" path actual
  path="$(vendor_dir)/${file}"
  local how="get the same snapshot from ${origin} with \`git archive\` into ${path}"
  [[ -f ${path} ]] || fail "missing ${path} (set PALABRE_VENDOR_DIR, or ${how})"
  actual="$(sha256sum "${path}" | cut -d' ' -f1)"
  [[ ${actual} == "${sha256}" ]] ||
    fail "${path} has sha256 ${actual}, expected ${sha256} (${how})"
}

# Installs the Debian packages (and a C toolchain) that are missing, if any.
ensure_debian_packages() {
  local missing=() package
  for package in "${DEBIAN_PACKAGES[@]}"; do
    if [[ "$(dpkg-query -W -f='${db:Status-Abbrev}' "${package}" 2>/dev/null)" != ii* ]]; then
      missing+=("${package}")
    fi
  done
  if ! command -v gcc >/dev/null 2>&1 || ! command -v make >/dev/null 2>&1; then
    missing+=(build-essential)
  fi
  if ((${#missing[@]} == 0)); then
    say 'Debian packages: ok'
    return
  fi
  command -v apt-get >/dev/null 2>&1 || fail "apt-get is missing; install by hand: ${missing[*]}"
  require_root
  say "installing Debian packages (can take 10 minutes): ${missing[*]}"
  run_logged "${LOG_DIR}/apt.log" as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  # The lock timeout lets another apt run (an unattended upgrade) finish instead of failing.
  run_logged "${LOG_DIR}/apt.log" as_root env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q -o DPkg::Lock::Timeout=600 "${missing[@]}"
}

# DocumentDB's Makefiles ask pkg-config for `intelmathlib`, which Debian's libintelrdfpmath-dev
# does not describe: a .pc file of our own, on PKG_CONFIG_PATH, points at its header and library.
write_intelmathlib_pc() {
  local dir="${WORK}/pkgconfig"
  mkdir -p "${dir}"
  cat >"${dir}/intelmathlib.pc" <<'EOF'
Name: intelmathlib
Description: Intel Decimal Floating-Point Math Library (Debian's libintelrdfpmath-dev)
Version: 2.0
Cflags: -I/usr/include
Libs: -lbidgcc000
EOF
  export PKG_CONFIG_PATH="${dir}${PKG_CONFIG_PATH:+:${PKG_CONFIG_PATH}}"
}

# --- Building --------------------------------------------------------------------------------

# Extracts a vendored archive (a `git archive` without a top folder) into a fresh folder.
extract() {
  local file="$1" dir="$2"
  mkdir -p "${dir}"
  tar -xzf "$(vendor_dir)/${file}" -C "${dir}"
}

# PGXS build then install. with_llvm=no: Debian's PostgreSQL is built with LLVM, so PGXS would
# also compile every file to bitcode with clang for JIT inlining, time spent for no use here.
# PKG_CONFIG_PATH is passed on because sudo would drop it and the Makefiles call pkg-config.
make_install() {
  local name="$1" dir="$2"
  shift 2
  local args=(PG_CONFIG="${PG_CONFIG}" with_llvm=no "$@")
  run_logged "${LOG_DIR}/${name}.log" make -C "${dir}" -j"$(nproc)" "${args[@]}"
  run_logged "${LOG_DIR}/${name}-install.log" \
    as_root env PKG_CONFIG_PATH="${PKG_CONFIG_PATH:-}" make -C "${dir}" install "${args[@]}"
}

build_pg_cron() {
  if pg_cron_installed; then
    say "pg_cron ${PG_CRON_VERSION}: ok"
    return
  fi
  # Debian's postgresql-15-cron (1.4.2) owns the same files: an upgrade of it would undo this.
  if [[ "$(dpkg-query -W -f='${db:Status-Abbrev}' postgresql-15-cron 2>/dev/null)" == ii* ]]; then
    say 'warning: Debian package postgresql-15-cron is installed; pg_cron 1.6.3 replaces its files'
  fi
  say "building pg_cron ${PG_CRON_VERSION}"
  extract "${PG_CRON_ARCHIVE}" "${WORK}/pg_cron"
  make_install pg_cron "${WORK}/pg_cron"
  pg_cron_installed || fail "pg_cron ${PG_CRON_VERSION} is not installed after make install"
}

build_pgvector() {
  if pgvector_installed; then
    say "pgvector ${PGVECTOR_VERSION}: ok"
    return
  fi
  say "building pgvector ${PGVECTOR_VERSION}"
  extract "${PGVECTOR_ARCHIVE}" "${WORK}/pgvector"
  # OPTFLAGS= drops pgvector's default -march=native, so the library does not depend on this
  # CPU's extensions; the project does not use vector search.
  make_install pgvector "${WORK}/pgvector" OPTFLAGS=
  pgvector_installed || fail "pgvector ${PGVECTOR_VERSION} is not installed after make install"
}

# Debian's libbson is 1.23; DocumentDB names BSON_SUBTYPE_SENSITIVE (8), added in libbson 1.25.
# Spell the value out, and switch on an int so that a case outside the 1.23 enum is no warning
# (the build uses -Werror). The same value, so correct with a newer libbson too.
patch_documentdb_for_libbson() {
  local file="$1/pg_documentdb/src/operators/bson_expression_type_operators.c"
  sed -i \
    -e 's/case BSON_SUBTYPE_SENSITIVE:/case 8:/' \
    -e 's/> BSON_SUBTYPE_SENSITIVE)/> 8)/' \
    -e 's/switch (subtype)$/switch ((int) subtype)/' \
    "${file}"
  if grep -q BSON_SUBTYPE_SENSITIVE "${file}" || ! grep -q 'switch ((int) subtype)' "${file}"; then
    fail "the libbson 1.23 fix no longer applies to ${file}: is the archive the expected one?"
  fi
}

# pg_documentdb links against pg_documentdb_core of the same tree, so both are built together.
build_documentdb() {
  if documentdb_installed; then
    say "DocumentDB ${DOCUMENTDB_VERSION}: ok"
    return
  fi
  say "building DocumentDB ${DOCUMENTDB_VERSION} (about a minute)"
  local src="${WORK}/documentdb"
  extract "${DOCUMENTDB_ARCHIVE}" "${src}"
  patch_documentdb_for_libbson "${src}"
  write_intelmathlib_pc
  make_install documentdb_core "${src}/pg_documentdb_core"
  make_install documentdb "${src}/pg_documentdb"
  documentdb_installed || fail "DocumentDB ${DOCUMENTDB_VERSION} is not installed after make install"
}

find_go() {
  command -v go 2>/dev/null || { [[ -x /usr/local/go/bin/go ]] && echo /usr/local/go/bin/go; } ||
    fail 'Go is needed to build FerretDB (Go 1.24 or newer; none on PATH nor in /usr/local/go)'
}

# FerretDB from its module source: `go build` in a copy of it. The build does not know its own
# version (it is no `go install pkg@version`), so build/version/version.txt, which the version
# package embeds, names it; without it `ferretdb --version` says "unknown".
build_ferretdb() {
  if ferretdb_installed; then
    say "FerretDB ${FERRETDB_VERSION}: ok"
    return
  fi
  local go target dir
  go="$(find_go)"
  target="$(ferretdb_bin)"
  say "building FerretDB ${FERRETDB_VERSION} into ${target} (1-2 minutes)"
  # GOTOOLCHAIN=local: use the installed Go, never fetch another toolchain. Run outside any
  # module (in WORK), -mod=mod so that a GOFLAGS=-mod=vendor of the caller does not interfere.
  run_logged "${LOG_DIR}/ferretdb-download.log" env -C "${WORK}" GOTOOLCHAIN=local GOFLAGS=-mod=mod \
    "${go}" mod download -json "${FERRETDB_MODULE}@${FERRETDB_VERSION}"
  dir="$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' "${LOG_DIR}/ferretdb-download.log")"
  [[ -n ${dir} && -d ${dir} ]] ||
    fail "go mod download gave no source folder (see ${LOG_DIR}/ferretdb-download.log)"
  # The module cache is read-only: build in a writable copy.
  cp -R "${dir}" "${WORK}/ferretdb"
  chmod -R u+w "${WORK}/ferretdb"
  echo "${FERRETDB_VERSION}" >"${WORK}/ferretdb/build/version/version.txt"
  mkdir -p "$(dirname "${target}")"
  run_logged "${LOG_DIR}/ferretdb.log" env -C "${WORK}/ferretdb" GOTOOLCHAIN=local CGO_ENABLED=0 \
    "${go}" build -trimpath -o "${target}.tmp" ./cmd/ferretdb
  mv -f "${target}.tmp" "${target}"
  ferretdb_installed || fail "${target} does not report version ${FERRETDB_VERSION}"
  say "FerretDB ${FERRETDB_VERSION}: built"
}

# --- Main ------------------------------------------------------------------------------------

cleanup() {
  # Go's module copy keeps read-only folders; make them writable so rm can empty them.
  chmod -R u+w "${WORK}" 2>/dev/null || true
  rm -rf "${WORK}"
}

main() {
  local c_parts_missing=0
  pg_cron_installed && pgvector_installed && documentdb_installed || c_parts_missing=1

  WORK="$(mktemp -d "${TMPDIR:-/tmp}/palabre-engine.XXXXXX")"
  trap cleanup EXIT
  LOG_DIR="$(cache_dir)/logs"
  mkdir -p "${LOG_DIR}"

  if ((c_parts_missing)); then
    # Check the archives first: a wrong one should fail before ten minutes of apt.
    pg_cron_installed || verify_archive "${PG_CRON_ARCHIVE}" "${PG_CRON_SHA256}" "${PG_CRON_ORIGIN}"
    pgvector_installed || verify_archive "${PGVECTOR_ARCHIVE}" "${PGVECTOR_SHA256}" "${PGVECTOR_ORIGIN}"
    documentdb_installed ||
      verify_archive "${DOCUMENTDB_ARCHIVE}" "${DOCUMENTDB_SHA256}" "${DOCUMENTDB_ORIGIN}"
    require_root
  fi
  # Always checked (quick): PostgreSQL, rum and PostGIS are needed to run, not only to build.
  ensure_debian_packages
  # DocumentDB requires pg_cron and vector (when created, not to build): they come first.
  build_pg_cron
  build_pgvector
  build_documentdb
  build_ferretdb
  say "done in ${SECONDS}s"
}

# Sourcing the file (for a test of one step) defines the steps without running them.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  main "$@"
fi
