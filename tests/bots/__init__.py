"""Tests of the bots (mirrors src/bragkit/bots)."""
