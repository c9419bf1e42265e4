"""The solver: its facts, its lines, its command line."""
