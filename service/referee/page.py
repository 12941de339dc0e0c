"""The referee page's routes: ``/referee`` and ``/referee/{game}`` (the page, and its plain form posts), and
``/referee/{game}/rules`` (the game's rules as HTML, a heading for every rule id).

Without a script the forms post here and the answer is the page with the verdict, rendered from the JSON API's
own answer (:func:`service.referee.verdicts.ask`). With one, static/referee.js asks the API from the browser and
nothing posts here.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request
from werkzeug.datastructures import FileStorage, MultiDict
from werkzeug.exceptions import RequestEntityTooLarge

from service.api.operations.catalog import game_detail
from service.api.rules_docs import rules_path
from service.referee import analysis_words, sentences, verdicts, words
from service.referee.compress import gzipped
from service.referee.rules_html import rule_page_url, rules_html
from service.rules import names
from service.rules.game import Game
from service.rules.hand_game import HandGame
from service.rules.registry import GAMES

blp = Blueprint(
    "referee", __name__, template_folder="templates", static_folder="static", static_url_path="/referee/static"
)

blp.after_request(gzipped)

MAX_HANDS = 20
"""The most hand fields the page offers (the API takes far more; a table holds far fewer)."""

NATIVE_KINDS = ("suit", "card", "category")
"""The kinds of names the page lists in the game's own languages (docs/api.md section 12)."""


def native_names(game_id: str) -> list[dict[str, Any]]:
    """The game's names in each of its own languages, beside the English: ``[{lang, kinds: [(kind, [(english,
    native)])]}]``."""
    table = names.table(game_id)
    out = []
    for lang in names.languages(game_id):
        if lang == names.ENGLISH:
            continue
        kinds = [
            (
                kind,
                [(names.word(game_id, names.ENGLISH, kind, id_), term.text) for id_, term in table[lang][kind].items()],
            )
            for kind in NATIVE_KINDS
            if table[lang].get(kind)
        ]
        out.append({"lang": lang, "kinds": kinds})
    return out


def suit_native(game_id: str) -> dict[str, str]:
    """Each suit letter's words in the game's own languages beside the English (Briscola's ``coppe``), for the
    trump picker: ``{"H": "coppe"}``."""
    table = names.table(game_id)
    said: dict[str, list[str]] = {}
    for lang in names.languages(game_id):
        for letter, term in table[lang].get("suit", {}).items() if lang != names.ENGLISH else ():
            if term.text not in said.setdefault(letter, []):
                said[letter].append(term.text)
    return {letter: ", ".join(words) for letter, words in said.items()}


def _missing(game_id: str) -> Response:
    """A page (not a problem document: a person reads it) naming the games there are."""
    html = render_template("missing.html", games=list(GAMES.values()), asked=game_id)
    return Response(html, status=404, mimetype="text/html")


FRONT_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
"""Every method ``/`` answers as before: a 404 (problem+json) for all but a browser's GET."""


@blp.route("/", methods=FRONT_METHODS, provide_automatic_options=False)
def front() -> Any:
    """The front door: a browser (``Accept: text/html`` preferred to JSON) gets a page linking the referee, the
    docs and the catalog; a program gets the JSON 404 it always got (naming ``/v1/games`` and ``/openapi.json``)."""
    accept = request.accept_mimetypes
    wants_html = accept.best_match(["application/json", "text/html"]) == "text/html" and accept["text/html"] > 0
    if request.method not in ("GET", "HEAD") or not wants_html:
        abort(404)
    response = Response(render_template("front.html", games=list(GAMES.values())), mimetype="text/html")
    response.vary.add("Accept")
    return response


@blp.get("/referee")
def home() -> Any:
    """The page for the first game; ``?game=`` (the game form without a script) goes to that game's page."""
    chosen = request.args.get("game")
    if chosen is not None and chosen in GAMES:
        return redirect(f"/referee/{chosen}", 303)
    return _page(next(iter(GAMES.values())), None)


@blp.route("/referee/<game_id>", methods=["GET", "POST"])
def game_page(game_id: str) -> Any:
    """A game's page; a plain form post answers the same page with the verdict (or the errors)."""
    game = GAMES.get(game_id)
    if game is None:
        return _missing(game_id)
    if request.method != "POST":
        return _page(game, None)
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    request.max_content_length = request.max_form_memory_size = None if limit is None else limit + FORM_MARGIN
    try:
        form = request.form
        upload = request.files.get("record_file")
    except RequestEntityTooLarge:  # a page, not the API's problem document: a person reads it
        errors = verdicts.Errors()
        errors.add(
            "record", f"Record: the form is over the service's limit of {verdicts.size_text(limit)} for a request."
        )
        return _page(game, None, errors, http_status=413)
    return _page(game, form, upload=upload)


