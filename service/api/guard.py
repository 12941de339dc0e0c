"""The first look at every request body, before any view or schema runs.

- over the size limit is a 413 whatever the framing (``Content-Length`` or ``Transfer-Encoding: chunked``);
- a body that is not ``application/json`` is a 415, one that is not strict UTF-8 JSON a 400 (``NaN``,
  ``Infinity``, invalid UTF-8, lone surrogates such as ``"\\ud800"``, nesting past the parser's depth, an
  object naming a key twice: ``service/api/unique_keys.py``);
- every array and object of the operation's schema is bounded before any schema loads an item: an array
  by its ``maxItems`` (:data:`MAX_ARRAY` where it states none) and ``maxContains``, an object by the number
  of its fields; outer ones first, also inside a union (an action: the fields of each of its variants).
  A bound broken is a 422 naming where;
- an integer of more digits than ``int()`` reads (``jsonio.LongInteger``) is a 422 at its pointer.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from flask import Request, Response, current_app
from marshmallow import RAISE, Schema, fields, validate
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import RequestEntityTooLarge

from schemas.fields import SAFE_INTEGER
from schemas.oneof import OneOf
from service.api.jsonio import LongInteger, loads_document
from service.api.problems import MAX_LISTED, invalid_request, problem
from service.api.unique_keys import duplicate_key
from service.rules.errors import excerpt, printable

MAX_ARRAY = 10_000
"""The most items of an array of the contract that states no maxItems (the largest is ``hands``)."""

Path = tuple[str | int, ...]


FORM_POSTS = "referee"
"""The one blueprint that takes form posts: the referee page, when the browser runs no script."""

DOCUMENT = "card_arbiter.document"
"""The ``environ`` key of the body's JSON value, once :func:`check_body` has parsed and checked it."""


def check_body(request: Request) -> Response | None:
    """415, 400, 413 or 422 for a body that cannot be what the operation takes; None to go on."""
    if request.method not in ("POST", "PUT", "PATCH") or request.url_rule is None:
        return None
    mimetype = request.mimetype or ""
    if mimetype != "application/json" and not mimetype.endswith("+json"):
        if request.blueprint == FORM_POSTS:
            return None  # the referee page's plain form posts (its view reads the form)
        return problem(415, "Unsupported Media Type", "send the body as application/json")
    raw = _whole_body(request)
    try:
        text = raw.decode("utf-8")
        document, strict = loads_document(text, _no_constants)  # orjson, else the standard library's answer
    except UnicodeDecodeError as error:
        return problem(400, "Bad Request", f"malformed JSON: not UTF-8 at byte {error.start}")
    except (ValueError, RecursionError) as error:
        return problem(400, "Bad Request", f"malformed JSON: {str(error)[:200]}")
    duplicate = _duplicate(text, document)
    if duplicate is not None:
        return duplicate
    bounds = _view_bounds(current_app.view_functions.get(request.endpoint or ""))
    items = list(bound_problems(None if strict else text, document, bounds))
    if items and items[0].get("kind") == "surrogate":
        return problem(400, "Bad Request", items[0]["detail"], errors=[_item(items[0])])
    if items:
        more = sum(item.get("more", 0) for item in items)
        return invalid_request([_item(i) for i in items if "more" not in i], total=len(items) - bool(more) + more)
    request.environ[DOCUMENT] = document
    return None


def _duplicate(text: str, document: Any) -> Response | None:
    """400 for a body whose object names a key twice (one reading only), pointing at the object."""
    try:
        found = duplicate_key(text, document)
    except RecursionError:  # the exact reading nests deeper than the standard library's parser goes
        return problem(400, "Bad Request", "malformed JSON: nested too deeply")
    if found is None:
        return None
    path, key = found
    detail = f"malformed JSON: the key {excerpt(key)} is given twice in one object"
    return problem(400, "Bad Request", detail, errors=[{"pointer": pointer(path), "detail": detail}])


def checked_document(request: Request) -> Any:
    """The body's JSON value as :func:`check_body` left it (``NOT_CHECKED`` when it did not)."""
    return request.environ.get(DOCUMENT, NOT_CHECKED)


NOT_CHECKED = object()
"""What :func:`checked_document` gives for a body that was not checked."""


class CheckedBodyParser(FlaskParser):
    """webargs' parser, reading the document :func:`check_body` parsed and checked (no second parse)."""

    def _raw_load_json(self, req: Any) -> Any:
        document = checked_document(req)
        if document is not NOT_CHECKED:
            return document
        return super()._raw_load_json(req)


