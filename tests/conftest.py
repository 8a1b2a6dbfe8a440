"""Set before any test module imports Textual, which reads it once: no animations."""

from __future__ import annotations

import os

os.environ["TEXTUAL_ANIMATIONS"] = "none"
