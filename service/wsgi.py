"""The WSGI entry point: ``gunicorn service.wsgi:app``."""

from service.api.app import create_app

app = create_app()
