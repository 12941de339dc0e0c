"""The WSGI entry point: ``gunicorn service.wsgi:app``."""

import gc

# Start builds some hundred thousand long-lived objects (schemas, tables, the OpenAPI document) and no garbage
# worth collecting: the cyclic collector stays off while it runs (a fifth of the start-up time otherwise).
gc.disable()

from service.api import ops  # noqa: E402 - after the collector is off
from service.api.app import create_app  # noqa: E402

app = create_app()
ops.documents(app)  # the OpenAPI documents, built before gunicorn forks: every worker serves these bytes
# What start built lives as long as the process: out of the cyclic collector's sight, so that a large request's
# collections scan only its own objects (and the workers forked from a preloading master keep those pages shared).
gc.freeze()
# A 10,000-hand request allocates some 40,000 containers, nearly all freed by reference counting when it ends:
# collect the youngest generation after 20,000 allocations (not 700), so such a request triggers one or two
# collections rather than fourteen. Cycles are rare in a request, and bounded by its size: an answered error
# drops its tracebacks (service/api/problems.release), which would otherwise hold the request, its body and its
# document in a cycle until a collection that comes only every few hundred bad requests.
gc.set_threshold(20_000, 10, 10)
gc.enable()
