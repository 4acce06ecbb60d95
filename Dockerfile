# The app image: one server process serving the API and the built web app.
FROM node:24-bookworm-slim
# Debian's ffmpeg (5.1) decodes and transcodes uploads: the server prefers a system build and checks
# its version at start (apps/server/src/modules/media/media-tools.ts).
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# The app's workspaces only: the journeys' and the bench's dependencies (playwright, autocannon…) stay
# out. The npm ffmpeg builds (optional, for machines without one) are removed: Debian's runs here.
RUN npm ci --no-audit --no-fund -w packages/contract -w apps/server -w apps/web --include-workspace-root \
  && rm -rf node_modules/@ffmpeg-installer node_modules/@ffprobe-installer
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
EXPOSE 3000
USER node
CMD ["npm", "run", "start", "-w", "apps/server"]
