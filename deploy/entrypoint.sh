#!/usr/bin/env bash
# The container's two processes: gunicorn (sync workers) on 127.0.0.1:8001 behind nginx on port 8000
# (deploy/nginx.conf buffers whole requests and answers, so slow clients never hold a worker).
# When either one stops, the other is stopped and the container ends with its status.
# SIGTERM (docker stop, Kubernetes) stops gunicorn gracefully (graceful_timeout), then nginx.
set -uo pipefail
cd "$(dirname "$0")/.."
export HOST=127.0.0.1 PORT=8001
gunicorn --config deploy/gunicorn.conf.py --no-control-socket service.wsgi:app &
app=$!
nginx -e stderr -c "$PWD/deploy/nginx.conf" -g 'daemon off;' &
proxy=$!
stop() {
    kill -TERM "$app" 2>/dev/null
    wait "$app"
    kill -QUIT "$proxy" 2>/dev/null
    wait "$proxy"
}
trap 'stop; exit 0' TERM INT
wait -n "$app" "$proxy"
status=$?
stop
exit "$status"
