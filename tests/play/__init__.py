"""Tests of the terminal game (mirrors src/bragkit/play)."""
