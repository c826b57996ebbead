# syntax=docker/dockerfile:1
# Build: the web app (precompressed), the compiled server and the prebuilt PGlite data directories.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The runtime keeps only what dist/server imports: no browser, native or build packages (decision 0435).
RUN npm run build && npm prune --omit=dev && node scripts/build/prune-runtime.mjs

# Runtime: only what `node dist/server/main.js` reads, as a non-root user.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
# `npm run admin:create -- --email ...` (and `npm run migrate`) run the compiled tools in dist/server.
COPY --from=build --chown=node:node /app/scripts/ops/server-tool.mjs ./scripts/ops/server-tool.mjs
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM reaches node directly (exec form): the server drains and exits within SHUTDOWN_TIMEOUT_MS.
CMD ["node", "dist/server/main.js"]
