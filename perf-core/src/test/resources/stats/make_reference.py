#!/usr/bin/env python3
"""Reference values for the unit tests of io.perfgate.stats, computed independently of the Java code.

Run from this directory with SciPy and NumPy installed (see README.md):
    python3 make_reference.py > reference.json

What is computed, and how (none of it calls the Java code):
* shift cases: per-fork values of a baseline and a candidate (lognormal, some rounded to a grid so that
  they tie, some with an exact tie at the tested shift), oriented logs, the Hodges-Lehmann ratio as the
  NumPy median of all pairwise differences, the exact null distribution of U as the coefficients of the
  Gaussian binomial [n+m choose n]_q in exact integer arithmetic (a different algorithm from the Java
  recursion), the critical count k and the bounds from it, and the one-sided p-values from
  scipy.stats.mannwhitneyu(method="exact") after breaking ties against the alternative (the rule the
  Java code documents). For tie-free data the count-based p-value from the exact integer distribution
  must equal SciPy's; the script asserts it. SciPy's own exact p-value on the data with its ties
  (midranks, no tie correction) is stored too, for information.
* trend cases: scipy.stats.kendalltau of iteration index against values, exact without ties,
  asymptotic (tie-corrected variance, no continuity correction) with ties.
* quantile cases: numpy.percentile (linear = Hyndman-Fan type 7) and order-statistic intervals of a
  quantile from scipy.stats.binom.
"""
import json
import math
import sys
from fractions import Fraction

import numpy as np
import scipy
from scipy import stats

TIE_TOLERANCE = 1e-9
RNG = np.random.default_rng(20240611)


def gaussian_binomial(n, m):
    """Coefficients of [n+m choose n]_q: counts of U = 0 .. n*m, exact Python integers."""
    poly = [1]
    for i in range(1, n + 1):
        # multiply by (1 - q^(m+i))
        shift = m + i
        out = poly + [0] * shift
        for u, c in enumerate(poly):
            out[u + shift] -= c
        # divide by (1 - q^i): multiply by 1 + q^i + q^2i + ..., truncated to the degree
        for u in range(i, len(out)):
            out[u] += out[u - i]
        while len(out) > 1 and out[-1] == 0:
            out.pop()
        poly = out
    assert len(poly) == n * m + 1 and sum(poly) == math.comb(n + m, n)
    return poly


def cdf_fractions(n, m):
    counts = gaussian_binomial(n, m)
    total = sum(counts)
    cum, out = 0, []
    for c in counts:
        cum += c
        out.append(Fraction(cum, total))
    return out


def critical_count(cdf, alpha):
    a = Fraction(alpha)  # the double's exact value, as Java compares
    k = 0
    for u in range(len(cdf)):
        if cdf[u] <= a:
            k = u + 1
        else:
            break
    return min(k, len(cdf) - 1)


def oriented_logs(values, direction):
    logs = np.log(np.asarray(values, dtype=float))
    return -logs if direction == "higher" else logs


def break_ties(x_shifted, y, alternative):
    """Perturb so that pairs within the tolerance go against the alternative; no other pair may flip."""
    gap = 1e-7
    xs = np.array(x_shifted, dtype=float)
    ys = np.array(y, dtype=float)
    diff = xs[:, None] - ys[None, :]
    near = np.abs(diff)[np.abs(diff) > TIE_TOLERANCE]
    assert near.size == 0 or near.min() > 10 * gap, "a non-tied pair is too close to break ties safely"
    # against 'greater': x goes below y on ties; against 'less': x goes above
    xs = xs - gap if alternative == "greater" else xs + gap
    # distinct values within each sample; U does not depend on within-sample order
    xs = xs + np.arange(len(xs)) * 1e-10
    ys = ys + np.arange(len(ys)) * 1e-10
    return xs, ys


def p_value(x, y, shift, alternative):
    """Exact one-sided p-value with ties at the shift counted against the alternative."""
    xs, ys = break_ties(np.asarray(x) - shift, y, alternative)
    res = stats.mannwhitneyu(xs, ys, alternative=alternative, method="exact")
    d = np.asarray(x)[:, None] - np.asarray(y)[None, :]
    if alternative == "greater":
        u_strict = int(np.sum(d > shift + TIE_TOLERANCE))
        assert res.statistic == u_strict, (res.statistic, u_strict)
    else:
        u_strict = int(np.sum(d < shift - TIE_TOLERANCE))
        assert len(x) * len(y) - res.statistic == u_strict
    return float(res.pvalue), u_strict