FORM_MARGIN = 64 * 1024
"""What a form post may hold beyond the API's body limit: its other fields and the multipart framing (a record
as large as the API takes is then judged by the API, as it is from the script)."""


@blp.get("/referee/<game_id>/rules")
def rules(game_id: str) -> Any:
    """The game's rules for a person at a table, as HTML: every heading anchored by its rule id; a line at the top
    says where the programmer's account is."""
    game = GAMES.get(game_id)
    found = rules_html(game_id) if game is not None else None
    if game is None or found is None:
        return _missing(game_id)
    body, title = found
    return render_template("rules.html", game=game, body=body, title=title, source=rules_path(game_id))


def _option_values(specs: list[dict[str, Any]], form: MultiDict[str, str] | None) -> dict[str, Any]:
    if form is None or form.get("form") not in ("compare", "trick", "add-hand"):
        return {s["name"]: s["default"] for s in specs}
    sent = {s["name"]: form.getlist(f"opt-{s['name']}") for s in specs}  # a checkbox: "false", then "true" if on
    return {name: verdicts.option_value(s, (sent[name] or [None])[-1]) for s in specs if (name := s["name"])}


def _page(
    game: Game[Any, Any, Any],
    form: MultiDict[str, str] | None,
    errors: verdicts.Errors | None = None,
    http_status: int = 200,
    upload: FileStorage | None = None,
) -> Response:
    entry = game_detail(game)
    specs = entry["options"]
    values = _option_values(specs, form)
    hands = (form.getlist("hand") if form is not None else []) or ["", ""]
    context: dict[str, Any] = {
        "verdict": None,
        "errors": errors or verdicts.Errors(),
        "cards_text": form.get("cards", "") if form is not None else "",
        "trump": form.get("trump", "") if form is not None else "",
        "record_text": form.get("record", "") if form is not None else "",
        "notation_text": form.get("notation", "") if form is not None else "",
        "notation_where": None,
        "analysable": None,
        "analysis": None,
        "analysis_problem": None,
        "analysis_level": form.get("level", "normal") if form is not None else "normal",
    }
    action = form.get("form") if form is not None else None
    if form is not None and action == "add-hand" and len(hands) < MAX_HANDS:
        hands.append("")
    elif form is not None and action in ("compare", "trick"):
        body: dict[str, Any]
        if action == "compare":
            body = {"hands": [verdicts.cards(h) for h in hands[:MAX_HANDS]]}
            path = f"/v1/{game.id}/hands/compare"
        else:
            body = {"trump": context["trump"], "cards": verdicts.cards(context["cards_text"])}
            path = f"/v1/{game.id}/tricks/winner"
        options = verdicts.changed_options(specs, values)
        if options is not None:
            body["options"] = options
        status, answer = verdicts.ask(path, body)
        if status == 200:
            verdict = (
                verdicts.compare_verdict(game.id, answer)
                if action == "compare"
                else verdicts.trick_verdict(game, context["trump"], body["cards"], answer)
            )
            verdict["rules"] = verdicts.rules_links(game.id, specs, answer["rules"])
            context["verdict"] = verdict
        else:
            context["errors"] = verdicts.problem_errors(answer, status, None if action == "compare" else "cards")
    elif form is not None and action == "record":
        _check_record(game, specs, context, upload)
        if form.get("analyse") is not None and context["analysable"] is not None:
            _analyse(game, entry, context)
    html = render_template(
        "page.html",
        games=list(GAMES.values()),
        game=game,
        entry=entry,
        hand_game=isinstance(game, HandGame),
        hands=hands,
        options=[_option_field(s, values[s["name"]]) for s in specs],
        options_open=any(values[s["name"]] != s["default"] for s in specs)
        or any(f.startswith("opt-") for f in context["errors"].fields),
        suits=verdicts.SUITS,
        suit_native=suit_native(game.id),
        colours=verdicts.suit_colours(game.id),
        words={
            "deciding": verdicts.DECIDING_WORDS,
            "tie_rules": verdicts.TIE_RULES,
            "options": {s["name"]: words.option_words(s) for s in specs},
            "state": words.state_words(game.state_type),
            "reasons": verdicts.REASON_WORDS,
        },
        rules_url=rule_page_url(game.id),
        native=native_names(game.id),
        say=sentences.page_table(game.id),
        analysis_words=analysis_words.page_words(_unit(entry)),
        **context,
    )
    return Response(html, status=http_status, mimetype="text/html")


