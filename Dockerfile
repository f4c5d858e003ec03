# syntax=docker/dockerfile:1
# Concilia: build stage with every dependency, runtime stage with the built output and production
# dependencies only, run as the unprivileged 'node' user. Roles: docker/entrypoint.sh (migrate | web | worker).

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/db/package.json packages/db/
COPY packages/engine/package.json packages/engine/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 SEED_DEMO=false INBOX_DIR= FILES_DIR=/data/arquivos
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/domain/package.json packages/domain/
COPY --from=build /app/packages/db/package.json packages/db/
COPY --from=build /app/packages/engine/package.json packages/engine/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/web/package.json apps/web/
# xmllint: the sandbox NFS-e provider validates each DPS against the official XSD with libxml2
RUN apt-get update && apt-get install -y --no-install-recommends libxml2-utils && rm -rf /var/lib/apt/lists/*
# the image's own Node runs everything: the Node.js binary packages the lock file adds for older machines go
RUN npm ci --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/node-linux-* node_modules/.bin/node \
  && npm cache clean --force \
  && mkdir -p /data/arquivos && chown node:node /data/arquivos
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/packages/db/drizzle packages/db/drizzle
COPY --from=build /app/packages/db/seed-data packages/db/seed-data
# the NFS-e schemas the sandbox provider validates invoices against (with xmllint)
COPY --from=build /app/apps/server/src/features/nfse/schemas apps/server/src/features/nfse/schemas
COPY docker/entrypoint.sh docker/entrypoint.sh
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["docker/entrypoint.sh"]
CMD ["web"]
