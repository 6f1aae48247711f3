"""Chronos: time-aware long-term memory over your own conversation archives."""

__version__ = "0.1.0"
