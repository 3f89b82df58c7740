"""How long a text the service reads may be: a play or move, a resignation's size, a time limit.

Longer text is refused before it is parsed, so no input can keep the event loop busy; the front
end gives its text options the same `max_length`.
"""

from __future__ import annotations

from typing import Final

MAX_TEXT_LENGTH: Final = 100
"""Characters. Every legal input is far shorter: a backgammon play of four moves with hits is
about 30, and a draughts capture names every square it lands on, at most 3 characters a capture
(a side has 20 men at most: about 60)."""
