"""Writes chats.jsonl and args.labels.csv: conversations of a book-library assistant in OpenAI's
chat format, each with one tool call and natural-language matchers on one of its arguments, and
the expert's pass/fail for each question `judgecal tool-arguments` makes of them.

The arguments were written for this calibration set (a plausible range of what an assistant puts in
searchBooks' genre, mood, tag and query), except `loop-*`, which are the arguments SmolLM2-135M
wrote in the recorded agent loop (Tests/Recordings/tool-agent-loop). The verdicts are the expert's
(the session-6 toolcalls helper), written here before the judge was asked, reading each value
against its criteria: does the value mean what the criteria ask for?

    python3 make_chats.py
"""
import csv
import json

UPLIFTING = "Should relate to uplifting, hopeful, or positive feelings"
SCIFI = "Should refer to science fiction"
GOTHIC = "Should refer to gothic fiction"
DARK = "Should describe a dark or unsettling mood"

# id, user prompt, argument, value, [(criteria, expert verdict)]
CASES = [
    ("gothic", "Find me some gothic horror.", "genre", "gothic horror",
     [(GOTHIC, "pass"), (SCIFI, "fail"), (UPLIFTING, "fail")]),
    ("heartwarming", "I need something heartwarming tonight.", "mood", "heartwarming",
     [(UPLIFTING, "pass"), (DARK, "fail")]),
    ("space-opera", "Any space opera in my library?", "genre", "space opera",
     [(SCIFI, "pass"), ("Should refer to historical fiction", "fail")]),
    ("melancholy", "Something melancholy for a rainy day.", "mood", "melancholy",
     [(UPLIFTING, "fail"), ("Should describe a sad or wistful mood", "pass")]),
    ("dragons", "Do I have books about dragons?", "query", "books about dragons",
     [("Should ask for fantasy books", "pass"), ("Should ask for cookbooks or recipes", "fail")]),
    ("regency", "Show me my regency romances.", "tag", "regency romance",
     [("Should refer to romance", "pass"), ("Should refer to mystery or crime fiction", "fail")]),
    ("whodunit", "I want a good whodunit.", "genre", "whodunit",
     [("Should refer to mystery or crime fiction", "pass"), (GOTHIC, "fail")]),
    ("toddlers", "Find picture books for my toddler.", "query", "picture books for toddlers",
     [("Should ask for children's books", "pass"), ("Should ask for books for adult readers", "fail")]),
    ("wwii", "Novels set in the Second World War, please.", "genre", "WWII novels",
     [("Should refer to historical fiction", "pass"), (SCIFI, "fail")]),
    ("spooky", "Something spooky for Halloween.", "mood", "spooky",
     [(DARK, "pass"), (UPLIFTING, "fail")]),
    ("verse", "Do I own any poetry?", "genre", "verse",
     [("Should refer to poetry", "pass"), ("Should refer to romance", "fail")]),
    ("curie", "Anything on the life of Marie Curie?", "query", "life of Marie Curie",
     [("Should ask for a biography", "pass"), ("Should ask for fantasy books", "fail")]),
    ("travel", "Show me my travel writing.", "tag", "travel writing",
     [("Should refer to nonfiction", "pass"), ("Should refer to children's books", "fail")]),
    ("dystopian", "Something dystopian.", "genre", "dystopian",
     [(SCIFI, "pass"), (UPLIFTING, "fail")]),
    ("loop-scifi", "Find me an uplifting science fiction book.", "tag", "science fiction",
     [(UPLIFTING, "fail"), (SCIFI, "pass")]),
    ("loop-gothic", "Which of my books are gothic?", "genre", "gothic",
     [(GOTHIC, "pass"), ("Should refer to cooking or recipes", "fail")]),
]

with open("chats.jsonl", "w") as chats, open("args.labels.csv", "w", newline="") as sheet:
    labels = csv.writer(sheet, lineterminator="\n")
    labels.writerow(["id", "ArgumentMatch", "rater"])
    for case_id, prompt, argument, value, criteria in CASES:
        call = {"id": f"{case_id}-1", "type": "function",
                "function": {"name": "searchBooks", "arguments": json.dumps({argument: value})}}
        record = {
            "id": case_id,
            "messages": [
                {"role": "system", "content": "Help the user explore their book collection."},
                {"role": "user", "content": prompt},
                {"role": "assistant", "content": None, "tool_calls": [call]},
                {"role": "tool", "tool_call_id": f"{case_id}-1", "content": "[]"},
                {"role": "assistant", "content": "I found nothing matching in your library."},
            ],
            "expectations": {"unordered": [{"name": "searchBooks", "arguments": [
                {"kind": "naturalLanguage", "argument": argument, "criteria": c} for c, _ in criteria]}]},
        }
        chats.write(json.dumps(record) + "\n")
        for n, (_, verdict) in enumerate(criteria, start=1):
            suffix = "" if n == 1 else f"-{n}"
            labels.writerow([f"{case_id}/call-1/{argument}{suffix}", verdict, "expert-toolcalls"])