PARSER = CheckedBodyParser()


def _whole_body(request: Request) -> bytes:
    """The body, read at most once; 413 if it is over the limit, also when it comes chunked."""
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    raw = request.get_data(cache=True)
    if limit is not None and request.content_length is None and len(raw) >= limit:
        # werkzeug stops reading a stream at the limit and says nothing: over it, or exactly at it, is refused
        raise RequestEntityTooLarge()
    return raw


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _item(found: dict[str, Any]) -> dict[str, str]:
    return {"pointer": found["pointer"], "detail": found["detail"]}


def pointer(path: Path) -> str:
    """The JSON pointer of ``path``, each token cut to a short excerpt."""
    tokens = (printable(str(t)[:40]).replace("~", "~0").replace("/", "~1") for t in path)
    return "".join("/" + t for t in tokens)


# -- bounds from the operation's schema ------------------------------------------------------------
Bound = tuple[tuple[str, ...], bool, int, int | None, frozenset[str]]
"""A path of field names (``*`` for every item of an array); whether it is an object (else an array); its
most members or items; an array's maxContains of objects; an object's field names (empty: any)."""
MAX_MEMBERS = 64
"""The most members of an object whose schema lets unknown fields in."""


@cache
def _view_bounds(view: Any) -> tuple[Bound, ...]:
    """The bounds of the body a view takes (its documented JSON argument), found once per view."""
    arguments = getattr(view, "_apidoc", {}).get("arguments", {}).get("parameters", [])
    for argument in arguments:
        if argument.get("in") == "json":
            return bounds_of(argument["schema"])
    return ()


@cache
def bounds_of(schema: type[Schema] | Schema) -> tuple[Bound, ...]:
    """Every array of a request schema with a maxItems, found once per schema."""
    instance = schema() if isinstance(schema, type) else schema
    return tuple(_walk_schema(instance, (), 0))


def _walk_schema(schema: Schema, prefix: tuple[str, ...], depth: int) -> Iterator[Bound]:
    if depth > 6:
        return
    if schema.unknown == RAISE:
        known = frozenset(field.data_key or name for name, field in schema.fields.items())
        known |= frozenset(getattr(schema, "moved_fields", ()))  # refused by the field, saying where they went
        yield prefix, True, len(known), None, known
    else:
        yield prefix, True, MAX_MEMBERS, None, frozenset()
    for name, field in schema.fields.items():
        key = (field.data_key or name,)
        yield from _walk_field(field, prefix + key, depth)


def _walk_field(field: fields.Field, path: tuple[str, ...], depth: int) -> Iterator[Bound]:
    if isinstance(field, fields.Nested) and not field.many and isinstance(field.schema, Schema):
        yield from _walk_schema(field.schema, path, depth + 1)
    if isinstance(field, OneOf):  # an action: the fields of every variant (one object, the union of their names)
        variants = [field.schema_for(word) for word in field.variants]
        named = {f.data_key or name: f for variant in variants for name, f in variant.fields.items()}
        yield path, True, len(named), None, frozenset(named)
        for name, inner in named.items():
            yield from _walk_field(inner, (*path, name), depth + 1)
    if isinstance(field, fields.Dict):
        yield path, True, MAX_MEMBERS, None, frozenset()
    if isinstance(field, fields.List):
        most = min((v.max for v in field.validators if isinstance(v, validate.Length) and v.max), default=MAX_ARRAY)
        yield path, False, most, field.metadata.get("maxContains"), frozenset()
        yield from _walk_field(field.inner, (*path, "*"), depth + 1)


# -- the document's own bounds ---------------------------------------------------------------------
def bound_problems(text: str | None, document: Any, bounds: tuple[Bound, ...]) -> Iterator[dict[str, Any]]:
    """A lone surrogate (a 400), else an integer past ``int()``'s digits or the first array over its bound, outer
    arrays first (a 422). ``text`` is the body the standard library read, None for one orjson read (which
    refuses lone surrogates and such integers). Past MAX_LISTED unknown fields, one last item ``{"more": n}``
    counts the rest (a body of 100,000 of them took 0.1 s of CPU to list)."""
    if text is not None:
        surrogates = "\\ud" in text or "\\uD" in text  # the only way to one in strict UTF-8 bytes
        found = _unread(document, surrogates)
        if found is not None:
            yield found
            return
    for names, is_object, most, contains, known in bounds:
        path = _over(document, names, is_object, most, contains)
        if path is not None:
            value = _get(document, path)
            if known:  # name the fields the contract does not have, as marshmallow would
                unknown = [k for k in value if k not in known]
                for key in unknown[:MAX_LISTED]:
                    yield {"pointer": pointer((*path, key)), "detail": "Unknown field."}
                if len(unknown) > MAX_LISTED:  # counted, not listed: a 422 lists no more
                    yield {"more": len(unknown) - MAX_LISTED}
                return
            if is_object:
                what, count = f"at most {most} members (the fields of the contract)", len(value)
            elif len(value) > most:
                what, count = f"at most {most} items", len(value)
            else:
                what, count = f"at most {contains} objects (not null)", sum(1 for v in value if isinstance(v, dict))
            yield {"pointer": pointer(path), "detail": f"{what}, not {count}"}
            return


