"""Executable rules, one module per game. No Flask, no languages, no HTML."""
