# The realtime (socket.io) server. Build from the repository root:
#   docker build -f docker/realtime.Dockerfile -t palabre-realtime .
FROM node:24-bookworm-slim AS base
# Corepack fails on registry signatures; npm's global install is the tested way.
RUN npm i -g pnpm@10.34.9
WORKDIR /repo

FROM base AS build
# mongodb-memory-server's postinstall would download a mongod; production uses MONGO_URL.
ENV MONGOMS_DISABLE_POSTINSTALL=1
COPY . .
RUN pnpm install --frozen-lockfile
RUN pnpm turbo run build --filter=@palabre/realtime...
# Keep only what the server needs at run time: its production dependencies, the built dist folders.
RUN find . -name node_modules -type d -prune -exec rm -rf {} + \
  && pnpm install --frozen-lockfile --prod --offline --filter=@palabre/realtime...

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3001
WORKDIR /repo
COPY --from=build --chown=node:node /repo /repo
USER node
EXPOSE 3001
CMD ["node", "apps/realtime/dist/main.js"]
