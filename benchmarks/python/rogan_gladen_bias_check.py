"""The small-sample bias of the Rogan-Gladen point estimate, and whether declaring it undefined helps.

The binary design of CorrectionSimulation (docs/ESTIMATION.md): experts pass with probability 0.6; the judge gives
the expert's level with probability a and otherwise passes with probability 0.85 (lenient), a set so that the
population kappa is 0.3 or 0.6; N = 5,000 rows, the first n labelled. Rogan-Gladen, as judgy computes it:
p = clip((q + Sp - 1) / (Se + Sp - 1), 0, 1), Se and Sp from the labelled rows, q the judge's pass share on the
unlabelled rows; undefined when Se + Sp <= 1. Bias is against the run's own expert pass rate.

Beside it, the same estimate declared undefined also when the judge is not shown to be informative: the lower
end of the 95% Wald interval of J = Se + Sp - 1 is at or below 0. The point: the small-n bias comes from the
nonlinearity of 1/J, and conditioning on a clearly positive J moves it (its sign even flips) but does not remove
it. numpy (and scipy, imported by judge_level_interval_check); seeded (numpy 2.4.6 when written); run it from
benchmarks/python. Usage: python3 rogan_gladen_bias_check.py [replications]
"""
import sys

import numpy as np

from judge_level_interval_check import agreement

PASS_SHARE, LENIENT = 0.6, 0.85


def main():
    replications = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    rng = np.random.default_rng(2026)
    rows = 5000
    print("| κ | n | bias, undefined only when J ≤ 0 | defined | bias, undefined also when J's 95% interval reaches 0 | defined |")
    print("|---|---|---|---|---|---|")
    for target in (0.3, 0.6):
        a = agreement(np.array([1 - PASS_SHARE, PASS_SHARE]), np.array([1 - LENIENT, LENIENT]), target)
        for n in (50, 200, 800):
            plain, ruled = [], []
            for _ in range(replications):
                expert = (rng.random(rows) < PASS_SHARE).astype(int)
                keep = rng.random(rows) < a
                judge = np.where(keep, expert, (rng.random(rows) < LENIENT).astype(int))
                e, j = expert[:n], judge[:n]
                positives = e.sum()
                if positives in (0, n):
                    continue
                se, sp = j[e == 1].mean(), 1 - j[e == 0].mean()
                youden = se + sp - 1
                if youden <= 0:
                    continue
                estimate = np.clip((judge[n:].mean() + sp - 1) / youden, 0, 1)
                error = estimate - expert.mean()
                plain.append(error)
                standard_error = np.sqrt(se * (1 - se) / positives + sp * (1 - sp) / (n - positives))
                if youden - 1.96 * standard_error > 0:
                    ruled.append(error)
            print(
                f"| {target:.2f} | {n} | {np.mean(plain):+.4f} | {len(plain) / replications:.1%} | "
                f"{np.mean(ruled):+.4f} | {len(ruled) / replications:.1%} |")
    print(f"\n{replications} replications per row, seed 2026, N = {rows}.")


if __name__ == "__main__":
    main()
