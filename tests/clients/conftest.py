"""What the generated-client tests share: the service on a local port, the pinned npm tools, and a Python
client generated once per session from the committed openapi.yaml."""

from __future__ import annotations

import importlib
import shutil
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from werkzeug.serving import make_server

from tests.clients.tools import PACKAGE, ROOT, generate_python_client


@pytest.fixture(scope="session")
def live_url(app) -> Iterator[str]:
    """The app served over HTTP on a free loopback port, in a thread, for the whole session."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


@pytest.fixture(scope="session")
def npm_bin() -> Path:
    """node_modules/.bin with the tools of package.json (installed by bin/test with `npm ci`)."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed: Redocly, Spectral, openapi-typescript and tsc run on node")
    tools = ROOT / "node_modules" / ".bin"
    assert tools.is_dir(), "node is installed but node_modules is not: run `npm ci` (bin/test does)"
    return tools


@pytest.fixture(scope="session")
def python_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ModuleType, list[str]]]:
    """The generated client package (imported) and the warnings generating it gave."""
    target = tmp_path_factory.mktemp("python-client")
    warnings = generate_python_client(target)
    sys.path.insert(0, str(target))
    try:
        yield importlib.import_module(PACKAGE), warnings
    finally:
        sys.path.remove(str(target))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]
