"""Tests of the rules engine (issue #2).

positions.py    builds a GameState from a readable description (carpets, Assam, money...)
reference.py    an independent model of the rules (movement table, tolls, placements,
                whole turns) working on the save dict, used as an oracle
games.py        seeded random games for the property, notation and reference tests
placement_table.py  writes tests/data/placement_counts.json (counts by brute force)
test_*.py       one rule fact per test; test_properties.py runs Hypothesis over games;
                test_golden.py compares scripts/playthrough.py with tests/golden/
"""
