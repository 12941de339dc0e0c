"""Records and matches as text (docs/api.md section 16, docs/notation.md): a hand-written tokenizer and a recursive
descent reader (:func:`read`: text to the plain JSON of a record or match, with the position of every value)
and its inverse, the canonical writer (:func:`write`). Pure Python beside the engine: no Flask, no marshmallow;
what a value means is the wire schemas' to say, as for JSON."""

from __future__ import annotations

from service.notation.errors import Code, NotationError
from service.notation.reader import NOTATION, Reading, read
from service.notation.writer import write

__all__ = ["NOTATION", "Code", "NotationError", "Reading", "read", "write"]
