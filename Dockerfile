# syntax=docker/dockerfile:1
#
# Mediabox: one image for the embedded mode (SQLite + files under /data) and for every instance of
# the scale-out mode (PostgreSQL + S3, see deploy/compose.yaml). An example for operators: it is not
# built in CI (docs/operations.md, "Container image").

# ---- build: install everything, compile contract, server and web app, then drop dev dependencies
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3, argon2 and sharp come as prebuilt binaries; the toolchain is the fallback when
# none fits the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# The lockfile is written by npm 11 (README: requirements).
RUN npm install -g npm@11
# Manifests first: the dependency layer is reused until a package.json or the lockfile changes.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: Node, the tools the media pipeline calls, and the built files only
FROM node:20-bookworm-slim
# Ghostscript renders EPS previews (PDFs are read and rendered by PDFium from npm), DejaVu gives
# rendered text a font.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ghostscript fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contract/package.json packages/contract/
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist

# The code belongs to root and is read-only for the server; only /data is written. The node image's
# own unprivileged user (uid 1000) runs it.
RUN mkdir -p /data && chown node:node /data
USER node
# MALLOC_ARENA_MAX: glibc gives each thread its own malloc arena and keeps freed memory there; with
# renditions decoding in parallel on libvips' threads, two arenas lowered the peak RSS by 70-80 MB
# (docs/media.md).
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8080 \
  DATA_DIR=/data \
  MALLOC_ARENA_MAX=2
VOLUME ["/data"]
EXPOSE 8080

# Liveness. Node 20 has fetch; the slim image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# Migrations run at start; SIGTERM (docker stop) finishes running requests and jobs, then exits.
CMD ["node", "apps/server/dist/main.js"]
