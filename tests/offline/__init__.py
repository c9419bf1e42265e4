"""Offline play, saved games and statistics, the service worker."""
