#!/usr/bin/env python3
"""One labelling session on a real Label Studio server, from the files `judgecal extract --label-studio DIR`
writes to the project's JSON export: what the Label Studio round-trip test (judgecalTests) runs.

    label-studio-session.py --label-studio BIN --data-dir EMPTY --port N --project DIR --plan PLAN.json --export OUT.json

1. Creates the annotators in a fresh data folder (`label-studio init`, once per annotator, each with its password
   and API token; the first creates the organisation with legacy tokens enabled, so a pre-set token is accepted).
2. Starts `label-studio start` on 127.0.0.1:N and waits until it answers (about a minute).
3. Creates a project with DIR/label-config.xml and DIR/instructions.html, imports DIR/tasks.json.
4. Posts the plan's annotations, each with its annotator's token: a plan is a JSON object
   {"annotators": [{"email", "password", "token"}], "actions": [{"annotator": i, "row_id", "choices": {dimension: level},
   "note"?, "lead_time"?, "ground_truth"?, "skip"?: true, "edit"?: {dimension: level}}]}: `skip` posts a cancelled
   annotation (as Label Studio's Skip button does), `edit` updates the annotation just posted (as a later edit does).
   An annotator's second action on a task posts a second annotation of theirs on it.
5. Exports the project as JSON, the annotators expanded to their emails, into OUT.json.
6. Stops the server, whether or not the steps before it succeeded: on an error, on SIGTERM, and when the whole session
   outlives --deadline seconds (default 900); should this script itself be killed outright, the kernel sends the
   server SIGTERM (PR_SET_PDEATHSIG).

Every failure ends the script with a message on stderr and exit status 1; the server's log is printed then.
"""
import argparse
import ctypes
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request


def die_with_parent():
    """In the server's process before it starts: SIGTERM when this script's process ends (PR_SET_PDEATHSIG, 1)."""
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)


def fail(message):
    raise SystemExit(f"label-studio-session: {message}")


