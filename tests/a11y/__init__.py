"""Accessibility: keyboard play, the live region, dialogs, themes, an axe-core audit."""
