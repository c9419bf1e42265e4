"""Tests of the rules engine (seahaven/): SPEC §1-§5 and the command line."""