class Server:
    def __init__(self, base, token):
        self.base = base
        self.token = token

    def call(self, method, path, body=None, token=None, raw=False):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Authorization", f"Token {token or self.token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                payload = response.read()
        except urllib.error.HTTPError as error:
            fail(f"{method} {path} answered {error.code}: {error.read().decode(errors='replace')[:2000]}")
        return payload if raw else json.loads(payload or b"null")


def init_user(binary, data_dir, user, first):
    command = [binary, "init", "--data-dir", data_dir, "--username", user["email"], "--password", user["password"],
               "--user-token", user["token"], "--quiet"]
    if first:
        command.append("--enable-legacy-api-token")
    done = subprocess.run(command, capture_output=True, text=True, env=os.environ | {"LABEL_STUDIO_BASE_DATA_DIR": data_dir})
    if done.returncode != 0 or "successfully initialized" not in done.stdout:
        fail(f"`label-studio init` for {user['email']} failed ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")


def wait_until_up(server, process, log_path, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            fail(f"the server exited ({process.returncode}) before answering; its log:\n{tail(log_path)}")
        try:
            with urllib.request.urlopen(server.base + "/health", timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(2)
    fail(f"the server did not answer within {timeout} s; its log:\n{tail(log_path)}")


def tail(path):
    with open(path, errors="replace") as f:
        return f.read()[-6000:]


def result(choices, note):
    items = [{"from_name": name, "to_name": "target", "type": "choices", "value": {"choices": [level]}}
             for name, level in choices.items()]
    if note:
        items.append({"from_name": "note", "to_name": "target", "type": "textarea", "value": {"text": [note]}})
    return items


def session(server, arguments, plan):
    with open(os.path.join(arguments.project, "label-config.xml")) as f:
        config = f.read()
    with open(os.path.join(arguments.project, "instructions.html")) as f:
        instructions = f.read()
    with open(os.path.join(arguments.project, "tasks.json")) as f:
        tasks = json.load(f)
    project = server.call("POST", "/api/projects", {
        "title": "judgecal round trip", "label_config": config, "expert_instruction": instructions,
        "show_instruction": True, "maximum_annotations": len(plan["annotators"])})
    imported = server.call("POST", f"/api/projects/{project['id']}/import", tasks)
    if imported.get("task_count") != len(tasks):
        fail(f"imported {imported.get('task_count')} of {len(tasks)} tasks: {imported}")
    listed = server.call("GET", f"/api/tasks?project={project['id']}&page_size=1000")
    task_of = {task["data"]["row_id"]: task["id"] for task in listed["tasks"]}
    for action in plan["actions"]:
        user = plan["annotators"][action["annotator"]]
        task = task_of[action["row_id"]]
        body = {"result": [] if action.get("skip") else result(action.get("choices", {}), action.get("note")),
                "was_cancelled": bool(action.get("skip")), "lead_time": action.get("lead_time", 12.5),
                "ground_truth": bool(action.get("ground_truth"))}
        time.sleep(0.05)  # each annotation's timestamps after the one before
        made = server.call("POST", f"/api/tasks/{task}/annotations", body, token=user["token"])
        if "edit" in action:
            time.sleep(0.5)  # a later updated_at than the annotation's creation
            server.call("PATCH", f"/api/annotations/{made['id']}",
                        {"result": result(action["edit"], action.get("note"))}, token=user["token"])
    snapshot = server.call("POST", f"/api/projects/{project['id']}/exports", {
        "title": "round trip", "serialization_options": {"annotations__completed_by": {"only_id": False}}})
    for _ in range(120):
        state = server.call("GET", f"/api/projects/{project['id']}/exports/{snapshot['id']}")
        if state.get("status") == "completed":
            break
        if state.get("status") == "failed":
            fail(f"the export failed: {state}")
        time.sleep(1)
    else:
        fail("the export did not complete within 120 s")
    exported = server.call(
        "GET", f"/api/projects/{project['id']}/exports/{snapshot['id']}/download?exportType=JSON", raw=True)
    with open(arguments.export, "wb") as f:
        f.write(exported)


def main():
    parser = argparse.ArgumentParser()
    for name in ["--label-studio", "--data-dir", "--project", "--plan", "--export"]:
        parser.add_argument(name, required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--startup-timeout", type=int, default=300)
    parser.add_argument("--deadline", type=int, default=900)
    arguments = parser.parse_args()

    def stop(signum, _frame):
        raise SystemExit(f"label-studio-session: stopped by signal {signum} (SIGALRM: the session outlived --deadline)")

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGALRM, stop)
    signal.alarm(arguments.deadline)
    with open(arguments.plan) as f:
        plan = json.load(f)
    for k, user in enumerate(plan["annotators"]):
        init_user(arguments.label_studio, arguments.data_dir, user, first=k == 0)
    log_path = os.path.join(arguments.data_dir, "server.log")
    environment = os.environ | {
        "LABEL_STUDIO_BASE_DATA_DIR": arguments.data_dir, "LABEL_STUDIO_ENABLE_LEGACY_API_TOKEN": "true"}
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            [arguments.label_studio, "start", "--data-dir", arguments.data_dir, "--host", "127.0.0.1",
             "--internal-host", "127.0.0.1", "--port", str(arguments.port), "--no-browser"],
            stdout=log, stderr=subprocess.STDOUT, env=environment, start_new_session=True, preexec_fn=die_with_parent)
    try:
        server = Server(f"http://127.0.0.1:{arguments.port}", plan["annotators"][0]["token"])
        wait_until_up(server, process, log_path, arguments.startup_timeout)
        session(server, arguments, plan)
    except SystemExit:
        print(f"label-studio-session: the server's log:\n{tail(log_path)}", file=sys.stderr)
        raise
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


if __name__ == "__main__":
    main()
