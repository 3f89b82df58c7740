"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"), pure arithmetic."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

# The paper's conversion factor between the Glicko and Glicko-2 scales.
SCALE = 173.7178
BASE_RATING = 1500.0
BASE_DEVIATION = 350.0
BASE_VOLATILITY = 0.06
DEFAULT_TAU = 0.5
PROVISIONAL_DEVIATION = 110.0
_CONVERGENCE = 1e-6


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating, rating deviation (RD) and volatility on the Glicko scale."""

    rating: float = BASE_RATING
    deviation: float = BASE_DEVIATION
    volatility: float = BASE_VOLATILITY

    @property
    def provisional(self) -> bool:
        """True while the RD is too wide for the rating to mean much (shown with `?`)."""
        return self.deviation > PROVISIONAL_DEVIATION


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game against one opponent in a rating period: score 1 win, 0.5 draw, 0 loss."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, g_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-g_j * (mu - mu_j)))


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of the paper: the Illinois root-finding for the new volatility."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _CONVERGENCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, played: Iterable[RatedGame], tau: float = DEFAULT_TAU) -> Rating:
    """The player's rating after one rating period with these games (none: RD widens)."""
    games = list(played)
    mu = (player.rating - BASE_RATING) / SCALE
    phi = player.deviation / SCALE
    if not games:
        widened = math.sqrt(phi * phi + player.volatility**2)
        return Rating(player.rating, min(widened * SCALE, BASE_DEVIATION), player.volatility)
    terms = []
    for game in games:
        mu_j = (game.opponent.rating - BASE_RATING) / SCALE
        g_j = _g(game.opponent.deviation / SCALE)
        terms.append((g_j, _expected(mu, mu_j, g_j), game.score))
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in terms)
    improvement = sum(g * (s - e) for g, e, s in terms)
    sigma = _new_volatility(phi, player.volatility, v * improvement, v, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(SCALE * new_mu + BASE_RATING, min(SCALE * new_phi, BASE_DEVIATION), sigma)


def stake(player: Rating, opponent: Rating, tau: float = DEFAULT_TAU) -> tuple[int, int]:
    """The whole rating the player wins and loses in one game (`win +8 / lose -12`)."""
    win = update(player, [RatedGame(opponent, 1.0)], tau).rating - player.rating
    loss = update(player, [RatedGame(opponent, 0.0)], tau).rating - player.rating
    return round(win), round(loss)
