# The web app, built once and served by nginx, which also routes /api and /socket.io.
#   docker build -f docker/web.Dockerfile -t palabre-web .
FROM node:24-bookworm-slim AS build
# Corepack fails on registry signatures; npm's global install is the tested way.
RUN npm i -g pnpm@10.34.9
WORKDIR /repo
ENV MONGOMS_DISABLE_POSTINSTALL=1
COPY . .
RUN pnpm install --frozen-lockfile
RUN pnpm turbo run build --filter=@palabre/web...
# nginx sends the build's .gz twins (gzip_static); it has no brotli module, so no .br in the image
# (docs/operations.md, "The web app's files").
RUN find apps/web/dist -name '*.br' -delete

FROM nginx:1.27-bookworm AS runtime
# A proxied socket holds two of a worker's connections: the image's 1024 would stop each worker
# near 500 sockets (docs/operations.md, "A cluster on one machine").
RUN sed -i 's/worker_connections  *1024;/worker_connections 8192;/' /etc/nginx/nginx.conf \
  && sed -i 's/^worker_processes .*/&\nworker_rlimit_nofile 20000;/' /etc/nginx/nginx.conf
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /repo/apps/web/dist /usr/share/nginx/html
EXPOSE 80
