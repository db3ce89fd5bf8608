"""Reads the replay's build logs (replay.sh's OUT/logs/build-NN.log) and prints a CSV of one row per build and a
Markdown summary: the check's verdict before and after confirmation, the change points perf:trend reported, and
the builds' times and load. Usage: python3 summarize.py OUT/logs [builds.csv]"""
import csv
import glob
import os
import re
import sys

logs = sorted(glob.glob(os.path.join(sys.argv[1], "build-*.log")))
rows = []
for path in logs:
    text = open(path, errors="replace").read()
    head = re.search(r"^# build (\d+) at (\S+), commit (\S+), load (\S+)", text, re.M)
    tail = re.search(r"^# exit (\d+) after (\d+) s", text, re.M)
    if not head or not tail:
        continue  # a build still running, or cut short
    outcome = re.search(r"perf:check: (\w+) - (.*)$", text, re.M)
    # "2 WARN rows above the limit but undecided measured again side by side ...: 0 confirmed, 2 not (now WARN)"
    confirm = re.search(r"^\[\w+\] (\d+) (FAIL|WARN) rows? (.*?)measured again side by side.*?: (\d+) confirmed, (\d+) not",
                        text, re.M)
    trend = [m for m in re.finditer(r"(\d+) change point\(s\), (\d+) of them slowdowns", text)]
    # rows as the stored comparison judged them, before confirmation rewrote them
    fails_before = 0
    if confirm and confirm.group(2) == "FAIL":
        fails_before = int(confirm.group(1))
    confirmed = int(confirm.group(4)) if confirm else 0
    culprit = re.search(r"got (\d+) % slower at commit (\w+) \(confirmed interleaved[^)]*\)", text)
    rows.append({
        "build": int(head.group(1)), "start": head.group(2), "commit": head.group(3), "load1": head.group(4),
        "exit": int(tail.group(1)), "seconds": int(tail.group(2)),
        "check": outcome.group(1) if outcome else "", "summary": outcome.group(2).strip() if outcome else "",
        "fail_before_confirmation": fails_before,
        "undecided_measured_again": int(confirm.group(1)) if confirm and confirm.group(2) == "WARN" else 0,
        "confirmed": confirmed,
        "change_points": int(trend[-1].group(1)) if trend else 0,
        "slowdown_points": int(trend[-1].group(2)) if trend else 0,
        "culprit": culprit.group(2) if culprit else "",
    })
if len(sys.argv) > 2:
    with open(sys.argv[2], "w", newline="") as out:
        w = csv.DictWriter(out, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
print("| build | start (UTC) | load | s | check | stored FAILs | undecided re-measured | confirmed | change points |")
print("|---|---|---|---|---|---|---|---|---|")
for r in rows:
    print(f"| {r['build']} | {r['start'][11:16]} | {r['load1']} | {r['seconds']} | {r['check']}: {r['summary']} |"
          f" {r['fail_before_confirmation']} | {r['undecided_measured_again']} | {r['confirmed']} |"
          f" {r['change_points']} ({r['slowdown_points']} slower){' culprit ' + r['culprit'] if r['culprit'] else ''} |")
