"""Checking one content document against its schema and model, reporting every problem."""

from __future__ import annotations

import math
import re
from collections import deque
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel
from pydantic import ValidationError as ModelError

from studio.content.check.problems import Problem, json_path
from studio.content.check.schema_messages import is_number, sentence, type_sentence
from studio.content.extensions import when_changed
from studio.content.io.documents import Document
from studio.content.io.limits import MAX_EXCERPT_CHARS
from studio.content.io.text import excerpt
from studio.content.models import ENTRY_KINDS, KINDS
from studio.content.models.common import FieldError
from studio.content.schemas import schema_for
from studio.engine.cards import FACE_NUMBERS
from studio.engine.names import did_you_mean

if TYPE_CHECKING:  # jsonschema is imported only to explain a document that fails
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError


def forget() -> None:
    """Forget the validators made so far: the schemas changed with the vocabulary."""
    _validator.cache_clear()


when_changed(forget)


@cache
def _validator(kind: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema_for(kind))


def validate_document(kind: str, doc: Document) -> tuple[BaseModel | None, list[Problem]]:
    """Return the model built from ``doc`` and every problem found (schema first, then model).

    A document the model accepts in strict mode also satisfies the schema (the
    schema is generated from the model, and strict mode coerces nothing), so
    the slower schema check only runs to explain a document that fails.
    """
    model_cls = KINDS[kind][1]
    try:
        return model_cls.model_validate(doc.data, strict=True), []
    except ModelError:
        pass
    problems = [
        problem
        for err in sorted(_validator(kind).iter_errors(doc.data), key=lambda e: list(map(str, e.path)))
        for leaf, types in _leaves(err)
        for problem in _schema_problems(leaf, types, doc, kind)
    ]
    if problems:
        found = {_named_after_file(p, doc.name, kind) for p in _one_per_misspelling(problems)}
        return None, sorted(found | _checks_elsewhere(model_cls, doc, found))
    try:
        return model_cls.model_validate(doc.data), []
    except ModelError as exc:
        return None, sorted(set(_model_problems(exc, doc)))


def _model_problems(exc: ModelError, doc: Document, only_checks: bool = False) -> Iterator[Problem]:
    """The model's complaints, each where it belongs; ``only_checks``: those of its own checks (a
    version's, settings that go together), not those the schema states too (types, unknown fields)."""
    for err in exc.errors():
        if only_checks and err["type"] != "value_error":
            continue
        cause = err.get("ctx", {}).get("error")
        field = cause.path if isinstance(cause, FieldError) else ()
        parts = _doc_parts(doc.data, [*err["loc"], *field])
        line, col = doc.locate(parts)
        message = err["msg"].removeprefix("Value error, ")
        if _is_nan(_value_at(doc.data, parts)):  # NaN passes every bound of the schema, failing none
            message = "nan is not a number"
        yield Problem(doc.name, line, col, message, json_path((*doc.prefix, *parts)))


def _checks_elsewhere(model_cls: type[BaseModel], doc: Document, found: set[Problem]) -> set[Problem]:
    """The model's own checks that fail away from the schema's problems (a manifest's version with an
    unknown field two lines below): every mistake is shown at once, none twice."""
    try:
        model_cls.model_validate(doc.data)
    except ModelError as exc:
        return {p for p in _model_problems(exc, doc, only_checks=True) if not _near(p.path, found)}
    except (TypeError, ValueError):  # data the schema refused may trip a check that assumed its shape
        return set()
    return set()


def _near(path: str, found: set[Problem]) -> bool:
    """True if ``path`` is a problem's path, inside one's, or holds one (the same mistake, seen twice)."""
    return any(
        path == p.path
        or p.path.startswith((f"{path}.", f"{path}["))
        or path.startswith((f"{p.path}.", f"{p.path}["))
        for p in found
    )


_HINT = re.compile(r" \(did you mean '[^']*'\?\)$")
_ID = re.compile(r"[a-z][a-z0-9_]{0,63}")


def _named_after_file(p: Problem, name: str, kind: str) -> Problem:
    """An entry's id is its file's name: a misspelt id is best respelled as that name (``Neon Glow`` in
    ``neon_nights_glow.yaml``: ``neon_nights_glow``, not ``neon_glow``, which the file name refuses)."""
    stem = PurePath(name).stem
    if p.path != "$.id" or kind not in ENTRY_KINDS or not _ID.fullmatch(stem):
        return p
    if "is not allowed:" not in p.message:
        return p
    return replace(p, message=f"{_HINT.sub('', p.message)} (did you mean '{stem}', the file's name?)")


