"""The WSGI entry point: ``gunicorn service.wsgi:app``."""

import gc

from service.api import ops
from service.api.app import create_app

app = create_app()
ops.documents(app)  # the OpenAPI documents, built before gunicorn forks: every worker serves these bytes
# What start built (schemas, tables, the OpenAPI document) lives as long as the process: out of the cyclic
# collector's sight, so that a large request's collections scan only its own objects (and the workers forked
# from a preloading master keep those pages shared).
gc.freeze()
