# Bridgedesk's image: one image, four roles (scripts/entrypoint: migrate, web, worker, scheduler).
# Build: docker build -t bridgedesk .   Run the whole service: docker compose up (compose.yaml).
# Where Docker Hub is out of reach: scripts/build-base-image makes a Debian bookworm base with debootstrap, then
#   docker build --build-arg BASE_IMAGE=localhost/bridgedesk-base:bookworm -t bridgedesk .
ARG BASE_IMAGE=python:3.11-slim-bookworm
FROM ${BASE_IMAGE}

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    BRIDGEDESK_DATA_DIR=/data LOG_FORMAT=json BIND=0.0.0.0:8000 PYTHON=python

# pg_dump for the scheduled backups; the PDF fonts' fallbacks for CJK, Thai, Indic, Arabic, Hebrew
# (scripts/ensure-fonts installs the same on a laptop); mdbtools reads Bridgemate's .bws files.
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client fonts-wqy-microhei fonts-noto-core mdbtools \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY requirements.txt .
RUN pip install -r requirements.txt
COPY . .
# The translation catalogues' .mo files (not committed): pure Python, no gettext in the image.
RUN python scripts/compile-messages --force
RUN useradd --system --home /app --uid 10001 bridgedesk \
 && mkdir -p /data && chown bridgedesk /data
USER bridgedesk
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s CMD python -c "import urllib.request,sys; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)" || exit 1
ENTRYPOINT ["scripts/entrypoint"]
CMD ["web"]
