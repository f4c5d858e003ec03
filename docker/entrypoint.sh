#!/bin/sh
# The container's entry point (Dockerfile, compose.yaml), and the same commands outside Docker
# (apps/server/test/production-install.test.ts runs it on a production install): one role per process.
#   migrate   bring the database up to the committed migrations and reference data, then exit
#   web       the HTTP server (app, API, /healthz, /readyz, /metrics)
#   worker    a load worker on the shared queue (run N of them)
#   concilia  the command line (import, generate, caixa-saida)
set -eu
cd "$(dirname "$0")/.."
role="${1:-web}"
[ "$#" -gt 0 ] && shift
case "$role" in
  migrate) exec node apps/server/dist/migrate-main.js "$@" ;;
  web) exec node apps/server/dist/main.js "$@" ;;
  worker) exec node apps/server/dist/worker-main.js "$@" ;;
  concilia) exec node apps/server/dist/concilia.js "$@" ;;
  *)
    echo "uso: entrypoint.sh migrate|web|worker|concilia [argumentos]" >&2
    exit 2
    ;;
esac
