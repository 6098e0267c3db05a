# A remote (REMOTE: mf-catalog, mf-product or mf-cart; PORT: its port in the remotes table):
# built once per release, served as static files (its own service, its own schedule).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
# Codegen here: the typed operations are never taken from the build context (.dockerignore).
RUN npm ci --no-audit --no-fund && npm run codegen
ARG REMOTE
ARG BUILD_ID
RUN test -n "$REMOTE" && test -n "$BUILD_ID" && cd "$REMOTE" && BUILD_ID=$BUILD_ID NODE_ENV=production npx rspack build --mode production

FROM node:20-bookworm-slim
ARG REMOTE
ARG PORT
WORKDIR /app
RUN test -n "$PORT" && npm init -y >/dev/null && npm install --no-audit --no-fund --omit=dev sirv@^3
COPY scripts/serve-remote.mjs scripts/serve-remote.mjs
# owned by node: the release service (user node) writes uploaded releases onto this volume (docker-compose.yml)
COPY --from=build --chown=node:node /app/${REMOTE}/dist /releases
ENV PORT=${PORT} BIND=0.0.0.0 PORT_VAR=PORT NODE_ENV=production
EXPOSE ${PORT}
USER node
CMD ["node", "scripts/serve-remote.mjs", "/releases"]
