"""JUnit XML of a run: one ``testsuite`` per game, one ``testcase`` per vector (CI servers read it)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from service.conformance.run import Outcome


def junit_xml(outcomes: Sequence[Outcome]) -> bytes:
    """``passed``: a plain testcase; ``failed``, ``unexpected-pass``: a ``failure``; ``skipped``: ``skipped``;
    ``expected-fail``: ``skipped`` of type ``xfail`` (as pytest writes an expected failure)."""
    root = ET.Element("testsuites", name="card-arbiter conformance")
    totals = {"tests": 0, "failures": 0, "skipped": 0}
    for game, group in groupby(sorted(outcomes, key=lambda o: o.vector["game"]), key=lambda o: o.vector["game"]):
        items = list(group)
        failures = sum(o.status in ("failed", "unexpected-pass") for o in items)
        skipped = sum(o.status in ("skipped", "expected-fail") for o in items)
        suite = ET.SubElement(
            root,
            "testsuite",
            name=game,
            tests=str(len(items)),
            failures=str(failures),
            errors="0",
            skipped=str(skipped),
        )
        for outcome in items:
            case = ET.SubElement(
                suite, "testcase", name=outcome.vector["id"], classname=f"{game}.{outcome.operation_name}"
            )
            if outcome.status in ("failed", "unexpected-pass"):
                ET.SubElement(case, "failure", message=outcome.message).text = outcome.message
            elif outcome.status == "skipped":
                ET.SubElement(case, "skipped", message=outcome.message)
            elif outcome.status == "expected-fail":
                ET.SubElement(case, "skipped", type="xfail", message=outcome.message)
        totals["tests"] += len(items)
        totals["failures"] += failures
        totals["skipped"] += skipped
    for name, count in totals.items():
        root.set(name, str(count))
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def write_junit(path: str | Path, outcomes: Sequence[Outcome]) -> None:
    Path(path).write_bytes(junit_xml(outcomes))