def _over(value: Any, names: tuple[str, ...], is_object: bool, most: int, contains: int | None) -> Path | None:
    """The path (under ``names``) of the first object with more than ``most`` members, or array longer than
    ``most`` or with more than ``contains`` objects; None when there is none. One pass over what is named."""
    if not names:
        return () if _too_big(value, is_object, most, contains) else None
    head, rest = names[0], names[1:]
    if head != "*":
        if isinstance(value, dict) and head in value:
            found = _over(value[head], rest, is_object, most, contains)
            return None if found is None else (head, *found)
        return None
    if not isinstance(value, list):
        return None
    if not rest:  # the common case, an array of arrays or objects: one tight loop
        kind = dict if is_object else list
        if contains is None:
            try:  # every item short enough (strings and objects too): nothing over, found at C speed
                if max(map(len, value), default=0) <= most:
                    return None
            except TypeError:  # a number, true, false or null among them
                pass
            for i, item in enumerate(value):
                if isinstance(item, kind) and len(item) > most:
                    return (i,)
            return None
        for i, item in enumerate(value):
            if _too_big(item, is_object, most, contains):
                return (i,)
        return None
    key = rest[0]
    for i, item in enumerate(value):
        if key != "*" and not (isinstance(item, dict) and key in item):
            continue  # nothing named here (most actions have no melds): no call
        found = _over(item, rest, is_object, most, contains)
        if found is not None:
            return (i, *found)
    return None


def _too_big(value: Any, is_object: bool, most: int, contains: int | None) -> bool:
    if is_object:
        return isinstance(value, dict) and len(value) > most
    if not isinstance(value, list):
        return False
    if len(value) > most:
        return True
    return contains is not None and sum(1 for v in value if isinstance(v, dict)) > contains


def _get(document: Any, path: Path) -> Any:
    for key in path:
        document = document[key]
    return document


def _unread(document: Any, surrogates: bool) -> dict[str, Any] | None:
    """Where the first string (or key) holding a lone UTF-16 surrogate is (looked for with ``surrogates``), else
    the first integer of more digits than ``int()`` reads (a :class:`~service.api.jsonio.LongInteger`); None
    when there is neither."""
    long: dict[str, Any] | None = None
    stack: list[tuple[Any, Path]] = [(document, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                stack.append((key, (*path, key)))
                stack.append((item, (*path, key)))
        elif isinstance(value, list):
            stack.extend((item, (*path, i)) for i, item in enumerate(value))
        elif isinstance(value, LongInteger) and long is None:
            detail = f"an integer of {value.digits:,} digits: past every integer of the contract (±{SAFE_INTEGER})"
            long = {"pointer": pointer(path), "detail": detail}
            if not surrogates:
                return long
        elif surrogates and isinstance(value, str) and not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as error:
                return {
                    "pointer": pointer(path),
                    "detail": "malformed JSON: "
                    f"{excerpt(value[error.start : error.start + 1])} is a lone UTF-16 surrogate, not a character",
                    "kind": "surrogate",
                }
    return long


def max_contains_doc(converter: Any, field: fields.Field, **_: Any) -> dict[str, Any]:
    """apispec: document a list's ``maxContains`` metadata (objects, not null) in the OpenAPI schema."""
    most = field.metadata.get("maxContains")
    if most is None:
        return {}
    return {"contains": {"type": "object"}, "minContains": 0, "maxContains": most}


def property_names_doc(converter: Any, field: fields.Field, **_: Any) -> dict[str, Any]:
    """apispec: document an object's ``propertyNames`` metadata (the pattern its names follow)."""
    names = field.metadata.get("propertyNames")
    return {} if names is None else {"propertyNames": names}
