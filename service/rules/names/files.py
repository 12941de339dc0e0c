"""A game's own words, read from its data file (``service/rules/names/<module>.toml``, package data).

A file holds ``[sources]`` (sources several terms share, by name), ``[names.<language>.<kind>]`` (one id a
line) and ``[grammar]`` (the words its descriptions are built with, not on the wire). A term is a string (the
service's English word) or an inline table: ``text``, one source (``source``: a shared one by name; ``seed``
or ``rules`` with ``quote``; ``cited``; ``inflects`` with ``rule``), an optional ``gender``, and its forms
(``plural``, ``paucal``, ``short``...), each a term.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from service.rules.names.terms import SERVICE, Cited, Inflected, Kind, RulesFile, Seed, Source, Term, kind, term

OWN_KEYS = frozenset({"text", "gender", "source", "seed", "rules", "quote", "cited", "inflects", "rule"})
"""The keys of a term that are not forms."""


@dataclass(frozen=True)
class Words:
    """A data file's words: its kinds by language (in the file's order), its grammar and its named sources."""

    languages: Mapping[str, Mapping[str, Kind]]
    grammar: Kind
    sources: Mapping[str, Source]


def words(module: str, shared: Mapping[str, Source]) -> Words:
    """The words of ``<module>.toml``; ``shared``: the sources its terms may name besides its own."""
    text = resources.files(__package__).joinpath(f"{module}.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    own = {name: _source(raw, shared) for name, raw in data.get("sources", {}).items()}
    named = {**shared, **own}
    languages = {
        tag: {name: _kind(terms, named) for name, terms in kinds.items()} for tag, kinds in data["names"].items()
    }
    return Words(languages, _kind(data.get("grammar", {}), named), own)


def _kind(raw: Mapping[str, Any], named: Mapping[str, Source]) -> Kind:
    return kind({id_: _term(value, named) for id_, value in raw.items()})


def _term(raw: str | Mapping[str, Any], named: Mapping[str, Source]) -> Term:
    if isinstance(raw, str):
        return Term(raw, SERVICE)
    forms = {name: value for name, value in raw.items() if name not in OWN_KEYS}
    if not all(isinstance(value, Mapping) for value in forms.values()):
        raise ValueError(f"a form is a sourced term (a table): {raw}")
    built = {name: _term(value, named) for name, value in forms.items()}
    return term(raw["text"], _source(raw, named), raw.get("gender", ""), **built)


def _source(raw: Mapping[str, Any], named: Mapping[str, Source]) -> Source:
    """The source a term (or a named source) gives."""
    if "source" in raw:
        return named[raw["source"]]
    if "seed" in raw:
        return Seed(raw["seed"], raw["quote"])
    if "rules" in raw:
        return RulesFile(raw["rules"], raw["quote"])
    if "cited" in raw:
        return Cited(raw["cited"])
    if "inflects" in raw:
        return Inflected(raw["inflects"], raw["rule"])
    raise ValueError(f"a term with no source: {raw}")
