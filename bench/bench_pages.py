#!/usr/bin/env python3
"""How long the validation report's pages take to be ready in a real browser (headless Chromium
through Selenium, as tests/browser does), against the target of 3 s per page (docs/validation.md).
A target, so a benchmark: the browser test checks what the pages show, not how fast.

    bench_pages.py NSDKIT WORK [--repetitions N]

Writes a quick validation report into WORK (`nsdkit validate --quick --families
trough,incline,launch`, as the browser test), then opens report.html and the replay of a failing
engine row N times each (default 5; the first load is cold, the others find the browser's cache
warm) and prints, per page, the first load, the median and the largest of all in seconds. Exits 1
if a page's median is over the target, 2 on bad arguments.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tests", "browser"))
from headless_chromium import start_chromium  # noqa: E402

TARGET_S = 3.0  # each page of the report ready within 3 s (docs/validation.md)
WAIT_LIMIT_S = 60.0  # a page not ready by then counts as this long


def arguments(argv):
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] != "--repetitions"):
        raise SystemExit(__doc__)
    repetitions = 5
    if len(argv) == 5:
        try:
            repetitions = int(argv[4])
        except ValueError:
            repetitions = 0
        if not 1 <= repetitions <= 100:
            print(f"bench_pages.py: --repetitions must be a whole number from 1 to 100, not "
                  f"{argv[4]!r}", file=sys.stderr)
            sys.exit(2)
    return argv[1], argv[2], repetitions


def seconds_until_ready(driver, url, ready_script):
    start = time.time()
    driver.get(url)
    while time.time() - start < WAIT_LIMIT_S:
        if driver.execute_script(ready_script):
            return time.time() - start
        time.sleep(0.01)
    return WAIT_LIMIT_S


def main(argv):
    cli, work, repetitions = arguments(argv)
    report = os.path.join(work, "validation")
    shutil.rmtree(report, ignore_errors=True)
    subprocess.run([cli, "validate", "--quick", "--families", "trough,incline,launch",
                    "--map-grid", "9", "--quiet", "--output", report], check=True,
                   stdout=subprocess.DEVNULL)
    with open(os.path.join(report, "report.json")) as f:
        rows = json.load(f)["rows"]
    failing = next(i for i, r in enumerate(rows) if r["family"] == "trough" and
                   r["status"] == "fail" and r["solver"].startswith(("mujoco", "bullet", "ode")))
    pages = [("report.html", "report.html", "return window.NSD_READY === true"),
             (f"replay.html (row {failing})", f"replay.html#row={failing}",
              "return !!(window.NSD_REPLAY_STATE && window.NSD_REPLAY_STATE.ready)")]
    driver = start_chromium()
    over = []
    try:
        for name, page, ready in pages:
            url = "file://" + os.path.join(report, page)
            times = []
            for _ in range(repetitions):
                driver.get("about:blank")
                times.append(seconds_until_ready(driver, url, ready))
            median = statistics.median(times)
            print(f"{name}: first {times[0]:.2f} s, median {median:.2f} s, largest "
                  f"{max(times):.2f} s of {repetitions} (target {TARGET_S:.1f} s)")
            if median > TARGET_S:
                over.append(name)
    finally:
        driver.quit()
    if over:
        print("over the target: " + ", ".join(over))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
