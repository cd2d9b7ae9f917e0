# syntax=docker/dockerfile:1
# The reference image (docs/operations.md): the same commands CI tests — `npm ci`, `npm run build`, then
# node running the built server directly as PID 1, so SIGTERM reaches it (apps/api/src/server-process.test.ts
# runs those commands; apps/api/src/deployment.test.ts keeps this file in step with package.json).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
# The npm the lockfile and its allowScripts policy are written for.
RUN npm install --global npm@11 && npm cache clean --force
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/domain/package.json packages/domain/

# Build: every dependency, then the web app (Vite) and the API (esbuild) into their dist/ folders.
FROM base AS build
RUN npm ci
COPY . .
RUN npm run build

# Run: the API's production dependencies only (no TypeScript toolchain), the built folders, a non-root user.
FROM base AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
RUN npm ci --omit=dev --workspace @marketplace/api && npm cache clean --force \
 && mkdir -p /app/data && chown node:node /app/data
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The public pages' server render (decision 0025): one self-contained module, every library bundled in.
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=64", "--enable-source-maps", "apps/api/dist/server.js"]
