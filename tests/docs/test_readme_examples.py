"""The README's examples are real requests that work: each ``curl`` of its Examples block (and each ``jq ... |
curl`` that sends the dealt state back) is sent to the app and answered 2xx, never a problem."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

from tests.docs.markdown import section

ROOT = Path(__file__).resolve().parents[2]
SERVICE = "localhost:8000"


def example_commands() -> list[str]:
    """The shell commands of the README's Examples block, continuation lines joined, comments dropped."""
    text = section((ROOT / "README.md").read_text(encoding="utf-8"), "Examples")
    block = text.split("```sh\n", 1)[1].split("\n```", 1)[0]
    lines = [line for line in block.replace("\\\n", " ").splitlines() if not line.lstrip().startswith("#")]
    commands: list[str] = []
    for line in lines:
        if re.match(r"\s*(curl|jq) ", line):
            commands.extend(part.strip() for part in re.split(r";\s*(?=curl )", line))
        elif line.strip() and commands:
            commands[-1] += "\n" + line  # a body's next line
    return commands


def jq_object(expression: str, deal: dict[str, Any]) -> dict[str, Any]:
    """The README's jq object expressions (``{state, level: "normal"}``) as JSON, ``state`` from the deal."""
    text = re.sub(r"(?<=[{,])\s*state\s*(?=[,}])", '"state": null', expression)
    text = re.sub(r"(?<=[{,])\s*(\w+)\s*:", r'"\1":', text)
    body: dict[str, Any] = json.loads(text)
    body["state"] = deal["state"]
    return body


def test_every_example_is_answered(client: Any) -> None:
    deal: dict[str, Any] = {}
    sent = 0
    for command in example_commands():
        body: dict[str, Any] | None = None
        if command.startswith("jq "):
            jq, _, command = command.partition("|")
            body = jq_object(shlex.split(jq, comments=True)[1], deal)
        words = shlex.split(command, comments=True)
        (url,) = [w for w in words if SERVICE in w]
        headers = {k.strip(): v.strip() for k, _, v in (w.partition(":") for w in _after(words, "-H"))}
        data = _after(words, "-d")
        if data and data[0] != "@-":
            body = json.loads(data[0])
        path = url.split(SERVICE, 1)[1]
        response = client.post(path, json=body, headers=headers) if body is not None else client.get(path)
        assert response.status_code < 300, (command, response.get_json())
        if "> deal.json" in command:
            deal = response.get_json()
        sent += 1
    assert sent >= 15 and deal, "the README's examples were not found"


def _after(words: list[str], flag: str) -> list[str]:
    return [words[i + 1] for i, word in enumerate(words[:-1]) if word == flag]
