#!/usr/bin/env bash
# The container's two processes: gunicorn (sync workers) on 127.0.0.1:8001 behind nginx on port 8000
# (deploy/nginx.conf buffers whole requests and answers, so slow clients never hold a worker).
# PROXY_PORT, APP_PORT and PROBE_PORT (the probes' own listener, service/probes.py; APP_PORT + 1 unless given)
# move them (a container on the host's network shares its ports): nginx then reads a copy of its configuration
# with those ports, written to /tmp.
# When either one stops, the other is stopped and the container ends with its status.
# SIGTERM (docker stop) first stops nginx gracefully: it takes no new connection and waits for the answers
# to the requests it holds, which gunicorn still serves, queued ones included; then gunicorn stops gracefully
# (graceful_timeout). No request that reached the container is lost.
set -uo pipefail
cd "$(dirname "$0")/.."
proxy_port=${PROXY_PORT:-8000}
app_port=${APP_PORT:-8001}
probe_port=${PROBE_PORT:-$((app_port + 1))}
config="$PWD/deploy/nginx.conf"
if [ "$proxy_port:$app_port:$probe_port" != 8000:8001:8002 ]; then
    sed -e "s/listen 8000 /listen $proxy_port /" -e "s/127\.0\.0\.1:8001;/127.0.0.1:$app_port;/" \
        -e "s/127\.0\.0\.1:8002;/127.0.0.1:$probe_port;/" "$config" >/tmp/nginx.conf || exit 1
    config=/tmp/nginx.conf
fi
export HOST=127.0.0.1 PORT=$app_port PROBE_PORT=$probe_port
gunicorn --config python:service.gunicorn_conf --no-control-socket service.wsgi:app &
app=$!
nginx -e stderr -c "$config" -g 'daemon off;' &
proxy=$!
stop() {
    kill -QUIT "$proxy" 2>/dev/null
    wait "$proxy"
    kill -TERM "$app" 2>/dev/null
    wait "$app"
}
trap 'stop; exit 0' TERM INT
wait -n "$app" "$proxy"
status=$?
stop
exit "$status"