def _option_field(spec: dict[str, Any], value: Any) -> dict[str, Any]:
    """One option's control as the page shows it: its words beside its identifier, its choices in words."""
    return {
        **spec,
        "value": value,
        "label": words.option_label(spec["name"]),
        "players": words.option_players(spec["name"]),
        "choices": [(a, words.value_words(spec, a)) for a in spec.get("allowed") or ()],
        "default_words": words.value_words(spec, spec["default"]),
        "null_words": words.value_words(spec, None),
    }


def _check_record(
    game: Game[Any, Any, Any], specs: list[dict[str, Any]], context: dict[str, Any], upload: FileStorage | None
) -> None:
    """A record's verdict in ``context`` (or its errors, beside the field they name): the JSON, the text, or the
    file (JSON or text by its content)."""
    if upload is not None and upload.filename:
        raw = upload.read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            context["errors"].add("record", f"Record: the file is not UTF-8 text (at byte {error.start}).")
            return
        json_file = verdicts.is_json(text)
        context["record_text"], context["notation_text"] = (text, "") if json_file else ("", text)
    if context["notation_text"].strip():
        if context["record_text"].strip():
            context["errors"].add("record-text", BOTH)
            return
        _check_notation(game, specs, context)
        return
    asked, problem = verdicts.record_body(context["record_text"])
    if asked is None:
        context["errors"].add("record", f"Record: {problem}")
        return
    status, answer = verdicts.ask(f"/v1/{game.id}/{PATHS[asked.kind]}", asked.body)
    if status != 200:
        context["errors"] = verdicts.problem_errors(answer, status, "record")
        return
    judged = verdicts.match_verdict if asked.kind == "match" else verdicts.record_verdict
    verdict = judged(game.id, asked.record, answer)
    verdict["rules"] = verdicts.rules_links(game.id, specs, answer["rules"])
    context["verdict"] = verdict
    if asked.kind == "record":
        context["analysable"] = {"record": asked.record}


PATHS = {"record": "records/adjudicate", "match": "matches/adjudicate"}
"""Where a record and a match are judged."""

BOTH = "Record (text): fill in Record (JSON) or Record (text), not both."


def _check_notation(game: Game[Any, Any, Any], specs: list[dict[str, Any]], context: dict[str, Any]) -> None:
    """A record written as text (docs/api.md section 16): read by ``records/parse``, judged by ``records/adjudicate``
    with the text itself (an illegal action then has its line and column); an error shown at its line."""
    text = context["notation_text"]
    status, parsed = verdicts.ask(f"/v1/{game.id}/records/parse", {"notation": text})
    kind = "match" if status == 200 and "match" in parsed else "record"
    if status == 200:
        status, answer = verdicts.ask(f"/v1/{game.id}/{PATHS[kind]}", {"notation": text, "trace": True})
    else:
        answer = parsed
    if status != 200:
        context["errors"] = verdicts.problem_errors(answer, status, "record-text")
        context["notation_where"] = verdicts.notation_where(text, answer)
        return
    judged = verdicts.match_verdict if kind == "match" else verdicts.record_verdict
    verdict = judged(game.id, parsed[kind], answer)
    verdict["rules"] = verdicts.rules_links(game.id, specs, answer["rules"])
    context["verdict"] = verdict
    if kind == "record":
        context["analysable"] = {"notation": text}


def _unit(entry: dict[str, Any]) -> str:
    """The word of the game's losses (points or chips), from its catalog entry's ``analysis.unit``."""
    return analysis_words.unit_word(str((entry.get("analysis") or {}).get("unit", "")))


def _analyse(game: Game[Any, Any, Any], entry: dict[str, Any], context: dict[str, Any]) -> None:
    """The record just judged, analysed by ``records/analyze`` (docs/api.md 19) at the level asked: each decision in
    words beside its step and each seat's accuracy in ``context``, or why the service would not analyse it."""
    body = {**context["analysable"], "level": context["analysis_level"]}
    status, answer = verdicts.ask(f"/v1/{game.id}/records/analyze", body)
    if status != 200:
        context["analysis_problem"] = analysis_words.refused_said(answer, status)
        return
    sayer = sentences.Sayer(game.id, verdicts.suit_colours(game.id))
    context["analysis"] = analysis_words.analysis_verdict(sayer, answer, _unit(entry))
