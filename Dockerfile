# The reference server's image for compose.yaml: every process of the cluster (the sandbox
# processor, the instances, the balancer) runs from it with a different command. Three stages: the
# build (dev dependencies, vite) makes dist/; the production dependencies are installed apart (the
# full image has the tools better-sqlite3 may need to compile); the final image holds those and the
# built files only, owned by root and run as the unprivileged `node` user. `node bin/svcpay.js`
# runs the TypeScript sources through tsx (a production dependency) and never calls
# scripts/ensure.mjs, so nothing is installed or built at start.

FROM node:20-bookworm AS build
WORKDIR /svcpay
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm AS deps
WORKDIR /svcpay
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production NO_COLOR=1
WORKDIR /svcpay
COPY . .
COPY --from=deps /svcpay/node_modules ./node_modules
COPY --from=build /svcpay/dist ./dist
# The only folder the server writes (SQLite files, the sealing key file); a named volume mounted
# here starts with this owner.
RUN mkdir -p .data && chown node:node .data
USER node
# Control API off unless SVCPAY_CONTROL_TOKEN is set (scripts/container/entrypoint.sh).
ENTRYPOINT ["/svcpay/scripts/container/entrypoint.sh"]
CMD ["node", "bin/svcpay.js"]
