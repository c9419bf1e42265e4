"""The page in Chromium, driven as a player does."""
