#!/usr/bin/env python3
"""Drives headless Chromium over the DevTools protocol (--remote-debugging-pipe),
standard library only, for the browser tests of the HTML pages.

Usage: drive_chromium.py CHROMIUM PAGE.html OUTDIR STEPS.json

STEPS is a JSON list run in order after the page has loaded:
  {"key": "4"} | {"key": "ArrowRight"}     a key pressed and released
  {"eval": "expression", "as": "name"}    the value (returned by value) kept under name
  {"click": "#export", "download": true}  a click; with download, waits for the file
  {"reload": true}                        reloads; waits for the load and for the storage the page left
  {"navigate": "other.html"}              opens another page of PAGE's folder in the same tab (same profile and storage),
                                          waiting as a reload does
  {"viewport": [1280, 800]}               the window's inner size from now on (device metrics override)
  {"screenshot": "name.png"}              a full-page PNG into OUTDIR ("height": N for the top N pixels only)
Prints one JSON object: {"values", "console" (error and warning messages),
"exceptions", "dialogs", "downloads"}.
"""
import base64
import json
import os
import select
import subprocess
import sys
import tempfile
import time

KEYS = {"ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39, "ArrowDown": 40}


class BrowserTimeout(RuntimeError):
    """The browser sent nothing before a deadline."""


class Browser:
    def __init__(self, chromium, profile):
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def wire():
            # Copies first: dup2 onto the same number would keep close-on-exec.
            reading, writing = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(reading, 3)
            os.dup2(writing, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--remote-debugging-pipe",
             "--user-data-dir=" + profile, "--window-size=1100,900", "about:blank"],
            preexec_fn=wire, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None, timeout=60):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        wanted = self.next_id
        deadline = time.time() + timeout
        while True:
            reply = self.read(deadline, waiting_for=f"the reply to {method}")
            if reply.get("id") == wanted:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def read(self, deadline, waiting_for):
        """The next message, or BrowserTimeout at `deadline`.

        A read that blocks without a deadline was how the driver once hung until the test killed it:
        `wait_for`'s timeout was checked only between messages, so a browser that sent none never
        reached it. Every read now waits at most until its deadline.
        """
        while b"\0" not in self.buffer:
            remaining = deadline - time.time()
            ready, _, _ = select.select([self.from_chrome], [], [], max(0.0, remaining))
            if not ready:
                raise BrowserTimeout(f"chromium sent nothing for {waiting_for}")
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        message = json.loads(raw)
        if "method" in message:
            self.events.append(message)
        return message

    def wait_for(self, method, timeout=20):
        deadline = time.time() + timeout
        while True:
            for i, event in enumerate(self.events):
                if event["method"] == method:
                    return self.events.pop(i)
            self.read(deadline, waiting_for=method)

    def wait_ready(self, session, url, timeout=20):
        """Polls until the page at `url` has loaded and is not the document a reload replaced.

        Waiting for Page.loadEventFired alone can match an earlier load event
        (about:blank's, or the page's before a reload), and on a busy machine
        keys sent then reach a page that is not there yet.
        """
        check = f"document.readyState === 'complete' && location.href === {json.dumps(url)} && !window.__judgecalReplaced"
        deadline = time.time() + timeout
        while time.time() < deadline:
            reply = self.send("Runtime.evaluate", {"expression": check, "returnByValue": True}, session=session)
            if reply.get("result", {}).get("value") is True:
                return
            time.sleep(0.05)
        raise BrowserTimeout(f"timed out waiting for {url} to load")

    def open_with_storage(self, session, url, go, timeout=30):
        """Opens `url` by `go()` and waits until the new document holds the localStorage the old one left.

        The old document's writes reach the browser process asynchronously: on a machine saturated by
        the parallel suite a page opened at once once found its storage still empty (clean-clone CI,
        session 9), and once, a second after a removal, still holding the removed item (session 17).
        A person never reloads that fast. None of the pages writes on load, so the new document must see
        exactly what the old one held; while it does not, it is opened again, as a person would reload.
        """
        snapshot = "JSON.stringify(Object.keys(localStorage).sort().map(k => [k, localStorage.getItem(k)]))"
        read = lambda: self.send("Runtime.evaluate", {"expression": snapshot, "returnByValue": True}, session=session)["result"]["value"]
        left = read()
        deadline = time.time() + timeout
        while True:
            self.send("Runtime.evaluate", {"expression": "window.__judgecalReplaced = true"}, session=session)
            go()
            self.wait_ready(session, url)
            if read() == left:
                return
            # The page was built from stale storage: wait for the browser to catch up, then reload it.
            while read() != left:
                if time.time() > deadline:
                    raise BrowserTimeout(f"{url} never saw the storage the page before it left")
                time.sleep(0.1)
            go = lambda: self.send("Page.reload", session=session)

    def close(self):
        try:
            self.send("Browser.close", timeout=10)
        except RuntimeError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def main():
    chromium, page, outdir, steps_file = sys.argv[1:5]
    steps = json.load(open(steps_file))
    os.makedirs(outdir, exist_ok=True)
    result = {"values": {}, "console": [], "exceptions": [], "dialogs": [], "downloads": []}
    with tempfile.TemporaryDirectory() as profile:
        browser = Browser(chromium, profile)
        try:
            target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            for domain in ["Page", "Runtime", "Log"]:
                browser.send(domain + ".enable", session=session)
            browser.send("Browser.setDownloadBehavior",
                         {"behavior": "allow", "downloadPath": os.path.abspath(outdir), "eventsEnabled": True})
            url = "file://" + os.path.abspath(page)
            browser.send("Page.navigate", {"url": url}, session=session)
            browser.wait_ready(session, url)
            for step in steps:
                if "key" in step:
                    key = step["key"]
                    code = KEYS.get(key, ord(key[0]) if len(key) == 1 else 0)
                    down = {"type": "keyDown", "key": key, "windowsVirtualKeyCode": code,
                            "code": key if key in KEYS else "Digit" + key}
                    if len(key) == 1:
                        down["text"] = key
                    browser.send("Input.dispatchKeyEvent", down, session=session)
                    browser.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "windowsVirtualKeyCode": code}, session=session)
                elif "eval" in step:
                    reply = browser.send("Runtime.evaluate", {"expression": step["eval"], "returnByValue": True}, session=session)
                    if "exceptionDetails" in reply:
                        raise RuntimeError(f"evaluating {step['eval']!r}: {reply['exceptionDetails']}")
                    result["values"][step["as"]] = reply["result"].get("value")
                elif "click" in step:
                    selector = json.dumps(step["click"])
                    browser.send("Runtime.evaluate", {"expression": f"document.querySelector({selector}).click()"}, session=session)
                    if step.get("download"):
                        while True:
                            event = browser.wait_for("Browser.downloadProgress")
                            if event["params"]["state"] in ("completed", "canceled"):
                                break
                        begun = [e for e in browser.events if e["method"] == "Browser.downloadWillBegin"]
                        name = begun[-1]["params"]["suggestedFilename"] if begun else None
                        guid = event["params"]["guid"]
                        named = os.path.join(os.path.abspath(outdir), name or guid)
                        path = named if os.path.exists(named) else os.path.join(os.path.abspath(outdir), guid)
                        result["downloads"].append({"state": event["params"]["state"], "suggestedFilename": name, "path": path})
                elif "navigate" in step:
                    url = "file://" + os.path.join(os.path.dirname(os.path.abspath(page)), step["navigate"])
                    browser.open_with_storage(session, url, lambda: browser.send("Page.navigate", {"url": url}, session=session))
                elif "reload" in step:
                    browser.open_with_storage(session, url, lambda: browser.send("Page.reload", session=session))
                elif "viewport" in step:
                    width, height = step["viewport"]
                    browser.send("Emulation.setDeviceMetricsOverride",
                                 {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=session)
                elif "screenshot" in step:
                    params = {"format": "png", "captureBeyondViewport": True}
                    if "height" in step:
                        params["clip"] = {"x": 0, "y": 0, "width": 1100, "height": step["height"], "scale": 1}
                    shot = browser.send("Page.captureScreenshot", params, session=session)
                    path = os.path.join(outdir, step["screenshot"])
                    with open(path, "wb") as f:
                        f.write(base64.b64decode(shot["data"]))
                    result["values"][step["screenshot"]] = path
            time.sleep(0.2)
            browser.send("Runtime.evaluate", {"expression": "0"}, session=session)
            for event in browser.events:
                params = event.get("params", {})
                if event["method"] == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
                    result["console"].append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
                elif event["method"] == "Log.entryAdded" and params["entry"]["level"] in ("error", "warning"):
                    result["console"].append(params["entry"].get("text", ""))
                elif event["method"] == "Runtime.exceptionThrown":
                    result["exceptions"].append(params["exceptionDetails"].get("text", "") + " " +
                                                str(params["exceptionDetails"].get("exception", {}).get("description", "")))
                elif event["method"] == "Page.javascriptDialogOpening":
                    result["dialogs"].append(params.get("message", ""))
                    browser.send("Page.handleJavaScriptDialog", {"accept": True}, session=session)
        finally:
            browser.close()
    print(json.dumps(result))


if __name__ == "__main__":
    try:
        main()
    except BrowserTimeout as timeout:
        # 75 (EX_TEMPFAIL): the browser stopped answering; ChromiumDriver runs it once more from a fresh profile.
        print(f"drive_chromium.py: {timeout}", file=sys.stderr)
        sys.exit(75)
