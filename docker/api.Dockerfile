# The api server. Build from the repository root:
#   docker build -f docker/api.Dockerfile -t palabre-api .
FROM node:24-bookworm-slim AS base
# Corepack fails on registry signatures; npm's global install is the tested way.
RUN npm i -g pnpm@10.34.9
WORKDIR /repo

FROM base AS build
# mongodb-memory-server's postinstall would download a mongod; production uses MONGO_URL.
ENV MONGOMS_DISABLE_POSTINSTALL=1
COPY . .
RUN pnpm install --frozen-lockfile
RUN pnpm turbo run build --filter=@palabre/api...
# Keep only what the api needs at run time: its production dependencies, the built dist folders.
RUN find . -name node_modules -type d -prune -exec rm -rf {} + \
  && pnpm install --frozen-lockfile --prod --offline --filter=@palabre/api...

FROM node:24-bookworm-slim AS runtime
# Office documents are previewed as PDF by LibreOffice, in a bubblewrap sandbox where the
# container allows one, else by this image run as the converter service (docs/files.md, "The
# sandbox").
RUN apt-get update \
  && apt-get install -y --no-install-recommends \
    libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui bubblewrap \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 UPLOAD_DIR=/data/uploads
WORKDIR /repo
COPY --from=build --chown=node:node /repo /repo
# The converter's socket folder: a volume mounted there starts with its owner, so the converter
# (user node) can listen in it and the api (user node) connect.
RUN mkdir -p /data/uploads /run/palabre-converter \
  && chown -R node:node /data /run/palabre-converter
USER node
EXPOSE 3000
VOLUME ["/data"]
CMD ["node", "apps/api/dist/main.js"]
