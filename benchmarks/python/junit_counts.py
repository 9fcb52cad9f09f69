"""A JUnit XML file as a CI test reporter reads it: junitparser (the
parser behind several reporters' Python tooling) loads the file, and each
suite's counts and each case's result are printed. The judgecal tests run
this on the files `--junit` writes and compare what it reads with the
verdicts judgecal printed (Tests/judgecalTests/VerdictReporterCommandTests.swift).

Usage:  python junit_counts.py FILE.xml
Prints JSON: {"suites": [{"name", "tests", "failures", "errors", "skipped",
"time", "cases": [{"name", "classname", "result", "message"}]}],
"junitparser": version}; result is passed, failure, error or skipped.
"""

import json
import sys
from importlib import metadata

from junitparser import Error, Failure, JUnitXml, Skipped

xml = JUnitXml.fromfile(sys.argv[1])
suites = []
for suite in xml:
    cases = []
    for case in suite:
        result, message = "passed", case.system_out
        for r in case.result:
            result = {Failure: "failure", Error: "error", Skipped: "skipped"}[type(r)]
            message = r.message
        cases.append({"name": case.name, "classname": case.classname, "result": result, "message": message})
    suites.append({
        "name": suite.name, "tests": suite.tests, "failures": suite.failures, "errors": suite.errors,
        "skipped": suite.skipped, "time": suite.time, "cases": cases,
    })
print(json.dumps({"suites": suites, "junitparser": metadata.version("junitparser")}))
