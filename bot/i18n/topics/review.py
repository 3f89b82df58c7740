"""The post-game analysis under a backgammon recap: error rates, marks, the worst decisions.

`{rate}` is the equity lost per decision in thousandths; `{loss}` the equity one decision lost,
written as a negative number; `{mark}` is ?! (doubtful), ? (error) or ?? (blunder).
"""

from __future__ import annotations

EN = {
    "review.title": "Analysis (error rate: equity lost per decision, in thousandths;"
    " ?! doubtful, ? error, ?? blunder):",
    "review.player": "{player}: error rate {rate} over {decisions} decisions"
    " · ?! {doubtful} · ? {errors} · ?? {blunders}",
    "review.mistake": "  move {move}: {played}{mark} (best {best}, {loss})",
    "review.mistake_in_game": "  game {game}, move {move}: {played}{mark} (best {best}, {loss})",
    "review.unavailable": "No analysis: this bot runs without Open Sage, which makes it.",
    "review.cube.double": "double",
    "review.cube.no_double": "no double",
    "review.cube.take": "take",
    "review.cube.pass": "pass",
}

FR = {
    "review.title": "Analyse (taux d'erreur : équité perdue par décision, en millièmes ;"
    " ?! douteux, ? erreur, ?? gaffe) :",
    "review.player": "{player} : taux d'erreur {rate} sur {decisions} décisions"
    " · ?! {doubtful} · ? {errors} · ?? {blunders}",
    "review.mistake": "  coup {move} : {played}{mark} (meilleur {best}, {loss})",
    "review.mistake_in_game": "  partie {game}, coup {move} : {played}{mark}"
    " (meilleur {best}, {loss})",
    "review.unavailable": "Pas d'analyse : ce bot fonctionne sans Open Sage, qui la fait.",
    "review.cube.double": "doubler",
    "review.cube.no_double": "ne pas doubler",
    "review.cube.take": "accepter",
    "review.cube.pass": "refuser",
}

DE = {
    "review.title": "Analyse (Fehlerquote: verlorene Equity je Entscheidung, in Tausendsteln;"
    " ?! zweifelhaft, ? Fehler, ?? grober Fehler):",
    "review.player": "{player}: Fehlerquote {rate} bei {decisions} Entscheidungen"
    " · ?! {doubtful} · ? {errors} · ?? {blunders}",
    "review.mistake": "  Zug {move}: {played}{mark} (besser {best}, {loss})",
    "review.mistake_in_game": "  Spiel {game}, Zug {move}: {played}{mark} (besser {best}, {loss})",
    "review.unavailable": "Keine Analyse: dieser Bot läuft ohne Open Sage, das sie erstellt.",
    "review.cube.double": "doppeln",
    "review.cube.no_double": "nicht doppeln",
    "review.cube.take": "annehmen",
    "review.cube.pass": "ablehnen",
}