def shift_case(name, baseline, candidate, direction, t_min, alphas):
    baseline = [float(v) for v in baseline]
    candidate = [float(v) for v in candidate]
    x = oriented_logs(candidate, direction)
    y = oriented_logs(baseline, direction)
    n, m = len(x), len(y)
    d = np.sort((x[:, None] - y[None, :]).ravel())
    big_n = n * m
    cdf = cdf_fractions(n, m)
    delta = math.log1p(t_min)
    p_slower, u_slower = p_value(x, y, delta, "greater")
    p_faster, u_faster = p_value(x, y, -delta, "less")
    p_slower0, _ = p_value(x, y, 0.0, "greater")
    p_faster0, _ = p_value(x, y, 0.0, "less")
    # the same p-values from the exact integer distribution: P(U >= u) = P(U <= N - u)
    assert abs(float(cdf[big_n - u_slower]) - p_slower) <= 1e-12 * max(p_slower, 1e-300) + 1e-15, name
    assert abs(float(cdf[big_n - u_faster]) - p_faster) <= 1e-12 * max(p_faster, 1e-300) + 1e-15, name
    diff = x[:, None] - y[None, :]
    ties = bool(np.any(np.abs(diff - delta) <= TIE_TOLERANCE) or np.any(np.abs(diff + delta) <= TIE_TOLERANCE)
                or np.any(np.abs(diff) <= TIE_TOLERANCE)
                or len(set(np.round(x, 12))) < n or len(set(np.round(y, 12))) < m)
    scipy_midrank = float(stats.mannwhitneyu(x - delta, y, alternative="greater", method="exact").pvalue)
    bounds = []
    for alpha in alphas:
        k = critical_count(cdf, alpha)
        lower = float(np.exp(d[k - 1])) if k > 0 else 0.0
        upper = float(np.exp(d[big_n - k])) if k > 0 else math.inf
        bounds.append({"alpha": alpha, "k": k, "lower": lower, "upper": upper})
    k95 = critical_count(cdf, 0.025)
    return {
        "name": name,
        "direction": direction,
        "tMin": t_min,
        "baseline": baseline,
        "candidate": candidate,
        "hasTies": ties,
        "hodgesLehmann": float(np.exp(np.median(d))),
        "medianRatio": float(np.median(candidate) / np.median(baseline)),
        "ciLower": float(np.exp(d[k95 - 1])) if k95 > 0 else 0.0,
        "ciUpper": float(np.exp(d[big_n - k95])) if k95 > 0 else "Infinity",
        "bounds": [dict(b, upper=(b["upper"] if math.isfinite(b["upper"]) else "Infinity")) for b in bounds],
        "pSlower": p_slower,
        "pFaster": p_faster,
        "pSlowerThanBaseline": p_slower0,
        "pFasterThanBaseline": p_faster0,
        "smallestP": float(cdf[0]),
        "scipyMidrankPSlower": scipy_midrank,
    }


def lognormal(size, median, sd):
    return median * np.exp(RNG.normal(0.0, sd, size))


