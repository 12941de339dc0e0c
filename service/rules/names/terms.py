"""The shape of a names table: each game's terms in its languages, each term with where it comes from.

A table is ``{language: {kind: {id: Term}}}`` (docs/api.md section 12): kinds ``suit``, ``rank``, ``card``
(named cards), ``category``, ``action``, ``phase``, ``reason``, ``deciding`` (what a comparison's
``deciding`` says) and the game's own (``meld``, ``bonus``, ``ending``, ``pot``). A native term comes from
a seed (a seed text the rules rest on: the file and the sentence that holds it), from a rules file (the sentence
that names it; docs/rules/<game>.md's Names table quotes both), or from a cited work (a dictionary, a rules
site); an English term is the service's own word. Where no source has a word for an id, the language lacks that
entry: nothing is invented. A term may carry the inflected forms a description needs (a plural, a Serbian
paucal, a short form), each sourced the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True)
class Quote:
    """A file of the project's sources and the sentence of it that holds the term."""

    file: str
    quote: str


class Seed(Quote):
    """A seed text (``<file>``, quoted in docs/rules/<game>.md's Names table) and the sentence that holds the term."""


class RulesFile(Quote):
    """A rules file (``<file>``, quoted in docs/rules/<game>.md's Names table) and the sentence that names the term."""


@dataclass(frozen=True)
class Cited:
    """A published work that has the word (a dictionary, a rules site); ``docs/rules/<game>.md`` cites it."""

    reference: str


@dataclass(frozen=True)
class Inflected:
    """A form that the language's grammar makes of a sourced word (a case, a number): no new word."""

    word: str
    """The sourced word (or the form of it a source has) that this form inflects."""
    rule: str


@dataclass(frozen=True)
class Service:
    """The service's own English word for an id (the id, its category, its description)."""


Source = Seed | RulesFile | Cited | Inflected | Service
SERVICE = Service()


@dataclass(frozen=True)
class Term:
    """A word for an id in one language, where it comes from, and the forms a description needs."""

    text: str
    source: Source
    forms: Mapping[str, Term] = field(default_factory=lambda: EMPTY)
    """Inflected forms by name (``plural``, ``paucal``, ``short``...), each with its own source."""
    gender: str = ""
    """The grammatical gender where the language's grammar needs it (``m``, ``f``)."""

    def form(self, name: str) -> str:
        """The form ``name`` of the term (the term itself where it has none)."""
        found = self.forms.get(name)
        return self.text if found is None else found.text


EMPTY: Mapping[str, Term] = MappingProxyType({})

Kind = Mapping[str, Term]
"""One kind's terms by id."""
Language = Mapping[str, Kind]
"""One language's kinds."""
Names = Mapping[str, Language]
"""A game's names table: languages (BCP 47 tags, ``en`` first) to kinds to ids to terms."""


def term(text: str, source: Source, gender: str = "", **forms: Term) -> Term:
    """A term with its forms (keywords: the form's name)."""
    return Term(text, source, MappingProxyType(forms) if forms else EMPTY, gender)


def english(words: Mapping[str, str]) -> Kind:
    """The service's English words for ids."""
    return MappingProxyType({id_: Term(text, SERVICE) for id_, text in words.items()})


def kind(terms: Mapping[str, Term]) -> Kind:
    """One kind's terms, frozen."""
    return MappingProxyType(dict(terms))


def names(languages: Mapping[str, Mapping[str, Kind]]) -> Names:
    """A names table, frozen; a kind with no term is left out."""
    return MappingProxyType(
        {
            tag: MappingProxyType({name: terms for name, terms in kinds.items() if terms})
            for tag, kinds in languages.items()
        }
    )


def texts(table: Names) -> dict[str, dict[str, dict[str, str]]]:
    """The table as the wire gives it: ``{language: {kind: {id: text}}}``."""
    return {
        tag: {name: {id_: found.text for id_, found in terms.items()} for name, terms in kinds.items()}
        for tag, kinds in table.items()
    }