_MISSPELT = re.compile(r"unknown field '(?P<given>[^']*)' \(did you mean '(?P<meant>[^']*)'\?\)")


def _one_per_misspelling(problems: list[Problem]) -> list[Problem]:
    """Drop "'amount' is required but missing" where the mapping holds the misspelt 'amout': its
    "unknown field (did you mean 'amount'?)" says it all, and one mistake makes one problem."""
    meant = set()
    for p in problems:
        found = _MISSPELT.fullmatch(p.message)
        if found and p.path.endswith(f".{found['given']}"):
            meant.add((p.path.removesuffix(f".{found['given']}"), found["meant"]))
    told = {(where, f"'{key}' is required but missing") for where, key in meant}
    return [p for p in problems if (p.path, p.message) not in told]


def _doc_parts(doc: Any, parts: list[Any]) -> list[Any]:
    """Drop location parts the document does not hold (pydantic names union branches)."""
    kept = []
    node = doc
    for part in parts:
        if (isinstance(node, dict) and part in node) or (
            isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        ):
            kept.append(part)
            node = node[part]
    return kept


def _value_at(doc: Any, parts: list[Any]) -> Any:
    """The value at ``parts`` (as :func:`_doc_parts` keeps them) in the document."""
    for part in parts:
        doc = doc[part]
    return doc


def _is_nan(value: Any) -> bool:
    """True for a float that is NaN (``.nan`` in YAML)."""
    return isinstance(value, float) and math.isnan(value)


def _leaves(err: ValidationError) -> Iterator[tuple[ValidationError, list[str]]]:
    """Yield the errors worth showing for ``err``, with the types allowed if the value's type fits none.

    An optional field is ``anyOf: [<its schema>, null]`` and a charm entry is a string or
    a mapping: the mistakes that matter are those of the branch the value's type fits,
    not "is not of type 'null'".
    """
    if err.validator not in ("anyOf", "oneOf") or not err.context:
        yield err, []
        return
    if isinstance(err.schema, dict) and "discriminator" in err.schema and isinstance(err.instance, dict):
        yield from _tagged(err, err.schema, err.instance)
        return
    if _is_enum_union(err):
        yield err, []
        return
    fitting = [e for e in err.context if not (e.validator == "type" and not e.path)]
    if not fitting:
        yield err, [str(e.validator_value) for e in err.context if e.validator == "type"]
        return
    if len({e.relative_schema_path[0] for e in fitting}) == 1:
        for e in fitting:
            yield from _leaves(e)
        return
    from jsonschema.exceptions import best_match

    best = best_match(fitting)
    if best is not None:
        yield from _leaves(best)


def _is_enum_union(err: ValidationError) -> bool:
    """True for a value that may be one of several lists of values (ranks: ``"A"`` or ``10``)."""
    found = err.context or []
    return any(e.validator == "enum" for e in found) and all(
        e.validator in ("enum", "type") and not e.path for e in found
    )


def _enum_union_message(err: ValidationError) -> str:
    """Name every accepted spelling, and the closest one (by spelling, or by first letter)."""
    values = [e.validator_value for e in err.context or [] if e.validator == "enum"]
    allowed = list(dict.fromkeys(str(v) for group in values if isinstance(group, list) for v in group))
    return f"{err.instance!r} is not one of {', '.join(allowed)}{_closest(str(err.instance), allowed)}"


def _closest(text: str, allowed: list[str]) -> str:
    """The suggestion for ``text`` among ``allowed``: a face card's or an ace's letter for its number
    (``1`` or ``14`` for ``A``: spelling would offer ``10``), by spelling, or by first letter for a list
    of one-letter codes (``Hearts`` for ``H``, ``king`` for ``K``)."""
    letter = FACE_NUMBERS.get(text)
    if letter in allowed:
        return f" (did you mean '{letter}'? face cards and aces are written J, Q, K, A)"
    hint = did_you_mean(text, allowed)
    if not hint and text[:1].upper() in allowed:
        hint = f" (did you mean '{text[:1].upper()}'?)"
    return hint


def _tagged(
    err: ValidationError, schema: dict[str, Any], instance: dict[str, Any]
) -> Iterator[tuple[ValidationError, list[str]]]:
    """Yield the errors of the branch a discriminated union's tag picks (an effect's ``kind``),
    or one saying which tags there are."""
    from jsonschema.exceptions import ValidationError

    key, mapping = schema["discriminator"]["propertyName"], schema["discriminator"]["mapping"]
    tag = instance.get(key)
    if not isinstance(tag, str) or tag not in mapping:
        given = key in instance
        path = deque([*err.absolute_path, key]) if given else err.absolute_path
        message = "" if given else f"'{key}' is required but missing"
        leaf = ValidationError(
            message,
            validator="enum" if given else "required",
            path=path,
            instance=tag,
            validator_value=list(mapping),
        )
        yield leaf, []
        return
    branch = [b.get("$ref") for b in schema["oneOf"]].index(mapping[tag])
    for e in err.context or ():
        if e.relative_schema_path[0] == branch:
            yield from _leaves(e)


