"""Tests of bragkit.web, the web table (mirrors src/bragkit/web)."""
