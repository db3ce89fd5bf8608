#!/usr/bin/env bash
# Checks perf-maven-plugin's HTML report in a real headless browser (Chromium), offline.
#
# For every report page it
#   1. loads the page on its own with --dump-dom and console logging, and fails on any console message
#      (the page has no script, so any message means a broken page) or on an empty DOM;
#   2. loads it again inside a small harness page (the only script involved) that counts the pictures and
#      measures each one: there must be exactly one <figure data-benchmark> holding one visible <svg>
#      (width and height > 0) per benchmark, as announced by data-benchmarks="N" on the report;
#   3. takes a screenshot, target/report-html-check/<name>.png, for a person to look at (not with
#      --no-screenshots, as CI runs it: nobody looks at them there, and they were a third of its launches).
#
# Usage: src/site/scripts/check-report-html.sh [--install] [--no-screenshots] [report.html ...]
#   Without files it checks the golden report of the unit tests
#   (perf-core/src/test/resources/io/perfgate/report/html/expected-report.html, which HtmlReportTest
#   keeps equal to the renderer's output) and every report.html / perf-report.html the invoker ITs left
#   under perf-maven-plugin-it/target/it/, every trend.html (perf:trend's page: one figure per series), and in
#   each profile directory they wrote (target/perf/profiles/*/) our diff.html and the first of async-profiler's
#   flame graphs (the others are the same page of async-profiler's over other samples).
#   --install  installs Debian's chromium with apt-get when no browser is found (needs root).
#
# Exit status: 0 all pages pass; 1 a page failed; 2 no browser, or bad usage.
set -euo pipefail

cd "$(dirname "$0")/../../.."
root=$(pwd)
out_dir="$root/target/report-html-check"

install=false
screenshots=true
files=()
for arg in "$@"; do
    case "$arg" in
        --install) install=true ;;
        --no-screenshots) screenshots=false ;;
        -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
        *) files+=("$arg") ;;
    esac
done

find_browser() {
    for b in chromium chromium-browser google-chrome google-chrome-stable; do
        if command -v "$b" >/dev/null 2>&1; then
            command -v "$b"
            return 0
        fi
    done
    return 1
}

browser=$(find_browser || true)
if [ -z "$browser" ] && $install; then
    if [ "$(id -u)" != 0 ]; then
        echo "check-report-html: --install needs root (apt-get install -y chromium)" >&2
        exit 2
    fi
    echo "check-report-html: installing chromium with apt-get"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    browser=$(find_browser || true)
fi
if [ -z "$browser" ]; then
    echo "check-report-html: no Chromium found; install it (Debian: apt-get install -y chromium) or pass --install" >&2
    exit 2
fi