def _object_fields(err: ValidationError) -> list[str]:
    """The fields of the mapping a value failed to be (its schema's, or a nullable field's variant's)."""
    for node in [err.schema, *(sub.schema for sub in err.context or ())]:
        if isinstance(node, dict) and node.get("properties"):
            return list(node["properties"])
    return []


def _schema_problems(err: ValidationError, types: list[str], doc: Document, kind: str) -> list[Problem]:
    """The problems of one jsonschema error: one per unknown field of a mapping (jsonschema names them
    all in one error, and an author fixing the first should not meet the next on the next run)."""
    if (
        err.validator == "additionalProperties"
        and isinstance(err.instance, dict)
        and isinstance(err.schema, dict)
    ):
        known = list(err.schema.get("properties", {}))
        return [
            _unknown_field(doc, [*err.absolute_path, key], known) for key in err.instance if key not in known
        ]
    return [_schema_problem(err, types, doc, kind)]


def _unknown_field(doc: Document, parts: list[Any], known: list[str]) -> Problem:
    """A field the mapping's schema does not have, at its key, with the closest it has."""
    line, col = doc.locate(parts, key=True)
    return Problem(
        doc.name,
        line,
        col,
        f"unknown field '{parts[-1]}'{did_you_mean(str(parts[-1]), known)}",
        json_path((*doc.prefix, *parts)),
    )


def _schema_problem(err: ValidationError, types: list[str], doc: Document, kind: str) -> Problem:
    """Turn a jsonschema error into a problem a person can act on."""
    parts = list(err.absolute_path)
    message = err.message
    if len(message) > MAX_EXCERPT_CHARS * 2:  # jsonschema quotes the whole value: quote an excerpt
        message = message.replace(repr(err.instance), excerpt(err.instance))
    if kind == "pack" and parts == ["version"] and err.validator == "type" and is_number(err.instance):
        message = _version_as_number(err.instance)
    elif types:
        message = type_sentence(err.instance, types)
        fields = _object_fields(err)
        if "object" in types and fields and not isinstance(err.instance, dict):
            message += f" (its fields: {', '.join(fields)})"  # chance: 0.5 wants {n: 1, in: 2}
    elif err.validator in ("anyOf", "oneOf") and _is_enum_union(err):
        message = _enum_union_message(err)
    elif err.validator == "required":
        message = message.replace("is a required property", "is required but missing")
    elif err.validator == "enum" and isinstance(err.instance, str) and isinstance(err.validator_value, list):
        allowed = [str(v) for v in err.validator_value]
        message = f"'{err.instance}' is not one of {', '.join(allowed)}{_closest(err.instance, allowed)}"
        if kind == "consumable" and parts[-1:] == ["kind"] and _scores(err.instance):
            message += f": {err.instance} changes the score of a hand, and a consumable is used between hands"
    elif err.validator == "const":
        message = f"{err.instance!r} is not allowed here: the only choice is {err.validator_value!r}"
        if isinstance(err.schema, dict) and err.schema.get("x-message"):  # what to write instead
            message += f"; {err.schema['x-message']}"
    elif err.validator == "type" and not parts:
        message = f"a {kind.replace('_', ' ')} file holds a mapping of fields, not {_type_name(err.instance)}"
    else:
        message = sentence(err) or message
    line, col = doc.locate(parts)
    return Problem(doc.name, line, col, message, json_path((*doc.prefix, *parts)))


def _scores(effect_kind: str) -> bool:
    """Whether an effect kind changes a hand's score (Points, Mult): it acts only while one is scored."""
    from studio.engine.kinds import EFFECTS

    return effect_kind in EFFECTS and EFFECTS[effect_kind].scores


def _version_as_number(value: object) -> str:
    """``version: 1.0`` reads as a number; quoted as it is, it would not be a version either: say the
    version it was meant to be (``"1.0.0"``)."""
    digits = [*str(value).split("."), "0", "0"][:3]
    return (
        f"{value} is not text (YAML reads it as a number): a version is MAJOR.MINOR.PATCH in quotes, "
        f'here "{".".join(digits)}"'
    )


def _type_name(value: Any) -> str:
    """Name a YAML value's type as a content author knows it (not ruamel's class names)."""
    if value is None:
        return "an empty document"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    return type(value).__name__
