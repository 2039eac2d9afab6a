"""Lengths as print measures them: millimetres, inches, PostScript points (PDF's unit) and CSS
pixels (WeasyPrint's). The one place they are defined; every module converts with these."""

from __future__ import annotations

MM_PER_IN = 25.4
PT_PER_IN = 72  # a PostScript point, as PDF and CSS define it
PX_PER_IN = 96  # a CSS pixel

MM_PER_PT = MM_PER_IN / PT_PER_IN
PT_PER_MM = PT_PER_IN / MM_PER_IN
MM_PER_PX = MM_PER_IN / PX_PER_IN
PT_PER_PX = PT_PER_IN / PX_PER_IN
