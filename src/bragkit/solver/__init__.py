"""The heads-up Three Card Brag solver (placeholder, filled in below)."""
