"""The referee page (docs/api.md section 13): ``/referee`` for people at a table, served by the service itself.

:mod:`service.referee.page` is its blueprint, :mod:`service.referee.verdicts` what the page says of an answer
of the JSON API (the server's own rendering when the browser runs no script), :mod:`service.referee.rules_html`
a game's rules as HTML with an anchor for every rule id, :mod:`service.referee.words` the options and a state's
fields in words (for the script too), :mod:`service.referee.sentences` every event and action as a sentence
(one table, rendered here and by the script from the page's data). ``templates/`` and ``static/`` (one ES module, one
style sheet, no build step) travel with the package.
"""
