"""The text-format tests share helpers in ``textcheck.py`` beside this file (importlib import mode)."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
