"""A plugin (registered by tests/conftest.py): ``--dist loadgroup`` keeps each ``xdist_group`` on one worker.

xdist's scheduler keeps a group together by the ``@group`` suffix its worker puts on each item's node id, through
``item._nodeid``; pytest 9.2 makes the node id from ``item._id`` and no longer reads it (pytest-dev/pytest-xdist
issue 1386), so every group was spread over both workers: two chromiums at once, the container tests overlapping.
This sets the suffix where it is missing. Test: tests/test_accounting.py::test_a_group_runs_on_one_worker."""

from __future__ import annotations

import pytest
from _pytest.nodeid import coerce_node_id


def group_of(item: pytest.Item) -> str | None:
    """The group xdist makes of an item's ``xdist_group`` marks (several joined by ``_``), or None."""
    names = {str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in item.iter_markers("xdist_group")}
    return "_".join(sorted(names)) or None


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not getattr(config.option, "loadgroup", False):  # set on an xdist worker under --dist loadgroup
        return
    for item in items:
        group = group_of(item)
        if group is not None and not item.nodeid.endswith("@" + group):
            item._id = coerce_node_id(f"{item.nodeid}@{group}")
