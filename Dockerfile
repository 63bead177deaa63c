# Stock Admin: the API server with the built console, for PostgreSQL + Redis (docs/operations.md, section 6).
#   docker build -t stock-admin .
#   docker run -e DATABASE_URL=… -e REDIS_URL=… -e SECRET_KEY=… -p 8080:8080 stock-admin
# Stage 1 builds the console and the server bundle with the dev dependencies; stage 2 runs it with the runtime ones.
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/console/package.json apps/console/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/console/package.json apps/console/
# runtime dependencies only, of the server and the contracts it bundles
RUN npm ci --omit=dev --no-audit --no-fund -w apps/server -w packages/contracts && npm cache clean --force
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/console/dist apps/console/dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/server/dist/main.mjs"]
