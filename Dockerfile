# The production image of Waymarks: the built server and web app on Node 20, run as the unprivileged `node`
# user. The same image runs the web server (the default command) and the jobs worker
# (`node --enable-source-maps apps/server/dist/worker.js`); deploy/compose.yaml runs both.
#   docker build -t waymarks .

# Build: every dependency, then `npm run build` (apps/web/dist and apps/server/dist).
FROM node:20-bookworm AS build
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The server's production dependencies only. Native modules (better-sqlite3) compile here, where the build
# tools are; the runtime image is the same Debian release, so the binaries run there unchanged.
FROM node:20-bookworm AS dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --omit=dev --workspace apps/server --workspace packages/shared --no-audit --no-fund \
  && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
  && find node_modules/better-sqlite3/build -type f ! -name better_sqlite3.node -delete \
  && npm cache clean --force

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=dependencies /app/package.json ./
COPY --from=dependencies /app/node_modules node_modules
COPY --from=dependencies /app/apps/server/package.json apps/server/
COPY --from=dependencies /app/packages/shared/package.json packages/shared/
# GeoNames' first-level regions: a data file the gazetteer reads from the server package at run time.
COPY apps/server/src/geo/admin1-regions.txt apps/server/src/geo/
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/web/dist apps/web/dist
# DATA_DIR (./data): the outbox when no SMTP server is set, and with the defaults SQLite, media and the
# generated signing secret. Mount a volume here to keep them.
RUN mkdir data && chown node:node data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
