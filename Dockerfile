# syntax=docker/dockerfile:1
# docex: the service in a container. Two stages: dependencies are installed (with a compiler at hand, in case a
# native module has no prebuilt binary for the platform) in the first, and only their result is copied into the
# slim runtime. The OCR models come from npm packages (@tesseract.js-data/eng), so they are in the image and
# nothing is downloaded at start. scripts/check-image-build.sh repeats these steps without Docker (CI runs it).

FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DOCEX_DATA_DIR=/data \
    LOG_LEVEL=info
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# /readyz: database reachable and OCR workers loaded. The slim image has no curl; Node 20 has fetch.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself is PID 1 and handles SIGTERM (server/main.ts drains in-flight requests before it exits).
CMD ["node", "--import", "tsx", "server/main.ts"]
