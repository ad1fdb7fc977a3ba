"""Heirs of the Wizard King (placeholder while the rules are written)."""
