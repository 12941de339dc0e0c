# card-arbiter: gunicorn sync workers behind nginx (deploy/nginx.conf: whole requests and answers are
# buffered, so slow clients never hold a worker), both as a non-root user. deploy/entrypoint.sh runs both;
# the Kubernetes manifests (deploy/k8s) run each in its own container of the same image.
ARG BASE_IMAGE=python:3.11-slim-bookworm
FROM ${BASE_IMAGE}

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# nginx from Debian's packages: the distribution's security updates are wanted, so the version floats.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends nginx \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
RUN groupadd --system --gid 10001 app && useradd --system --uid 10001 --gid app --home-dir /app --shell /usr/sbin/nologin app

COPY requirements/service.lock ./requirements/service.lock
RUN pip install --no-cache-dir --require-hashes -r requirements/service.lock
COPY pyproject.toml README.md ./
COPY service ./service
COPY schemas ./schemas
COPY docs/rules ./docs/rules
COPY deploy/gunicorn.conf.py deploy/nginx.conf deploy/entrypoint.sh ./deploy/
RUN pip install --no-cache-dir --no-deps .

USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2).status == 200 else 1)"]
# gunicorn on 127.0.0.1:8001 (WEB_CONCURRENCY workers), nginx on 8000.
CMD ["/app/deploy/entrypoint.sh"]