default_files=false
if [ ${#files[@]} -eq 0 ]; then
    default_files=true
    files+=("perf-core/src/test/resources/io/perfgate/report/html/expected-report.html")
    shopt -s nullglob
    for f in perf-maven-plugin-it/target/it/*/target/perf/report.html \
             perf-maven-plugin-it/target/it/*/target/perf/trend.html \
             perf-maven-plugin-it/target/it/*/perf-check/report.html \
             perf-maven-plugin-it/target/it/*/target/site/perf-report.html; do
        files+=("$f")
    done
    shopt -u nullglob
fi

mkdir -p "$out_dir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Flags that keep the browser offline and quiet; each run gets a fresh profile directory.
run_browser() {
    local profile
    profile=$(mktemp -d "$work/profile.XXXXXX")
    timeout 90 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync --disable-default-apps \
        --disable-extensions --hide-scrollbars --user-data-dir="$profile" "$@"
}

failures=0
fail() {
    echo "FAIL $1: $2" >&2
    failures=$((failures + 1))
}

# One report page: prints "ok ..." or its FAIL lines.
check_report() {
    local file=$1 failures_before=$failures abs name expected svg_in_dom copy measured
    if [ ! -f "$file" ]; then
        fail "$file" "no such file"
        return
    fi
    abs=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")
    name=$(echo "$file" | sed 's#[^A-Za-z0-9._-]#_#g')
    expected=$(grep -o 'data-benchmarks="[0-9]*"' "$abs" | head -1 | grep -o '[0-9]*' || true)
    if [ -z "$expected" ]; then
        fail "$file" "no perf-maven-plugin report in it (no data-benchmarks attribute)"
        return
    fi

    # 1. the page alone: DOM and console
    if ! run_browser --enable-logging=stderr --v=0 --virtual-time-budget=3000 --dump-dom "file://$abs" \
            >"$work/$name.dom" 2>"$work/$name.log"; then
        fail "$file" "the browser did not load the page (see $out_dir/$name.log)"
        cp "$work/$name.log" "$out_dir/$name.log"
        return
    fi
    cp "$work/$name.log" "$out_dir/$name.log"
    if grep -q ':CONSOLE' "$work/$name.log"; then
        fail "$file" "console messages: $(grep ':CONSOLE' "$work/$name.log" | sed 's/^.*CONSOLE[^]]*\] //' | head -5 | tr '\n' ' ')"
    fi
    if ! grep -q 'class="perfgate-report"' "$work/$name.dom"; then
        fail "$file" "the rendered DOM holds no report"
        return
    fi
    # A report without comparisons (no baseline yet) has no <svg>: grep's "no match" must not end the script.
    svg_in_dom=$({ grep -o '<svg ' "$work/$name.dom" || true; } | wc -l)
    if [ "$svg_in_dom" -lt "$expected" ]; then
        fail "$file" "$svg_in_dom <svg> elements in the rendered DOM for $expected benchmarks"
    fi

    # 2. the harness: count and measure the pictures as laid out by the browser
    copy="$work/$name.page.html"
    cp "$abs" "$copy"
    cat >"$work/$name.harness.html" <<HTML
<!DOCTYPE html>
<html><head><meta charset="utf-8"></head>
<body>
<iframe id="report" src="$name.page.html" style="width:1280px;height:2000px"></iframe>
<pre id="result">not measured</pre>
<script>
window.addEventListener('load', function () {
  var out = document.getElementById('result');
  try {
    var doc = document.getElementById('report').contentDocument;
    var report = doc.querySelector('.perfgate-report');
    var figures = doc.querySelectorAll('figure[data-benchmark]');
    var visible = 0, problems = [];
    figures.forEach(function (f) {
      var svgs = f.querySelectorAll('svg');
      if (svgs.length !== 1) { problems.push(f.getAttribute('data-benchmark') + ': ' + svgs.length + ' svg'); return; }
      var box = svgs[0].getBoundingClientRect();
      if (box.width > 100 && box.height > 50) { visible++; }
      else { problems.push(f.getAttribute('data-benchmark') + ': svg is ' + box.width + 'x' + box.height); }
    });
    out.textContent = 'announced=' + (report ? report.getAttribute('data-benchmarks') : 'none')
      + ' figures=' + figures.length + ' visible=' + visible + ' problems=' + JSON.stringify(problems);
  } catch (e) {
    out.textContent = 'harness error: ' + e;
  }
});
</script>
</body></html>
HTML
    run_browser --allow-file-access-from-files --virtual-time-budget=5000 --dump-dom \
        "file://$work/$name.harness.html" >"$work/$name.harness.dom" 2>/dev/null || true
    measured=$(grep -o 'announced=[^<]*' "$work/$name.harness.dom" | head -1 || true)
    if [ "$measured" != "announced=$expected figures=$expected visible=$expected problems=[]" ]; then
        fail "$file" "expected $expected visible pictures, measured: ${measured:-nothing (harness did not run)}"
    fi

    # 3. a screenshot to look at
    if $screenshots; then
        run_browser --window-size=1280,4000 --screenshot="$out_dir/$name.png" "file://$abs" >/dev/null 2>&1 || true
        if [ ! -s "$out_dir/$name.png" ]; then
            fail "$file" "no screenshot"
        fi
    fi
    if [ "$failures" -ne "$failures_before" ]; then
        return
    fi
    echo "ok   $file: $expected benchmarks, $svg_in_dom svg in the DOM, $measured$($screenshots && echo "; screenshot $out_dir/$name.png")"
}

# The profile pages the comparison ITs wrote (perf.profile): the differential view (one <svg>, no script) and
# async-profiler's flame graphs (a <canvas> their script draws). Each must load without a console message, hold
# its picture in the rendered DOM, and give a screenshot.
check_profile() {
    local page=$1 abs name picture
    abs=$(cd "$(dirname "$page")" && pwd)/$(basename "$page")
    name=$(echo "$page" | sed 's#[^A-Za-z0-9._-]#_#g')
    if ! run_browser --enable-logging=stderr --v=0 --virtual-time-budget=3000 --dump-dom "file://$abs" \
            >"$work/$name.dom" 2>"$work/$name.log"; then
        fail "$page" "the browser did not load the page"
        return
    fi
    if grep -q ':CONSOLE' "$work/$name.log"; then
        fail "$page" "console messages: $(grep ':CONSOLE' "$work/$name.log" | sed 's/^.*CONSOLE[^]]*\] //' | head -5 | tr '\n' ' ')"
        return
    fi
    case "$(basename "$page")" in
        diff.html) picture='<rect ' ;;
        *) picture='<canvas' ;;
    esac
    if ! grep -q "$picture" "$work/$name.dom"; then
        fail "$page" "no $picture in the rendered DOM"
        return
    fi
    if $screenshots; then
        run_browser --window-size=1280,1200 --screenshot="$out_dir/$name.png" "file://$abs" >/dev/null 2>&1 || true
        if [ ! -s "$out_dir/$name.png" ]; then
            fail "$page" "no screenshot"
            return
        fi
    fi
    echo "ok   $page: $picture in the DOM, no console message$($screenshots && echo "; screenshot $out_dir/$name.png")"
}

profiles=()
if $default_files; then
    shopt -s nullglob
    for dir in perf-maven-plugin-it/target/it/*/target/perf/profiles/*/; do
        [ -f "$dir/diff.html" ] && profiles+=("${dir}diff.html")
        for page in "$dir"*.html; do
            if [ "$(basename "$page")" != diff.html ]; then
                profiles+=("$page")
                break
            fi
        done
    done
    shopt -u nullglob
fi

# Two workers, one browser each at a time: each launch is mostly waiting on one core, and 160 launches one after
# another took over 2 minutes of CI. Worker k takes every second page from k; each keeps its own count of problems.
jobs=()
for f in "${files[@]}"; do jobs+=("report $f"); done
for f in "${profiles[@]}"; do jobs+=("profile $f"); done
worker() {
    local k=$1 i
    for ((i = k; i < ${#jobs[@]}; i += 2)); do
        case ${jobs[$i]} in
            report\ *) check_report "${jobs[$i]#report }" ;;
            profile\ *) check_profile "${jobs[$i]#profile }" ;;
        esac
    done
    echo "$failures" >"$work/failures.$k"
}
worker 0 &
worker 1 &
wait
for k in 0 1; do
    if [ -f "$work/failures.$k" ]; then
        failures=$((failures + $(cat "$work/failures.$k")))
    else
        fail "worker $k" "stopped before its last page (see the lines above)"
    fi
done
profile_pages=${#profiles[@]}

if [ "$failures" -gt 0 ]; then
    echo "check-report-html: $failures problem(s)" >&2
    exit 1
fi
echo "check-report-html: ${#files[@]} report page(s) and $profile_pages profile page(s) passed"
