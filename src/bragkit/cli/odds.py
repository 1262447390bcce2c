"""``bragkit odds`` (placeholder until the odds module lands)."""
