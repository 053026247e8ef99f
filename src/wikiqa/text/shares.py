"""A share stated as a figure: one reading for every check that tells a share from a count.

Why: "12% of net pay" states a share, which no how-many question counts and which a first-person
restatement of a percentage rule must state again. answerers/features.py and
answerers/own_restated.py each had a pattern of their own that differed only at the edges
("2.5 per cent" read by one, "1,5 percent" by the other). A share is a figure (digits, with
decimal or thousands marks) followed by "%", "per cent" or "percent".
"""

from __future__ import annotations

import re

SHARE_FIGURE = re.compile(r"\d[\d,.]*\s*(?:%|per\s*cent\b|percent\b)", re.I)
