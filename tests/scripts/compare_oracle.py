"""An independent recomputation of compare's studentized intervals and
p-values (docs/comparing.md, "Intervals"), for tst_comparison.

Reads JSON on stdin: {"seed", "resamples", "level", "reviewers": {name:
[[tp, fp, fn] or null per merge request]}}. Draws as rd::stats does
(std::mt19937_64, Lemire's bounded index, the counts of each unit), then
bootstrap-t with the delta-method standard error of a ratio of sums.
Prints JSON: {"standings": {name: {metric: [value, low, high, resamples]}},
"pairs": {"a|b": {metric: [difference, low, high, p, resamples]}}}.
Standard library only.
"""
import json
import math
import sys

MASK = (1 << 64) - 1


class MT19937_64:
    def __init__(self, seed):
        self.mt = [seed & MASK]
        for i in range(1, 312):
            prev = self.mt[-1]
            self.mt.append((6364136223846793005 * (prev ^ (prev >> 62)) + i) & MASK)
        self.index = 312

    def __call__(self):
        if self.index >= 312:
            for k in range(312):
                x = (self.mt[k] & 0xFFFFFFFF80000000) | (self.mt[(k + 1) % 312] & 0x7FFFFFFF)
                shifted = x >> 1
                if x & 1:
                    shifted ^= 0xB5026F5AA96619E9
                self.mt[k] = self.mt[(k + 156) % 312] ^ shifted
            self.index = 0
        y = self.mt[self.index]
        self.index += 1
        y ^= (y >> 29) & 0x5555555555555555
        y ^= (y << 17) & 0x71D67FFFEDA60000
        y ^= (y << 37) & 0xFFF7EEE000000000
        y ^= y >> 43
        return y & MASK


def below(generator, n):
    product = generator() * n
    if product & MASK < n:
        threshold = ((1 << 64) - n) % n
        while product & MASK < threshold:
            product = generator() * n
    return product >> 64


def resamples(units, count, seed, size):
    """Counts indexed by merge request (size of them), for `units`."""
    generator = MT19937_64(seed)
    for _ in range(count):
        counts = [0] * size
        for _ in units:
            counts[units[below(generator, len(units))]] += 1
        yield counts


def quantile(sorted_values, q):
    h = (len(sorted_values) - 1) * q
    lower = math.floor(h)
    upper = min(lower + 1, len(sorted_values) - 1)
    if h == lower or sorted_values[lower] == sorted_values[upper]:
        return sorted_values[lower]
    if math.isinf(sorted_values[lower]) or math.isinf(sorted_values[upper]):
        return sorted_values[upper] if math.isinf(sorted_values[upper]) and sorted_values[upper] > 0 else sorted_values[lower]
    return sorted_values[lower] + (h - lower) * (sorted_values[upper] - sorted_values[lower])


def terms(reviews, metric):
    """(y_i, x_i) of precision, recall or F1 per merge request."""
    out = []
    for review in reviews:
        if review is None:
            out.append((0.0, 0.0))
            continue
        tp, fp, fn = review
        out.append([(tp, tp + fp), (tp, tp + fn), (2 * tp, 2 * tp + fp + fn)][metric])
    return out


def figure(reviews, counts, metric):
    tp = fp = fn = 0
    for review, c in zip(reviews, counts):
        if review is not None:
            tp += c * review[0]
            fp += c * review[1]
            fn += c * review[2]
    p = tp / (tp + fp) if tp + fp else math.nan
    r = tp / (tp + fn) if tp + fn else math.nan
    f = math.nan if math.isnan(p) or math.isnan(r) else (2 * p * r / (p + r) if p + r else 0.0)
    return [p, r, f][metric] * 100


def ratio(t, counts):
    y = sum(c * a for (a, _), c in zip(t, counts))
    x = sum(c * b for (_, b), c in zip(t, counts))
    if x == 0:
        return math.nan, math.nan, x
    value = y / x
    return value, math.sqrt(sum(c * (a - value * b) ** 2 for (a, b), c in zip(t, counts))) / x, x


def difference_error(ta, tb, counts):
    ra, _, xa = ratio(ta, counts)
    rb, _, xb = ratio(tb, counts)
    if math.isnan(ra) or math.isnan(rb):
        return math.nan
    return 100 * math.sqrt(sum(c * ((a - ra * b) / xa - (a2 - rb * b2) / xb) ** 2
                               for (a, b), (a2, b2), c in zip(ta, tb, counts)))


def studentized(value, se, values, errors, level, lowest, highest):
    tolerance = 1e-9 * max(1.0, abs(value))
    t = []
    for v, e in zip(values, errors):
        if math.isnan(v) or math.isnan(e):
            continue
        away = v - value
        t.append(away / e if e > 0 else (0.0 if abs(away) <= tolerance else math.copysign(math.inf, away)))
    t.sort()
    tail = (1 - level) / 2
    if se <= 0:
        return value, value, t, None
    if math.isinf(quantile(t, 1 - tail)) or math.isinf(quantile(t, tail)):
        # Too many resamples without spread: the percentile interval.
        defined = sorted(v for v in values if not math.isnan(v))
        return quantile(defined, tail), quantile(defined, 1 - tail), defined, defined
    bound = lambda q: min(highest, max(lowest, value - se * q))
    return bound(quantile(t, 1 - tail)), bound(quantile(t, tail)), t, None


def main():
    spec = json.load(sys.stdin)
    seed, count, level = spec["seed"], spec["resamples"], spec["level"]
    reviewers = spec["reviewers"]
    names = list(reviewers)
    size = len(reviewers[names[0]])
    everything = list(range(size))
    draws = list(resamples(everything, count, seed, size))
    out = {"standings": {}, "pairs": {}}
    for name in names:
        reviews = reviewers[name]
        standing = {}
        for metric, label in enumerate(["precision", "recall", "f1"]):
            t = terms(reviews, metric)
            value = figure(reviews, [1] * size, metric)
            se = 100 * ratio(t, [1] * size)[1]
            values = [figure(reviews, c, metric) for c in draws]
            errors = [100 * ratio(t, c)[1] for c in draws]
            low, high, ts, _ = studentized(value, se, values, errors, level, 0, 100)
            standing[label] = [value, low, high, len(ts)]
        out["standings"][name] = standing
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            common = [k for k in everything if reviewers[a][k] is not None and reviewers[b][k] is not None]
            once = [1 if k in common else 0 for k in everything]
            pair = {}
            pair_draws = list(resamples(common, count, seed, size))
            for metric, label in enumerate(["precision", "recall", "f1"]):
                ta, tb = terms(reviewers[a], metric), terms(reviewers[b], metric)
                d = figure(reviewers[a], once, metric) - figure(reviewers[b], once, metric)
                se = difference_error(ta, tb, once)
                values = [figure(reviewers[a], c, metric) - figure(reviewers[b], c, metric) for c in pair_draws]
                errors = [difference_error(ta, tb, c) for c in pair_draws]
                low, high, ts, percentile = studentized(d, se, values, errors, level, -100, 100)
                if percentile is not None:
                    at_most = sum(1 for x in percentile if x <= 0)
                    at_least = sum(1 for x in percentile if x >= 0)
                else:
                    t0 = d / se if se > 0 else (0.0 if d == 0 else math.copysign(math.inf, d))
                    at_most = sum(1 for x in ts if x <= t0)
                    at_least = sum(1 for x in ts if x >= t0)
                p = min(1.0, 2 * (1 + min(at_most, at_least)) / (len(ts) + 1))
                pair[label] = [d, low, high, p, len(ts)]
            out["pairs"][a + "|" + b] = pair
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
