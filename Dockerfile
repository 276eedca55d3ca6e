# The wedding page's container image for Cloud Run: the BFF's production bundle serving the built web page, under a
# non-root user. `pnpm run deploy` builds it on Cloud Build; `docker build .` builds it anywhere Docker runs.

# ── Build: install, build the page and the bundle, and lay out the production dependencies ─────────────────────────
FROM node:20-bookworm-slim AS build
WORKDIR /src
# The pnpm version pinned in package.json's packageManager (corepack is not used: see scripts/bootstrap.mjs).
COPY package.json ./
RUN npm install --global "pnpm@$(node -p 'require("./package.json").packageManager.split("@")[1]')"
# Manifests first, so the dependency layer is reused until the lockfile changes. Only the page and the server are
# installed: the scripts' tools (firebase-tools, the emulator harness) never go into the image.
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY server/package.json server/
COPY web/package.json web/
COPY scripts/kit/package.json scripts/kit/
COPY scripts/rtdb-standin/package.json scripts/rtdb-standin/
COPY scripts/emulators/package.json scripts/emulators/
COPY scripts/seed/package.json scripts/seed/
COPY scripts/deploy/package.json scripts/deploy/
COPY scripts/stack/package.json scripts/stack/
COPY scripts/bench/package.json scripts/bench/
RUN pnpm install --frozen-lockfile --filter "@boda/web..." --filter "@boda/server..."
COPY tsconfig.base.json ./
COPY server/ server/
COPY web/ web/
# The page's version: the deploy passes the commit it builds, so the page in the image and the assets it uploads to
# Hosting from its own build carry the same name; a plain `docker build` names it by the time of the build.
ARG APP_VERSION
RUN APP_VERSION="${APP_VERSION:-$(date -u +%Y-%m-%dT%H:%M:%SZ)}" pnpm --filter @boda/web build \
 && pnpm --filter @boda/server build
# The server's production dependencies only, flat (the same command as scripts/deploy/src/image-layout.ts, which
# checks this layout on machines without Docker). The bundle needs only firebase-admin from it.
RUN pnpm --filter @boda/server deploy --prod --legacy --config.node-linker=hoisted /out/server

# ── Run: Node 20 on distroless (no shell, no package manager), as the unprivileged "nonroot" user ──────────────────
FROM gcr.io/distroless/nodejs20-debian12:nonroot
WORKDIR /app
# Configuration comes only from the environment; the project's settings (FIREBASE_PROJECT_ID, FIREBASE_DATABASE_URL,
# SITE_URL, FIREBASE_WEB_API_KEY, FIREBASE_VAPID_KEY…) are set on the Cloud Run service by the deploy command and
# checked at start-up. Cloud Run sets PORT (8080 unless told otherwise) and sends requests through its front end,
# so TRUST_PROXY=true: the guest's address is the X-Forwarded-For entry Google appended, read from the right.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    TRUST_PROXY=true \
    WEB_DIST_DIR=/app/web/dist
COPY --from=build /out/server/package.json server/package.json
COPY --from=build /out/server/node_modules server/node_modules
COPY --from=build /src/server/dist server/dist
COPY --from=build /src/web/dist web/dist
# Files stay owned by root: the unprivileged user can read the app but not change it.
USER nonroot
EXPOSE 8080
# For `docker run`; Cloud Run ignores it and probes /readyz (start-up) and /healthz (liveness) itself.
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s \
  CMD ["/nodejs/bin/node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node runs as PID 1 and handles SIGTERM itself: it ends live streams, finishes requests in flight and exits within
# 8 s, inside Cloud Run's 10 s grace period.
CMD ["server/dist/main.mjs"]
