#!/usr/bin/env python3
"""Book Tracker's validator as a `judgecal generate --validate` command: reads one generated row's
JSON on stdin; exits 0 when the review has at least 100 characters and there are 3 to 8 tags, all
lowercase (Book Tracker's rules, no more); otherwise prints why and exits 1. Standard library only."""
import json
import sys

row = json.load(sys.stdin)
review = (row.get("input") or {}).get("review") or ""
tags = (row.get("response") or {}).get("tags")
if len(review) < 100:
    sys.exit(print(f"review of {len(review)} characters; expected at least 100") or 1)
if not isinstance(tags, list):
    sys.exit(print("no tags") or 1)
if not 3 <= len(tags) <= 8:
    sys.exit(print(f"{len(tags)} tags; expected 3–8") or 1)
upper = next((t for t in tags if t != t.lower()), None)
if upper is not None:
    sys.exit(print(f'tag "{upper}" is not lowercase') or 1)
