"""The index pipeline: sessions → turn calendar (embedded) + event calendar (extracted, dated)."""
