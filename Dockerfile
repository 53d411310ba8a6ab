# syntax=docker/dockerfile:1
# Savat's production image: the API and the built storefront in one Node 24 process.
#   docker build -t savat .        then see compose.yaml for the whole topology.
# Build stage: every dependency, the client build, then the development dependencies dropped.
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && find dist -name '*.map' -delete \
  && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: production dependencies, the server's sources (Node runs TypeScript directly), the
# shared domain rules, the migrations and the built client; no dev dependencies, no source maps.
FROM node:24.21.0-bookworm-slim AS runtime
# MALLOC_ARENA_MAX: glibc's allocator in two arenas instead of one per thread (docs/decisions.md,
# "The embedded server fits a small machine").
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DEMO=0 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/server/src ./server/src
COPY --from=build --chown=node:node /app/server/migrations ./server/migrations
COPY --from=build --chown=node:node /app/src/domain ./src/domain
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/dist-ssr ./dist-ssr
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=4", "--liftoff-only", "server/src/server.ts"]
