"""A game's rules for a person at a table (docs/rules/table/<game>.md; docs/rules/<game>.md, the programmer's
account, for a game that has none) as HTML, every heading anchored by its first word: the rule id.

A heading ``### OB-A1 — Who is first in turn`` gets ``id="OB-A1"``, so a rule id links to
``/referee/old-brag/rules#OB-A1``. The documents' own links keep working: ``#github-style-slug`` links are
pointed at the heading's id, and ``other-game.md`` at that game's page. Raw HTML in the Markdown is not
rendered (escaped as text).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from service.api.rules_docs import rules_markdown, table_rules_markdown

_SLUG_DROP = re.compile(r"[^\w\- ]", re.UNICODE)
_DOC_LINK = re.compile(r"^([a-z0-9-]+)\.md(#.*)?$")


def github_slug(text: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    return _SLUG_DROP.sub("", text.strip().lower()).replace(" ", "-")


def rule_page_url(game_id: str, rule: str | None = None) -> str:
    """Where the referee serves a game's rules as HTML, at the heading of ``rule`` when given."""
    return f"/referee/{game_id}/rules" + (f"#{rule}" if rule else "")


def _renderer() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _anchor_headings(tokens: list[Token]) -> tuple[dict[str, str], str]:
    """Give every heading the id of its first word (the first heading of that word keeps it); the map from
    GitHub slugs to those ids, and the document's title."""
    slugs: dict[str, str] = {}
    used: set[str] = set()
    title = ""
    for token, inline in zip(tokens, tokens[1:], strict=False):
        if token.type != "heading_open":
            continue
        text = inline.content
        title = title or text
        words = text.split()
        anchor = words[0] if words else ""
        if anchor and anchor not in used:
            token.attrSet("id", anchor)
            used.add(anchor)
            slugs[github_slug(text)] = anchor
    return slugs, title


def _relink(tokens: list[Token], slugs: dict[str, str]) -> None:
    """Point in-document and cross-document links at the referee's pages (a heading's slug at its rule id)."""
    for token in tokens:
        for child in token.children or ():
            if child.type != "link_open":
                continue
            href = str(child.attrGet("href") or "")
            if href.startswith("#") and href[1:] in slugs:
                child.attrSet("href", "#" + slugs[href[1:]])
            elif found := _DOC_LINK.match(href):
                target, fragment = found.group(1), (found.group(2) or "")[1:]
                anchor = _slugs(target).get(fragment, fragment) if fragment else None
                child.attrSet("href", rule_page_url(target, anchor))


def _document(game_id: str) -> str | None:
    """The text the page serves: the rules for a person at a table, or the programmer's where there are none."""
    return table_rules_markdown(game_id) or rules_markdown(game_id)


@cache
def _slugs(game_id: str) -> dict[str, str]:
    """A page's GitHub heading slugs, each with the id its heading is anchored by."""
    return _anchor_headings(_renderer().parse(_document(game_id) or ""))[0]


@cache
def rules_html(game_id: str) -> tuple[str, str] | None:
    """A game's rules as an HTML fragment, with the document's title; None when there is no document."""
    text = _document(game_id)
    if text is None:
        return None
    md = _renderer()
    env: dict[str, Any] = {}
    tokens = md.parse(text, env)
    slugs, title = _anchor_headings(tokens)
    _relink(tokens, slugs)
    return md.renderer.render(tokens, md.options, env), title
