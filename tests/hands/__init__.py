"""Tests of bragkit.hands (mirrors src/bragkit/hands)."""
