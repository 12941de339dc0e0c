# card-arbiter: gunicorn sync workers behind nginx (deploy/nginx.conf: whole requests and answers are
# buffered, so slow clients never hold a worker), both as a non-root user. deploy/entrypoint.sh runs both;
# the Kubernetes manifests (deploy/k8s) run each in its own container of the same image.
# Build: docker build -t card-arbiter . (dependencies from the package index), or bash bin/image (docker or
# podman, offline: the locked wheels downloaded into requirements/wheels first; see docs/deploy.md).
ARG BASE_IMAGE=python:3.11-slim-bookworm

# The virtual environment, built apart so that no wheel or build tool reaches the image. The locked
# dependencies (hashes checked) come from requirements/wheels when bin/image put them there (--no-index: an
# offline, reproducible build), else from the package index; the project's own build backend likewise.
FROM ${BASE_IMAGE} AS venv
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1
WORKDIR /src
COPY requirements ./requirements
RUN if ls requirements/wheels/*.whl >/dev/null 2>&1; then export PIP_NO_INDEX=1 PIP_FIND_LINKS=/src/requirements/wheels; fi \
    && python3 -m venv /opt/venv \
    && /opt/venv/bin/pip install --no-cache-dir --require-hashes -r requirements/service.lock
COPY pyproject.toml README.md ./
COPY service ./service
COPY schemas ./schemas
COPY docs/rules ./docs/rules
COPY conformance ./conformance
RUN if ls requirements/wheels/*.whl >/dev/null 2>&1; then export PIP_NO_INDEX=1 PIP_FIND_LINKS=/src/requirements/wheels; fi \
    && /opt/venv/bin/pip install --no-cache-dir --no-deps .

FROM ${BASE_IMAGE}
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:$PATH

# nginx from Debian's packages: the distribution's security updates are wanted, so the version floats.
# hadolint ignore=DL3008
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx \
    && apt-get clean \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
RUN groupadd --system --gid 10001 app && useradd --system --uid 10001 --gid app --home-dir /app --shell /usr/sbin/nologin app

COPY --from=venv /opt/venv /opt/venv
COPY pyproject.toml README.md ./
COPY service ./service
COPY schemas ./schemas
COPY docs/rules ./docs/rules
COPY conformance ./conformance
COPY deploy/nginx.conf deploy/entrypoint.sh ./deploy/

USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import os, sys, urllib.request; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PROXY_PORT', '8000'), timeout=2).status == 200 else 1)"]
# gunicorn on 127.0.0.1:8001 (APP_PORT; WEB_CONCURRENCY workers), nginx on 8000 (PROXY_PORT).
CMD ["/app/deploy/entrypoint.sh"]
