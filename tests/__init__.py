"""The project's tests: a package, so each folder's modules import each other by name."""
