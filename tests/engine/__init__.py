"""Tests of the rules engine (seahaven/): design §1-§5 and the command line."""
