"""questbox: rules engine, bots, simulator and digital table for dungeon-fantasy tabletop games."""

__version__ = "0.1.0"
