# The reference server's image for compose.yaml: every process of the cluster (the sandbox
# processor, the instances, the balancer) runs from it with a different command.
FROM node:20-bookworm
WORKDIR /svcpay
COPY package.json package-lock.json ./
# better-sqlite3 builds from source when no prebuilt binary fits (the full node image has the tools).
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NO_COLOR=1
CMD ["node", "bin/svcpay.js"]
