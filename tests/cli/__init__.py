"""Tests of the bragkit command (mirrors src/bragkit/cli)."""
