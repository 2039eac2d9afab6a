"""puzzlepress: YAML job spec -> generate -> verify -> layout -> proved puzzles in print-ready PDFs."""

__version__ = "0.2.0"
