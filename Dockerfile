# Porthole in a container: one compiled binary plus Debian's headless Chromium.
#
#   docker build -t porthole .
#   docker run --rm -p 9222:9222 --read-only --tmpfs /tmp \
#     --security-opt seccomp=deploy/seccomp/chromium.json -e PORTHOLE_TOKEN=change-me porthole
#
# The image listens on 0.0.0.0, and Porthole refuses a non-loopback address without a
# token: set PORTHOLE_TOKEN (or pass --token), or --allow-no-token if something in front
# of it already guards the port. Chromium keeps its sandbox on, which needs user
# namespaces: Docker's default seccomp profile forbids creating them, the repository's
# deploy/seccomp/chromium.json allows exactly that (fallback: --cap-add=SYS_ADMIN).
#
# `deno task test:container` builds this runtime stage's root filesystem from the lines
# below (packages, USER, ENV, WORKDIR, HEALTHCHECK, ENTRYPOINT) and runs it with runc.

ARG DENO_VERSION=2.9.6

# --- build: bundle to dist/porthole.js, then compile that to one executable -------------
FROM denoland/deno:debian-${DENO_VERSION} AS builder
WORKDIR /src
# Dependencies first, so they stay cached while the sources change.
COPY deno.json deno.lock ./
RUN deno install --frozen
COPY . .
RUN deno task build \
  && mkdir -p /out \
  && deno compile -A --unstable-no-legacy-abort --no-config --output /out/porthole dist/porthole.js

# --- runtime ------------------------------------------------------------------------------
# Non-root, and fine on a read-only root: everything Porthole and Chromium write goes under
# /tmp (browser profiles, artifacts), which `docker run --tmpfs /tmp` or a Kubernetes emptyDir
# provides. tini is PID 1, so the browser's exited children are reaped.
FROM debian:bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium-headless-shell fonts-liberation fonts-dejavu-core ca-certificates curl tini \
  && rm -rf /var/lib/apt/lists/*
COPY --from=builder /out/porthole /usr/local/bin/porthole

USER 65534:65534
WORKDIR /tmp
ENV HOME=/tmp \
  TMPDIR=/tmp \
  PORTHOLE_HOST=0.0.0.0 \
  PORTHOLE_PORT=9222 \
  PORTHOLE_CHROMIUM=/usr/bin/chromium-headless-shell
VOLUME ["/tmp"]
EXPOSE 9222
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${PORTHOLE_PORT}/health" > /dev/null || exit 1
ENTRYPOINT ["/usr/bin/tini", "--", "porthole", "serve"]