def shift_cases():
    cases = []
    alphas = [0.05, 0.025, 0.01, 0.001]
    sizes = [(3, 3), (3, 5), (4, 4), (5, 5), (5, 8), (6, 6), (7, 3), (8, 8), (10, 10), (10, 6),
             (12, 9), (15, 15), (20, 20), (20, 5), (4, 17), (11, 13)]
    for i, (m, n) in enumerate(sizes):
        for ratio in (1.0, 1.08, 1.25):
            for direction in ("lower", "higher"):
                t_min = [0.0, 0.05, 0.10][(i + int(ratio * 100)) % 3]
                sd = 0.03 if i % 2 == 0 else 0.08
                base = lognormal(m, 100.0, sd)
                factor = ratio if direction == "lower" else 1 / ratio
                cand = lognormal(n, 100.0 * factor, sd)
                base = np.round(base, 6)
                cand = np.round(cand, 6)
                cases.append(shift_case(f"{m}v{n}-r{ratio}-{direction}-tmin{t_min}", base.tolist(),
                                        cand.tolist(), direction, t_min, alphas))
    # ties: values on a coarse grid (a wall time in whole milliseconds)
    for (m, n, ratio) in [(5, 5, 1.0), (8, 8, 1.05), (10, 10, 1.1), (6, 9, 1.2), (12, 12, 1.0)]:
        base = np.round(lognormal(m, 20.0, 0.05))
        cand = np.round(lognormal(n, 20.0 * ratio, 0.05))
        cases.append(shift_case(f"grid-{m}v{n}-r{ratio}", base.tolist(), cand.tolist(), "lower", 0.05, alphas))
    # exact ties at the tested shift: 105 against 100 is exactly +5 %
    cases.append(shift_case("tie-at-shift-5pct", [100, 100, 100, 100, 100], [105, 105, 105, 105, 105],
                            "lower", 0.05, alphas))
    cases.append(shift_case("tie-at-shift-mixed", [100, 101, 99, 100, 102, 98],
                            [105, 110, 106.05, 104, 112, 107.1], "lower", 0.05, alphas))
    cases.append(shift_case("tie-at-shift-throughput", [1000, 1000, 1000, 1000, 1000, 1000],
                            [1100, 1100, 1000, 1050, 1200, 900], "higher", 0.10, alphas))
    cases.append(shift_case("identical", [7, 7, 7, 7, 7], [7, 7, 7, 7, 7], "lower", 0.05, alphas))
    cases.append(shift_case("separated-3v3", [1, 2, 3], [10, 11, 12], "lower", 0.05, alphas))
    cases.append(shift_case("separated-10v10", list(range(100, 110)), list(range(200, 210)), "lower", 0.05,
                            alphas))
    return cases


def trend_cases():
    cases = []
    for n in (4, 5, 6, 8, 10, 15, 20, 30, 40):
        for kind in ("flat", "drift", "ties"):
            idx = np.arange(n, dtype=float)
            values = 100 * np.exp(RNG.normal(0, 0.02, n))
            if kind == "drift":
                values = values * (1 + 0.004 * idx)
            if kind == "ties":
                values = np.round(values / 2) * 2
                if len(set(values)) == n:
                    values[1] = values[0]
            has_ties = len(set(values.tolist())) < n
            method = "asymptotic" if has_ties else "exact"
            res = stats.kendalltau(idx, values, method=method)
            cases.append({"name": f"{kind}-{n}", "values": values.tolist(), "ties": has_ties, "method": method,
                          "tau": float(res.statistic), "p": float(res.pvalue)})
    return cases


def quantile_cases():
    cases = []
    for n in (1, 2, 3, 5, 6, 9, 10, 20, 50, 72, 100):
        values = np.round(lognormal(n, 50.0, 0.3), 4)
        percentiles = {str(p): float(np.percentile(values, p * 100)) for p in (0.0, 0.25, 0.5, 0.9, 0.95, 1.0)}
        intervals = []
        for p in (0.5, 0.95):
            for conf in (0.95, 0.90):
                tail = (1 - conf) / 2
                cdf = stats.binom.cdf(np.arange(0, n + 1), n, p)  # P(B <= r)
                lower_rank = 0
                for r in range(1, n + 1):  # P(B <= r - 1) <= tail
                    if cdf[r - 1] <= tail * (1 + 1e-12):
                        lower_rank = r
                    else:
                        break
                upper_rank = n + 1
                for r in range(n, 0, -1):  # P(B >= r) <= tail
                    if 1 - (cdf[r - 1]) <= tail * (1 + 1e-12):
                        upper_rank = r
                    else:
                        break
                s = np.sort(values)
                intervals.append({"p": p, "confidence": conf, "lowerRank": lower_rank, "upperRank": upper_rank,
                                  "lower": float(s[lower_rank - 1]) if lower_rank > 0 else "-Infinity",
                                  "upper": float(s[upper_rank - 1]) if upper_rank <= n else "Infinity"})
        cases.append({"values": values.tolist(), "percentiles": percentiles, "intervals": intervals})
    return cases


def main():
    out = {
        "generator": "make_reference.py",
        "scipy": scipy.__version__,
        "numpy": np.__version__,
        "python": sys.version.split()[0],
        "tieTolerance": TIE_TOLERANCE,
        "shift": shift_cases(),
        "trend": trend_cases(),
        "quantile": quantile_cases(),
    }
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
