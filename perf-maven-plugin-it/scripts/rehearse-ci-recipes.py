#!/usr/bin/env python3
"""Rehearses the CI recipes of the Shards page (src/site/markdown/how-to/shards-ci.md) on this machine, as written.

The GitHub Actions recipe of that page is now the GitHub Action (action.yml) with its shard input: each shard
compares its part with the base and gets its own comment, which the invoker IT action-rehearsal plays; so this
script no longer rehearses a GitHub part. The stored-baseline shards of Jenkins and GitLab CI, merged into one
verdict, are still here.

No CI system runs here, so this plays each one's part: every agent is a fresh copy of a project (the quickstart
example by default) in its own directory, and the files pass between jobs the way each system passes them:

* Jenkins: stash keeps the included paths, unstash restores them at the same paths in the workspace;
* GitLab CI: a job's artifacts (paths) are restored, at the same paths, in the jobs that need it; parallel: N
  sets CI_NODE_INDEX (1..N) and CI_NODE_TOTAL.

The shell commands themselves are taken from the page's recipe blocks, with only the CI system's own
substitutions (${k}/${shards}), and run with bash -e in the agent's directory, where ./mvnw
is the plugin's own Maven (the project needs no wrapper of its own). A recipe passes when every command succeeds,
the merge names all shards, and the merged check judged every benchmark of the project. This is a maintainer's
tool (python3, minutes of measurement), not part of CI.

    perf-maven-plugin-it/scripts/rehearse-ci-recipes.py [--project examples/quickstart] [--only jenkins|gitlab]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
PAGE = os.path.join(ROOT, 'src', 'site', 'markdown', 'how-to', 'shards-ci.md')


def block_after(page, heading, language):
    """The first fenced block of the language under a level-2 heading."""
    section = page.split('\n## ' + heading + '\n', 1)[1].split('\n## ', 1)[0]
    match = re.search(r'```' + language + r'\n(.*?)```', section, re.S)
    if not match:
        sys.exit('no ```%s block under "## %s" in %s' % (language, heading, PAGE))
    return match.group(1)


def jenkins_commands(block):
    """The sh steps of the parallel stage and of the verdict stage."""
    stages = block.split("stage('perf verdict')")
    steps = [re.findall(r'''sh ["'](.+)["']\s*$''', part, re.M) for part in stages]
    return steps[0], steps[1]


def gitlab_commands(block):
    """The script: lines of the perf job and of the perf-verdict job."""
    jobs = block.split('\nperf-verdict:\n')
    steps = []
    for job in jobs:
        script = job.split('script:\n', 1)[1]
        steps.append([m for m in re.findall(r'^    - (.+)$', script, re.M)])
    return steps[0], steps[1]


def agent(project, work, name, maven):
    """A fresh checkout of the project for one job: its sources, no target/, and ./mvnw."""
    directory = os.path.join(work, name)
    shutil.copytree(project, directory, ignore=shutil.ignore_patterns('target'))
    with open(os.path.join(directory, 'mvnw'), 'w') as wrapper:
        wrapper.write('#!/bin/sh\nexec "%s" -o "$@"\n' % maven)
    os.chmod(os.path.join(directory, 'mvnw'), 0o755)
    return directory


def run(directory, command, env=None, log=None):
    print('  $ ' + command, flush=True)
    result = subprocess.run(['bash', '-e', '-c', command], cwd=directory, env=dict(os.environ, **(env or {})),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if log:
        with open(log, 'a') as f:
            f.write('$ ' + command + '\n' + result.stdout)
    if result.returncode != 0:
        tail = '\n'.join(result.stdout.splitlines()[-25:])
        sys.exit('FAILED (exit %d) in %s: %s\n%s' % (result.returncode, directory, command, tail))
    return result.stdout


def check_verdict(directory, output, shards, benchmarks):
    merged = re.search(r'Merged (.+?) into (\S+): (\d+) results', output)
    if not merged:
        sys.exit('the verdict job printed no "Merged ..." line')
    for k in range(1, shards + 1):
        if '%d/%d' % (k, shards) not in merged.group(1):
            sys.exit('shard %d/%d is not among the merged: %s' % (k, shards, merged.group(1)))
    with open(os.path.join(directory, 'target', 'perf', 'report.json')) as f:
        judged = {c['benchmark'] for c in json.load(f)['comparisons']}
    missing = benchmarks - judged
    if missing:
        sys.exit('the merged check did not judge %s' % sorted(missing))
    print('  merged %s; the check judged all %d benchmarks' % (merged.group(1), len(benchmarks)))


SHARDS = 4  # as every recipe on the page has it


def jenkins_hand_over(shard, verdict, k):
    """stash includes out/shard-k.json; unstash restores it at the same path."""
    os.makedirs(os.path.join(verdict, 'out'), exist_ok=True)
    shutil.copy(os.path.join(shard, 'out', 'shard-%d.json' % k), os.path.join(verdict, 'out'))


def gitlab_hand_over(shard, verdict, k):
    """artifacts: paths [out/], restored at the same paths in the job that needs it."""
    shutil.copytree(os.path.join(shard, 'out'), os.path.join(verdict, 'out'), dirs_exist_ok=True)


SYSTEMS = [
    {'name': 'jenkins', 'title': 'Jenkins: 4 parallel stages, then perf verdict', 'heading': 'Jenkins',
     'language': 'groovy', 'commands': jenkins_commands,
     'substitute': lambda step, k: step.replace('${k}', str(k)).replace('${shards}', str(SHARDS)),
     'env': lambda k: {}, 'hand_over': jenkins_hand_over},
    {'name': 'gitlab', 'title': 'GitLab CI: parallel: 4, then perf-verdict', 'heading': 'GitLab CI',
     'language': 'yaml', 'commands': gitlab_commands, 'substitute': lambda step, k: step,
     'env': lambda k: {'CI_NODE_INDEX': str(k), 'CI_NODE_TOTAL': str(SHARDS)}, 'hand_over': gitlab_hand_over},
]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--project', default=os.path.join(ROOT, 'examples', 'quickstart'))
    parser.add_argument('--only', choices=['jenkins', 'gitlab'])
    parser.add_argument('--maven', default=None, help='the mvn to run as ./mvnw (default: the wrapper\'s own)')
    args = parser.parse_args()
    maven = args.maven
    if maven is None:
        found = subprocess.run(['bash', '-c', 'ls -d "$HOME"/.m2/wrapper/dists/apache-maven-*/bin/mvn | head -1'],
                               stdout=subprocess.PIPE, text=True).stdout.strip()
        if not found:
            sys.exit('run ./mvnw once first, so that the wrapper has installed its Maven')
        maven = found
    page = open(PAGE).read()
    work = tempfile.mkdtemp(prefix='ci-recipes-')
    log = os.path.join(work, 'commands.log')
    print('Agents under %s; every command\'s output in %s' % (work, log))

    # the benchmarks the project has, from a results file of a whole run: the merged check must judge them all
    whole = agent(args.project, work, 'whole', maven)
    run(whole, './mvnw -B -q verify -Pperf -Dperf.failOnRegression=false', log=log)
    with open(os.path.join(whole, 'target', 'perf', 'results.json')) as f:
        benchmarks = {b['benchmark'] for b in json.load(f)['benchmarks']}
    print('The project measures %d benchmarks and scenarios: %s' % (len(benchmarks), ', '.join(sorted(benchmarks))))

    for system in SYSTEMS:
        if args.only not in (None, system['name']):
            continue
        print(system['title'])
        shard_steps, verdict_steps = system['commands'](block_after(page, system['heading'], system['language']))
        verdict = agent(args.project, work, system['name'] + '-verdict', maven)
        for k in range(1, SHARDS + 1):
            directory = agent(args.project, work, '%s-shard-%d' % (system['name'], k), maven)
            for step in shard_steps:
                run(directory, system['substitute'](step, k), env=system['env'](k), log=log)
            system['hand_over'](directory, verdict, k)
        output = ''.join(run(verdict, step, log=log) for step in verdict_steps)
        check_verdict(verdict, output, SHARDS, benchmarks)
    print('All recipes ran as written.')


if __name__ == '__main__':
    main()
